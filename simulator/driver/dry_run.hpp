#pragma once
/// @file dry_run.hpp
/// @brief `hetcoll run --dry-run`: what a sweep will cost, said before it runs.
#include <ostream>
#include <vector>

#include "algorithms/keys.hpp"
#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief Writes to `out` the run's points (their CSV parameter cells, the hosts each uses and
/// its work units in this shard), the work units, the estimated peak memory and an estimate
/// of its CPU time, scaled up from a calibration: units of 1, then 4, 16 ... replications (up
/// to a whole unit, or a quarter of a second of CPU) of the largest point, each in a forked
/// child like the run's. Writes no file: the calibration's work directory in $TMPDIR goes when
/// it returns, and its results are dropped. Throws what the run would throw (InputError, a
/// worker's failure, Interrupted).
void report_dry_run(const Scenario& scenario, const std::vector<Point>& points, std::ostream& out);

}  // namespace hetcoll
