#pragma once
/// @file run_command.hpp
/// @brief `hetcoll run`: sweep points × replications → statistics → CSV.
#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief Runs a scenario of parse_run_arguments(): resolves it (resolve_scenario(): the platform
/// file's hosts, memory and jobs), runs it and writes its files, then prints the resolution's
/// notes on stderr. Throws InputError for bad input before any result file exists; files appear
/// whole (renamed into place) or not at all.
void run_scenario(Scenario scenario);

}  // namespace hetcoll
