#include "driver/point_collector.hpp"

#include "algorithms/family.hpp"
#include "core/statistics.hpp"
#include "driver/csv_output.hpp"

namespace hetcoll {

PointCollector::PointCollector(const RunSetup& setup, const std::vector<WorkUnit>& units, bool raw)
    : setup_(setup), units_(units), raw_(raw) {
  for (const WorkUnit& u : units) ++open_[u.point].units_left;
}

std::optional<SavedPoint> PointCollector::add(std::size_t unit, UnitResult&& result) {
  const Scenario& s = *setup_.scenario;
  const WorkUnit& u = units_[unit];
  PointState& state = open_.at(u.point);
  const std::size_t series = s.algorithms.size() * (1 + s.family->metrics().size());
  if (state.values.empty()) state.values.assign(series, std::vector<double>(s.replications));
  for (std::uint64_t r = 0; r < u.count; ++r)
    for (std::size_t k = 0; k < series; ++k) state.values[k][u.first + r] = result.values[r * series + k];
  state.trace += result.trace;
  if (--state.units_left > 0) return std::nullopt;
  SavedPoint saved = complete(u.point, state);
  open_.erase(u.point);
  return saved;
}

SavedPoint PointCollector::complete(std::size_t point, PointState& state) const {
  const Scenario& s = *setup_.scenario;
  const Family& family = *s.family;
  const std::size_t width = 1 + family.metrics().size();
  const std::string fields = parameter_fields(family, setup_.points[point]);
  SavedPoint saved;
  std::vector<double> replication_values(width);
  for (std::size_t a = 0; a < s.algorithms.size(); ++a) {
    const std::vector<double>* series = &state.values[a * width];
    std::vector<Summary> metrics;
    for (std::size_t m = 1; m < width; ++m) metrics.push_back(summarize(series[m]));
    saved.rows.push_back(summary_row(family, s.algorithms[a], fields, summarize(series[0]), metrics));
    if (!raw_) continue;
    for (std::uint64_t r = 0; r < s.replications; ++r) {
      for (std::size_t m = 0; m < width; ++m) replication_values[m] = series[m][r];
      saved.raw += raw_row(s.algorithms[a], fields, r, replication_values);
    }
  }
  saved.trace = std::move(state.trace);
  return saved;
}

}  // namespace hetcoll
