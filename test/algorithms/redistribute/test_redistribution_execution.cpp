// Redistribution schedules executed on both engines (issue #5, "Execution"): capped at the base
// speed, the simulated time equals the schedule's cost to 1e-9 on SimGrid and on the model
// engine; uncapped, SimGrid shares the bandwidth max–min, checked against hand-computed cases,
// and the model engine, which does not share, stops where streams would.
// SimGrid allows one engine per process, so every unit runs in a forked child.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "algorithms/redistribute/support/registry.hpp"
#include "algorithms/redistribute/support/factories.hpp"
#include "core/number_format.hpp"
#include "core/random.hpp"
#include "driver/scenario.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "algorithms/redistribute/redistribution_harness.hpp"

namespace hetcoll {
namespace {

using test::redistribution_point;
using test::unit_values;

/// The running example as a point of the family, its matrix written into `dir`.
Point running_example_point(const WorkDir& dir, bool uncapped) {
  const std::string matrix = dir.path() + "/matrix.csv";
  std::ofstream(matrix) << "700,300\n0,100\n";
  return redistribution_point({{"senders", 2}, {"receivers", 2}, {"backbone", 200}, {"uncapped", uncapped ? 1.0 : 0}},
                              {{"matrix", matrix}}, {{"nic", {300, 200, 100, 300}}});
}

/// The stream of replication r's instance, as the driver positions it for unit_values (seed 5).
RandomStream instance_stream(const Point& point, std::uint64_t r) {
  return RandomStream(point_seed(5, redistribution_family().parameters(), point, false), r);
}

void expect_close(double actual, double expected, const std::string& what) {
  EXPECT_LE(std::abs(actual - expected), 1e-9 * std::max(1.0, std::abs(expected)))
      << what << ": simulated " << format_number(actual) << ", expected " << format_number(expected);
}

TEST(RedistributionExecution, CappedSimulatedTimeIsTheScheduleCostOnBothEngines) {
  const WorkDir dir("hetcoll-jw");
  // Every step schedule of the table that scales, and the analytic rows (no activity, value LB).
  std::vector<std::string> algorithms;
  for (const RedistributionAlgorithm* a : test::scalable_step_algorithms()) algorithms.push_back(a->name());
  for (const RedistributionAlgorithm& a : redistribution_algorithms())
    if (a.analytic()) algorithms.push_back(a.name());
  const Point point = redistribution_point({{"senders", 5}, {"receivers", 4}, {"k", 3}, {"beta", 0.75}});
  const std::uint64_t replications = 6;
  const RedistributionPoint setup = resolve_redistribution_point(point);
  // Two streams of one message in a step (DGGP) share a mailbox on SimGrid: make sure one runs.
  int parallel_pieces = 0;
  for (std::uint64_t r = 0; r < replications; ++r) {
    const Instance g = random_instance(setup.random, instance_stream(point, r)).instance;
    for (const Step& step : dggp_schedule(g))
      for (std::size_t i = 0; i < step.size(); ++i)
        for (std::size_t j = i + 1; j < step.size(); ++j) parallel_pieces += step[i].message == step[j].message;
  }
  EXPECT_GT(parallel_pieces, 0);
  for (const std::string engine : {"model", "simgrid"}) {
    const std::vector<double> values = unit_values(algorithms, engine, point, replications, dir.path());
    if (values.size() != replications * algorithms.size() * 2) continue;
    for (std::uint64_t r = 0; r < replications; ++r) {
      // The runner's instance of replication r, rebuilt from the same seeds.
      const Instance g = random_instance(setup.random, instance_stream(point, r)).instance;
      for (std::size_t a = 0; a < algorithms.size(); ++a) {
        const RedistributionAlgorithm& alg = redistribution_algorithms().at(algorithms[a]);
        // An analytic row of this family records LB_δ.
        const double expected = alg.analytic() ? lower_bound(g) : schedule_cost(g, *test::schedule_of(alg, g));
        const double* v = &values[(r * algorithms.size() + a) * 2];
        expect_close(v[0], expected, engine + " " + alg.name() + " replication " + std::to_string(r));
        expect_close(v[1], expected / lower_bound(g), engine + " ratio of " + alg.name());
      }
    }
  }
}

TEST(RedistributionExecution, RunningExampleCostsItsScheduleOnSimgridIncludingTheOptimumOfNine) {
  const WorkDir dir("hetcoll-jw");
  const std::vector<std::string> algorithms = {"oggp", "dggp", "greedy", "exact", "lower-bound"};
  const std::vector<double> values =
      unit_values(algorithms, "simgrid", running_example_point(dir, false), 1, dir.path());
  const std::vector<double> expected = {12, 11, 10, 9, 9};
  for (std::size_t a = 0; a < values.size() / 2 && a < expected.size(); ++a)
    expect_close(values[2 * a], expected[a], algorithms[a]);
}

// All-at-once on the running example (β = 1, Mbit/s): 1→A, 1→B, 2→B share the 200 Mbit/s
// backbone, 66.7 each (A's 100 does not bind yet); 2→B (100 Mbit) ends at 1.5 s; then 1→A and
// 1→B get 100 each, and 1→B (200 left) ends at 3.5 s; 1→A has 400 left at 100 (A's NIC): 7.5 s.
// Without sharing each stream would get its route's bandwidth, β + 700 / min(300, 200, 100) = 8;
// the model engine shares the backbone from 1 s (after β) as SimGrid does.
TEST(RedistributionExecution, AllAtOnceSharesBandwidthMaxMinOnBothEngines) {
  const WorkDir dir("hetcoll-jw");
  const Point point = running_example_point(dir, false);
  const std::vector<double> simgrid = unit_values({"all-at-once", "lower-bound"}, "simgrid", point, 1, dir.path());
  ASSERT_EQ(simgrid.size(), 4u);
  expect_close(simgrid[0], 1 + 7.5, "simgrid all-at-once");
  expect_close(simgrid[1], 8.5 / 9, "simgrid ratio");
  const std::vector<double> model = unit_values({"all-at-once", "lower-bound"}, "model", point, 1, dir.path());
  ASSERT_EQ(model.size(), 4u);
  expect_close(model[0], 1 + 7.5, "model all-at-once");
}

// OGGP uncapped on the running example: step {1→A 7, 2→B 1}: A's NIC holds 1→A at 100 and
// 2→B takes the backbone's other 100, so the step lasts 7; step {1→B 3} alone runs at the
// backbone's 200: 1.5. Total 2β + 8.5 = 10.5 on SimGrid (capped: 12). Without sharing, 2→B
// would run at 200 beside 1→A's 100 through the 200 Mbit/s backbone; the model engine shares it.
TEST(RedistributionExecution, UncappedStepsUseSpareBandwidthOnBothEngines) {
  const WorkDir dir("hetcoll-jw");
  const Point point = running_example_point(dir, true);
  const std::vector<double> values = unit_values({"oggp"}, "simgrid", point, 1, dir.path());
  ASSERT_EQ(values.size(), 2u);
  expect_close(values[0], 10.5, "simgrid uncapped oggp");
  const std::vector<double> model = unit_values({"oggp"}, "model", point, 1, dir.path());
  ASSERT_EQ(model.size(), 2u);
  expect_close(model[0], 10.5, "model uncapped oggp");
}

// In a valid step every link carries at most capacity / base streams, so max–min sharing gives
// every stream at least the base speed: uncapped can only be faster than the capped cost.
TEST(RedistributionExecution, UncappedSimgridIsNeverSlowerThanTheCappedCost) {
  const WorkDir dir("hetcoll-jw");
  std::vector<std::string> algorithms;
  for (const RedistributionAlgorithm* a : test::scalable_step_algorithms()) algorithms.push_back(a->name());
  Point point = redistribution_point({{"senders", 6}, {"receivers", 6}, {"k", 4}, {"uncapped", 1}});
  const RedistributionPoint setup = resolve_redistribution_point(point);
  const std::uint64_t replications = 5;
  const std::vector<double> values = unit_values(algorithms, "simgrid", point, replications, dir.path());
  ASSERT_EQ(values.size(), replications * algorithms.size() * 2);
  int faster = 0;
  for (std::uint64_t r = 0; r < replications; ++r) {
    const Instance g = random_instance(setup.random, instance_stream(point, r)).instance;
    for (std::size_t a = 0; a < algorithms.size(); ++a) {
      const double capped = schedule_cost(g, *test::schedule_of(redistribution_algorithms().at(algorithms[a]), g));
      const double uncapped = values[(r * algorithms.size() + a) * 2];
      EXPECT_LE(uncapped, capped * (1 + 1e-9)) << algorithms[a] << " replication " << r;
      faster += uncapped < capped * (1 - 1e-6);
    }
  }
  EXPECT_GT(faster, 0);
}

}  // namespace
}  // namespace hetcoll
