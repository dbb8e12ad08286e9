// The planners of the reduce family (Liu & Wang, IPDPS 2000; docs/reduce.md): the EP algorithm
// of Fig. 2 and the destinations of Lemma 1 on the Figure 1 cluster, validity of every
// planner's plan in the communication model, engines that reproduce each plan's own
// prediction, and the clusters of times they plan on.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "algorithms/reduce/support/cluster.hpp"
#include "algorithms/reduce/support/factories.hpp"
#include "algorithms/reduce/support/schedule_check.hpp"
#include "algorithms/reduce/support/static_tree.hpp"
#include "algorithms/reduce/support/static_tree_plan.hpp"
#include "engine/model/model_engine.hpp"
#include "reduce_harness.hpp"

namespace hetcoll {
namespace {

using reduce_test::plan_of;
using reduce_test::planners;
using reduce_test::PlanRun;
using reduce_test::predicted_makespan;
using reduce_test::run_plans;
using reduce_test::uniform_times;

constexpr double kTol = 1e-9;
const std::vector<double> kFigure1 = {10, 5, 5, 5, 4, 2, 2};  // hosts A..G

TEST(EarliestPossible, SnfOnFigure1MatchesTheWorkedExample) {
  const EpSchedule s = snf_schedule(kFigure1);
  EXPECT_EQ(s.root, 0);
  EXPECT_EQ(s.sender, (std::vector<int>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(s.start, (std::vector<double>{0, 0, 0, 5, 5, 9}));
  EXPECT_EQ(s.end, (std::vector<double>{5, 5, 5, 9, 7, 11}));
  EXPECT_EQ(s.makespan, 11);
  // docs/reduce.md, "Figure 1 worked through": B→A, C→F, D→G, E→A, F→G, G→A.
  EXPECT_EQ(s.receiver, (std::vector<int>{0, 5, 6, 0, 6, 0}));
}

TEST(EarliestPossible, HalfTheProcessorsStartAtZeroAndStartsNeverDecrease) {
  RandomStream stream(7);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + static_cast<int>(stream.below(40));
    const std::vector<double> times = uniform_times(stream, n, 8);
    const int root = slowest_host(times);
    std::vector<int> order;
    for (int p = 0; p < n; ++p)
      if (p != root) order.push_back(p);
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[stream.below(i)]);
    const EpSchedule s = earliest_possible(times, root, order);
    const int at_zero = static_cast<int>(std::count(s.start.begin(), s.start.end(), 0.0));
    EXPECT_EQ(at_zero, n / 2) << "n " << n;
    EXPECT_TRUE(std::is_sorted(s.start.begin(), s.start.end()));
    // Property 2 of an EP schedule: every later start is some transmission's completion.
    for (std::size_t i = 0; i < s.start.size(); ++i) {
      if (s.start[i] > 0) EXPECT_NE(std::find(s.end.begin(), s.end.end(), s.start[i]), s.end.end());
    }
    std::vector<double> order_times;
    for (int p : order) order_times.push_back(times[p]);
    EXPECT_EQ(ep_makespan(order_times), s.makespan);
  }
}

TEST(EarliestPossible, EqualTimesTakeRoundsBitForBitAsTheHeapLoopDoes) {
  // ep_makespan keeps one heap entry per round of equal times; earliest_possible one per
  // transmission: the two must agree to the last bit, and take ⌈log2 n⌉ rounds.
  for (const double t : {1.0, 0.1, 1.0 / 3, 7.25, 1e-7}) {
    for (int n : {2, 3, 4, 5, 7, 8, 9, 63, 64, 65, 100, 1000, 4097}) {
      const std::vector<double> times(n, t);
      std::vector<int> order;
      for (int p = 1; p < n; ++p) order.push_back(p);
      const EpSchedule s = earliest_possible(times, 0, order);
      EXPECT_EQ(ep_makespan(std::vector<double>(n - 1, t)), s.makespan) << "n " << n << " t " << t;
      EXPECT_NEAR(s.makespan, t * std::ceil(std::log2(n)), 1e-9 * s.makespan) << "n " << n;
    }
  }
  EXPECT_EQ(ep_makespan({}), 0);
}

TEST(EarliestPossible, FewDistinctTimesGroupedAgreeBitForBitWithOneEntryPerTransmission) {
  // Times from a handful of values, sorted (the lower bound's rounded clusters) or shuffled, so
  // that ep_makespan's groups of equal times started together span from one transmission to
  // thousands; earliest_possible keeps every transmission apart. Includes values 1e-10 apart,
  // below kSimultaneity: distinct groups whose ends make one instant.
  RandomStream stream(11);
  const std::vector<double> values = {1.0, 0.5, 0.25, 3.0 / 7, 2.0, 2.0 + 1e-10, 0.1};
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 2 + static_cast<int>(stream.below(trial < 200 ? 50 : 5000));
    const std::size_t kinds = 1 + stream.below(values.size());
    std::vector<double> times(n);
    for (double& t : times) t = values[stream.below(kinds)];
    std::vector<int> order;
    const int root = slowest_host(times);
    for (int p = 0; p < n; ++p)
      if (p != root) order.push_back(p);
    if (trial % 2 == 0)
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return times[a] > times[b]; });
    else
      for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[stream.below(i)]);
    std::vector<double> order_times;
    for (int p : order) order_times.push_back(times[p]);
    EXPECT_EQ(ep_makespan(order_times), earliest_possible(times, root, order).makespan) << "trial " << trial;
  }
}

