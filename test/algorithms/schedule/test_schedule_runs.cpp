/// @file test_schedule_runs.cpp
/// @brief GOAL schedules run end to end (docs/schedule.md): closed forms on the ideal cluster
/// (2^23 bytes/s private links, 2^23 flops/s, no latency), calc-unit on hosts of two speeds, and
/// both engines agreeing to the last bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/noisy_policy.hpp"
#include "engine/recording_policy.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {


/// value, last_rank, first_finish, rank_finish of one replication of `goal_text` on `engine`.
std::vector<double> run(const WorkDir& dir, const std::string& goal_text, const std::string& engine,
                        std::vector<std::string> extra = {}, const std::string& replications = "1") {
  const std::string path = dir.path() + "/run.goal";
  std::ofstream(path) << goal_text;
  std::vector<std::string> args{"--family",       "schedule",   "--goal",   path,
                                "--replications", replications, "--engine", engine};
  args.insert(args.end(), extra.begin(), extra.end());
  const Scenario s = resolve_run_arguments(args);
  return test_support::unit_values_in_child(s, expand_points(s).front(), dir.path());
}

/// A chain 0 -> 1 -> ... -> n-1 of messages of `bytes`, each rank forwarding what it received.
std::string chain(int n, double bytes) {
  const std::string size = std::to_string(static_cast<long long>(bytes)) + "b";
  std::string text = "num_ranks " + std::to_string(n) + "\n";
  for (int r = 0; r < n; ++r) {
    text += "rank " + std::to_string(r) + " {\n";
    if (r > 0) text += "in: recv " + size + " from " + std::to_string(r - 1) + "\n";
    if (r + 1 < n) text += "out: send " + size + " to " + std::to_string(r + 1) + "\n";
    if (r > 0 && r + 1 < n) text += "out requires in\n";
    text += "}\n";
  }
  return text;
}

const char* kPingPong =
    "num_ranks 2\n"
    "rank 0 {\nping: send 4194304b to 1\npong: recv 4194304b from 1\npong requires ping\n}\n"
    "rank 1 {\nping: recv 4194304b from 0\npong: send 4194304b to 0\npong requires ping\n}\n";

// Rank 1 posts its receive after a calc of 2 s: the message waits for both sides (rendezvous),
// and rank 0's irequires calc starts with the send, when the send is posted.
const char* kRendezvous =
    "num_ranks 2\n"
    "rank 0 {\ns: send 8388608b to 1\nc: calc 0.25\nc irequires s\n}\n"
    "rank 1 {\nwork: calc 2\nr: recv 8388608b from 0\nr requires work\n}\n";

// A gather by receives from any source (docs/schedule.md, "Wildcards"): rank 0 receives three
// times, one after the other; rank k sends 2^(24-k) bytes (2^(1-k) s) after a calc, rank 3's
// first (0.125 s), then rank 2's (0.25 s), rank 1's (0.5 s). Each receive takes the send posted
// first among those waiting: rank 3's at 0.125 (ends 0.375), rank 2's (ends 0.875), rank 1's
// (ends 1.875).
const char* kAnySourceGather =
    "num_ranks 4\n"
    "rank 0 {\nr1: recv 8388608b from -1\nr2: recv 8388608b from -1\nr3: recv 8388608b from -1\n"
    "r2 requires r1\nr3 requires r2\n}\n"
    "rank 1 {\nc: calc 0.5\ns: send 8388608b to 0\ns requires c\n}\n"
    "rank 2 {\nc: calc 0.25\ns: send 4194304b to 0\ns requires c\n}\n"
    "rank 3 {\nc: calc 0.125\ns: send 2097152b to 0\ns requires c\n}\n";

// Tag -1: rank 1 sends tags 3, 2, 1 one after the other from 0.125 s (2^21, 2^22, 2^23 bytes);
// rank 0's three receives from rank 1 take any tag, so they meet them in that order: 0.375,
// 0.875, 1.875. (With tags 1, 2, 3 written in file order the schedule is a cycle: refused.)
const char* kAnyTagSequence =
    "num_ranks 2\n"
    "rank 0 {\nr1: recv 8388608b from 1 tag -1\nr2: recv 8388608b from 1 tag -1\nr3: recv 8388608b from 1 tag -1\n"
    "r2 requires r1\nr3 requires r2\n}\n"
    "rank 1 {\nc: calc 0.125\ns3: send 2097152b to 0 tag 3\ns2: send 4194304b to 0 tag 2\n"
    "s1: send 8388608b to 0 tag 1\ns3 requires c\ns2 requires s3\ns1 requires s2\n}\n";

