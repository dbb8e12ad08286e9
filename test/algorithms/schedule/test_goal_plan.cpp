/// @file test_goal_plan.cpp
/// @brief The GOAL compiler (docs/schedule.md, "Matching and ordering"): matching by channel in
/// posting order, a message waiting for both its sides, irequires replaced by the started
/// operation's dependencies, the topological order by key, and the refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "algorithms/schedule/support/goal_plan.hpp"
#include "core/error.hpp"

namespace hetcoll {
namespace {

Plan compile(const std::string& text, CalcUnit unit = CalcUnit::flops, std::vector<double> speeds = {}) {
  const GoalSchedule s = read_goal_text(text, "t.goal");
  if (speeds.empty()) speeds.assign(static_cast<std::size_t>(s.ranks), 1.0);
  return compile_goal(s, unit, speeds);
}

bool waits_for(const Plan& plan, int op, int before) {
  const std::vector<int>& d = plan.dependents(before);
  return std::find(d.begin(), d.end(), op) != d.end();
}

/// The error of compiling `text`, or "".
std::string error_of(const std::string& text) {
  try {
    compile(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(GoalPlan, TheKthSendOfAChannelMeetsItsKthReceiveAndTagsAreChannels) {
  // Sizes tell the messages apart; each receive is just large enough for the message it must
  // meet, so meeting any other is refused as too small.
  const Plan plan = compile("num_ranks 2\n"
                            "rank 0 {\n"
                            "send 1b to 1 tag 5\n"
                            "send 2b to 1\n"
                            "send 3b to 1\n"
                            "}\n"
                            "rank 1 {\n"
                            "recv 2b from 0\n"
                            "recv 3b from 0\n"
                            "recv 1b from 0 tag 5\n"
                            "}\n");
  ASSERT_EQ(plan.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(plan.op(i).kind, ActivityKind::comm);
    EXPECT_EQ(plan.op(i).host, 0);
    EXPECT_EQ(plan.op(i).peer, 1);
    EXPECT_EQ(plan.op(i).cost, i + 1) << "a message is its send's size, in its send's line order";
  }
  const std::string swapped = "num_ranks 2\nrank 0 {\nsend 2b to 1\nsend 1b to 1\n}\n"
                              "rank 1 {\nrecv 1b from 0\nrecv 2b from 0\n}\n";
  EXPECT_NE(error_of(swapped).find("t.goal:7: rank 1's recv 1b from 0 tag 0 is smaller than the message it matches"),
            std::string::npos);
  // A larger receive is fine, as in MPI: the message keeps its send's size.
  EXPECT_EQ(compile("num_ranks 2\nrank 0 {\nsend 2b to 1\n}\nrank 1 {\nrecv 9b from 0\n}\n").op(0).cost, 2);
}

TEST(GoalPlan, AMessageWaitsForTheDependenciesOfItsSendAndOfItsReceive) {
  const Plan plan = compile("num_ranks 2\n"
                            "rank 0 {\n"
                            "c0: calc 5\n"
                            "s: send 8b to 1\n"
                            "s requires c0\n"
                            "}\n"
                            "rank 1 {\n"
                            "c1: calc 7\n"
                            "r: recv 8b from 0\n"
                            "r requires c1\n"
                            "after: calc 1\n"
                            "after requires r\n"
                            "}\n");
  // By line: c0 (3), c1 (8), then the message (its send's line 4 comes before 8, but the message
  // waits for c1), then after.
  ASSERT_EQ(plan.size(), 4u);
  EXPECT_EQ(plan.op(0).cost, 5);
  EXPECT_EQ(plan.op(1).cost, 7);
  EXPECT_EQ(plan.op(2).kind, ActivityKind::comm);
  EXPECT_EQ(plan.dependency_count(2), 2);
  EXPECT_TRUE(waits_for(plan, 2, 0) && waits_for(plan, 2, 1));
  EXPECT_EQ(plan.dependency_count(3), 1);
  EXPECT_TRUE(waits_for(plan, 3, 2)) << "a receive ends when its message does";
}

TEST(GoalPlan, IrequiresIsTheStartedOperationsOwnDependenciesTransitively) {
  const Plan plan = compile("num_ranks 2\n"
                            "rank 0 {\n"
                            "a: calc 1\n"
                            "b: calc 2\n"
                            "b requires a\n"
                            "c: calc 3\n"
                            "c irequires b\n"
                            "d: calc 4\n"
                            "d irequires c\n"
                            "s: send 8b to 1\n"
                            "s requires b\n"
                            "e: calc 5\n"
                            "e irequires s\n"
                            "}\n"
                            "rank 1 {\n"
                            "z: calc 6\n"
                            "r: recv 8b from 0\n"
                            "r requires z\n"
                            "}\n");
  // Ops by line: a 0, b 1, c 2, d 3, z 4 (line 16) before the message (its send waits for b,
  // its receive for z), e ... Find them by cost.
  auto find = [&plan](double cost, ActivityKind kind = ActivityKind::compute) {
    for (std::size_t i = 0; i < plan.size(); ++i)
      if (plan.op(static_cast<int>(i)).cost == cost && plan.op(static_cast<int>(i)).kind == kind)
        return static_cast<int>(i);
    return -1;
  };
  const int a = find(1), b = find(2), c = find(3), d = find(4), e = find(5), z = find(6);
  const int m = find(8, ActivityKind::comm);
  EXPECT_EQ(plan.dependency_count(c), 1);
  EXPECT_TRUE(waits_for(plan, c, a)) << "c starts when b starts: when a ends";
  EXPECT_EQ(plan.dependency_count(d), 1);
  EXPECT_TRUE(waits_for(plan, d, a)) << "d starts when c starts: when a ends";
  EXPECT_EQ(plan.dependency_count(m), 2);
  EXPECT_TRUE(waits_for(plan, m, b) && waits_for(plan, m, z));
  // e irequires the send: the send is posted when b ends; the receive's side (z) is not e's.
  EXPECT_EQ(plan.dependency_count(e), 1);
  EXPECT_TRUE(waits_for(plan, e, b));
}

TEST(GoalPlan, OperationsAreNumberedTopologicallyByLineOrByOpLabels) {
  // By line, the calc of line 3 waits for a message whose send is on line 7: it comes after it.
  const Plan by_line = compile("num_ranks 2\n"
                               "rank 0 {\n"
                               "x: calc 4\n"
                               "r: recv 8b from 1\n"
                               "x requires r\n"
                               "}\n"
                               "rank 1 {\n"
                               "s: send 8b to 0\n"
                               "y: calc 9\n"
                               "}\n");
  ASSERT_EQ(by_line.size(), 3u);
  EXPECT_EQ(by_line.op(0).kind, ActivityKind::comm);
  EXPECT_EQ(by_line.op(1).cost, 4);
  EXPECT_EQ(by_line.op(2).cost, 9);
  // op<K> labels on every send and calc: K's order, whatever the lines (here the reverse).
  const Plan by_label = compile("num_ranks 2\n"
                                "rank 0 {\n"
                                "op2: calc 1\n"
                                "op1: calc 2\n"
                                "op0: send 8b to 1\n"
                                "}\n"
                                "rank 1 {\n"
                                "anything: recv 8b from 0\n"
                                "op3: calc 3\n"
                                "op3 requires anything\n"
                                "}\n");
  ASSERT_EQ(by_label.size(), 4u);
  EXPECT_EQ(by_label.op(0).kind, ActivityKind::comm);
  EXPECT_EQ(by_label.op(1).cost, 2);
  EXPECT_EQ(by_label.op(2).cost, 1);
  EXPECT_EQ(by_label.op(3).cost, 3);
}

TEST(GoalPlan, CalcsAreSecondsOnTheirHostOrFlops) {
  const std::string text = "num_ranks 2\nrank 0 {\ncalc 0.5\n}\nrank 1 {\ncalc 3\n}\n";
  const Plan seconds = compile(text, CalcUnit::seconds, {8, 1024});
  EXPECT_EQ(seconds.op(0).cost, 4);
  EXPECT_EQ(seconds.op(1).cost, 3072);
  EXPECT_NE(error_of(text).find("t.goal:3: rank 0's calc 0.5: with calc-unit = flops, expected a whole number"),
            std::string::npos);
  EXPECT_EQ(compile("num_ranks 1\nrank 0 {\ncalc 3\n}\n", CalcUnit::flops, {1024}).op(0).cost, 3);
}

TEST(GoalPlan, UnmatchedOperationsAndCyclesAreRefusedNamingTheEarliestLine) {
  // The second send of the channel is the unmatched one.
  EXPECT_NE(error_of("num_ranks 2\nrank 0 {\nsend 8b to 1\nsend 8b to 1\n}\nrank 1 {\nrecv 8b from 0\n}\n")
                .find("t.goal:4: rank 0's send 8b to 1 tag 0 is never matched"),
            std::string::npos);
  EXPECT_NE(error_of("num_ranks 2\nrank 0 {\n}\nrank 1 {\nrecv 8b from 0 tag 3\n}\n")
                .find("t.goal:5: rank 1's recv 8b from 0 tag 3 is never matched"),
            std::string::npos);
  // A ring where every rank receives before it sends deadlocks: a cycle of the compiled plan.
  std::string ring = "num_ranks 3\n";
  for (int r = 0; r < 3; ++r)
    ring += "rank " + std::to_string(r) + " {\nr: recv 8b from " + std::to_string((r + 2) % 3) + "\ns: send 8b to " +
            std::to_string((r + 1) % 3) + "\ns requires r\n}\n";
  EXPECT_NE(error_of(ring).find("is on a dependency cycle: the schedule deadlocks"), std::string::npos)
      << error_of(ring);
  // The same ring with rank 0 sending first runs.
  std::string fixed = ring;
  fixed.replace(fixed.find("s requires r"), 12, "r requires s");
  EXPECT_EQ(compile(fixed).size(), 3u);
  EXPECT_NE(error_of("num_ranks 1\nrank 0 {\na: calc 1\nb: calc 1\nb irequires a\na irequires b\n}\n")
                .find("is on a cycle of 'irequires'"),
            std::string::npos);
}

TEST(GoalPlan, IrequiresChainsWhoseExpansionGrowsWithoutBoundAreRefused) {
  // c_k irequires c_{k-1} and requires x_k: c_k waits for x_1 .. x_k, k(k + 1) / 2 in all.
  auto chain = [](int links) {
    std::string text = "num_ranks 1\nrank 0 {\n";
    for (int k = 0; k < links; ++k) {
      const std::string c = "c" + std::to_string(k), x = "x" + std::to_string(k);
      text += x + ": calc 1\n" + c + ": calc 1\n" + c + " requires " + x + "\n";
      if (k > 0) text += c + " irequires c" + std::to_string(k - 1) + "\n";
    }
    return text + "}\n";
  };
  const Plan fine = compile(chain(100));
  EXPECT_EQ(fine.size(), 200u);
  EXPECT_EQ(fine.dependency_count(static_cast<int>(fine.size()) - 1), 100) << "the last link waits for every x";
  EXPECT_NE(error_of(chain(2000)).find("its 'irequires' expand to more than"), std::string::npos);
}

}  // namespace
}  // namespace hetcoll
