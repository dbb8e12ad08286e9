#include "driver/csv_output.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

std::string parameter_header(const Family& family) {
  std::string out;
  for (std::size_t i : family.columns()) out += (out.empty() ? "" : ",") + column_name(family.parameters()[i].key);
  return out;
}

std::string parameter_fields(const Family& family, const Point& point, bool platform_file,
                             const std::vector<std::pair<std::size_t, double>>& found) {
  std::string out;
  bool first = true;
  const auto& params = family.parameters();
  for (std::size_t i : family.columns()) {
    if (!first) out += ',';
    first = false;
    if (!key_applies(params[i], point, platform_file)) continue;
    double value = point.values[i];
    for (const auto& [key, shown] : found)
      if (key == i) value = shown;
    out += format_number(value);
  }
  return out;
}

double parameter_order_value(const std::string& cell, const std::string& what, const std::string& where) {
  return cell.empty() ? -std::numeric_limits<double>::infinity() : parse_number(cell, what, where);
}

std::string summary_header(const Family& family) {
  std::string header = "algorithm," + parameter_header(family) + ",replications,mean,stddev,stderr,q10,q50,q90";
  for (const MetricSpec& m : family.metrics())
    for (const std::string& a : m.aggregates) header += "," + (a == kSameAggregate ? m.name : m.name + "_" + a);
  return header;
}

namespace {

double aggregate(const Summary& s, const std::string& name) {
  if (name == "mean") return s.mean;
  if (name == "stddev") return s.stddev;
  if (name == "stderr") return s.stderr_;
  if (name == "min") return s.min;
  if (name == "max") return s.max;
  if (name == "q10") return s.q10;
  if (name == "q50") return s.q50;
  if (name == "q90") return s.q90;
  throw std::logic_error("unknown aggregate " + name);
}

}  // namespace

std::string summary_row(const Family& family, const std::string& algorithm, const std::string& parameters,
                        const Summary& s, const std::vector<Summary>& metrics) {
  std::string row = algorithm + ',' + parameters + ',' + std::to_string(s.count) + ',' + format_number(s.mean) +
                    ',' + format_number(s.stddev) + ',' + format_number(s.stderr_) + ',' + format_number(s.q10) +
                    ',' + format_number(s.q50) + ',' + format_number(s.q90);
  const std::vector<MetricSpec>& specs = family.metrics();
  for (std::size_t m = 0; m < specs.size(); ++m)
    for (const std::string& a : specs[m].aggregates)
      row += ',' + (a != kSameAggregate                 ? format_number(aggregate(metrics[m], a))
                    : metrics[m].min == metrics[m].max ? metric_field(specs[m], metrics[m].min)
                                                       : std::string(kVariesField));
  return row;
}

std::string raw_header(const Family& family) {
  std::string header = "algorithm," + parameter_header(family) + ",replication,value";
  for (const MetricSpec& m : family.metrics()) header += "," + m.name;
  return header;
}

std::vector<std::string> split_csv_row(const std::string& row) {
  std::vector<std::string> fields;
  std::stringstream in(row);
  for (std::string field; std::getline(in, field, ',');) fields.push_back(field);
  return fields;
}

std::string metric_field(const MetricSpec& spec, double value) {
  if (spec.words.empty()) return format_number(value);
  const double index = std::floor(value);
  // A family's bug, not the user's: the index comes from its own runner.
  if (!(index == value && index >= 0 && index < static_cast<double>(spec.words.size())))
    throw std::logic_error("metric " + spec.name + ": " + format_number(value) + " is no index into its words");
  return spec.words[static_cast<std::size_t>(index)];
}

bool summary_statistics_valid(const Family& family, const std::vector<std::string>& cells) {
  constexpr std::size_t kStatistics = 6;  // mean, stddev, stderr, q10, q50, q90
  std::size_t width = kStatistics;
  for (const MetricSpec& m : family.metrics()) width += m.aggregates.size();
  if (cells.size() != width) return false;
  for (std::size_t c = 0; c < kStatistics; ++c)
    if (!is_number(cells[c])) return false;
  std::size_t c = kStatistics;
  for (const MetricSpec& m : family.metrics())
    for (const std::string& a : m.aggregates) {
      const std::string& cell = cells[c++];
      const bool word = std::find(m.words.begin(), m.words.end(), cell) != m.words.end();
      const bool same = a == kSameAggregate && (cell == kVariesField || word || (m.words.empty() && is_number(cell)));
      if (!(same || (a != kSameAggregate && is_number(cell)))) return false;
    }
  return true;
}

std::string raw_row(const Family& family, const std::string& algorithm, const std::string& parameters,
                    std::uint64_t replication, const std::vector<double>& values) {
  std::string row = algorithm + ',' + parameters + ',' + std::to_string(replication) + ',' + format_number(values[0]);
  const std::vector<MetricSpec>& specs = family.metrics();
  for (std::size_t m = 1; m < values.size(); ++m) row += ',' + metric_field(specs[m - 1], values[m]);
  return row + '\n';
}

std::string trace_row(const std::string& algorithm, const std::string& parameters, std::uint64_t replication,
                      const Activity& a, double start, double end) {
  return algorithm + ',' + parameters + ',' + std::to_string(replication) + ',' +
         (a.kind == ActivityKind::comm ? "comm," : "compute,") + std::to_string(a.host) + ',' +
         std::to_string(a.peer) + ',' + format_number(start) + ',' + format_number(end) + '\n';
}

std::string trace_header(const Family& family) {
  return "algorithm," + parameter_header(family) + ",replication,kind,host,peer,start,end";
}

}  // namespace hetcoll
