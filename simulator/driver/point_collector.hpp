#pragma once
/// @file point_collector.hpp
/// @brief Takes the work units of each point as they return, in replication order, and turns a
/// point whose last unit is in into its rows: the summary rows, the raw rows and the trace.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/statistics.hpp"
#include "driver/checkpoint.hpp"
#include "driver/sweep.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll {

/// @brief A point's memory is taken when its first unit returns and given back when the point
/// is complete. With `quantiles = exact` it holds every replication's values (the quantiles
/// need them); with `p2` a fixed-size summary per series. Raw rows never stay in memory: each
/// unit's rows are appended to one file per algorithm in the spool directory as the unit comes
/// in (the raw CSV lists a point's rows algorithm by algorithm, and units bring every
/// algorithm of their replications).
class PointCollector {
 public:
  /// The parameter columns of a point, by index.
  using FieldsOf = std::function<std::string(std::size_t point)>;

  /// `units` are the units that will come in, each point's in replication order (run_units
  /// hands them over in unit order; `hetcoll merge` reads them so). `raw_spool_dir` is where
  /// raw rows go; empty: no raw rows. A run and a merge give it the same scenario keys
  /// (family, algorithms, replications, quantiles), hence the same bytes.
  PointCollector(const Scenario& scenario, FieldsOf fields, const std::vector<WorkUnit>& units,
                 std::string raw_spool_dir);

  /// Takes the result of `unit` (one of the units given); returns the point's rows once its
  /// last unit is in.
  std::optional<SavedPoint> add(const WorkUnit& unit, UnitResult&& result);

  /// True while some unit of `point` is still to come.
  bool pending(std::size_t point) const { return open_.count(point) > 0; }

 private:
  /// One series per (algorithm, metric), metric 0 being the main value.
  struct PointState {
    std::vector<std::vector<double>> values;  // quantiles = exact
    std::vector<StreamingSummary> streams;    // quantiles = p2
    std::uint64_t next_replication = 0;
    std::size_t units_left = 0;
    std::vector<std::string> raw_files;       // one per algorithm
    std::string trace;
  };

  void write_raw(std::size_t point, PointState& state, const WorkUnit& unit, const UnitResult& result) const;
  SavedPoint complete(std::size_t point, PointState& state) const;

  const Scenario& scenario_;
  FieldsOf fields_;
  std::string raw_spool_dir_;
  bool streaming_;  // quantiles = p2
  std::map<std::size_t, PointState> open_;
};

}  // namespace hetcoll
