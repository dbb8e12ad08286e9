#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/rank_program.hpp"
#include "engine/recording_policy.hpp"

namespace hetcoll {
namespace {

// Cost 1 is one second on the ideal cluster's hosts and links (latency 0).
const CostScale kUnit{ideal_cluster(1).reference_bandwidth(), ideal_cluster(1).reference_speed()};
constexpr double kDetachedBelow = 10;  // costs below are detached sends

// When each activity of `program` ends on the model engine, in plan order.
std::vector<double> ends(const RankProgram& program) {
  const Plan plan = program.plan();
  PlanPolicy policy(plan, kUnit, nullptr);
  RecordingPolicy recorder(policy);
  auto engine = make_model_engine(ideal_cluster(program.ranks()));
  run_single(*engine, recorder);
  std::vector<double> end(plan.size());
  for (const auto& e : recorder.events()) end[e.activity.tag] = e.end;
  return end;
}

}  // namespace

TEST(RankProgram, ATransferStartsWhenBothSidesArePostedAndADetachedSendReleasesItsRankAtOnce) {
  RankProgram p(2, kDetachedBelow);
  p.send(0, 1, 1);     // detached: rank 0 goes on at 0
  p.compute(0, 5);     // 0 -> 5
  p.compute(1, 2);     // 0 -> 2
  p.recv(1, 0, 1);     // posted at 2: the transfer runs 2 -> 3
  p.compute(1, 1);     // 3 -> 4
  const Plan plan = p.plan();
  ASSERT_EQ(plan.size(), 4u);
  const std::vector<double> end = ends(p);
  // Plan order: the computations of rank 0 come as rank 0's calls are read, the comm once matched.
  EXPECT_DOUBLE_EQ(*std::max_element(end.begin(), end.end()), 5.0);
  std::vector<double> sorted = end;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<double>{2, 3, 4, 5}));
}

TEST(RankProgram, ALargeSendHoldsItsRankUntilItsTransferEnds) {
  RankProgram p(2, kDetachedBelow);
  p.send(0, 1, 10);   // not detached: rank 0 waits for the transfer, which waits for the receive
  p.compute(0, 1);
  p.compute(1, 3);
  p.recv(1, 0, 10);   // 3 -> 13
  std::vector<double> end = ends(p);
  std::sort(end.begin(), end.end());
  EXPECT_EQ(end, (std::vector<double>{3, 13, 14}));
}

TEST(RankProgram, MessagesBetweenTwoRanksMatchInPostingOrder) {
  RankProgram p(2, kDetachedBelow);
  const auto a = p.isend(0, 1, 1);
  const auto b = p.isend(0, 1, 4);
  p.waitall(0, {a, b});
  const auto first = p.irecv(1, 0, 4);  // matches the first send, of cost 1
  p.wait(1, first);
  p.compute(1, 2);                      // after the first message only: 1 -> 3
  p.recv(1, 0, 4);
  const Plan plan = p.plan();
  EXPECT_EQ(plan.op(0).cost, 1.0);  // the first message
  EXPECT_EQ(plan.op(2).cost, 4.0);  // the second, after the computation (op 1)
  std::vector<double> end = ends(p);
  std::sort(end.begin(), end.end());
  // The first transfer 0 -> 1, the computation 1 -> 3; the second receive is posted at 3, and
  // the second transfer, waiting for it although its send was posted at 0, runs 3 -> 7.
  EXPECT_EQ(end, (std::vector<double>{1, 3, 7}));
}

TEST(RankProgram, DeadlocksTruncationsAndUnmatchedMessagesAreRefusedNamingTheRank) {
  {
    RankProgram p(2, kDetachedBelow);
    p.recv(0, 1, 1);
    p.send(0, 1, 1);
    p.recv(1, 0, 1);
    p.send(1, 0, 1);
    EXPECT_THROW(p.plan(), std::logic_error);
  }
  {
    RankProgram p(2, kDetachedBelow);
    p.send(0, 1, 2);
    p.recv(1, 0, 1);
    EXPECT_THROW(p.plan(), std::logic_error);
  }
  {
    RankProgram p(3, kDetachedBelow);
    p.send(0, 1, 1);  // detached, never received
    try {
      p.plan();
      ADD_FAILURE() << "an unmatched send was accepted";
    } catch (const std::logic_error& e) {
      EXPECT_NE(std::string(e.what()).find("rank 0 sends to rank 1"), std::string::npos) << e.what();
    }
  }
}

}  // namespace hetcoll

namespace hetcoll {
namespace {

// A long program's plan grows with its messages, not with the square of them: what a rank had
// waited for when it posted a request is implied by that request's transfer, so it is dropped
// from what its next posts wait for. A chain of 3 ranks forwarding 4,000 segments, blocking,
// then has at most 3 dependencies per transfer, and still takes its 2 × 4,000 segment times (rank
// 1 forwards each segment before it posts the next receive).
TEST(RankProgram, ALongProgramHasAsFewDependenciesAsItHasPostsInFlight) {
  const int segments = 4000;
  const double segment = 20;  // not detached
  RankProgram program(3, kDetachedBelow);
  for (int s = 0; s < segments; ++s) {
    program.send(2, 1, segment);
    const RankProgram::Request in = program.irecv(1, 2, segment);
    program.wait(1, in);
    program.send(1, 0, segment);
    program.recv(0, 1, segment);
  }
  const Plan plan = program.plan();
  ASSERT_EQ(plan.size(), 2u * segments);
  long dependencies = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) dependencies += plan.dependency_count(static_cast<int>(i));
  EXPECT_LE(dependencies, 3L * static_cast<long>(plan.size()));
  const std::vector<double> end = ends(program);
  EXPECT_DOUBLE_EQ(*std::max_element(end.begin(), end.end()), 2 * segments * segment);
}

}  // namespace
}  // namespace hetcoll
