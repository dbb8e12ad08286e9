#pragma once
/// @file list_command.hpp
/// @brief `hetcoll list`: every family with its algorithms, keys and metrics, as text for a
/// reader or as JSON for a program (`hetcoll list --json`, what the Python package reads).
#include <ostream>
#include <vector>

#include "algorithms/family.hpp"

namespace hetcoll {

/// @brief `families` as `hetcoll list` prints them: a description, the algorithms, the keys
/// with their defaults, the value, the example and the metrics.
void write_list(std::ostream& out, const std::vector<const Family*>& families = all_families());

/// @brief The same, as one JSON object (docs/outputs.md, "Families as JSON"): `format`
/// (`hetcoll-list-1`) and `families`, each with its name, description, value, example,
/// algorithms, keys (kind, default, range, choices, sweep axis) and metrics.
void write_list_json(std::ostream& out, const std::vector<const Family*>& families = all_families());

}  // namespace hetcoll
