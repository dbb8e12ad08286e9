#include "driver/point_collector.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "algorithms/family.hpp"
#include "driver/atomic_file.hpp"
#include "driver/csv_output.hpp"

namespace hetcoll {

PointCollector::PointCollector(const Scenario& scenario, FieldsOf fields, const std::vector<WorkUnit>& units,
                               std::string raw_spool_dir)
    : scenario_(scenario), fields_(std::move(fields)), raw_spool_dir_(std::move(raw_spool_dir)),
      streaming_(scenario.quantiles == "p2") {
  for (const WorkUnit& u : units) ++open_[u.point].units_left;
}

std::optional<SavedPoint> PointCollector::add(const WorkUnit& u, UnitResult&& result) {
  const Scenario& s = scenario_;
  PointState& state = open_.at(u.point);
  // Raw rows and streaming statistics are written in replication order: that order is what
  // makes their bytes independent of jobs, shards and resumes.
  if (u.first != state.next_replication)
    throw std::logic_error("point " + std::to_string(u.point) + ": replications from " + std::to_string(u.first) +
                           " came before those from " + std::to_string(state.next_replication));
  state.next_replication = u.first + u.count;
  const std::size_t series = s.algorithms.size() * (1 + s.family->metrics().size());
  if (streaming_) {
    if (state.streams.empty()) state.streams.resize(series);
    for (std::uint64_t r = 0; r < u.count; ++r)
      for (std::size_t k = 0; k < series; ++k) state.streams[k].add(result.values[r * series + k]);
  } else {
    // Reserved, not sized: replications come in order (checked above), so each value is
    // appended where it belongs, and the point's pages are written once, not zeroed first
    // (416 MB for RR-8315's Figure 4, in page faults of the parent).
    if (state.values.empty()) {
      state.values.resize(series);
      for (std::vector<double>& v : state.values) v.reserve(s.replications);
    }
    for (std::uint64_t r = 0; r < u.count; ++r)
      for (std::size_t k = 0; k < series; ++k) state.values[k].push_back(result.values[r * series + k]);
  }
  if (!raw_spool_dir_.empty()) write_raw(u.point, state, u, result);
  state.trace += result.trace;
  if (--state.units_left > 0) return std::nullopt;
  SavedPoint saved = complete(u.point, state);
  open_.erase(u.point);
  return saved;
}

void PointCollector::write_raw(std::size_t point, PointState& state, const WorkUnit& u,
                               const UnitResult& result) const {
  const Scenario& s = scenario_;
  const std::size_t width = 1 + s.family->metrics().size();
  const std::size_t series = s.algorithms.size() * width;
  const std::string fields = fields_(point);
  if (state.raw_files.empty())
    for (std::size_t a = 0; a < s.algorithms.size(); ++a)
      state.raw_files.push_back(raw_spool_dir_ + "/raw-p" + std::to_string(point) + "-a" + std::to_string(a));
  std::vector<double> replication_values(width);
  std::string rows;
  for (std::size_t a = 0; a < s.algorithms.size(); ++a) {
    rows.clear();
    for (std::uint64_t r = 0; r < u.count; ++r) {
      for (std::size_t m = 0; m < width; ++m) replication_values[m] = result.values[r * series + a * width + m];
      rows += raw_row(*s.family, s.algorithms[a], fields, u.first + r, replication_values);
    }
    // Opened per unit, not kept open: a sweep of many algorithms must not run out of file
    // descriptors, and one open per unit and algorithm costs nothing beside the unit.
    errno = 0;
    std::ofstream out(state.raw_files[a], std::ios::binary | std::ios::app);
    if (!out.write(rows.data(), static_cast<std::streamsize>(rows.size())) || !out.flush())
      throw OutputError("key 'raw': cannot write the rows of point " + std::to_string(point) + " to '" +
                        state.raw_files[a] + "': " + std::strerror(errno ? errno : EIO));
  }
}

SavedPoint PointCollector::complete(std::size_t point, PointState& state) const {
  const Scenario& s = scenario_;
  const Family& family = *s.family;
  const std::size_t width = 1 + family.metrics().size();
  const std::string fields = fields_(point);
  SavedPoint saved;
  for (std::size_t a = 0; a < s.algorithms.size(); ++a) {
    // The raw rows are written already: a series is summarised in place, never copied.
    auto summary = [&](std::size_t m) {
      const std::size_t k = a * width + m;
      return streaming_ ? state.streams[k].result() : summarize(std::move(state.values[k]));
    };
    std::vector<Summary> metrics;
    for (std::size_t m = 1; m < width; ++m) metrics.push_back(summary(m));
    saved.rows.push_back(summary_row(family, s.algorithms[a], fields, summary(0), metrics));
  }
  saved.raw_files = std::move(state.raw_files);
  saved.raw_lines = saved.raw_files.empty() ? 0 : s.replications * s.algorithms.size();
  saved.trace = std::move(state.trace);
  return saved;
}

}  // namespace hetcoll
