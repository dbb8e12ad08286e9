// NoisyPolicy: plans made on nominal costs, executed on drawn ones. The k-th communication and
// the k-th computation started take the k-th draws of their streams (common random numbers),
// the engines still agree bit for bit, and a plan under noise ends exactly at its critical path
// over the drawn durations when nothing it runs shares a link.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/number_format.hpp"
#include "core/random.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/engine.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/noisy_policy.hpp"
#include "engine/plan.hpp"
#include "engine/recording_policy.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"
#include "support/critical_path.hpp"

namespace hetcoll {
namespace {

constexpr double kUnit = 8388608;  // the ideal cluster's bytes and flops per second

/// A reduction tree over 8 hosts: each round, host i + step sends to host i, which then
/// computes; every host sends once, receives and computes once per round, so no two flows
/// ever share a link. Costs: a message of 1 + (i mod 3) units, a computation of 1 unit.
Plan tree_plan() {
  Plan plan;
  std::vector<int> last(8, -1);  // the last operation of each host
  auto after = [&](std::initializer_list<int> hosts) {
    std::vector<int> deps;
    for (int h : hosts)
      if (last[h] >= 0) deps.push_back(last[h]);
    return deps;
  };
  for (int step = 1; step < 8; step *= 2)
    for (int i = 0; i + step < 8; i += 2 * step) {
      const int comm = plan.add(comm_op(i + step, i, 1.0 + i % 3), after({i, i + step}));
      last[i] = last[i + step] = comm;
      last[i] = plan.add(compute_op(i, 1.0), {comm});
    }
  return plan;
}

std::vector<Completion> run_noisy(Engine& engine, const Plan& plan, Noise noise, std::uint64_t seed) {
  PlanPolicy inner(plan, CostScale{kUnit, kUnit}, nullptr);
  NoisyPolicy noisy(noise);
  noisy.wrap(inner, seed, 3);
  RecordingPolicy recorder(noisy);
  run_single(engine, recorder);
  return recorder.events();
}

std::vector<Completion> by_start(std::vector<Completion> events) {
  std::sort(events.begin(), events.end(), [](const Completion& a, const Completion& b) { return a.id < b.id; });
  return events;
}

TEST(NoisyPolicy, WithoutNoiseEveryAmountIsNominal) {
  const Plan plan = tree_plan();
  const auto engine = make_model_engine(ideal_cluster(8));
  for (const Completion& c : run_noisy(*engine, plan, Noise{0.0}, 7))
    EXPECT_EQ(c.activity.amount, std::nearbyint(plan.op(static_cast<int>(c.activity.tag)).cost * kUnit));
}

TEST(NoisyPolicy, TheKthCommAndTheKthComputationTakeTheKthDrawsOfTheirStreams) {
  const Plan plan = tree_plan();
  for (double cv : {0.3, 1.0, 4.0}) {
    const auto engine = make_model_engine(ideal_cluster(8));
    const std::uint64_t seed = 1234;
    // Streams 1 and 2 of the seed, as docs/design.md gives them (kNoiseStreams).
    RandomStream comms(seed, 3, 1), computes(seed, 3, 2);
    int drawn = 0;
    for (const Completion& c : by_start(run_noisy(*engine, plan, Noise{cv}, seed))) {
      const double nominal = std::nearbyint(plan.op(static_cast<int>(c.activity.tag)).cost * kUnit);
      RandomStream& stream = c.activity.kind == ActivityKind::comm ? comms : computes;
      EXPECT_EQ(c.activity.amount, std::nearbyint(nominal * stream.gamma_mean_cv(1.0, cv))) << "cv " << cv;
      drawn += c.activity.amount != nominal;
    }
    EXPECT_GT(drawn, 0) << "cv " << cv << ": no amount was drawn";
  }
}

TEST(NoisyPolicy, ComputationsLeftOutKeepTheirAmountAndTakeNoDraw) {
  const Plan plan = tree_plan();
  const auto engine = make_model_engine(ideal_cluster(8));
  RandomStream comms(99, 3, 1);
  for (const Completion& c : by_start(run_noisy(*engine, plan, Noise{1.0, true, false}, 99))) {
    const double nominal = std::nearbyint(plan.op(static_cast<int>(c.activity.tag)).cost * kUnit);
    if (c.activity.kind == ActivityKind::compute) EXPECT_EQ(c.activity.amount, nominal);
    else EXPECT_EQ(c.activity.amount, std::nearbyint(nominal * comms.gamma_mean_cv(1.0, 1.0)));
  }
}

// A pipeline 0 -> 1 -> 2 of 3 segments, then one message 2 -> 3 of 2 units: each host sends
// one message to its successor, cut into segments.
Plan pipeline_plan() {
  Plan plan;
  std::vector<int> has(3, -1), sent(3, -1);  // per segment: the op after which the host holds it
  for (int hop = 0; hop < 2; ++hop)
    for (int j = 0; j < 3; ++j) {
      std::vector<int> deps;
      if (has[j] >= 0) deps.push_back(has[j]);
      if (sent[hop] >= 0) deps.push_back(sent[hop]);
      has[j] = sent[hop] = plan.add(comm_op(hop, hop + 1, 0.5 + j), deps);
    }
  plan.add(comm_op(2, 3, 2.0), {has[2]});
  return plan;
}

TEST(NoisyPolicy, SegmentsOfAPairShareTheDrawOfTheirMessageTheKthMessageTakingTheKthDraw) {
  const Plan plan = pipeline_plan();
  for (double cv : {0.3, 1.0, 4.0}) {
    const auto engine = make_model_engine(ideal_cluster(4));
    Noise noise{cv, true, false};
    noise.segments_of_a_pair = true;
    RandomStream comms(77, 3, 1);
    std::map<std::pair<int, int>, double> draw;  // per message, in the order their first segment started
    for (const Completion& c : by_start(run_noisy(*engine, plan, noise, 77))) {
      const std::pair<int, int> pair{c.activity.host, c.activity.peer};
      if (!draw.count(pair)) draw[pair] = comms.gamma_mean_cv(1.0, cv);
      const double nominal = std::nearbyint(plan.op(static_cast<int>(c.activity.tag)).cost * kUnit);
      EXPECT_EQ(c.activity.amount, std::nearbyint(nominal * draw[pair])) << "cv " << cv;
    }
    ASSERT_EQ(draw.size(), 3u);
    EXPECT_NE(draw[std::make_pair(0, 1)], draw[std::make_pair(1, 2)]) << "cv " << cv << ": two messages, two draws";
  }
}

// The driver keeps one NoisyPolicy for all the runs of a work unit: wrapped again, it draws as a
// new one would, remembering no message of the run before (the same pairs send in every run).
TEST(NoisyPolicy, WrappedAgainItDrawsAsANewOneWould) {
  Noise noise{1.0};
  noise.segments_of_a_pair = true;
  const Plan plan = pipeline_plan();
  PlanPolicy inner(plan, CostScale{kUnit, kUnit}, nullptr);
  NoisyPolicy reused(noise);
  reused.wrap(inner, 11, 9);
  run_single(*make_model_engine(ideal_cluster(4)), reused);
  for (std::uint64_t replication : {3, 4}) {
    reused.wrap(inner, 11, replication);
    RecordingPolicy again(reused);
    run_single(*make_model_engine(ideal_cluster(4)), again);
    NoisyPolicy fresh(noise);
    fresh.wrap(inner, 11, replication);
    RecordingPolicy anew(fresh);
    run_single(*make_model_engine(ideal_cluster(4)), anew);
    const std::vector<Completion> a = by_start(again.events()), b = by_start(anew.events());
    ASSERT_EQ(a.size(), plan.size());
    ASSERT_EQ(b.size(), plan.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].activity.amount, b[i].activity.amount) << "replication " << replication << " activity " << i;
      EXPECT_EQ(a[i].end, b[i].end) << "replication " << replication << " activity " << i;
    }
  }
}

