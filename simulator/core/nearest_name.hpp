#pragma once
/// @file nearest_name.hpp
/// @brief The hint of a refusal that names something unknown: the known name it most likely meant.
#include <string>
#include <vector>

namespace hetcoll {

/// @brief " (did you mean 'NAME'?)" for the name of `names` nearest to `given`, or "" if none is
/// near: the fewest edits away, at most two (`wc_ratio` for `wc-ratio`); else one containing
/// `given` or contained in it, the closest in length (`binomial` for `binomial-stat`,
/// `hetreduce` for `reduce`). Ties go to the first listed.
std::string did_you_mean(const std::string& given, const std::vector<std::string>& names);

}  // namespace hetcoll
