// Uncertain streams in the redistribute family (key cv): schedules computed on the nominal
// instance run as dependencies on drawn stream sizes, β fixed. Capped, every step schedule ends
// exactly at its plan's critical path over the drawn durations (a step waits for its slowest
// stream, then β), the engines agree, and the instances do not change with cv.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "algorithms/redistribute/support/execution.hpp"
#include "algorithms/redistribute/support/inputs.hpp"
#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "algorithms/redistribute/redistribution_harness.hpp"
#include "algorithms/redistribute/support/registry.hpp"
#include "core/random.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/noisy_policy.hpp"
#include "engine/recording_policy.hpp"
#include "support/critical_path.hpp"

namespace hetcoll {
namespace {

using test::redistribution_point;
using test::unit_metrics;

constexpr std::size_t kWidth = 4;  // value, over_bound, over_link_bound, backbone_shared

TEST(RedistributionNoise, CappedStepSchedulesEndAtTheirCriticalPathOverTheDrawnStreams) {
  const Point point = redistribution_point({{"senders", 5}, {"receivers", 4}, {"k", 3}, {"beta", 0.75}});
  const RedistributionPoint setup = resolve_redistribution_point(point);
  for (std::uint64_t r = 0; r < 8; ++r) {
    const Derived d = random_instance(setup.random, RandomStream(77, r));
    const double base = d.base * kBytesPerMbit;
    std::vector<double> nic;
    for (int ports : d.ports) nic.push_back(ports * base);
    const Platform platform = two_cluster_platform(nic, d.instance.k * base);
    for (const RedistributionAlgorithm* a : test::scalable_step_algorithms()) {
      const Plan plan = schedule_plan(d.instance, *test::schedule_of(*a, d.instance), base);
      PlanPolicy inner(plan, CostScale{base, kHostSpeed}, nullptr);
      NoisyPolicy noisy(Noise{0.6, true, false});
      noisy.wrap(inner, 77, r);
      RecordingPolicy recorder(noisy);
      const double makespan = run_single(*make_model_engine(platform), recorder);
      const double critical = test_support::critical_path(plan, recorder.events(), platform);
      EXPECT_GE(makespan, critical * (1 - 1e-12)) << a->name();
      EXPECT_NEAR(makespan, critical, 1e-9 * critical) << a->name() << ": a stream waited for nothing";
      for (const Completion& c : recorder.events())
        if (c.activity.kind == ActivityKind::compute)
          EXPECT_EQ(c.activity.amount, std::nearbyint(d.instance.beta * kHostSpeed)) << a->name() << ": beta is not drawn";
    }
  }
}

TEST(RedistributionNoise, TheEnginesAgreeOnDrawnStreamsAndTheInstancesDoNotChangeWithCv) {
  const WorkDir dir("hetcoll-jw-noise");
  std::vector<std::string> algorithms;
  for (const RedistributionAlgorithm* a : test::scalable_step_algorithms()) algorithms.push_back(a->name());
  algorithms.push_back("lower-bound");
  const std::uint64_t replications = 4;
  const Point nominal = redistribution_point({{"senders", 4}, {"receivers", 4}, {"k", 2}});
  const Point noisy = redistribution_point({{"senders", 4}, {"receivers", 4}, {"k", 2}, {"cv", 0.8}});
  const std::vector<double> zero = unit_metrics(algorithms, "model", nominal, replications, dir.path());
  const std::vector<double> model = unit_metrics(algorithms, "model", noisy, replications, dir.path());
  const std::vector<double> simgrid = unit_metrics(algorithms, "simgrid", noisy, replications, dir.path());
  ASSERT_EQ(model.size(), zero.size());
  ASSERT_EQ(simgrid.size(), model.size());
  std::size_t moved = 0;
  for (std::size_t i = 0; i < model.size(); i += kWidth) {
    EXPECT_NEAR(simgrid[i] / model[i], 1.0, 1e-9) << "value " << i / kWidth;
    // value / over_bound is the lower bound of the replication's instance: the same for every cv.
    EXPECT_NEAR(model[i] / model[i + 1], zero[i] / zero[i + 1], 1e-9 * zero[i]);
    moved += model[i] != zero[i];
  }
  // Every step schedule's time moves; the lower bound (no activity) does not.
  EXPECT_EQ(moved, replications * (algorithms.size() - 1));
}

// Key cv-unit: with `message` (the default) a message's pieces share its draw, with `stream` each
// piece draws its own. Greedy sends whole messages, so its times do not depend on the unit; GGP
// cuts messages over its steps, so its times do; the seed, and so the instances, are the same.
TEST(RedistributionNoise, AMessagesPiecesShareItsDrawUnlessEachStreamDrawsItsOwn) {
  const WorkDir dir("hetcoll-jw-noise");
  const std::vector<std::string> algorithms = {"greedy", "ggp", "lower-bound"};
  const std::uint64_t replications = 6;
  const std::map<std::string, double> numbers = {{"senders", 5}, {"receivers", 5}, {"k", 3}, {"cv", 0.8}};
  const Point message = redistribution_point(numbers);
  const Point stream = redistribution_point(numbers, {{"cv-unit", "stream"}});
  const std::vector<ParameterSpec>& keys = find_family("redistribute")->parameters();
  EXPECT_EQ(point_seed(5, keys, message, false), point_seed(5, keys, stream, false));
  const std::vector<double> shared = unit_metrics(algorithms, "model", message, replications, dir.path());
  const std::vector<double> own = unit_metrics(algorithms, "model", stream, replications, dir.path());
  ASSERT_EQ(shared.size(), own.size());
  std::size_t ggp_moved = 0;
  for (std::size_t r = 0; r < replications; ++r) {
    const std::size_t base = r * algorithms.size() * kWidth;
    // To the last bits only: each replication starts where the previous one ended on the engine's
    // clock, and GGP's earlier replications end elsewhere (test_family_contract.cpp).
    EXPECT_NEAR(shared[base], own[base], 1e-12 * own[base]) << "greedy, replication " << r;
    EXPECT_EQ(shared[base + 2 * kWidth], own[base + 2 * kWidth]) << "lower bound, replication " << r;
    ggp_moved += std::abs(shared[base + kWidth] - own[base + kWidth]) > 1e-9 * own[base + kWidth];
  }
  EXPECT_GT(ggp_moved, 0u) << "GGP cut no message in " << replications << " replications";
}

}  // namespace
}  // namespace hetcoll
