#pragma once
/// @file scenario_parser.hpp
/// @brief Turns a scenario file and command-line overrides into one Scenario: syntax, ranges and
/// the rules of keys, without reading a platform file and without printing.
///
/// The parser (this file's code, scenario_options, scenario_file and scenario_values) is the
/// only code that includes Boost.Program_options (docs/design.md, principle 7).
#include <string>
#include <vector>

#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief Parses the arguments of `hetcoll run` (everything after "run"): an optional scenario
/// file and `--key value` overrides. Throws InputError with a one-line message naming the file
/// or key and what was expected. What the platform file and the machine decide (host counts,
/// the default `jobs`) and the rules of the final points are resolve_scenario()'s
/// (driver/scenario_resolution.hpp): run_scenario() calls it.
Scenario parse_run_arguments(const std::vector<std::string>& args);

/// @brief Help of `hetcoll run`: the common keys, then each family's keys with kind, default
/// and range; only `family`'s if one is named.
std::string run_usage(const std::string& family = "");

}  // namespace hetcoll
