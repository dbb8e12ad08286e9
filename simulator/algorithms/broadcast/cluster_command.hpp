#pragma once
/// @file cluster_command.hpp
/// @brief `hetcoll cluster FILE [--rho R]`: prints Lowekamp's logical clusters of a latency
/// matrix (CSV) or of a SimGrid platform (XML, whose latencies the simulator measures by pinging
/// every pair of hosts), one cluster per line as space-separated host indices.
#include <ostream>
#include <string>
#include <vector>

namespace hetcoll {

/// @brief Runs the subcommand on `args` (everything after `cluster`), writing to `out` only once
/// the whole answer is known. Throws InputError on bad arguments or files; returns 0.
int cluster_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace hetcoll
