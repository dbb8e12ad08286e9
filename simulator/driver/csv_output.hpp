#pragma once
/// @file csv_output.hpp
/// @brief The tidy CSV layout (docs/outputs.md).
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "core/statistics.hpp"

namespace hetcoll {

/// @brief Names of the family's CSV parameter columns (its sweep axes), comma-separated.
std::string parameter_header(const Family& family);
/// @brief The point's values of those columns, comma-separated.
std::string parameter_fields(const Family& family, const Point& point);
/// @brief Header of the summary CSV: algorithm, parameters, statistics of the main value, then
/// the family's metric columns (`<metric>_<aggregate>`).
std::string summary_header(const Family& family);
/// @brief One summary row (no newline): `value` summarises the main value, `metrics` the
/// family's metrics in order.
std::string summary_row(const Family& family, const std::string& algorithm, const std::string& parameters,
                        const Summary& value, const std::vector<Summary>& metrics);
/// @brief Header of the per-replication CSV (`raw`).
std::string raw_header(const Family& family);
/// @brief Header of the trace CSV.
std::string trace_header(const Family& family);

}  // namespace hetcoll
