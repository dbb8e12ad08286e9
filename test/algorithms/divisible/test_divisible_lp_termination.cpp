// Every LP the divisible family solves finishes: GLPK's primal simplex started from the previous
// pair's optimal basis stalled for ever on the star of a two-rack file (docs/divisible.md,
// "Solving the LPs"); every solve now starts from zero loads and is bounded in iterations.
#include <gtest/gtest.h>

#include <unistd.h>

#include "algorithms/divisible/divisible_harness.hpp"
#include "algorithms/divisible/support/order_lp.hpp"
#include "driver/work_dir.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

constexpr double kTight = 1e-9;

// The star of platforms/two-racks.xml with master a-0 and 31 workers (a-1..a-15, then
// b-0..b-15), one load unit of 1e9 bytes (c = 0.8 through a-0's 10 Gb/s link), z = 0.1 and
// wc-ratio = 0.1 (w = 0.2 on rack A, 0.1 on rack B); route latencies 4 us in the rack, 9 us
// across. Every row of its LPs is tight at the optimum and the rows differ in a few small
// coefficients: the warm-started simplex cycled on a prefix of 28 workers of OPT-FIFO's order.
Star two_rack_star() {
  Star star;
  for (int i = 0; i < 31; ++i) {
    const bool rack_a = i < 15;
    star.c.push_back(0.8);
    star.d.push_back(0.08);
    star.w.push_back(rack_a ? 0.2 : 0.1);
    star.send_latency.push_back(rack_a ? 4e-6 : 9e-6);
    star.return_latency.push_back(rack_a ? 4e-6 : 9e-6);
  }
  return star;
}

// In a forked child under a 60 s alarm, so a stall fails the test instead of hanging it.
TEST(DivisibleLpTermination, EveryPlannerFinishesOnTheTwoRackStarAndItsScheduleFitsInT) {
  const Star star = two_rack_star();
  const WorkDir dir;
  for (const DivisibleAlgorithm& a : test::planners()) {
    if (a.max_workers() > 0 && star.workers() > a.max_workers()) continue;  // refused by its size (registry)
    for (PortModel port : {PortModel::two_port, PortModel::one_port}) {
      const std::vector<double> out = test_support::values_in_child(dir.path(), [&] {
        alarm(60);
        const DivisibleSchedule s = test::solve(a.name(), star, port);
        return std::vector<double>{s.load(), test::run_on_model(star, s, port)};
      });
      ASSERT_EQ(out.size(), 2u) << a.name();
      EXPECT_GT(out[0], 0) << a.name();
      EXPECT_NEAR(out[1], 1.0, kTight) << a.name() << ": the schedule ends at T";
    }
  }
}

// Each pair's LP from zero loads reaches the optimum of the LP solved afresh: the order of
// solves (which pair came before) does not change a result.
TEST(DivisibleLpTermination, AnLpGivesTheSameLoadsWhateverPairWasSolvedBefore) {
  const Star star = two_rack_star();
  std::vector<int> order(28);
  for (int i = 0; i < 28; ++i) order[i] = i;
  std::vector<int> reversed(order.rbegin(), order.rend());
  const WorkDir dir;
  const std::vector<double> loads = test_support::values_in_child(dir.path(), [&] {
    alarm(60);
    OrderLp fresh(star, PortModel::two_port);
    std::vector<double> out = fresh.solve(reversed, reversed);
    OrderLp after(star, PortModel::two_port);
    after.solve(order, order);
    const std::vector<double> second = after.solve(reversed, reversed);
    out.insert(out.end(), second.begin(), second.end());
    return out;
  });
  ASSERT_EQ(loads.size(), 2 * star.c.size());
  for (std::size_t i = 0; i < star.c.size(); ++i) EXPECT_EQ(loads[i], loads[star.c.size() + i]) << "worker " << i;
}

}  // namespace
}  // namespace hetcoll