TEST(EarliestPossible, ValidityInequalityHoldsWithEquality2APlusCAtLeastNMinus1) {
  // Property 1 of an EP schedule: n − 1 ≤ 2A(t) + C(t) ≤ n before the last start.
  RandomStream stream(8);
  for (int trial = 0; trial < 100; ++trial) {
    const int n = 3 + static_cast<int>(stream.below(20));
    const std::vector<double> times = uniform_times(stream, n, 5);
    const EpSchedule s = snf_schedule(times);
    for (double t : s.start) {
      if (t >= s.start.back()) break;
      int active = 0, complete = 0;
      for (std::size_t i = 0; i < s.start.size(); ++i) {
        if (s.start[i] <= t && t < s.end[i]) ++active;
        if (t >= s.end[i]) ++complete;
      }
      EXPECT_LE(2 * active + complete, n);
      EXPECT_GE(2 * active + complete, n - 1);
    }
  }
}

TEST(ReducePlanners, EveryAlgorithmGivesAValidReductionOnTheModelEngine) {
  RandomStream stream(9);
  // Every run sets its own uplinks; the platform only has to hold enough hosts.
  const Platform platform = cluster_platform(std::vector<double>(64, 1.0), kDefaultMessageBytes);
  for (const ReduceAlgorithm& a : planners()) {
    std::vector<PlanRun> runs;
    for (int trial = 0; trial < 60; ++trial) {
      const int n = 2 + static_cast<int>(stream.below(a.max_processors() > 0 ? 9 : 40));
      std::vector<double> times = trial % 3 == 0 ? uniform_times(stream, n, 10) : std::vector<double>(n, 1.0);
      if (trial % 3 == 1)
        for (double& t : times) t = std::ldexp(1.0, static_cast<int>(stream.below(4)));
      runs.push_back({plan_of(a, times, trial), times});
    }
    auto engine = make_model_engine(platform);
    const std::vector<double> makespans =
        run_plans(*engine, platform, runs, [&](std::size_t i, const std::vector<Completion>& events) {
          const int n = static_cast<int>(runs[i].times.size());
          EXPECT_EQ(check_reduction_schedule(n, events, a.handles_non_commutative()), "") << a.name() << " run " << i;
        });
    for (std::size_t i = 0; i < runs.size(); ++i)
      EXPECT_NEAR(makespans[i], predicted_makespan(runs[i].plan, runs[i].times), kTol * makespans[i])
          << a.name() << " run " << i;
  }
}

