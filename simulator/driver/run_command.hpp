#pragma once
/// @file run_command.hpp
/// @brief `hetcoll run`: sweep points × replications → statistics → CSV.
#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief Runs the scenario and writes its files. Throws InputError for bad input before any
/// result file exists; files appear whole (renamed into place) or not at all.
void run_scenario(const Scenario& scenario);

}  // namespace hetcoll
