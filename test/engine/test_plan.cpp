#include <gtest/gtest.h>

#include "engine/engine.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/plan.hpp"
#include "engine/recording_policy.hpp"

namespace hetcoll {
namespace {

// Cost 1 is one second on the ideal cluster's hosts and links.
const CostScale kUnit{ideal_cluster(1).reference_bandwidth(), ideal_cluster(1).reference_speed()};

}  // namespace

TEST(PlanPolicy, DependenciesSerialiseAndIndependentOperationsOverlap) {
  Plan plan;
  const int a = plan.add({ActivityKind::comm, 1, 0, 2.0});
  const int b = plan.add({ActivityKind::compute, 0, -1, 3.0}, {a});
  plan.add({ActivityKind::comm, 2, 3, 4.0});  // independent of a and b
  plan.add({ActivityKind::comm, 0, 3, 1.0}, {b});
  PlanPolicy policy(plan, kUnit, nullptr);
  RecordingPolicy recorder(policy);
  auto engine = make_model_engine(ideal_cluster(4));
  EXPECT_DOUBLE_EQ(run_single(*engine, recorder), 6.0);
  ASSERT_EQ(recorder.events().size(), 4u);
  // Completion order follows time: comm 2->3 ends at 4 (after a at 2, before b at 5).
  EXPECT_EQ(recorder.events()[0].end, 2.0);
  EXPECT_EQ(recorder.events()[1].end, 4.0);
  EXPECT_EQ(recorder.events()[2].end, 5.0);
  EXPECT_EQ(recorder.events()[3].start, 5.0);
}

TEST(PlanPolicy, SimultaneousCompletionsArriveInOwnerOrder) {
  Plan plan;
  plan.add({ActivityKind::comm, 0, 3, 1.0});
  plan.add({ActivityKind::comm, 2, 1, 1.0});
  plan.add({ActivityKind::compute, 0, -1, 1.0});
  PlanPolicy policy(plan, kUnit, nullptr);
  RecordingPolicy recorder(policy);
  auto engine = make_model_engine(ideal_cluster(4));
  run_single(*engine, recorder);
  ASSERT_EQ(recorder.events().size(), 3u);
  EXPECT_EQ(recorder.events()[0].activity.owner(), 0);  // the computation on host 0
  EXPECT_EQ(recorder.events()[1].activity.owner(), 1);
  EXPECT_EQ(recorder.events()[2].activity.owner(), 3);
}

// A runner may plan again between replications, into the same Plan object (a move assignment
// of a plan of as many operations and dependencies): the policy follows the plan it runs now.
TEST(PlanPolicy, APlanReplacedBetweenReplicationsIsTheOneThatRuns) {
  auto chain = [](int first, int second) {
    Plan plan;
    const int a = plan.add({ActivityKind::compute, 0, -1, 1.0});
    const int b = plan.add({ActivityKind::compute, 1, -1, 2.0});
    plan.add({ActivityKind::compute, 2, -1, 4.0}, {first == 0 ? a : b});
    plan.add({ActivityKind::compute, 3, -1, 8.0}, {second == 0 ? a : b});
    return plan;
  };
  Plan plan = chain(0, 0);
  PlanPolicy policy(plan, kUnit, nullptr);
  auto engine = make_model_engine(ideal_cluster(4));
  EXPECT_DOUBLE_EQ(run_single(*engine, policy), 1.0 + 8.0);
  plan = chain(1, 1);
  EXPECT_DOUBLE_EQ(run_single(*engine, policy), 2.0 + 8.0);
  plan = chain(1, 0);
  EXPECT_DOUBLE_EQ(run_single(*engine, policy), 1.0 + 8.0);
  plan.require(3, 2);  // host 3 now waits for host 2's 4 s as well
  EXPECT_DOUBLE_EQ(run_single(*engine, policy), 2.0 + 4.0 + 8.0);
}

// Draws that count their calls: the k-th draw of either kind is k (1, 2, 3, ...).
class CountingDraws final : public CostDraws {
 public:
  double comm(int, int) override { return ++drawn; }
  double compute(int) override { return ++drawn; }
  int drawn = 0;
};

// A drawn operation takes its share of the draw, one draw per operation; a fixed cost ignores
// its share, and share 1 (the default) is the draw itself.
TEST(PlanPolicy, ADrawnOperationTakesItsShareOfItsOwnDraw) {
  Plan plan;
  PlanOp half = comm_op(0, 1);
  half.share = 0.5;
  const int a = plan.add(half);                  // draw 1: lasts 0.5
  PlanOp quarter = compute_op(1);
  quarter.share = 0.25;
  const int b = plan.add(quarter, {a});          // draw 2: lasts 0.5
  const int c = plan.add(comm_op(1, 2), {b});    // draw 3: lasts 3
  PlanOp fixed = comm_op(2, 3, 2.0);
  fixed.share = 0.125;
  plan.add(fixed, {c});                          // fixed: lasts 2, no draw
  CountingDraws draws;
  PlanPolicy policy(plan, kUnit, &draws);
  auto engine = make_model_engine(ideal_cluster(4));
  EXPECT_DOUBLE_EQ(run_single(*engine, policy), 0.5 + 0.5 + 3 + 2);
  EXPECT_EQ(draws.drawn, 3);
}

TEST(PlanPolicy, DependencyOnALaterOperationIsRejected) {
  Plan plan;
  plan.add({ActivityKind::comm, 0, 1, 1.0});
  EXPECT_THROW(plan.require(0, 1), std::logic_error);
}

TEST(ModelEngine, RouteLatencyBandwidthAndRateCapAddUp) {
  Platform p = ideal_cluster(2, 1e9, 1e9);
  p.links.edit(p.hosts[0].up).latency = 0.5;
  p.links.edit(p.hosts[1].down).bandwidth = 5e8;  // the bottleneck
  Plan plan;
  plan.add({ActivityKind::comm, 0, 1, 1.0});                // 1e9 bytes: 0.5 + 1e9 / 5e8 = 2.5
  PlanPolicy policy(plan, CostScale{1e9, 1e9}, nullptr);
  auto engine = make_model_engine(p);
  EXPECT_DOUBLE_EQ(run_single(*engine, policy), 2.5);
  Plan capped;
  PlanOp op{ActivityKind::comm, 0, 1, 1.0};
  op.rate = 2.5e8;                                          // cap below the route: 0.5 + 4
  capped.add(op);
  PlanPolicy capped_policy(capped, CostScale{1e9, 1e9}, nullptr);
  auto engine2 = make_model_engine(p);
  EXPECT_DOUBLE_EQ(run_single(*engine2, capped_policy), 4.5);
}

// The planner runs when the instance counter has moved, and only then: a fixed instance is
// planned once for every replication, a moved counter gives the new instance's plan.
TEST(PlannedPolicy, PlansAgainExactlyWhenTheInstanceCounterMoves) {
  std::uint64_t instance = 0;
  double seconds = 1.0;
  int plans = 0;
  PlannedPolicy policy(
      [&] {
        ++plans;
        Plan plan;
        plan.add({ActivityKind::compute, 0, -1, seconds});
        return plan;
      },
      &instance, kUnit, nullptr);
  auto engine = make_model_engine(ideal_cluster(1));
  EXPECT_DOUBLE_EQ(run_single(*engine, policy), 1.0);
  seconds = 3.0;  // the instance changed but the counter did not: the old plan runs
  EXPECT_DOUBLE_EQ(run_single(*engine, policy), 1.0);
  EXPECT_EQ(plans, 1);
  ++instance;
  EXPECT_EQ(policy.plan().op(0).cost, 3.0);  // read before the run, made once for both
  EXPECT_DOUBLE_EQ(run_single(*engine, policy), 3.0);
  EXPECT_EQ(plans, 2);
}

}  // namespace hetcoll
