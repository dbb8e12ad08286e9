// Properties every non-clairvoyant algorithm of the reduce registry (RR-8315) must have,
// whatever the costs: valid schedules, reusable policies, the trees of docs/reduce.md, and
// common random numbers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/reduce/support/registry.hpp"
#include "algorithms/reduce/support/schedule_check.hpp"
#include "algorithms/reduce/support/static_tree.hpp"
#include "core/error.hpp"
#include "reduce_harness.hpp"

namespace hetcoll {
namespace {

using reduce_test::algorithm;
using reduce_test::ideal_setup;
using reduce_test::RecordingDraws;
using reduce_test::Replication;
using reduce_test::run_makespans;
using reduce_test::run_traced;

// One factory per row, static and dynamic alike: every row builds its policy from a setup with
// a cluster of times; the algorithms that compute ⊕ never read the cluster, so they build without
// one, while a planner given none refuses (a caller's bug, not a silent plan of nothing).
TEST(ReduceRegistry, EveryRowBuildsItsPolicyFromTheSetup) {
  ReductionCosts costs({1, 0, 0});
  const reduce_test::ClusterSetup cluster({3, 1, 2, 2}, costs, reduce_test::ideal_scale());
  for (const ReduceAlgorithm& a : reduce_algorithms()) {
    EXPECT_FALSE(a.description().empty()) << a.name();
    EXPECT_FALSE(a.reference().empty()) << a.name();
    EXPECT_NE(a.make(cluster.setup), nullptr) << a.name();
    if (a.needs_free_op())
      EXPECT_THROW(a.make(ideal_setup(4, costs)), std::invalid_argument) << a.name();
    else
      EXPECT_NE(a.make(ideal_setup(4, costs)), nullptr) << a.name();
  }
}

// The four algorithms of RR-8315 are the non-clairvoyant ones, in the paper's order; others may follow.
TEST(ReduceRegistry, HoldsTheFourAlgorithmsOfRR8315InOrder) {
  std::vector<std::string> names;
  for (const ReduceAlgorithm& a : reduce_test::non_clairvoyant()) {
    names.push_back(a.name());
    EXPECT_FALSE(a.description().empty()) << a.name();
  }
  const std::vector<std::string> paper{"binomial-stat", "fibonacci-stat", "tree-dyn", "non-commut-tree-dyn"};
  ASSERT_GE(names.size(), paper.size());
  EXPECT_EQ(std::vector<std::string>(names.begin(), names.begin() + static_cast<long>(paper.size())), paper);
  EXPECT_EQ(reduce_algorithms().find("no-such-algorithm"), nullptr);
  EXPECT_FALSE(algorithm("tree-dyn").handles_non_commutative());
  EXPECT_TRUE(algorithm("binomial-stat").handles_non_commutative());
  EXPECT_TRUE(algorithm("fibonacci-stat").handles_non_commutative());
  EXPECT_TRUE(algorithm("non-commut-tree-dyn").handles_non_commutative());
}

TEST(ReduceRegistry, RejectsZeroProcessorsAndMissingCosts) {
  ReductionCosts costs({});
  const reduce_test::ClusterSetup none({}, costs, reduce_test::ideal_scale());
  const reduce_test::ClusterSetup four({1, 2, 3, 4}, costs, reduce_test::ideal_scale());
  for (const ReduceAlgorithm& a : reduce_algorithms()) {
    EXPECT_THROW(a.make(none.setup), InputError) << a.name();
    ReduceSetup no_costs = four.setup;
    no_costs.costs = nullptr;
    EXPECT_THROW(a.make(no_costs), std::invalid_argument) << a.name();
  }
}

// The central property test: every algorithm, many sizes, deterministic and random costs, with
// and without computation; neighbours_only for every non-commutative-capable algorithm. The
// overlap flag only concerns the static trees; the dynamic ones simply run twice.
TEST(ReduceSchedules, EveryReplicationIsAValidReduction) {
  const int sizes[] = {1, 2, 3, 5, 8, 13, 64, 100};
  const double levels[] = {0, 0.5, 3};
  for (const ReduceAlgorithm& a : reduce_test::non_clairvoyant())
    for (int n : sizes)
      for (double cv : levels)
        for (double ratio : levels)
          for (bool overlap : {true, false}) {
            SCOPED_TRACE(a.name() + " n=" + std::to_string(n) + " cv=" + std::to_string(cv) +
                         " ratio=" + std::to_string(ratio) + " overlap=" + std::to_string(overlap));
            ReductionCosts costs({1, cv, ratio});
            int failures = 0;
            run_traced(a, ideal_setup(n, costs, overlap), 17, 8,
                       [&](int r, double makespan, const std::vector<Completion>& events) {
                         const std::string reason =
                             check_reduction_schedule(n, events, a.handles_non_commutative());
                         if (!reason.empty() && failures++ == 0)
                           ADD_FAILURE() << "replication " << r << ": " << reason;
                         const long computes =
                             std::count_if(events.begin(), events.end(), [](const Completion& c) {
                               return c.activity.kind == ActivityKind::compute;
                             });
                         EXPECT_EQ(computes, ratio > 0 ? n - 1 : 0);
                         double last = 0;
                         for (const Completion& c : events) last = std::max(last, c.end);
                         EXPECT_EQ(makespan, last);
                       });
          }
}

TEST(ReduceSchedules, AReusedPolicyGivesTheMakespansOfFreshOnes) {
  // Same seeds in the same order, so both engines' clocks follow the same history and the
  // makespans must be equal to the bit: begin() must reset everything.
  const int n = 13;
  const std::vector<std::uint64_t> seeds = reduce_test::replication_seeds(5, 40);
  for (const ReduceAlgorithm& a : reduce_test::non_clairvoyant()) {
    ReductionCosts costs({1, 0.5, 0.5});
    auto reused = a.make(ideal_setup(n, costs));
    std::vector<std::unique_ptr<Policy>> fresh;
    std::vector<Replication> once, each;
    for (std::uint64_t seed : seeds) {
      fresh.push_back(a.make(ideal_setup(n, costs)));
      once.push_back({reused.get(), seed});
      each.push_back({fresh.back().get(), seed});
    }
    EXPECT_EQ(reduce_test::run_list(ideal_cluster(n), costs, once),
              reduce_test::run_list(ideal_cluster(n), costs, each))
        << a.name();
  }
}

TEST(ReduceSchedules, OneProcessorFinishesAtDateZero) {
  for (const ReduceAlgorithm& a : reduce_test::non_clairvoyant()) {
    ReductionCosts costs({1, 1, 1});
    EXPECT_EQ(run_makespans(a, ideal_setup(1, costs), 3, 2), (std::vector<double>{0, 0})) << a.name();
  }
}

Completion comm(std::uint64_t id, int src, int dst, double start, double end) {
  Completion c;
  c.id = id;
  c.activity.kind = ActivityKind::comm;
  c.activity.host = src;
  c.activity.peer = dst;
  c.start = start;
  c.end = end;
  return c;
}

Completion reduce(std::uint64_t id, int host, double start, double end) {
  Completion c = comm(id, host, -1, start, end);
  c.activity.kind = ActivityKind::compute;
  return c;
}

TEST(ScheduleCheck, AcceptsAValidScheduleWithAndWithoutComputation) {
  // P1→P0, then P2→P0 overlapping P0's first ⊕ (the static-tree overlap, docs/reduce.md).
  EXPECT_EQ(
      check_reduction_schedule(
          3, {comm(0, 1, 0, 0, 1), comm(1, 2, 0, 1, 2), reduce(2, 0, 1, 2), reduce(3, 0, 2, 3)},
          true),
      "");
  EXPECT_EQ(check_reduction_schedule(3, {comm(0, 2, 1, 0, 1), comm(1, 1, 0, 1, 2)}, true), "");
  EXPECT_EQ(check_reduction_schedule(1, {}, true), "");
}

TEST(ScheduleCheck, RejectsEachBrokenRuleOfTheModel) {
  const std::vector<std::pair<std::string, std::vector<Completion>>> broken = {
      {"two receptions at a time", {comm(0, 1, 0, 0, 1), comm(1, 2, 0, 0.5, 1.5)}},
      {"a host sending twice", {comm(0, 1, 0, 0, 1), comm(1, 1, 2, 1, 2)}},
      {"a reception after sending", {comm(0, 1, 0, 0, 1), comm(1, 2, 1, 1, 2)}},
      {"sending before a reception ends", {comm(0, 2, 1, 0, 1), comm(1, 1, 0, 0.5, 1.5)}},
      {"sending before a ⊕ ends",
       {comm(0, 2, 1, 0, 1), reduce(1, 1, 1, 2), comm(2, 1, 0, 1.5, 2.5), reduce(3, 0, 2.5, 3.5)}},
      {"a ⊕ before its reception ends",
       {comm(0, 1, 0, 0, 1), reduce(1, 0, 0.5, 1.5), comm(2, 2, 0, 1, 2), reduce(3, 0, 2, 3)}},
      {"two ⊕ at a time",
       {comm(0, 1, 0, 0, 1), comm(1, 2, 0, 1, 2), reduce(2, 0, 1, 3), reduce(3, 0, 2, 3)}},
      {"a reception never reduced", {comm(0, 1, 0, 0, 1), reduce(1, 0, 1, 2), comm(2, 2, 0, 1, 2)}},
      {"a missing comm", {comm(0, 1, 0, 0, 1)}},
      {"a comm to itself", {comm(0, 1, 1, 0, 1), comm(1, 2, 0, 0, 1)}},
      {"a host out of range", {comm(0, 1, 0, 0, 1), comm(1, 3, 0, 1, 2)}},
  };
  for (const auto& [what, events] : broken)
    for (bool neighbours : {false, true})
      EXPECT_NE(check_reduction_schedule(3, events, neighbours), "") << what;
}

TEST(ScheduleCheck, NeighboursOnlyRejectsNonAdjacentIntervals) {
  // P2 sends [2,2] to P0 holding [0,0]: fine for a commutative ⊕, not for a non-commutative one.
  const std::vector<Completion> events = {comm(0, 2, 0, 0, 1), comm(1, 1, 0, 1, 2)};
  EXPECT_EQ(check_reduction_schedule(3, events, false), "");
  EXPECT_NE(check_reduction_schedule(3, events, true), "");
}

TEST(StaticTrees, BinomialChildrenFollowTheRounds) {
  const ChildrenLists t = binomial_children(8);
  EXPECT_EQ(t[0], (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(t[2], (std::vector<int>{3}));
  EXPECT_EQ(t[4], (std::vector<int>{5, 6}));
  EXPECT_EQ(t[6], (std::vector<int>{7}));
  for (int r : {1, 3, 5, 7}) EXPECT_TRUE(t[r].empty());
  EXPECT_EQ(binomial_children(5)[0], (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(binomial_children(5)[2], (std::vector<int>{3}));
  EXPECT_TRUE(binomial_children(5)[4].empty());
}

TEST(StaticTrees, FibonacciOrderFourMatchesFigure2) {
  const ChildrenLists t = fibonacci_children(8);
  EXPECT_EQ(t[0], (std::vector<int>{1, 2, 3, 5}));
  EXPECT_EQ(t[3], (std::vector<int>{4}));
  EXPECT_EQ(t[5], (std::vector<int>{6, 7}));
  for (int r : {1, 2, 4, 6, 7}) EXPECT_TRUE(t[r].empty());
}

TEST(StaticTrees, FibonacciOnSixtyFourIsOrderNineTruncated) {
  EXPECT_EQ(fibonacci_children(64)[0], (std::vector<int>{1, 2, 3, 5, 8, 13, 21, 34, 55}));
  // Untruncated FS_9 on 89 processors: the same root list, k = 9 receptions.
  EXPECT_EQ(fibonacci_children(89)[0], (std::vector<int>{1, 2, 3, 5, 8, 13, 21, 34, 55}));
  EXPECT_EQ(fibonacci_children(90)[0].size(), 10u);
}

TEST(StaticTrees, BothTreesArePrefixClosedSpanningTreesOfAdjacentIntervals) {
  for (int n = 1; n <= 150; ++n)
    for (const ChildrenLists& t : {binomial_children(n), fibonacci_children(n)}) {
      std::vector<int> parents(n, 0);
      for (int r = 0; r < n; ++r)
        for (int c : t[r]) {
          ASSERT_GT(c, r) << "n=" << n;
          ASSERT_LT(c, n) << "n=" << n;
          ++parents[c];
        }
      EXPECT_EQ(parents[0], 0) << "n=" << n;
      for (int c = 1; c < n; ++c) EXPECT_EQ(parents[c], 1) << "n=" << n << " child " << c;
    }
}

TEST(StaticTrees, PlanHoldsOneReceptionPerChildAndOneReductionOnlyWhenComputing) {
  const ChildrenLists t = fibonacci_children(13);
  EXPECT_EQ(static_tree_plan(t, false, true).size(), 12u);
  EXPECT_EQ(static_tree_plan(t, true, true).size(), 24u);
  const Plan plan = static_tree_plan(t, true, true);
  int initially_ready = 0;
  int last_host = -1;
  for (std::size_t i = 0; i < plan.size(); ++i)
    if (plan.dependency_count(static_cast<int>(i)) == 0) {
      // Dependency-free receptions come first and by receiver, so date-0 draws go in host order.
      EXPECT_EQ(static_cast<int>(i), initially_ready++);
      EXPECT_EQ(plan.op(static_cast<int>(i)).kind, ActivityKind::comm);
      EXPECT_GT(plan.op(static_cast<int>(i)).peer, last_host);
      last_host = plan.op(static_cast<int>(i)).peer;
    }
  EXPECT_GT(initially_ready, 1);
}

TEST(TreeDyn, PairsProcessorsInIndexOrderAtDateZero) {
  ReductionCosts costs({1, 0, 0});
  run_traced(algorithm("tree-dyn"), ideal_setup(7, costs), 1, 1,
             [](int, double makespan, const std::vector<Completion>& events) {
               std::vector<std::pair<int, int>> first;
               for (const Completion& c : events)
                 if (c.start == 0) first.emplace_back(c.activity.host, c.activity.peer);
               std::sort(first.begin(), first.end(),
                         [](auto a, auto b) { return a.second < b.second; });
               EXPECT_EQ(first, (std::vector<std::pair<int, int>>{{1, 0}, {3, 2}, {5, 4}}));
               // P6 waited in the slot; P0, first idle at date 1, sends to it.
               bool zero_to_six = false;
               for (const Completion& c : events)
                 zero_to_six |= c.start == 1 && c.activity.host == 0 && c.activity.peer == 6;
               EXPECT_TRUE(zero_to_six);
               EXPECT_EQ(makespan, 3);
             });
}

TEST(ReductionCostsDraws, ComeFromTwoStreamsOfTheKey) {
  const std::uint64_t seed = 123;
  ReductionCosts costs({2, 0.7, 0.25}, seed);
  RandomStream comms(seed, 0, kCommStream);
  RandomStream computes(seed, 0, kComputeStream);
  // Interleaving the two kinds changes nothing: each kind has its own stream.
  for (int k = 0; k < 20; ++k) {
    if (k % 3 == 0) {
      EXPECT_EQ(costs.compute(5), computes.gamma_mean_cv(0.5, 0.7)) << k;
    }
    EXPECT_EQ(costs.comm(1, 0), comms.gamma_mean_cv(2, 0.7)) << k;
  }
  costs.reposition(0);  // the replication in use: its draws again
  EXPECT_EQ(costs.comm(0, 1), RandomStream(seed, 0, kCommStream).gamma_mean_cv(2, 0.7));
  costs.reposition(9);
  EXPECT_EQ(costs.comm(0, 1), RandomStream(seed, 9, kCommStream).gamma_mean_cv(2, 0.7));
  EXPECT_EQ(costs.compute(0), RandomStream(seed, 9, kComputeStream).gamma_mean_cv(0.5, 0.7));
  EXPECT_TRUE(costs.computes());
  EXPECT_FALSE(ReductionCosts({1, 0.7, 0}).computes());
  ReductionCosts fixed({1.5, 0, 2});
  EXPECT_EQ(fixed.comm(0, 1), 1.5);
  EXPECT_EQ(fixed.compute(0), 3);
}

TEST(CommonRandomNumbers, KthStartedCommunicationTakesKthDrawInEveryAlgorithm) {
  const int n = 64;
  const std::uint64_t replication = derive_seed(99, {4});
  ReductionCosts reference({1, 1, 0.5});
  reference.reposition(replication);
  std::vector<double> expected_comms, expected_computes;
  for (int k = 0; k < n - 1; ++k) expected_comms.push_back(reference.comm(0, 0));
  for (int k = 0; k < n - 1; ++k) expected_computes.push_back(reference.compute(0));

  for (const ReduceAlgorithm& a : reduce_test::non_clairvoyant()) {
    ReductionCosts costs({1, 1, 0.5});
    RecordingDraws recorder(costs);
    auto policy = a.make(ideal_setup(n, costs, true, &recorder));
    RecordingPolicy trace(*policy);
    reduce_test::run_policy(ideal_cluster(n), trace, costs, {replication});

    EXPECT_EQ(recorder.comms, expected_comms) << a.name();
    EXPECT_EQ(recorder.computes, expected_computes) << a.name();
    // Draws are consumed at start: the activity with the k-th id among comms is the k-th draw.
    std::vector<Completion> comms;
    for (const Completion& c : trace.events())
      if (c.activity.kind == ActivityKind::comm) comms.push_back(c);
    std::sort(comms.begin(), comms.end(), [](auto& x, auto& y) { return x.id < y.id; });
    ASSERT_EQ(comms.size(), expected_comms.size());
    for (std::size_t k = 0; k < comms.size(); ++k)
      EXPECT_EQ(comms[k].activity.amount,
                std::nearbyint(expected_comms[k] * reduce_test::ideal_scale().bytes_per_unit))
          << a.name() << " k=" << k;
    // Ties at date 0 take their draws by host: the lower receiver gets the earlier draw.
    for (std::size_t k = 1; k < comms.size() && comms[k].start == 0; ++k)
      EXPECT_GT(comms[k].activity.peer, comms[k - 1].activity.peer) << a.name();
  }
}

// Tree-dyn's makespans in the driver's interleaving (every algorithm of a replication in turn,
// one engine) for a given algorithm order.
std::vector<double> tree_dyn_interleaved(const std::vector<std::string>& order) {
  const int n = 64;
  ReductionCosts costs({1, 1, 0.3});
  std::vector<std::unique_ptr<Policy>> policies;
  std::size_t tree_dyn = 0;
  for (const std::string& name : order) {
    if (name == "tree-dyn") tree_dyn = policies.size();
    policies.push_back(algorithm(name).make(ideal_setup(n, costs)));
  }
  std::vector<Replication> runs;
  for (std::uint64_t seed : reduce_test::replication_seeds(7, 300))
    for (auto& p : policies) runs.push_back({p.get(), seed});
  const std::vector<double> all = reduce_test::run_list(ideal_cluster(n), costs, runs);
  std::vector<double> mine;
  for (std::size_t i = tree_dyn; i < all.size(); i += policies.size()) mine.push_back(all[i]);
  return mine;
}

TEST(CommonRandomNumbers, TreeDynMakespansDoNotDependOnTheOrderAlgorithmsRunIn) {
  const std::vector<double> alone = tree_dyn_interleaved({"tree-dyn"});
  std::vector<std::string> names;
  for (const ReduceAlgorithm& a : reduce_test::non_clairvoyant()) names.push_back(a.name());
  const std::vector<std::vector<std::string>> orders = {names, {names.rbegin(), names.rend()}};
  for (const auto& order : orders) {
    const std::vector<double> mixed = tree_dyn_interleaved(order);
    ASSERT_EQ(mixed.size(), alone.size());
    // The engine's clock runs on across replications, so only rounding may differ.
    for (std::size_t r = 0; r < alone.size(); ++r)
      EXPECT_NEAR(mixed[r], alone[r], 1e-9 * alone[r]) << r;
  }
}

TEST(CommonRandomNumbers, TreeDynAndTheStaticTreesCoincideWithFixedCosts) {
  // n = 64 = 2^6 and c = d: every algorithm of the binomial shape runs in lockstep.
  ReductionCosts fixed({1, 0, 1});
  EXPECT_EQ(run_makespans(algorithm("tree-dyn"), ideal_setup(64, fixed), 7, 1)[0], 12);
  EXPECT_EQ(run_makespans(algorithm("binomial-stat"), ideal_setup(64, fixed), 7, 1)[0], 12);
}

}  // namespace
}  // namespace hetcoll