// Ties: one message's end (rank 1 to rank 2, at 1 s) releases a send to rank 0 on both ranks,
// posted in file order, rank 2's block (written first) before rank 1's. Rank 0's first receive
// from any source takes rank 2's 2^22 bytes (ends at 1.5), computes 1 s, and its second takes
// rank 1's 2^23 bytes (2.5 to 3.5). By rank order rank 2 would end last, at 3.5.
const char* kTieInFileOrder =
    "num_ranks 3\n"
    "rank 2 {\nm: recv 8388608b from 1\ns: send 4194304b to 0\ns requires m\n}\n"
    "rank 0 {\nr1: recv 8388608b from -1\nk: calc 1\nr2: recv 8388608b from -1\nk requires r1\nr2 requires k\n}\n"
    "rank 1 {\nm: send 8388608b to 2\ns: send 8388608b to 0\ns requires m\n}\n";

/// `text` with every receive's "from -1" as the file order of a static schedule gives it:
/// the k-th receive from rank k.
std::string with_sources_in_file_order(std::string text) {
  for (int k = 1; text.find("from -1") != std::string::npos; ++k)
    text.replace(text.find("from -1"), 7, "from " + std::to_string(k));
  return text;
}

TEST(ScheduleRuns, WildcardReceivesMatchInPostingOrderOnBothEngines) {
  const WorkDir dir("hetcoll-test");
  for (const char* engine : {"model", "simgrid"}) {
    SCOPED_TRACE(engine);
    // Rank 0 and rank 1 end last, at 1.875; rank 3 first, at 0.375.
    EXPECT_EQ(run(dir, kAnySourceGather, engine), (std::vector<double>{1.875, 0, 0.375, 1.875}));
    EXPECT_EQ(run(dir, kAnySourceGather, engine, {"--rank", "2"}).back(), 0.875);
    EXPECT_EQ(run(dir, kAnyTagSequence, engine), (std::vector<double>{1.875, 0, 1.875, 1.875}));
    EXPECT_EQ(run(dir, kTieInFileOrder, engine, {"--rank", "2"}), (std::vector<double>{3.5, 0, 1.5, 1.5}));
    // The same gather matched in file order (receives from 1, 2, 3, a static plan): rank 1's
    // message first, at 0.5 (ends 1.5), then rank 2's (2.0), rank 3's (2.25): the wildcards
    // run by the posting order, not by the file's.
    EXPECT_EQ(run(dir, with_sources_in_file_order(kAnySourceGather), engine),
              (std::vector<double>{2.25, 0, 1.5, 2.25}));
  }
}

