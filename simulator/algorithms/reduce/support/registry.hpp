#pragma once
/// @file registry.hpp
/// @brief The table of reduction algorithms (docs/reduce.md): the non-clairvoyant ones of
/// Benoit, Canon & Marchal (RR-8315) and the clairvoyant planners of Liu & Wang (IPDPS 2000),
/// on one cluster and cost model.
///
/// A non-clairvoyant algorithm decides as the run goes and never sees the hosts' times; a
/// planner turns the cluster's per-host times into a static Plan before the run. Both are one
/// row and one factory of the same signature, and execute the same drawn costs. Drivers,
/// `hetcoll list` and the tests iterate over this one table; no code elsewhere branches on
/// algorithm names or kinds.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/algorithm_table.hpp"
#include "algorithms/reduce/support/reduction_costs.hpp"
#include "algorithms/root.hpp"
#include "core/random.hpp"
#include "engine/activity.hpp"
#include "engine/executor.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief An optimal EP sequence and its makespan.
struct OptimalSchedule {
  double makespan = 0;
  std::vector<int> sequence;  //!< senders in start order (root excluded)
};

/// @brief The cluster a planner plans for: one replication's times and what the run fixes about
/// them. The runner owns it and changes it in place when a replication draws a new cluster.
struct ReduceInstance {
  std::vector<double> times;  //!< t(p) of hosts 0..n-1: one mean message from p lasts t(p)
  std::vector<int> order;     //!< key `order`: a permutation of the hosts (ep-order), or empty
  /// The optimum of `times` for the run's root, computed once per instance by the runner (its
  /// reference) and shared with whoever needs it; no sequence if it is unknown.
  OptimalSchedule optimum;
  /// Moves whenever `times` (and so `optimum`) change: a planner plans again only then.
  std::uint64_t revision = 0;
};

/// @brief What any reduction algorithm may need to build its policy for one sweep point.
struct ReduceSetup {
  int processors = 0;               //!< n: hosts 0..n-1 each hold one value
  CostScale scale;                  //!< abstract cost to bytes and flops
  ReductionCosts* costs = nullptr;  //!< repositioned by the caller between replications
  bool static_overlap = true;       //!< static trees: receptions may overlap ⊕ (docs/reduce.md)
  /// Where costs are drawn from if not null (tests: per-pair worst cases, recording wrappers);
  /// `costs` still decides whether ⊕ is an activity.
  CostDraws* draws = nullptr;
  /// Key `root`: the host the result must end at, or kAnyRoot for the paper's choice (the
  /// slowest host for the planners, P0 for the static trees, the last receiver for the dynamic
  /// ones).
  int root = kAnyRoot;
  /// The cluster the planners see; a planner keeps it alive, so a fixed cluster's times go once
  /// no algorithm of the point reads them.
  std::shared_ptr<const ReduceInstance> instance;
  /// The replication running now (it moves every replication) and the point's seed: a planner
  /// that draws (random-order) draws from the stream (seed, *replication, kPlannerStream).
  const std::uint64_t* replication = nullptr;
  std::uint64_t seed = 0;
  /// Key `segment`: bytes per segment of the MPI algorithms that segment (0: whole messages).
  double segment = 0;
};

/// @brief What an algorithm runs at a point, for the `chosen` and `chosen_segment` metrics: a
/// row's name (itself, or the one a selector picked) or a library's variant no row has, and the
/// bytes of its segments (0: whole messages; kNoLibrarySegment for a row that is not an MPI
/// library's algorithm).
struct ReduceChoice {
  std::string algorithm;
  double segment = 0;
};

/// @brief What a selector picks for a setup.
using ReduceChooser = ReduceChoice (*)(const ReduceSetup& setup);

/// @brief One row of the table: an algorithm built by name, with the properties that describe
/// it as named steps:
///
///     ReduceAlgorithm("optimal")
///         .description("exact optimum over EP schedules (branch and bound), n <= 12")
///         .reference("hetcoll (exact branch-and-bound search over EP schedules)")
///         .assumes_free_op()
///         .at_most(kOptimalMaxProcessors)
///         .make(make_optimal)
class ReduceAlgorithm : public AlgorithmRow<ReduceAlgorithm, ReduceSetup> {
 public:
  using AlgorithmRow::AlgorithmRow;

  /// Valid for a non-commutative ⊕: it combines adjacent intervals only.
  ReduceAlgorithm& non_commutative() {
    non_commutative_ = true;
    return *this;
  }
  /// Its schedule assumes a free ⊕ (Liu & Wang's model) and says nothing of when to combine:
  /// valid with ratio = 0 only.
  ReduceAlgorithm& assumes_free_op() {
    assumes_free_op_ = true;
    return *this;
  }
  /// The largest n it accepts (a documented limit).
  ReduceAlgorithm& at_most(int processors) {
    max_processors_ = processors;
    return *this;
  }

  /// It writes MPI point-to-point programs (a rank may send many messages, segments or
  /// pieces of its vector, and receive after sending), not a tree of one message per host.
  ReduceAlgorithm& point_to_point() {
    point_to_point_ = true;
    return *this;
  }
  /// A selector: `chooser` says which algorithm and segment it runs at a point.
  ReduceAlgorithm& chooses(ReduceChooser chooser) {
    chooser_ = chooser;
    return point_to_point();
  }

  bool handles_non_commutative() const { return non_commutative_; }
  bool needs_free_op() const { return assumes_free_op_; }
  int max_processors() const { return max_processors_; }  //!< 0: no limit
  bool sends_point_to_point() const { return point_to_point_; }
  /// What it runs for `setup`: a selector's pick, else itself and its segments.
  ReduceChoice choice(const ReduceSetup& setup) const;

 private:
  bool non_commutative_ = false;
  bool assumes_free_op_ = false;
  int max_processors_ = 0;
  bool point_to_point_ = false;
  ReduceChooser chooser_ = nullptr;
};

/// @brief All reduction algorithms, in a fixed order.
const AlgorithmTable<ReduceAlgorithm>& reduce_algorithms();

/// @brief The words of the `chosen` metric: every row's name, then the libraries' variants
/// that a selector runs and no row has (MPICH's binomial and reduce-scatter + gather).
const std::vector<std::string>& reduce_choice_words();

}  // namespace hetcoll
