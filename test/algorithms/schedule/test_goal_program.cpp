/// @file test_goal_program.cpp
/// @brief The checks made before a schedule with wildcards runs (docs/schedule.md, "Wildcards:
/// matching in posting order"): what no timing can match, against a brute force over every
/// one-to-one matching, and the cycles of the file's own dependencies.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "algorithms/schedule/support/goal_program.hpp"
#include "core/error.hpp"

namespace hetcoll {
namespace {

/// Whether `text` is refused before the run (InputError), the message in `why`.
bool refused(const std::string& text, std::string* why = nullptr) {
  try {
    const GoalSchedule s = read_goal_text(text, "w.goal");
    prepare_goal_program(s, CalcUnit::seconds, std::vector<double>(static_cast<std::size_t>(s.ranks), 1.0));
  } catch (const InputError& e) {
    if (why != nullptr) *why = e.what();
    return true;
  }
  return false;
}

/// Whether some one-to-one matching of every send to a receive that accepts it exists: every
/// order of the receives tried against the sends in file order.
bool matchable(const GoalSchedule& s) {
  std::vector<const GoalOp*> sends, recvs;
  for (const GoalOp& op : s.ops) (op.kind == GoalOpKind::send ? sends : recvs).push_back(&op);
  if (sends.size() != recvs.size()) return false;
  std::vector<std::size_t> order(recvs.size());
  std::iota(order.begin(), order.end(), 0);
  do {
    bool all = true;
    for (std::size_t i = 0; all && i < sends.size(); ++i) all = goal_accepts(*recvs[order[i]], *sends[i]);
    if (all) return true;
  } while (std::next_permutation(order.begin(), order.end()));
  return false;
}

TEST(GoalProgram, RefusesExactlyTheReceivesNoOneToOneMatchingCanSatisfy) {
  // Random files of rank 0 receiving from ranks 1 to 3 with tags 0 and 1, wildcards or not,
  // and those ranks sending to it: refused before the run if and only if no one-to-one matching
  // exists, whenever rank 0 does not mix receives from -1 with a tag and from a rank with tag -1
  // (there the check is partial: it never refuses a matchable file).
  std::mt19937 random(30);
  int refusals = 0, mixed = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text = "num_ranks 4\nrank 0 {\n";
    const int receives = 1 + static_cast<int>(random() % 5);
    bool any_source_with_tag = false, rank_with_any_tag = false;
    for (int r = 0; r < receives; ++r) {
      const int from = static_cast<int>(random() % 4) - 1, tag = static_cast<int>(random() % 3) - 1;
      any_source_with_tag |= from < 0 && tag >= 0;
      rank_with_any_tag |= from >= 0 && tag < 0;
      text += "recv 8b from " + std::to_string(from < 0 ? -1 : from + 1) + " tag " + std::to_string(tag) + "\n";
    }
    text += "}\n";
    for (int rank = 1; rank <= 3; ++rank) {
      text += "rank " + std::to_string(rank) + " {\n";
      for (int k = static_cast<int>(random() % 3); k > 0; --k)
        text += "send 8b to 0 tag " + std::to_string(random() % 2) + "\n";
      text += "}\n";
    }
    SCOPED_TRACE(text);
    const bool can = matchable(read_goal_text(text, "w.goal"));
    const bool no = refused(text);
    if (can) EXPECT_FALSE(no) << "a file some matching completes is refused";
    if (!(any_source_with_tag && rank_with_any_tag)) EXPECT_EQ(no, !can);
    refusals += no;
    mixed += any_source_with_tag && rank_with_any_tag;
  }
  EXPECT_GT(refusals, 300);
  EXPECT_GT(mixed, 300);
}

TEST(GoalProgram, RefusesACycleOfRequiresAndIrequiresNamingItsLine) {
  std::string why;
  // b waits for a to start, a for b to end: neither is ever posted.
  EXPECT_TRUE(refused("num_ranks 2\nrank 0 {\na: recv 8b from -1\nb: calc 1\na requires b\nb irequires a\n}\n"
                      "rank 1 {\ns: send 8b to 0\n}\n",
                      &why));
  EXPECT_EQ(why.rfind("w.goal:3: rank 0's recv 8b from -1 tag 0 is on a cycle", 0), 0u) << why;
  // The same without the cycle runs.
  EXPECT_FALSE(refused("num_ranks 2\nrank 0 {\na: recv 8b from -1\nb: calc 1\nb irequires a\n}\n"
                       "rank 1 {\ns: send 8b to 0\n}\n"));
  // Counting: rank 0 posts two receives from -1 and one send is addressed to it; the second
  // receive in file order is named.
  EXPECT_TRUE(refused("num_ranks 2\nrank 0 {\na: recv 8b from -1\nb: recv 8b from -1\n}\n"
                      "rank 1 {\ns: send 8b to 0\n}\n",
                      &why));
  EXPECT_EQ(why.rfind("w.goal:4: rank 0's recv 8b from -1 tag 0 is never matched, whatever the timing", 0), 0u)
      << why;
}

TEST(GoalProgram, CalcsAreWholeFlopsByTheUnit) {
  const GoalSchedule s = read_goal_text("num_ranks 2\nrank 0 {\nc: calc 0.5\nr: recv 8b from -1\n}\n"
                                        "rank 1 {\ns: send 8b to 0\n}\n",
                                        "w.goal");
  EXPECT_EQ(prepare_goal_program(s, CalcUnit::seconds, {3.0, 1.0}).ops[0].amount, 2.0);  // 1.5 to even
  EXPECT_THROW(prepare_goal_program(s, CalcUnit::flops, {3.0, 1.0}), InputError);
}

}  // namespace
}  // namespace hetcoll
