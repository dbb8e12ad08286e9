#pragma once
/// @file csv_output.hpp
/// @brief The tidy CSV layout (docs/outputs.md): the one place summary, raw and trace rows are
/// written.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/family.hpp"
#include "core/statistics.hpp"
#include "engine/activity.hpp"

namespace hetcoll {

/// @brief The aggregate of a metric whose replications should all agree (MetricSpec::aggregates).
inline constexpr const char* kSameAggregate = "same";
/// @brief Its field when they do not.
inline constexpr const char* kVariesField = "varies";

/// @brief Names of the family's CSV parameter columns (Family::columns), comma-separated.
std::string parameter_header(const Family& family);
/// @brief The point's values of those columns, comma-separated; the cell of a key that does not
/// apply to the point (ParameterSpec::applies; `platform_file`: the scenario names one) is empty,
/// and that of a key in `found` (PointSettings::found_cells) shows the value found.
std::string parameter_fields(const Family& family, const Point& point, bool platform_file,
                             const std::vector<std::pair<std::size_t, double>>& found = {});
/// @brief A parameter cell as a number to order points by (`what` and `where` name it in an
/// error): its value, or -infinity for an empty cell. A key that does not apply to a point holds
/// its default at every point of a run (ParameterSpec::applies), so its empty cells are one
/// value to the ordering.
double parameter_order_value(const std::string& cell, const std::string& what, const std::string& where);
/// @brief Header of the summary CSV: algorithm, parameters, statistics of the main value, then
/// the family's metric columns (`<metric>_<aggregate>`).
std::string summary_header(const Family& family);
/// @brief One summary row (no newline): `value` summarises the main value, `metrics` the
/// family's metrics in order.
std::string summary_row(const Family& family, const std::string& algorithm, const std::string& parameters,
                        const Summary& value, const std::vector<Summary>& metrics);
/// @brief The fields of a CSV row (no quoting: hetcoll writes none); a trailing empty field is
/// dropped, as std::getline does.
std::vector<std::string> split_csv_row(const std::string& row);

/// @brief Header of the per-replication CSV (`raw`).
std::string raw_header(const Family& family);
/// @brief One raw row with its newline: `values` holds the main value, then the family's metrics
/// (a metric of words shows its word).
std::string raw_row(const Family& family, const std::string& algorithm, const std::string& parameters,
                    std::uint64_t replication, const std::vector<double>& values);
/// @brief The cell of `value` of metric `spec`: the number, or for a metric of words its word.
std::string metric_field(const MetricSpec& spec, double value);
/// @brief True if `cells`, a summary row's cells after its `replications` column (the
/// statistics, then each metric's aggregates), are what summary_row() writes: numbers, and in a
/// `same` column a number, `varies` or, for a metric of words, one of its words.
bool summary_statistics_valid(const Family& family, const std::vector<std::string>& cells);
/// @brief Header of the trace CSV.
std::string trace_header(const Family& family);
/// @brief One trace row with its newline: an activity of replication `replication`, from
/// `start` to `end` (seconds since the replication began).
std::string trace_row(const std::string& algorithm, const std::string& parameters, std::uint64_t replication,
                      const Activity& activity, double start, double end);

}  // namespace hetcoll