/// The one line the run of `goal_text` stops with, or "" if it ends.
std::string refusal(const WorkDir& dir, const std::string& goal_text, const std::string& engine,
                    std::vector<std::string> extra = {}, const std::string& replications = "1") {
  try {
    run(dir, goal_text, engine, std::move(extra), replications);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ScheduleRuns, AWildcardDeadlockStopsTheRunInOneLineNamingTheOperationAndTheReplication) {
  const WorkDir dir("hetcoll-test");
  const std::string path = dir.path() + "/run.goal:";
  // Both ranks receive from any source before they send: no send is ever posted.
  const std::string both_wait =
      "num_ranks 2\n"
      "rank 0 {\nr: recv 8b from -1\ns: send 8b to 1\ns requires r\n}\n"
      "rank 1 {\nr: recv 8b from -1\ns: send 8b to 0\ns requires r\n}\n";
  // Rank 0's first receive takes whichever send comes first; its second wants rank 2's. When
  // rank 2's calc ends first (by the draws), the first receive takes it and the second waits
  // for ever; at cv = 0 rank 1's send comes first and the run ends.
  const std::string race =
      "num_ranks 3\n"
      "rank 0 {\nr1: recv 8b from -1\nr2: recv 8b from 2\nr2 requires r1\n}\n"
      "rank 1 {\nc: calc 0.25\ns: send 8b to 0\ns requires c\n}\n"
      "rank 2 {\nc: calc 0.5\ns: send 8b to 0\ns requires c\n}\n";
  const std::vector<std::string> noisy{"--cv", "0.5"};
  const std::string race_line = refusal(dir, race, "model", noisy, "20");
  for (const char* engine : {"model", "simgrid"}) {
    SCOPED_TRACE(engine);
    const std::string line = refusal(dir, both_wait, engine);
    EXPECT_EQ(line.rfind(path + "3: rank 0's recv 8b from -1 tag 0 is never matched", 0), 0u) << line;
    EXPECT_NE(line.find("replication 0 deadlocks"), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
    EXPECT_EQ(refusal(dir, race, engine), "");
    EXPECT_EQ(refusal(dir, race, engine, noisy, "20"), race_line) << "both engines stop at the same replication";
  }
  EXPECT_EQ(race_line.rfind(path + "4: rank 0's recv 8b from 2 tag 0 is never matched", 0), 0u) << race_line;
  EXPECT_EQ(race_line.find("replication 0 "), std::string::npos) << "replication 0 runs (its draws)";
  // A receive smaller than the send it meets: known at the match only.
  const std::string small = refusal(
      dir, "num_ranks 2\nrank 0 {\nr: recv 4b from -1\n}\nrank 1 {\ns: send 8b to 0\n}\n", "model");
  EXPECT_EQ(small.rfind(path + "3: rank 0's recv 4b from -1 tag 0 is smaller than the message", 0), 0u) << small;
  // kAnyTagSequence with tags 1, 2, 3 in file order: static, and a cycle of its plan.
  std::string in_file_order = kAnyTagSequence;
  for (int k = 1; in_file_order.find("tag -1") != std::string::npos; ++k)
    in_file_order.replace(in_file_order.find("tag -1"), 6, "tag " + std::to_string(k));
  EXPECT_NE(refusal(dir, in_file_order, "model").find("is on a dependency cycle"), std::string::npos);
}

TEST(ScheduleRuns, ClosedFormsOnTheIdealClusterOnBothEngines) {
  const WorkDir dir("hetcoll-test");
  for (const char* engine : {"model", "simgrid"}) {
    SCOPED_TRACE(engine);
    // A chain of 5 ranks: 4 messages of 2^22 bytes, one after the other; ranks 3 and 4 both end
    // with the last one, rank 0 with the first.
    EXPECT_EQ(run(dir, chain(5, 4194304), engine), (std::vector<double>{4 * 0.5, 3, 0.5, 4 * 0.5}));
    // Ping-pong: 2 messages of 0.5 s; both ranks end with the pong, rank 0 first among ties.
    EXPECT_EQ(run(dir, kPingPong, engine), (std::vector<double>{1.0, 0, 1.0, 1.0}));
    // The rendezvous: the transfer starts at 2 s and takes 1 s; rank 0's calc ends at 0.25 s.
    EXPECT_EQ(run(dir, kRendezvous, engine), (std::vector<double>{3.0, 0, 3.0, 3.0}));
    // Key rank: rank 0's calc ends at 0.25 s, before its send; chain rank 1 with the 2nd message.
    EXPECT_EQ(run(dir, kRendezvous, engine, {"--rank", "0"}).back(), 3.0);
    EXPECT_EQ(run(dir, chain(5, 4194304), engine, {"--rank", "1"}).back(), 2 * 0.5);
    // The built-in example (docs/schedule.md): 0.5 s, 1 s, 0.25 s.
    const Scenario builtin = resolve_run_arguments({"--family", "schedule", "--replications", "1", "--engine", engine});
    EXPECT_EQ(test_support::unit_values_in_child(builtin, expand_points(builtin).front(), dir.path()),
              (std::vector<double>{1.75, 1, 1.5, 1.75}));
  }
}

TEST(ScheduleRuns, CalcUnitSecondsTakesTheTimeOnEveryHostAndFlopsFollowTheHostsSpeed) {
  const WorkDir dir("hetcoll-test");
  const std::string platform = dir.path() + "/two-speeds.xml";
  std::ofstream(platform) << "<?xml version='1.0'?>\n"
                             "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                             "<platform version=\"4.1\">\n"
                             "  <zone id=\"z\" routing=\"Full\">\n"
                             "    <host id=\"fast\" speed=\"2e9f\"/>\n"
                             "    <host id=\"slow\" speed=\"1e9f\"/>\n"
                             "    <link id=\"l\" bandwidth=\"1e9Bps\" latency=\"0s\"/>\n"
                             "    <route src=\"fast\" dst=\"slow\"><link_ctn id=\"l\"/></route>\n"
                             "  </zone>\n"
                             "</platform>\n";
  const std::string seconds = "num_ranks 2\nrank 0 {\ncalc 0.5\n}\nrank 1 {\ncalc 0.5\n}\n";
  const std::string flops = "num_ranks 2\nrank 0 {\ncalc 1000000000\n}\nrank 1 {\ncalc 1000000000\n}\n";
  for (const char* engine : {"model", "simgrid"}) {
    SCOPED_TRACE(engine);
    // Ranks follow the hosts key's order: slow first here.
    const std::vector<std::string> file{"--platform", platform, "--hosts", "slow,fast"};
    std::vector<std::string> with_seconds = file, with_flops = file;
    with_flops.insert(with_flops.end(), {"--calc-unit", "flops"});
    EXPECT_EQ(run(dir, seconds, engine, with_seconds), (std::vector<double>{0.5, 0, 0.5, 0.5}));
    EXPECT_EQ(run(dir, flops, engine, with_flops), (std::vector<double>{1.0, 0, 0.5, 1.0}));
  }
}

TEST(ScheduleRuns, BothEnginesAgreeToTheLastBitUnderNoise) {
  const WorkDir dir("hetcoll-test");
  const std::vector<std::string> noisy{"--cv", "0.5"};
  for (const std::string& text : {chain(6, 1000), std::string(kPingPong), std::string(kRendezvous),
                                  std::string(kAnySourceGather), std::string(kAnyTagSequence),
                                  std::string(kTieInFileOrder)}) {
    const std::vector<double> model = run(dir, text, "model", noisy, "20"),
                              simgrid = run(dir, text, "simgrid", noisy, "20");
    ASSERT_EQ(model.size(), 80u);
    EXPECT_EQ(model, simgrid) << text;
    EXPECT_NE(model, run(dir, text, "model", {}, "20")) << "cv 0.5 changed nothing";
  }
}

}  // namespace
}  // namespace hetcoll

