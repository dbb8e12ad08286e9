/// @file test_goal_reader.cpp
/// @brief The GOAL reader (docs/schedule.md, "The format as hetcoll reads it"): each feature of
/// the grammar read as written, and each error refused in one line naming the file and line.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "algorithms/schedule/support/goal_reader.hpp"
#include "core/error.hpp"

namespace hetcoll {
namespace {

// The issue's example, with LogGOPSim's calc in nanoseconds.
const char* kIssueExample =
    "num_ranks 2\n"
    "rank 0 {\n"
    "l1: calc 100\n"
    "l2: send 8b to 1 tag 0\n"
    "l2 requires l1\n"
    "}\n"
    "rank 1 {\n"
    "l1: recv 8b from 0 tag 0\n"
    "l2: calc 50 cpu 0\n"
    "l2 requires l1\n"
    "}\n";

TEST(GoalReader, ReadsTheIssuesExampleOperationByOperation) {
  const GoalSchedule s = read_goal_text(kIssueExample, "ex.goal");
  EXPECT_EQ(s.ranks, 2);
  ASSERT_EQ(s.ops.size(), 4u);
  EXPECT_EQ(s.ops[0].kind, GoalOpKind::calc);
  EXPECT_EQ(s.ops[0].amount, 100);
  EXPECT_EQ(s.ops[0].line, 3u);
  EXPECT_EQ(s.ops[1].kind, GoalOpKind::send);
  EXPECT_EQ(s.ops[1].peer, 1);
  EXPECT_EQ(s.ops[1].amount, 8);
  EXPECT_EQ(s.ops[2].kind, GoalOpKind::recv);
  EXPECT_EQ(s.ops[2].rank, 1);
  EXPECT_EQ(s.ops[2].peer, 0);
  EXPECT_EQ(s.ops[3].amount, 50);
  ASSERT_EQ(s.dependencies.size(), 2u);
  // Labels are a block's own: l1 and l2 of rank 1 are operations 2 and 3.
  EXPECT_EQ(s.dependencies[1].op, 3);
  EXPECT_EQ(s.dependencies[1].on, 2);
  EXPECT_FALSE(s.dependencies[1].started);
  EXPECT_FALSE(s.numbered);
}

TEST(GoalReader, CommentsOfBothKindsAnywhereBetweenTokensKeepTheLineNumbers) {
  const GoalSchedule s = read_goal_text("// a schedule\n"
                                        "num_ranks /* inline */ 2\n"
                                        "/* a comment\n"
                                        "   over lines */ rank 0 {\n"
                                        "a: send 8b /* size */ to 1 // to rank 1\n"
                                        "}\n"
                                        "rank 1 { /* open */\n"
                                        "a: recv 8b from 0\n"
                                        "}\n",
                                        "c.goal");
  ASSERT_EQ(s.ops.size(), 2u);
  EXPECT_EQ(s.ops[0].line, 5u);
  EXPECT_EQ(s.ops[1].line, 8u);
}

TEST(GoalReader, UnlabelledOperationsOptionsForwardLabelsAndStatementsOnOneLine) {
  // num_ranks and a block's opening share a line, as LogGOPSim's lexer allows; "b" and
  // "requires" are labels at the start of a statement; a dependency names a later label.
  const GoalSchedule s = read_goal_text("num_ranks 3 rank 0 {\n"
                                        "send 8b to 1 tag 7 cpu 1 nic 2\n"
                                        "b: calc 1.5e-3 cpu 3\n"
                                        "b requires requires\n"
                                        "requires: send 16b to 2 nic 1\n"
                                        "b irequires requires\r\n"
                                        "}\n",
                                        "o.goal");
  ASSERT_EQ(s.ops.size(), 3u);
  EXPECT_EQ(s.ops[0].tag, 7u);
  EXPECT_EQ(s.ops[1].amount, 1.5e-3);
  EXPECT_EQ(s.ops[2].tag, 0u);
  ASSERT_EQ(s.dependencies.size(), 2u);
  // The irequires line resolves at once; the forward requires when the block closes.
  EXPECT_TRUE(s.dependencies[0].started);
  EXPECT_EQ(s.dependencies[1].op, 1);
  EXPECT_EQ(s.dependencies[1].on, 2);
  EXPECT_EQ(s.dependencies[1].line, 4u);
}

TEST(GoalReader, OpLabelsNumberTheFileOnlyWhenEverySendAndCalcHasOne) {
  const std::string numbered =
      "num_ranks 2\nrank 0 {\nop1: send 8b to 1\nop0: calc 1\n}\nrank 1 {\nx: recv 8b from 0\n}\n";
  const GoalSchedule s = read_goal_text(numbered, "n.goal");
  EXPECT_TRUE(s.numbered);
  EXPECT_EQ(s.ops[0].label_number, 1);
  EXPECT_EQ(s.ops[1].label_number, 0);
  EXPECT_EQ(s.ops[2].label_number, -1);
  EXPECT_FALSE(read_goal_text("num_ranks 1\nrank 0 {\nop0: calc 1\ncalc 2\n}\n", "u.goal").numbered);
  EXPECT_FALSE(read_goal_text("num_ranks 1\nrank 0 {\nop0: calc 1\nopx: calc 2\n}\n", "u.goal").numbered);
}

TEST(GoalReader, TheHeaderAloneGivesTheRanksAndReadsNoFurther) {
  EXPECT_EQ(read_goal_ranks(""), 2);  // the built-in schedule
  const std::string path = testing::TempDir() + "header.goal";
  std::ofstream(path) << "// header\nnum_ranks 5\nthe rest is not read ;\n";
  EXPECT_EQ(read_goal_ranks(path), 5);
  EXPECT_THROW(read_goal(path), InputError);
  std::remove(path.c_str());
}

TEST(GoalReader, ReadsAReceivesWildcardsAndMarksTheSchedule) {
  const GoalSchedule s = read_goal_text("num_ranks 3\nrank 0 {\na: recv 8b from -1\nb: recv 8b from 2 tag -1\n"
                                        "c: recv 8b from -1 tag -1\n}\n",
                                        "w.goal");
  ASSERT_EQ(s.ops.size(), 3u);
  EXPECT_TRUE(s.wildcards);
  EXPECT_EQ(s.ops[0].peer, kGoalAnySource);
  EXPECT_EQ(s.ops[0].tag, 0u);
  EXPECT_EQ(s.ops[1].peer, 2);
  EXPECT_EQ(s.ops[1].tag, kGoalAnyTag);
  EXPECT_EQ(s.ops[2].peer, kGoalAnySource);
  EXPECT_EQ(s.ops[2].tag, kGoalAnyTag);
  // Written back as the file says them.
  EXPECT_EQ(describe_goal_op(s.ops[2]), "rank 0's recv 8b from -1 tag -1");
  EXPECT_FALSE(read_goal_text(kIssueExample, "ex.goal").wildcards);
}

struct BadFile {
  const char* text;
  unsigned line;         // 0: the message names the file alone
  const char* fragment;  // part of the message
};

TEST(GoalReader, EveryErrorIsOneLineNamingTheFileAndTheLine) {
  const std::vector<BadFile> cases = {
      {"rank 0 {\n}\n", 1, "expected 'num_ranks N' before"},
      {"num_ranks 2\nnum_ranks 2\n", 2, "given twice"},
      {"num_ranks 0\n", 1, "num_ranks '0'"},
      {"num_ranks 2\nrank 2 {\n}\n", 2, "rank '2' is no rank"},
      {"num_ranks 2\nrank 0 {\n}\nrank 0 {\n}\n", 4, "has a block already"},
      {"num_ranks 2\nrank 0 {\nrank 1 {\n", 3, "is not closed"},
      {"num_ranks 2\nrank 0 {\n", 2, "is not closed"},
      {"num_ranks 2\n}\n", 2, "closes no block"},
      {"num_ranks 2\nrank 0 {\na: send 8b to 5\n}\n", 3, "destination '5' is no rank"},
      {"num_ranks 2\nrank 0 {\na: send 8b to -1\n}\n", 3, "destination '-1' is no rank"},
      {"num_ranks 2\nrank 0 {\na: send 8b to 1 tag -1\n}\n", 3, "a send's tag -1 is refused"},
      {"num_ranks 2\nrank 1 {\na: recv 8b from -2\n}\n", 3, "in [0, 1] or -1 (any source)"},
      {"num_ranks 2\nrank 0 {\na: send 8b to 0\n}\n", 3, "its own rank"},
      {"num_ranks 2\nrank 0 {\na: send 8x to 1\n}\n", 3, "'b' after the size"},
      {"num_ranks 2\nrank 0 {\na: send 1e3b to 1\n}\n", 3, "whole number of bytes"},
      {"num_ranks 2\nrank 0 {\na: send 8b from 1\n}\n", 3, "expected 'to'"},
      {"num_ranks 2\nrank 1 {\na: recv 8b to 0\n}\n", 3, "expected 'from'"},
      {"num_ranks 1\nrank 0 {\na: calc -2\n}\n", 3, "non-negative number"},
      {"num_ranks 1\nrank 0 {\na: calc 1e999\n}\n", 3, "non-negative number"},
      {"num_ranks 1\nrank 0 {\na: calc 1 nic 0\n}\n", 3, "expected 'cpu' or the end"},
      {"num_ranks 2\nrank 0 {\na: send 8b to 1 nic 0 tag 1\n}\n", 3, "in that order"},
      {"num_ranks 1\nrank 0 {\na: calc 1\na: calc 1\n}\n", 4, "defined twice"},
      {"num_ranks 1\nrank 0 {\na requires b\n}\n", 3, "label 'a' is not defined"},
      {"num_ranks 1\nrank 0 {\na: calc 1\n}\nrank 0 {\n", 5, "has a block already"},
      {"num_ranks 1\nrank 0 {\nsend: calc 1\n}\n", 3, "expected a size"},
      {"num_ranks 1\nrank 0 {\na calc 1\n}\n", 3, "expected ':', 'requires' or 'irequires'"},
      {"num_ranks 1\nrank 0 {\na: wait 1\n}\n", 3, "expected 'send', 'recv' or 'calc'"},
      {"num_ranks 1\nrank 0 {\n/* open\n}\n", 3, "comment '/*' is not closed"},
      {"num_ranks 1\nrank 0 {\na: calc 1 }\n", 3, "expected 'cpu' or the end"},
      {"", 0, "no 'num_ranks N' line"},
  };
  for (const BadFile& c : cases) {
    SCOPED_TRACE(c.text);
    try {
      read_goal_text(c.text, "bad.goal");
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      const std::string what = e.what();
      const std::string where = c.line == 0 ? "bad.goal: " : "bad.goal:" + std::to_string(c.line) + ": ";
      EXPECT_EQ(what.rfind(where, 0), 0u) << what;
      EXPECT_NE(what.find(c.fragment), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace hetcoll
