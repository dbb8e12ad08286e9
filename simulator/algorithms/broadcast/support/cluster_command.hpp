#pragma once
/// @file cluster_command.hpp
/// @brief `hetcoll cluster FILE [--rho R]`, the broadcast family's subcommand: prints Lowekamp's
/// logical clusters of a latency matrix (CSV) or of a SimGrid platform (XML, whose latencies the
/// simulator measures by pinging every pair of hosts on SimGrid), one cluster per line: the
/// hosts' names for a platform (every host of the file, in natural name order), their indices
/// (rows of the matrix, from 0) for a CSV, which names none.
#include <ostream>
#include <string>
#include <vector>

#include "algorithms/family.hpp"

namespace hetcoll {

/// @brief Runs the subcommand on `args` (everything after `cluster`), writing to `out` only once
/// the whole answer is known. Throws InputError on bad arguments or files; returns 0. An XML
/// file opens a SimGrid engine: call it in a process of its own.
int cluster_command(const std::vector<std::string>& args, std::ostream& out);

/// @brief The subcommand as the family declares it (run in a process of its own).
Subcommand cluster_subcommand();

}  // namespace hetcoll
