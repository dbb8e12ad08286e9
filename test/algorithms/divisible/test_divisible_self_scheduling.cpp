// Self-scheduling, the demand-driven counterpart of the planners: closed forms on one worker under
// both port models, the whole load served in chunks of the key's size, and the engines agreeing
// with and without uncertain costs.
#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/divisible/support/divisible_family.hpp"
#include "algorithms/divisible/divisible_harness.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

constexpr double kTight = 1e-9;
// Per algorithm and replication: the throughput, then the metrics (normalized, enrolled, root).
const std::size_t kWidth = 1 + divisible_family().metrics().size();

struct Served {
  double makespan = 0;
  std::vector<Completion> events;
};

/// Self-scheduling of `load` units in chunks of `chunk` × load, built from its row as the family
/// builds it, run on the model engine.
Served serve(const Star& star, PortModel port, double load, double chunk) {
  const test::OwnedInstance instance(star, load);
  SolveOptions options;
  options.port = port;
  const std::unique_ptr<DivisiblePolicy> policy =
      divisible_algorithms().at("self-scheduling").make(instance.setup(options, chunk));
  RecordingPolicy recorder(*policy);
  Served out;
  out.makespan = run_single(*make_model_engine(star_platform(star)), recorder);
  out.events = recorder.events();
  EXPECT_EQ(policy->load(), load) << "serves the setup's load";
  return out;
}

TEST(DivisibleSelfScheduling, OneWorkerTwoPortOverlapsEachReturnWithTheNextSend) {
  // n chunks of x: send, compute, then the next send while the result goes back; the last
  // return ends the run: T = n·x·(c + w) + x·d.
  const Star star{{0.5}, {0.25}, {2.0}};
  for (int n : {1, 4, 10}) {
    const double load = 0.2 * n, x = 0.2;
    EXPECT_NEAR(serve(star, PortModel::two_port, load, x / load).makespan, n * x * (0.5 + 2.0) + x * 0.25, kTight) << n;
  }
}

TEST(DivisibleSelfScheduling, OneWorkerOnePortDoesEverythingInTurn) {
  const Star star{{0.5}, {0.25}, {2.0}};
  for (int n : {1, 4, 10}) {
    const double load = 0.2 * n, x = 0.2;
    EXPECT_NEAR(serve(star, PortModel::one_port, load, x / load).makespan, n * x * (0.5 + 2.0 + 0.25), kTight) << n;
  }
}

TEST(DivisibleSelfScheduling, TheWholeLoadIsSentInChunksAndEveryResultComesBack) {
  RandomStream random(12);
  for (PortModel port : {PortModel::two_port, PortModel::one_port})
    for (double chunk : {0.3, 0.07, 0.01}) {
      const Star star = test::random_star(random, 6, 0.8);
      const double load = 1.7;
      const Served s = serve(star, port, load, chunk);
      double sent = 0, returned = 0;
      int sends = 0;
      const Platform platform = star_platform(star);
      std::vector<double> speeds;
      for (const HostSpec& h : platform.hosts) speeds.push_back(h.speed);
      const StarRates rates = star_rates(star, speeds);
      for (const Completion& c : s.events) {
        if (c.activity.kind != ActivityKind::comm) continue;
        if (c.activity.host == 0) {
          const int i = c.activity.peer - 1;
          sent += c.activity.amount / (star.c[i] * rates.down[i]);
          ++sends;
        } else {
          const int i = c.activity.host - 1;
          returned += c.activity.amount / (star.d[i] * rates.up[i]);
        }
      }
      EXPECT_NEAR(sent, load, 1e-9 * load) << "chunk " << chunk;
      EXPECT_NEAR(returned, load, 1e-9 * load) << "chunk " << chunk;
      EXPECT_EQ(sends, static_cast<int>(std::ceil(1 / chunk - 1e-9))) << "chunk " << chunk;
    }
}

using test::unit_values;

TEST(DivisibleSelfScheduling, TheEnginesAgreeWithAndWithoutUncertainCosts) {
  const WorkDir dir("hetcoll-divisible");
  for (const char* cv : {"0", "0.7"}) {
    const Scenario s = resolve_run_arguments({"--family", "divisible", "--algorithms", "self-scheduling opt-fifo",
                                              "--workers", "8", "--chunk", "0.05", "--cv", cv, "--replications", "3"});
    const std::vector<double> model = unit_values(s, "model", dir), simgrid = unit_values(s, "simgrid", dir);
    ASSERT_EQ(model.size(), 3 * 2 * kWidth);
    ASSERT_EQ(simgrid.size(), model.size());
    for (std::size_t i = 0; i < model.size(); i += kWidth) {
      EXPECT_NEAR(simgrid[i] / model[i], 1.0, kTight) << "cv " << cv;
      EXPECT_EQ(simgrid[i + 2], model[i + 2]);
    }
    for (std::size_t r = 0; r < 3; ++r) EXPECT_EQ(model[r * 2 * kWidth + 2], 8) << "every worker gets a chunk";
  }
}

}  // namespace
}  // namespace hetcoll