TEST(ReducePlanners, EpPlansPredictTheDatesOfTheirEpSchedule) {
  RandomStream stream(10);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + static_cast<int>(stream.below(50));
    const std::vector<double> times = uniform_times(stream, n, 6);
    const EpSchedule s = snf_schedule(times);
    std::vector<double> start, end;
    EXPECT_EQ(plan_makespan(reduce_test::at_mean_costs(ep_plan(s)), times, &start, &end), s.makespan);
    EXPECT_EQ(start, s.start);
    EXPECT_EQ(end, s.end);
  }
}

// plan_makespan() is "the plan's own prediction, whatever algorithm built it" (ep_schedule.hpp),
// every op lasting t(sender). Since the merge ep_plan() emits comms of cost PlanOp::kDrawn (one
// draw, whose mean is one message), so the prediction must read a drawn comm as one mean
// message, as at_mean_costs() spells out. The other tests predict through at_mean_costs() so
// that only this one fails while plan_makespan() multiplies PlanOp::kDrawn (-1) by t(sender).
TEST(ReducePlanners, PlanMakespanTimesADrawnCommAsOneMeanMessage) {
  RandomStream stream(13);
  for (int trial = 0; trial < 20; ++trial) {
    const std::vector<double> times = uniform_times(stream, 2 + static_cast<int>(stream.below(30)), 6);
    const EpSchedule s = snf_schedule(times);
    std::vector<double> start, end;
    EXPECT_EQ(plan_makespan(ep_plan(s), times, &start, &end), s.makespan) << "trial " << trial;
    EXPECT_EQ(start, s.start) << "trial " << trial;
    EXPECT_EQ(end, s.end) << "trial " << trial;
  }
  for (const ReduceAlgorithm& a : planners())
    EXPECT_EQ(plan_makespan(plan_of(a, kFigure1), kFigure1), predicted_makespan(plan_of(a, kFigure1), kFigure1))
        << a.name();
}

TEST(ReducePlanners, SlowestHostIsTheRootOfEveryEpAlgorithm) {
  const std::vector<double> times = {2, 3, 9, 1, 9, 4};
  for (const ReduceAlgorithm& a : planners()) {
    const Plan plan = plan_of(a, times);
    for (std::size_t i = 0; i < plan.size(); ++i) EXPECT_NE(plan.op(static_cast<int>(i)).host, 2) << a.name();
  }
}

TEST(ReducePlanners, FastestFirstAndBinomialOnFigure1) {
  EXPECT_EQ(predicted_makespan(plan_of(reduce_test::algorithm("fastest-first"), kFigure1), kFigure1), 14);
  // Binomial-stat's tree to A (A ← B, C, E; C ← D; E ← F, G):
  // B→A, D→C [0,5], F→E [0,2], G→E [2,4], C→A [5,10], E→A [10,14]. Its plan at ratio 0, every
  // message one mean message, and the same tree computed from the times by recursion.
  auto binomial = [](int n) { return static_tree_plan(binomial_children(n), false, true, 1.0); };
  EXPECT_EQ(plan_makespan(binomial(7), kFigure1), 14);
  EXPECT_EQ(reduce_test::binomial_makespan(kFigure1), 14);
  const std::vector<double> equal(16, 1.0);
  EXPECT_EQ(plan_makespan(binomial(16), equal), 4);
  EXPECT_EQ(reduce_test::binomial_makespan(equal), 4);
  RandomStream stream(11);
  for (int trial = 0; trial < 100; ++trial) {
    const std::vector<double> times = uniform_times(stream, 1 + static_cast<int>(stream.below(70)), 9);
    EXPECT_EQ(plan_makespan(binomial(static_cast<int>(times.size())), times), reduce_test::binomial_makespan(times))
        << "trial " << trial;
  }
}

