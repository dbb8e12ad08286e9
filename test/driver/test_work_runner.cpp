/// @file test_work_runner.cpp
/// @brief run_units (driver/work_runner.hpp): a unit that runs for long is named while it runs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll {
namespace {

// The brute-force optimum of a 5-worker star solves 14,400 LPs per replication: one unit of 40
// replications outlasts several 50 ms periods on any machine.
TEST(WorkRunner, WhileNoUnitFinishesTheOldestRunningOneIsNamedEveryPeriod) {
  const Scenario s = resolve_run_arguments({"--family", "divisible", "--algorithms", "optimal", "--workers", "5",
                                            "--replications", "40", "--engine", "model"});
  const WorkDir dir("hetcoll-test");
  RunSetup setup;
  setup.scenario = &s;
  setup.points = expand_points(s);
  setup.work_dir = dir.path();
  std::vector<std::pair<std::string, double>> calls;
  std::size_t finished = 0;
  run_units(setup, {{0, 0, 40}}, 1, [&](std::size_t, UnitResult&&) { ++finished; },
            [&](const std::string& unit, double seconds) { calls.emplace_back(unit, seconds); }, 0.05);
  EXPECT_EQ(finished, 1u);
  ASSERT_GE(calls.size(), 2u);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    EXPECT_NE(calls[i].first.find("workers=5"), std::string::npos) << calls[i].first;
    EXPECT_NE(calls[i].first.find("replications 0 to 39"), std::string::npos) << calls[i].first;
    EXPECT_GE(calls[i].second, 0.05);
    if (i > 0) EXPECT_GT(calls[i].second, calls[i - 1].second);
  }
}

// Without a callback no timer is set: a unit's children and the parent see no SIGALRM.
TEST(WorkRunner, WithoutACallbackUnitsRunAsBefore) {
  const Scenario s =
      resolve_run_arguments({"--family", "divisible", "--workers", "3", "--replications", "4", "--engine", "model"});
  const WorkDir dir("hetcoll-test");
  RunSetup setup;
  setup.scenario = &s;
  setup.points = expand_points(s);
  setup.work_dir = dir.path();
  std::size_t finished = 0;
  run_units(setup, {{0, 0, 2}, {0, 2, 2}}, 2, [&](std::size_t, UnitResult&&) { ++finished; });
  EXPECT_EQ(finished, 2u);
}

}  // namespace
}  // namespace hetcoll
