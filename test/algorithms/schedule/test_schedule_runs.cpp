/// @file test_schedule_runs.cpp
/// @brief GOAL schedules run end to end (docs/schedule.md): closed forms on the ideal cluster
/// (2^23 bytes/s private links, 2^23 flops/s, no latency), calc-unit on hosts of two speeds, and
/// both engines agreeing to the last bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
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
  for (const std::string& text : {chain(6, 1000), std::string(kPingPong), std::string(kRendezvous)}) {
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
