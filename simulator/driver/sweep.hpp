#pragma once
/// @file sweep.hpp
/// @brief Sweep points, their seeds, and the work units they are cut into.
#include <cstdint>
#include <set>
#include <utility>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief The cross product of the scenario's axes, in canonical order: axes in the order of the
/// family's CSV columns (Family::columns), each ascending, the last column varying fastest; the
/// order of the rows.
std::vector<Point> expand_points(const Scenario& scenario);

/// @brief Seed of a point: a hash of the root seed and the (key name, value) pairs, in name order,
/// of the keys (`keys`, the family's table) that apply to the point (`platform_file`: the
/// scenario names one), take part in seeds (ParameterSpec::in_seed) and differ from their
/// default. So adding a value to an axis leaves the other points' numbers unchanged, and adding
/// a key to a table, wherever it goes, or reordering the table changes no seed.
std::uint64_t point_seed(std::uint64_t seed, const std::vector<ParameterSpec>& keys, const Point& point,
                         bool platform_file);

/// @brief Replications [first, first + count) of one point, run by one fresh engine.
struct WorkUnit {
  std::size_t point = 0;
  std::uint64_t first = 0;
  std::uint64_t count = 0;
};

/// @brief Work units per point: ceil(replications / block).
std::uint64_t units_per_point(const Scenario& scenario);

/// @brief The shard that runs unit `b` (replications from b * block) of point `point`. Units are
/// dealt round-robin over the sweep's list of units (points in canonical order, each point's
/// units in replication order): unit g = point * units_per_point + b goes to shard g mod N, so
/// every shard gets the same number of units, to one, and a share of every kind of point, even
/// when there are more shards than points.
int unit_shard(const Scenario& scenario, std::size_t point, std::uint64_t b);

/// @brief True if every unit of `point` falls to the scenario's shard: then the shard makes the
/// point's rows itself. Otherwise, for a point of which the shard holds some units, it writes
/// their results (unit_records.hpp) for `hetcoll merge` to summarise. With several shards, a
/// point is whole in one of them only if it has a single unit (replications <= block).
bool whole_in_shard(const Scenario& scenario, std::size_t point);

/// @brief How many of the sweep's `points` are whole in the scenario's shard (without a loop
/// over the points: a merge asks it for every shard).
std::size_t whole_points_in_shard(const Scenario& scenario, std::size_t points);

/// @brief True if the shards split points (N >= 2 and more than one unit per point): then every
/// shard writes unit results beside its output.
bool shards_split_points(const Scenario& scenario);

/// @brief This shard's units, in the order of the sweep's list of units, leaving out the points
/// flagged in `skip` and the units (point, first replication) in `saved`. A unit is the grain of
/// reproducibility: its engine starts at clock 0, so its numbers depend on the unit only, never
/// on how many processes, jobs or shards share the work.
std::vector<WorkUnit> make_units(const Scenario& scenario, std::size_t points, const std::vector<bool>& skip,
                                 const std::set<std::pair<std::size_t, std::uint64_t>>& saved = {});

/// @brief Number of points expand_points() would make (a double: a sweep of huge axes may
/// exceed any integer type, and must be refused before it is expanded).
double count_points(const Scenario& scenario);

/// @brief The family's settings of `point` in `scenario` (Family::settings, with the keys the
/// scenario wrote, its platform file and its algorithms): throws InputError if the point is
/// refused.
std::unique_ptr<const PointSettings> point_settings(const Scenario& scenario, const Point& point);

/// @brief Bytes one child needs to run a unit of a point of `settings` (engine, platform, family
/// tables), beside the unit's values: a rough upper estimate, measured on the engines.
double unit_memory(const Scenario& scenario, const PointSettings& settings);

/// @brief The peak memory of a run, by estimate (bytes), in the parts a user can change.
struct MemoryEstimate {
  double points = 0;    //!< every point, its summary rows and bookkeeping (parent; the axes)
  double series = 0;    //!< values of the point in flight (parent; replications, quantiles)
  double units = 0;     //!< the list of work units (parent; replications / block)
  double children = 0;  //!< `jobs` children, each running a unit of the largest point (jobs, block, hosts)
  double total() const { return points + series + units + children; }
};

/// @brief Estimate for a sweep of `points` points whose largest unit needs `largest_unit` bytes
/// (unit_memory()).
MemoryEstimate estimate_memory(const Scenario& scenario, double points, double largest_unit);

/// @brief Physical memory of the machine, in bytes.
double physical_memory();

}  // namespace hetcoll
