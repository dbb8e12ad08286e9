#pragma once
/// @file point_collector.hpp
/// @brief Gathers the work units of each point as they return, in any order, and turns a point
/// whose last unit is in into its rows: the summary rows, the raw rows and the trace.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "driver/checkpoint.hpp"
#include "driver/sweep.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll {

/// @brief Values are held only for points with units in flight: a point's memory is taken when
/// its first unit returns and given back when the point is complete.
class PointCollector {
 public:
  /// `units` are the units that will come in; `raw` says whether raw rows are wanted.
  PointCollector(const RunSetup& setup, const std::vector<WorkUnit>& units, bool raw);

  /// Takes the result of units[unit]; returns the point's rows once its last unit is in.
  std::optional<SavedPoint> add(std::size_t unit, UnitResult&& result);

  /// True while some unit of `point` is still to come.
  bool pending(std::size_t point) const { return open_.count(point) > 0; }

 private:
  /// One series per (algorithm, metric), metric 0 being the main value.
  struct PointState {
    std::vector<std::vector<double>> values;
    std::size_t units_left = 0;
    std::string trace;
  };

  SavedPoint complete(std::size_t point, PointState& state) const;

  const RunSetup& setup_;
  const std::vector<WorkUnit>& units_;
  bool raw_;
  std::map<std::size_t, PointState> open_;
};

}  // namespace hetcoll