TEST(NoisyPolicy, APlanUnderNoiseEndsAtItsCriticalPathOverTheDrawnDurations) {
  // Nothing shares a link, so each operation starts when its last dependency ends and lasts
  // its drawn amount over the unit rate: the makespan is the longest path, no more, no less.
  const Plan plan = tree_plan();
  const Platform platform = ideal_cluster(8);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto engine = make_model_engine(platform);
    const std::vector<Completion> events = run_noisy(*engine, plan, Noise{1.0}, seed);
    const double critical = test_support::critical_path(plan, events, platform);
    double makespan = 0;
    for (const Completion& c : events) makespan = std::max(makespan, c.end);
    EXPECT_GE(makespan, critical * (1 - 1e-12)) << "seed " << seed;
    EXPECT_NEAR(makespan, critical, 1e-9 * critical) << "seed " << seed;
  }
}

TEST(NoisyPolicy, TheEnginesAgreeBitForBitUnderNoise) {
  const WorkDir dir("hetcoll-test");
  const Plan plan = tree_plan();
  const Platform platform = ideal_cluster(8);
  const std::string file = dir.path() + "/ideal8.xml";
  write_simgrid_xml_file(platform, file);
  auto dates = [&](Engine& engine) {
    std::string out;
    for (const Completion& c : run_noisy(engine, plan, Noise{2.0}, 5))
      out += std::to_string(c.activity.tag) + "@" + format_number(c.end) + " ";
    return out;
  };
  const std::string model = dates(*make_model_engine(platform));
  const std::string simgrid = run_in_child(dir.path(), [&] {
    SimgridSession session(file, {});
    return dates(*session.engine(8));
  });
  EXPECT_EQ(simgrid, model);
}

}  // namespace
}  // namespace hetcoll
