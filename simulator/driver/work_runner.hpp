#pragma once
/// @file work_runner.hpp
/// @brief Executes work units, each in a forked child with a fresh engine.
///
/// SimGrid allows one engine per process and its clock only grows, so every unit runs in its
/// own child: the clock starts at 0 for every unit and its numbers cannot depend on what ran
/// before it in the same process. The parent never loads SimGrid state, holds the results of
/// the points in flight only, and stays free to merge them in a fixed order.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "driver/scenario.hpp"
#include "driver/sweep.hpp"
#include "driver/worker_process.hpp"
#include "engine/engine_factory.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief What every unit needs, prepared once in the parent.
struct RunSetup {
  const Scenario* scenario = nullptr;
  std::vector<Point> points;
  /// Private directory for the children's result and platform files.
  std::string work_dir;
  /// Units run with SimGrid's tracing on, each writing paje_work_file(work_dir, its point).
  bool paje = false;
  /// Each point's CSV parameter cells (found_cells.hpp); empty: parameter_fields() of the point.
  std::vector<std::string> fields;
  /// Units write each static algorithm's plan of replication 0 as GOAL, in
  /// goal_work_file(work_dir, its point, its algorithm).
  bool goal = false;
};

/// @brief The CSV parameter cells of `point` (an index into setup.points), as the run writes them.
std::string point_fields(const RunSetup& setup, std::size_t point);

/// @brief The file a Paje trace run of `point` writes in the work directory.
std::string paje_work_file(const std::string& work_dir, std::size_t point);

/// @brief Runs replication `trace_replication` of each of `points` alone, with SimGrid's
/// tracing on, in forked children (at most `jobs` at a time): a unit of its own, so the trace
/// holds that replication only and is the same for any `jobs` and `block`. Its values are
/// dropped (the run's own units give the results). `done(point, file)` is called in the parent
/// as each trace is complete.
void run_paje_traces(const RunSetup& setup, const std::vector<std::size_t>& points, int jobs,
                     const std::function<void(std::size_t, const std::string&)>& done);

/// @brief The file a GOAL export run of `point` writes in the work directory for `algorithm`
/// (an index into the scenario's list), if that algorithm has a plan.
std::string goal_work_file(const std::string& work_dir, std::size_t point, std::size_t algorithm);

/// @brief Runs replication 0 of each of `points` alone in forked children (at most `jobs` at a
/// time), each static algorithm's plan written as GOAL (engine/goal_writer.hpp) in
/// goal_work_file() and none for a dynamic one; `done(point)` is called in the parent as each
/// point is complete. Its values are dropped. A plan GOAL cannot say stops the run (InputError
/// naming the key, the algorithm and the point).
void run_goal_exports(const RunSetup& setup, const std::vector<std::size_t>& points, int jobs,
                      const std::function<void(std::size_t)>& done);

/// @brief Values of a unit's replications, [replication][algorithm][metric] row-major (metric 0
/// is the main value, then the family's metrics), and the trace rows of replication 0 when the
/// unit holds it and a trace was asked for.
struct UnitResult {
  std::vector<double> values;
  std::string trace;
};

/// @brief The encoding of a unit's result, as a child hands it to its parent and as a shard
/// keeps it for `hetcoll merge` (unit_records.hpp): the number of values (uint64), the values
/// (IEEE 754 doubles), the trace's length in bytes (uint64) and the trace, integers and doubles
/// in the machine's byte order (little-endian on every machine hetcoll builds on).
void encode_unit_result(std::ostream& out, const UnitResult& result);
/// @brief Bytes encode_unit_result() writes.
std::uint64_t encoded_size(const UnitResult& result);
/// @brief Reads what encode_unit_result() wrote, at most `limit` bytes; false if the stream ends
/// first or the lengths do not add up to `limit` (a torn or damaged encoding).
bool decode_unit_result(std::istream& in, std::uint64_t limit, UnitResult& result);

/// @brief An engine on the platform of `point` (an index into setup.points, whose family
/// settings are `settings`), as a unit of it runs on. Creates an engine, so with SimGrid only
/// once per process.
std::unique_ptr<EngineRun> open_point_engine(const RunSetup& setup, std::size_t point, const PointSettings& settings);

/// @brief Runs one unit in this process. Creates an engine, so with SimGrid only once per process.
UnitResult execute_unit(const RunSetup& setup, const WorkUnit& unit);

/// @brief Runs `units` in forked children, at most `jobs` at a time, starting them in order;
/// `done(index, result)` is called in the parent for each, in index order (a unit that
/// finishes early waits on disk for the earlier ones). A child's InputError is
/// rethrown here as InputError (other children are stopped first). While no unit has finished
/// for `waiting_period` seconds, `waiting(unit, seconds)` is called every period with the
/// description of the oldest unit still running and the time since the last one finished (or
/// since the start): a point's preparation (a search, a solver, reading routes) can be long.
void run_units(const RunSetup& setup, const std::vector<WorkUnit>& units, int jobs,
               const std::function<void(std::size_t, UnitResult&&)>& done,
               const std::function<void(const std::string&, double)>& waiting = {}, double waiting_period = 10);


}  // namespace hetcoll