// ---- The trace gives every rank's finish ----------------------------------------------------
namespace hetcoll {
namespace {

// docs/schedule.md, "Metrics": a rank's finish is the largest end of the trace's rows it takes
// part in, so last_rank, first_finish and each rank's rank_finish follow from the recorded
// completions.
TEST(ScheduleRuns, TheRecordedCompletionsGiveLastRankFirstFinishAndEveryRanksFinish) {
  const WorkDir dir("hetcoll-test");
  const std::string path = dir.path() + "/tree.goal";
  // A binary tree of 7 ranks, inner ranks relaying after a calc; the leaves only receive, so
  // their finish is a message's end on its receiving side.
  std::string text = "num_ranks 7\n";
  for (int r = 0; r < 7; ++r) {
    text += "rank " + std::to_string(r) + " {\n";
    if (r > 0) text += "in: recv 1000000b from " + std::to_string((r - 1) / 2) + "\n";
    if (r > 0 && r < 3) text += "work: calc 0.01\nwork requires in\n";
    for (int child : {2 * r + 1, 2 * r + 2})
      if (child < 7) {
        const std::string s = "s" + std::to_string(child);
        text += s + ": send 1000000b to " + std::to_string(child) + "\n" + (r > 0 ? s + " requires work\n" : "");
      }
    text += "}\n";
  }
  std::ofstream(path) << text;
  const Family& family = *find_family("schedule");
  // One point per rank (key rank), each reporting that rank's finish: the same replication 3.
  const std::vector<double> values = test_support::values_in_child(dir.path(), [&] {
    std::vector<double> out;
    for (int rank = 0; rank < 7; ++rank) {
      const Scenario scenario = resolve_run_arguments(
          {"--family", "schedule", "--goal", path, "--cv", "0.5", "--rank", std::to_string(rank)});
      const Point point = expand_points(scenario).front();
      const Platform platform = family.read_point(point)->platform();
      auto runner = family.prepare_point(point, {"goal"}, platform, 7);
      std::vector<LinkSetting> settings;
      NoisyPolicy noisy(runner->noise());
      noisy.wrap(*runner->policy(0, 3, settings), 7, 3);
      RecordingPolicy recorded(noisy);
      auto engine = make_model_engine(platform);
      const double makespan = run_single(*engine, recorded);
      std::vector<double> metrics(4);
      runner->record(0, makespan, metrics.data());
      std::vector<double> finish(7, 0.0);
      for (const Completion& c : recorded.events())
        for (int r : {c.activity.host, c.activity.peer})
          if (r >= 0) finish[static_cast<std::size_t>(r)] = std::max(finish[static_cast<std::size_t>(r)], c.end);
      const auto last = std::max_element(finish.begin(), finish.end());
      out.insert(out.end(), {metrics[0], metrics[1], metrics[2], metrics[3], *last,
                             static_cast<double>(last - finish.begin()),
                             *std::min_element(finish.begin(), finish.end()), finish[static_cast<std::size_t>(rank)]});
    }
    return out;
  });
  ASSERT_EQ(values.size(), 7 * 8u);
  for (int rank = 0; rank < 7; ++rank) {
    SCOPED_TRACE("rank " + std::to_string(rank));
    const double* v = values.data() + 8 * rank;
    EXPECT_EQ(v[0], v[4]) << "the makespan is the last rank's finish";
    EXPECT_EQ(v[1], v[5]);
    EXPECT_EQ(v[2], v[6]);
    EXPECT_EQ(v[3], v[7]) << "rank_finish is the rank's own finish";
    EXPECT_EQ(v[0], values[0]) << "every rank's point runs the same replication";
  }
  EXPECT_GT(values[2], 0) << "a leaf finishes when its message ends, on the receiving side";
}

}  // namespace
}  // namespace hetcoll
