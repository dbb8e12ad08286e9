#pragma once
/// @file scenario_resolution.hpp
/// @brief The stage between the parser and the run: what the platform file and the machine decide
/// (hosts counted in forked SimGrid children, the default `jobs`, the memory the run needs), and
/// the rules that need the final points.
#include <string>
#include <vector>

#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief Completes a scenario of parse_run_arguments() for a run: the platform file's <config>
/// checked against the engine, the host counts its selections decide (each counted in a forked
/// child, since SimGrid opens one engine per process), the default `jobs`, the algorithms'
/// documented limits, the family's rules of several keys on every point and the memory estimate.
/// Throws InputError with one line naming the file or key. Returns the notes for the user (a
/// default list of algorithms shortened), which `hetcoll run` prints once the run has succeeded,
/// so that a refused run says one line.
std::vector<std::string> resolve_scenario(Scenario& scenario);

/// @brief parse_run_arguments() then resolve_scenario(): the scenario a run of `args` runs, for
/// code that needs it without running it (tests, benchmarks). The notes are dropped.
Scenario resolve_run_arguments(const std::vector<std::string>& args);

/// @brief Refuses a platform file (or a selection of its hosts) with fewer than `hosts`, what the
/// largest point needs; the count resolve_scenario() made serves, if it made one.
void refuse_too_few_hosts(const Scenario& scenario, int hosts);

}  // namespace hetcoll