TEST(ReducePlanners, EpOrderFollowsTheGivenPermutationAndSkipsTheRoot) {
  const std::vector<int> order = {6, 0, 5, 4, 3, 2, 1};  // root A skipped: fastest first
  const Plan plan = plan_of(reduce_test::algorithm("ep-order"), kFigure1, 1, kAnyRoot, 0, order);
  EXPECT_EQ(predicted_makespan(plan, kFigure1), 14);
  EXPECT_EQ(plan.op(0).host, 6);
  const Plan host_order = plan_of(reduce_test::algorithm("ep-order"), kFigure1);
  EXPECT_EQ(predicted_makespan(host_order, kFigure1), 11);
}

TEST(ReducePlanners, RandomOrderDependsOnlyOnTheStreamSeed) {
  const std::vector<double> times = {3, 1, 2, 5, 4, 1.5, 2.5, 3.5};
  auto hosts = [&](std::uint64_t seed) {
    const Plan plan = plan_of(reduce_test::algorithm("random-order"), times, seed);
    std::vector<int> out;
    for (std::size_t i = 0; i < plan.size(); ++i) out.push_back(plan.op(static_cast<int>(i)).host);
    return out;
  };
  EXPECT_EQ(hosts(5), hosts(5));
  bool differs = false;
  for (std::uint64_t seed = 6; seed < 16; ++seed) differs = differs || hosts(seed) != hosts(5);
  EXPECT_TRUE(differs);
}

TEST(ReduceClusters, DrawnTimesFollowTheirLawsOnTheTimeGrid) {
  RandomStream stream(12);
  ClusterLaw law;
  law.processors = 50;
  double gamma_sum = 0;
  int gamma_count = 0;
  std::set<int> first_slow;
  for (int r = 0; r < 400; ++r) {
    law.kind = ClusterKind::uniform;
    law.spread = 3;
    for (double t : draw_times(law, stream)) {
      EXPECT_GE(t, 1);
      EXPECT_LE(t, 3);
      EXPECT_EQ(t, quantise_time(t));  // a multiple of kTimeGrid: sums of times are exact
    }
    law.kind = ClusterKind::two_type;
    law.slow_fraction = 0.3;
    law.x = 2.5;
    const std::vector<double> two = draw_times(law, stream);
    EXPECT_EQ(std::count(two.begin(), two.end(), 2.5), 15);  // round(0.3 · 50), at random places
    EXPECT_EQ(std::count(two.begin(), two.end(), 1.0), 35);
    first_slow.insert(static_cast<int>(std::find(two.begin(), two.end(), 2.5) - two.begin()));
    law.kind = ClusterKind::power_of_two;
    law.levels = 3;
    for (double t : draw_times(law, stream)) EXPECT_TRUE(t == 1 || t == 2 || t == 4 || t == 8) << t;
    law.kind = ClusterKind::gamma;
    law.cv = 10;
    for (double t : draw_times(law, stream)) {
      EXPECT_GE(t, kTimeGrid);  // vanishing draws are clamped to the grid's step
      gamma_sum += t;
      ++gamma_count;
    }
  }
  EXPECT_GT(first_slow.size(), 5u);
  law.cv = 0.5;
  double sum = 0;
  for (int r = 0; r < 400; ++r)
    for (double t : draw_times(law, stream)) sum += t;
  EXPECT_NEAR(sum / 20000, 1, 0.02);  // mean 1, CV 0.5: standard error 0.0035
  EXPECT_GT(gamma_sum / gamma_count, 0.3);
}

TEST(ReduceClusters, PlatformUplinksGiveEachHostItsTime) {
  const std::vector<double> times = {10, 5, 0.25, kTimeGrid / 4};
  const Platform p = cluster_platform(times, kDefaultMessageBytes);
  for (int h = 0; h < 4; ++h) {
    EXPECT_NEAR(kDefaultMessageBytes / p.route(h, (h + 1) % 4).bandwidth, times[h], 1e-15 * times[h]);
    EXPECT_EQ(p.route(h, (h + 1) % 4).latency, 0);
  }
  EXPECT_EQ(uplink_times(p, 4, kDefaultMessageBytes, "platform"), times);
}

}  // namespace
}  // namespace hetcoll
