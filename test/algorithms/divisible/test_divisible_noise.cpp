// Uncertain costs in the divisible family (key cv): every schedule is planned on the nominal
// star and executed as dependencies on drawn sizes; it ends exactly at its plan's critical path
// over the drawn durations (every operation starts when its inputs and its port are free), the
// two engines agree, and cv = 0 leaves every number as it was.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "algorithms/divisible/support/divisible_family.hpp"
#include "algorithms/divisible/divisible_harness.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "engine/noisy_policy.hpp"
#include "support/critical_path.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

// Per algorithm and replication: the throughput, then the metrics (normalized, enrolled, root).
const std::size_t kWidth = 1 + divisible_family().metrics().size();

using test::unit_values;

TEST(DivisibleNoise, EverySchedulePlannedOnTheNominalStarEndsAtItsCriticalPathOverTheDrawnCosts) {
  RandomStream random(47);
  for (PortModel port : {PortModel::two_port, PortModel::one_port})
    for (int trial = 0; trial < 6; ++trial) {
      const Star star = test::random_star(random, 5, trial % 2 ? 0.6 : 1.6);
      const Platform platform = star_platform(star);
      std::vector<double> speeds;
      for (const HostSpec& h : platform.hosts) speeds.push_back(h.speed);
      for (const DivisibleAlgorithm& a : test::planners()) {
        SolveOptions options;
        options.port = port;
        const Plan plan = star_plan(star, test::schedule_of(a, star, options), star_rates(star, speeds), port);
        PlanPolicy inner(plan, CostScale{1, 1}, nullptr);
        NoisyPolicy noisy(Noise{0.5});
        noisy.wrap(inner, 47, static_cast<std::uint64_t>(trial));
        RecordingPolicy recorder(noisy);
        const double makespan = run_single(*make_model_engine(platform), recorder);
        const double critical = test_support::critical_path(plan, recorder.events(), platform);
        EXPECT_GE(makespan, critical * (1 - 1e-12)) << a.name();
        EXPECT_NEAR(makespan, critical, 1e-9 * critical) << a.name() << ": an operation waited for nothing";
        EXPECT_NE(makespan, 1.0) << a.name() << ": the costs were not drawn";
      }
    }
}

TEST(DivisibleNoise, TheEnginesAgreeOnDrawnCostsAndCvZeroIsTheNominalRun) {
  const WorkDir dir("hetcoll-divisible");
  const std::vector<std::string> base = {"--family", "divisible", "--algorithms", "opt-fifo opt-lifo fifo-inc-c lp",
                                         "--workers", "6", "--replications", "3", "--seed", "9"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return resolve_run_arguments(args);
  };
  const std::vector<double> nominal = unit_values(with({}), "model", dir);
  EXPECT_EQ(unit_values(with({"--cv", "0"}), "model", dir), nominal);
  const Scenario noisy = with({"--cv", "0.7"});
  const std::vector<double> model = unit_values(noisy, "model", dir), simgrid = unit_values(noisy, "simgrid", dir);
  ASSERT_EQ(model.size(), nominal.size());
  ASSERT_EQ(simgrid.size(), model.size());
  std::size_t moved = 0;
  for (std::size_t i = 0; i < model.size(); i += kWidth) {
    EXPECT_NEAR(simgrid[i] / model[i], 1.0, 1e-9) << "value " << i / kWidth;
    EXPECT_EQ(simgrid[i + 2], model[i + 2]);
    EXPECT_EQ(model[i + 2], nominal[i + 2]) << "the noise changed which workers the plan enrols";
    moved += model[i] != nominal[i];
  }
  EXPECT_EQ(moved, model.size() / kWidth) << "every throughput should move under noise";
}

TEST(DivisibleNoise, TwoAlgorithmsThatBuildTheSamePlanMeetTheSameDrawsInEveryReplication) {
  // Common random numbers: the k-th message and the k-th computation of a replication take the
  // same draws whatever the algorithm. With w proportional to c, FIFO-INC-C and FIFO-INC-W sort
  // the workers alike and build one plan, so under noise they must still give equal values.
  const WorkDir dir("hetcoll-divisible");
  const Scenario s = resolve_run_arguments({"--family", "divisible", "--algorithms", "fifo-inc-c fifo-inc-w", "--c",
                                            "0.5,2,1,3", "--w", "1,4,2,6", "--cv", "0.9", "--replications", "20"});
  const std::vector<double> values = unit_values(s, "model", dir);
  ASSERT_EQ(values.size(), 20 * 2 * kWidth);
  std::set<double> distinct;
  for (std::size_t r = 0; r < 20; ++r) {
    // Equal but for the clock's rounding: the engine's clock runs on from one run to the next.
    EXPECT_NEAR(values[r * 2 * kWidth], values[r * 2 * kWidth + kWidth], 1e-12 * values[r * 2 * kWidth])
        << "replication " << r;
    distinct.insert(values[r * 2 * kWidth]);
  }
  EXPECT_EQ(distinct.size(), 20u) << "each replication draws its own costs";
}

TEST(DivisibleNoise, TheStarsDoNotChangeWithCv) {
  // cv is left out of the seed: the planned loads (enrolled workers, OPT-FIFO's planned
  // throughput behind `normalized`) are those of cv = 0 replication by replication.
  const WorkDir dir("hetcoll-divisible");
  auto run = [&](const char* cv) {
    return unit_values(resolve_run_arguments({"--family", "divisible", "--algorithms", "opt-fifo", "--workers", "5",
                                              "--replications", "4", "--cv", cv}),
                       "model", dir);
  };
  const std::vector<double> zero = run("0"), noisy = run("1");
  for (std::size_t i = 0; i < zero.size(); i += kWidth) {
    // value / normalized = OPT-FIFO's planned throughput, which depends on the star alone.
    EXPECT_NEAR(zero[i] / zero[i + 1], noisy[i] / noisy[i + 1], 1e-12 * zero[i]);
    EXPECT_EQ(zero[i + 2], noisy[i + 2]);
  }
}

}  // namespace
}  // namespace hetcoll
