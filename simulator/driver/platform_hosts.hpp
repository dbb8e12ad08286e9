#pragma once
/// @file platform_hosts.hpp
/// @brief How many hosts of its platform file a run may use: those key `hosts` selects, or all.
#include <string>
#include <vector>

namespace hetcoll {

/// @brief The hosts of `platform` that `hosts` selects (all of them if empty), counted in a
/// forked child, since SimGrid's engine can be opened once per process and the parent never
/// opens one. `work_dir` holds the child's files (empty: a private temporary directory). Throws
/// InputError naming the file for a platform SimGrid refuses or a selection that selects nothing.
int platform_host_count(const std::string& platform, const std::vector<std::string>& cfg,
                        const std::vector<std::string>& hosts, const std::string& work_dir = "");

}  // namespace hetcoll
