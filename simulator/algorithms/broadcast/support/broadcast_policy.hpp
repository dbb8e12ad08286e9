#pragma once
/// @file broadcast_policy.hpp
/// @brief What every broadcast algorithm is built from (BroadcastSetup) and what it builds (a
/// BroadcastPolicy): one factory signature, static and dynamic algorithms alike.
///
/// A static algorithm is a schedule over the clusters (or, grid-unaware, a tree over every
/// host) made into a plan by the run's BroadcastGrid, and runs through planned_broadcast(), the
/// family's wrapper of PlannedPolicy; a dynamic one is a policy of its own (dynamic_ecef.cpp).
/// The runners build every algorithm's policy through its row and never ask which kind it is.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "algorithms/broadcast/support/inter_schedule.hpp"
#include "algorithms/broadcast/support/mpi_bcast_program.hpp"
#include "algorithms/broadcast/support/tree_shapes.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief A static algorithm's plan for one instance, with what the runner reads beside it.
struct BroadcastPlan {
  Plan plan;
  double predicted = 0;  //!< the completion time the framework predicts, seconds
  /// The schedule over the clusters the plan executes (none for a tree over every host).
  std::optional<InterSchedule> schedule;
  /// The plan's operations from this index on are the clusters' internal broadcasts T (the
  /// abstract grid's, which the noise draws); the plan's size where there are none.
  int first_intra = 0;
  /// The MPI library's algorithm the plan runs (mpi_bcast_name: a selector's choice, or an
  /// mpi-* row's own name); empty for the other rows, whose `chosen` is their own name.
  std::string chosen;
  /// The segment size an MPI library's algorithm cut the message at, bytes (0: whole); −1 for
  /// the rows that are not an MPI library's (the `chosen_segment` column).
  double segment = kNoLibrarySegment;
};

/// @brief The hosts of a point, as its runner prepared them: how a schedule over the clusters,
/// or a tree over every host, becomes a plan on them.
class BroadcastGrid {
 public:
  virtual ~BroadcastGrid() = default;
  /// The plan that executes `schedule` (made over the setup's costs): its sends between the
  /// clusters' coordinators, then every cluster's internal broadcast; predicted: the schedule's
  /// makespan.
  virtual BroadcastPlan plan(const InterSchedule& schedule) const = 0;
  /// True where the point has hosts beside the clusters' coordinators (costs = platform): a
  /// grid-unaware tree then spans them all. False on the abstract grid, where a cluster is a point.
  virtual bool spans_hosts() const = 0;
  /// Only where spans_hosts(): the plan of the tree `shape` gives over every host, ranks counted
  /// from the root, each send with the pLogP measured for its pair of clusters; predicted by
  /// pLogP, each send alone.
  virtual BroadcastPlan host_tree(TreeChildren (*shape)(int hosts)) const = 0;
  /// Only where spans_hosts(): the ranks of an MPI program over every host (rank i is host i)
  /// and the root's rank.
  virtual MpiBroadcast ranks(double message) const;
  /// Only where spans_hosts(): the plan of `program`, a compiled program of those ranks (costs
  /// in bytes), predicted by pLogP: a message keeps its two hosts busy for its link's
  /// g(bytes) − o and arrives L later, one message at a time per host and direction.
  virtual BroadcastPlan rank_plan(Plan program) const;
};

/// @brief What every algorithm of the family is built from, once per point and process.
struct BroadcastSetup {
  /// The clusters' g, L and T the algorithms schedule with: the replication's grid (costs =
  /// random), the given one, or the one measured on the platform.
  const GridCosts* costs = nullptr;
  /// Moves whenever *costs changes (a new replication's grid): a static algorithm plans again
  /// only then (PlannedPolicy).
  const std::uint64_t* instance = nullptr;
  HeuristicOptions options;             //!< the open readings of docs/broadcast.md
  const BroadcastGrid* grid = nullptr;  //!< the hosts the plans run on
  MpiOptions mpi;                       //!< what the MPI libraries' algorithms read
};

/// @brief A broadcast algorithm as the runners run it: a Policy that also predicts its
/// completion time.
class BroadcastPolicy : public Policy {
 public:
  /// The completion time the framework predicts for the setup's current instance, seconds:
  /// the makespan of its schedule over the clusters (a dynamic algorithm's: the one it runs with
  /// exact costs), or pLogP's time of its tree over every host.
  virtual double predicted() = 0;
  /// The schedule over the clusters of the current instance behind predicted(); null for a
  /// tree over every host.
  virtual const InterSchedule* schedule() = 0;
  /// True if `a`, an activity this policy started, is a cluster's internal broadcast T.
  virtual bool internal_broadcast(const Activity& a) const = 0;
  /// The MPI library's algorithm the current instance runs (BroadcastPlan::chosen); empty for
  /// the rows that are no MPI library's (their `chosen` column is their own name).
  virtual std::string chosen() { return {}; }
  /// The segment size an MPI library's algorithm cut the message at (bytes, 0: whole); −1 for
  /// a row that is not an MPI library's.
  virtual double chosen_segment() { return kNoLibrarySegment; }
};

/// @brief A static algorithm as a BroadcastPolicy: `planner` makes the plan of the setup's
/// current instance, when first needed and again only when *setup.instance has moved.
std::unique_ptr<BroadcastPolicy> planned_broadcast(const BroadcastSetup& setup,
                                                   std::function<BroadcastPlan()> planner);

/// @brief A heuristic's schedule over the clusters (schedule_ecef, ...; inter_schedule.hpp).
using ScheduleMaker = InterSchedule (*)(const GridCosts& costs, const HeuristicOptions& options);

/// @brief The schedule `make_schedule` makes of the setup's costs, run as a static plan on the
/// setup's grid (planned_broadcast): how every heuristic's factory builds its policy.
std::unique_ptr<BroadcastPolicy> scheduled_broadcast(const BroadcastSetup& setup, ScheduleMaker make_schedule);

}  // namespace hetcoll
