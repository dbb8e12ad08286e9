// The two counterexamples of section 2.3 with the instances of docs/divisible.md, and
// their exact rational values, under both port models.
#include <gtest/gtest.h>

#include "algorithms/divisible/divisible_harness.hpp"

namespace hetcoll {
namespace {

using test::solve;

constexpr double kTight = 1e-9;

Star figure2() { return {{1, 1, 5}, {1, 1, 5}, {1, 1, 5}}; }
Star figure3() { return {{1, 2, 1}, {1, 3, 1}, {2, 3, 4}}; }

double value(const std::vector<double>& alpha) { return std::accumulate(alpha.begin(), alpha.end(), 0.0); }

/// The raw LP values of all 36 pairs, best first, with their orders.
struct PairValue {
  double value;
  std::vector<int> send, ret;
  std::vector<double> alpha;
};
std::vector<PairValue> all_pairs(const Star& star, PortModel port) {
  OrderLp lp(star, port);
  std::vector<PairValue> out;
  std::vector<int> send = test::identity(3);
  do {
    std::vector<int> ret = test::identity(3);
    do {
      const std::vector<double> alpha = lp.solve(send, ret);
      out.push_back({value(alpha), send, ret, alpha});
    } while (std::next_permutation(ret.begin(), ret.end()));
  } while (std::next_permutation(send.begin(), send.end()));
  std::stable_sort(out.begin(), out.end(), [](const PairValue& a, const PairValue& b) { return a.value > b.value; });
  return out;
}

class DivisiblePaperExamples : public ::testing::TestWithParam<PortModel> {};

TEST_P(DivisiblePaperExamples, Figure2OptimumIsFifoOnTwoWorkersForOneHalf) {
  const DivisibleSchedule best = solve("optimal", figure2(), GetParam());
  EXPECT_NEAR(best.load(), 0.5, kTight);
  EXPECT_EQ(best.enrolled(), 2);
  EXPECT_EQ(best.alpha[2], 0.0);
  EXPECT_NEAR(best.alpha[0], 0.25, kTight);
  EXPECT_NEAR(best.alpha[1], 0.25, kTight);
  EXPECT_NEAR(solve("opt-fifo", figure2(), GetParam()).load(), 0.5, kTight);
}

TEST_P(DivisiblePaperExamples, Figure2BestScheduleWithAllThreeWorkersIsLifoForSixtyOneOver135) {
  double best_all_three = 0;
  std::vector<int> send, ret;
  for (const PairValue& pair : all_pairs(figure2(), GetParam()))
    if (std::all_of(pair.alpha.begin(), pair.alpha.end(), [](double a) { return a > 1e-12; }) &&
        pair.value > best_all_three + 1e-12) {
      best_all_three = pair.value;
      send = pair.send;
      ret = pair.ret;
    }
  EXPECT_NEAR(best_all_three, 61.0 / 135, kTight);
  EXPECT_EQ(ret, std::vector<int>(send.rbegin(), send.rend())) << "a LIFO pair";
  EXPECT_NEAR(solve("opt-lifo", figure2(), GetParam()).load(), 61.0 / 135, kTight);
}

TEST_P(DivisiblePaperExamples, Figure3OptimumSendsP1P2P3AndReceivesP2P1P3ForSevenEighteenths) {
  const std::vector<PairValue> pairs = all_pairs(figure3(), GetParam());
  EXPECT_NEAR(pairs[0].value, 7.0 / 18, kTight);
  EXPECT_EQ(pairs[0].send, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(pairs[0].ret, (std::vector<int>{1, 0, 2}));
  EXPECT_NEAR(pairs[1].value, 17.0 / 44, kTight) << "the optimum is unique";
  const DivisibleSchedule best = solve("optimal", figure3(), GetParam());
  EXPECT_NEAR(best.load(), 7.0 / 18, kTight);
  EXPECT_NEAR(best.alpha[0], 2.0 / 9, kTight);
  EXPECT_NEAR(best.alpha[1], 1.0 / 18, kTight);
  EXPECT_NEAR(best.alpha[2], 1.0 / 9, kTight);
  EXPECT_EQ(best.ret, (std::vector<int>{1, 0, 2}));
  // Neither FIFO nor LIFO reaches it: 3/8 for both under two-port (§2.6); under one-port
  // LIFO keeps 3/8 and FIFO drops to 31/83, since its best two-port schedule overlaps.
  const bool two_port = GetParam() == PortModel::two_port;
  EXPECT_NEAR(test::brute_force(figure3(), GetParam(), test::Pairs::fifo), two_port ? 3.0 / 8 : 31.0 / 83, kTight);
  EXPECT_NEAR(test::brute_force(figure3(), GetParam(), test::Pairs::lifo), 3.0 / 8, kTight);
}

TEST_P(DivisiblePaperExamples, Figure3TimeLineMatchesTheWorkedTimeLineOnTheModelEngine) {
  const DivisibleSchedule best = solve("optimal", figure3(), GetParam());
  std::vector<Completion> events;
  EXPECT_NEAR(test::run_on_model(figure3(), best, GetParam(), &events), 1.0, kTight);
  // (kind, host, peer) -> (start, end): sends, computations, returns of §2.6.
  struct Expected {
    ActivityKind kind;
    int host, peer;
    double start, end;
  };
  const std::vector<Expected> expected = {
      {ActivityKind::comm, 0, 1, 0, 2.0 / 9},         {ActivityKind::comm, 0, 2, 2.0 / 9, 1.0 / 3},
      {ActivityKind::comm, 0, 3, 1.0 / 3, 4.0 / 9},   {ActivityKind::compute, 1, -1, 2.0 / 9, 2.0 / 3},
      {ActivityKind::compute, 2, -1, 1.0 / 3, 1.0 / 2}, {ActivityKind::compute, 3, -1, 4.0 / 9, 8.0 / 9},
      {ActivityKind::comm, 2, 0, 1.0 / 2, 2.0 / 3},   {ActivityKind::comm, 1, 0, 2.0 / 3, 8.0 / 9},
      {ActivityKind::comm, 3, 0, 8.0 / 9, 1},
  };
  ASSERT_EQ(events.size(), expected.size());
  for (const Expected& e : expected) {
    const auto it = std::find_if(events.begin(), events.end(), [&](const Completion& c) {
      return c.activity.kind == e.kind && c.activity.host == e.host && c.activity.peer == e.peer;
    });
    ASSERT_NE(it, events.end());
    EXPECT_NEAR(it->start, e.start, kTight) << e.host << "->" << e.peer;
    EXPECT_NEAR(it->end, e.end, kTight) << e.host << "->" << e.peer;
  }
}

INSTANTIATE_TEST_SUITE_P(BothPortModels, DivisiblePaperExamples, ::testing::Values(PortModel::two_port, PortModel::one_port),
                         [](const auto& info) { return info.param == PortModel::two_port ? "TwoPort" : "OnePort"; });

// c = d = (1,2,1), w = (1,1,1) gives 10/19 against 1/2 for the best of FIFO
// (1/2) and LIFO (7/15), but only when a send may overlap a return.
TEST(DivisiblePortModels, SmallExampleBeatsFifoAndLifoOnlyUnderTwoPort) {
  const Star star{{1, 2, 1}, {1, 2, 1}, {1, 1, 1}};
  EXPECT_NEAR(solve("optimal", star, PortModel::two_port).load(), 10.0 / 19, kTight);
  EXPECT_NEAR(test::brute_force(star, PortModel::two_port, test::Pairs::fifo), 0.5, kTight);
  EXPECT_NEAR(test::brute_force(star, PortModel::two_port, test::Pairs::lifo), 7.0 / 15, kTight);
  EXPECT_LT(solve("optimal", star, PortModel::one_port).load(), 10.0 / 19 - 1e-6);
}

// §2.1: under a strict one-port master, Theorem 2's no-idle schedule may overlap a send and a
// return; the one-port OPT-FIFO then takes the LP of the same order, which fits T.
TEST(DivisiblePortModels, OnePortSchedulesNeverOverlapASendAndAReturn) {
  RandomStream random(21);
  int overlapping_two_port = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const Star star = test::random_star(random, 6, 0.8);
    for (const DivisibleAlgorithm& a : test::planners()) {
      if (a.max_workers() > 0) continue;
      SolveOptions options;
      options.port = PortModel::one_port;
      const DivisibleSchedule s = test::schedule_of(a, star, options);
      EXPECT_LE(schedule_length(star, s, PortModel::one_port), 1 + kTight) << a.name();
    }
    const DivisibleSchedule two = solve("opt-fifo", star);
    if (schedule_length(star, two, PortModel::one_port) > 1 + 1e-6) ++overlapping_two_port;
  }
  EXPECT_GT(overlapping_two_port, 0) << "the one-port row binds on some instance";
}

TEST(DivisibleLp, GivenOrdersOfFigure3GiveSevenEighteenthsAndIdleWorkersAreDropped) {
  SolveOptions options;
  options.send_order = {0, 1, 2};
  options.return_order = {1, 0, 2};
  EXPECT_NEAR(test::schedule_of(divisible_algorithms().at("lp"), figure3(), options).load(), 7.0 / 18, kTight);
  // Figure 2 in FIFO order (1,2,3): the LP leaves P3 idle; the schedule lists P1, P2 only.
  const DivisibleSchedule s = test::schedule_of(divisible_algorithms().at("lp"), figure2(), SolveOptions{});
  EXPECT_NEAR(s.load(), 0.5, kTight);
  EXPECT_EQ(s.send, (std::vector<int>{0, 1}));
  EXPECT_EQ(s.alpha[2], 0.0);
}

TEST(DivisibleLp, AnIdleWorkerWhoseRowBindsIsRemovedSoTheScheduleEndsAtT) {
  // P3 is too slow to get load, yet placed last in sends and first in returns its row reads
  // Σ_{j≠3} α_j (c_j + d_j) ≤ 1: the one-port row. Without P3 the two-port FIFO on (P1, P2)
  // keeps nobody idle: α = (1/3.1, 1/3.1), ρ = 2/3.1 (Σ α (c + d) = 4/3.1 > 1).
  const Star star{{1, 1, 100}, {1, 1, 100}, {0.1, 0.1, 100}};
  const std::vector<int> send = {0, 1, 2}, ret = {2, 0, 1};
  OrderLp lp(star, PortModel::two_port);
  const std::vector<double> raw = lp.solve(send, ret);
  EXPECT_EQ(raw[2], 0.0);
  EXPECT_NEAR(value(raw), 0.5, kTight);
  const DivisibleSchedule s = lp_schedule(star, send, ret, PortModel::two_port);
  EXPECT_EQ(s.send, (std::vector<int>{0, 1}));
  EXPECT_EQ(s.ret, (std::vector<int>{0, 1}));
  EXPECT_NEAR(s.load(), 2 / 3.1, kTight);
  EXPECT_NEAR(test::run_on_model(star, s, PortModel::two_port), 1.0, kTight);
}

}  // namespace
}  // namespace hetcoll
