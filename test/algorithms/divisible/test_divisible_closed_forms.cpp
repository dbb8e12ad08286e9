// The closed forms of Theorems 1 and 2 (docs/divisible.md) against their worked values,
// against the paper's LP (§2.2) on the same orders, and against brute force over all orders.
#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/divisible/support/no_idle_fifo.hpp"
#include "algorithms/divisible/divisible_harness.hpp"

namespace hetcoll {
namespace {

using test::solve;

constexpr double kTight = 1e-9;

Star figure2() { return {{1, 1, 5}, {1, 1, 5}, {1, 1, 5}}; }

// Figure 4 compares these four; the table may hold any number of others.
TEST(DivisibleRegistry, HoldsTheFourHeuristicsOfSection5AndEveryPlannerCitesThePaper) {
  for (const char* name : {"opt-fifo", "opt-lifo", "fifo-inc-c", "fifo-inc-w"})
    EXPECT_NE(divisible_algorithms().find(name), nullptr) << name;
  const std::vector<DivisibleAlgorithm> planners = test::planners();
  for (const DivisibleAlgorithm& a : divisible_algorithms()) {
    const bool paper = a.reference().rfind("Beaumont, Marchal & Robert", 0) == 0;
    const bool plans = std::any_of(planners.begin(), planners.end(),
                                   [&](const DivisibleAlgorithm& p) { return p.name() == a.name(); });
    EXPECT_EQ(paper, plans) << a.name() << ": " << a.reference() << " (planners are the paper's, the "
                               "demand-driven baseline hetcoll's)";
  }
}

TEST(DivisibleOptLifo, Figure2LoadsAreOneThirdOneNinthOneHundredThirtyFifth) {
  const DivisibleSchedule s = solve("opt-lifo", figure2());
  EXPECT_NEAR(s.alpha[0], 1.0 / 3, kTight);
  EXPECT_NEAR(s.alpha[1], 1.0 / 9, kTight);
  EXPECT_NEAR(s.alpha[2], 1.0 / 135, kTight);
  EXPECT_NEAR(s.load(), 61.0 / 135, kTight);
  EXPECT_EQ(s.send, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(s.ret, (std::vector<int>{2, 1, 0}));
}

TEST(DivisibleOptFifo, Figure2PrefixThroughputsAreOneThirdOneHalfElevenTwentyFifths) {
  const Star star = figure2();
  const NoIdleFifo prefixes = no_idle_fifo(star, order_by(3, c_plus_d(star)), true);
  ASSERT_EQ(prefixes.rho.size(), 3u);
  EXPECT_NEAR(prefixes.rho[0], 1.0 / 3, kTight);
  EXPECT_NEAR(prefixes.rho[1], 1.0 / 2, kTight);
  EXPECT_NEAR(prefixes.rho[2], 11.0 / 25, kTight);
  EXPECT_EQ(prefixes.q, 2);
  const DivisibleSchedule s = solve("opt-fifo", star);
  EXPECT_NEAR(s.alpha[0], 0.25, kTight);
  EXPECT_NEAR(s.alpha[1], 0.25, kTight);
  EXPECT_EQ(s.alpha[2], 0.0);
  EXPECT_EQ(s.enrolled(), 2);
}

TEST(DivisibleOptFifo, HalfZExampleKeepsTwoWorkersForFourteenTwentyThirds) {
  const Star star{{1, 1, 4}, {0.5, 0.5, 2}, {1, 1, 1}};
  const NoIdleFifo prefixes = no_idle_fifo(star, order_by(3, c_plus_d(star)), true);
  EXPECT_NEAR(prefixes.rho[0], 2.0 / 5, kTight);
  EXPECT_NEAR(prefixes.rho[1], 14.0 / 23, kTight);
  EXPECT_NEAR(prefixes.rho[2], 79.0 / 133, kTight);
  EXPECT_EQ(prefixes.q, 2);
  EXPECT_NEAR(solve("opt-fifo", star).load(), 14.0 / 23, kTight);
  EXPECT_NEAR(test::brute_force(star, PortModel::two_port, test::Pairs::fifo), 14.0 / 23, kTight);
}

TEST(DivisibleOptFifo, AboveZOneSendsTheChosenWorkersByDecreasingC) {
  // z = 2: time reversal (docs/divisible.md) serves the workers with the smallest c, largest c
  // first.
  const Star star{{1, 2, 3, 4}, {2, 4, 6, 8}, {1, 1, 1, 1}};
  const DivisibleSchedule s = solve("opt-fifo", star);
  ASSERT_GE(s.enrolled(), 2);
  for (int k = 1; k < s.enrolled(); ++k) EXPECT_GT(star.c[s.send[k - 1]], star.c[s.send[k]]);
  EXPECT_EQ(s.send, s.ret);
  EXPECT_NEAR(s.load(), test::brute_force(star, PortModel::two_port, test::Pairs::fifo), kTight);
}

// Theorem 1 and Theorem 2 solve the LP of their own order exactly.
TEST(DivisibleClosedForms, EqualTheLpOnTheSameOrdersToOneInABillion) {
  RandomStream random(2005);
  int checked = 0;
  for (double z : {0.0, 0.3, 0.8, 1.0, 1.5, 3.0})
    for (int p : {1, 2, 3, 5, 8, 20})
      for (int trial = 0; trial < 5; ++trial) {
        const Star star = test::random_star(random, p, z);
        for (const char* name : {"opt-lifo", "opt-fifo"}) {
          const DivisibleSchedule s = solve(name, star);
          // The LP over the full order: workers a closed form leaves out come last in it.
          std::vector<int> send = s.send, ret = s.ret;
          for (int i = 0; i < p; ++i)
            if (s.alpha[i] == 0) send.push_back(i), ret.push_back(i);
          OrderLp lp(star, PortModel::two_port);
          const std::vector<double> alpha = lp.solve(send, ret);
          const double value = std::accumulate(alpha.begin(), alpha.end(), 0.0);
          EXPECT_NEAR(s.load(), value, kTight * value) << name << " z " << z << " p " << p;
          EXPECT_NEAR(schedule_length(star, s, PortModel::two_port), 1.0, kTight) << name;
          ++checked;
        }
      }
  EXPECT_EQ(checked, 6 * 6 * 5 * 2);
}

TEST(DivisibleOptFifo, IsTheBestFifoScheduleOverAllOrdersForEveryZ) {
  RandomStream random(7);
  for (double z : {0.0, 0.5, 0.8, 1.0, 1.25, 2.0})
    for (int trial = 0; trial < 12; ++trial) {
      const Star star = test::random_star(random, 4, z);
      EXPECT_NEAR(solve("opt-fifo", star).load(), test::brute_force(star, PortModel::two_port, test::Pairs::fifo),
                  kTight)
          << "z " << z << " trial " << trial;
    }
}

// hetcoll's reading (docs/divisible.md): under one-port, OPT-FIFO is the LP of Theorem 2's order
// (or its reverse); on these random stars no other FIFO order does better (an observation, not a
// theorem of the paper).
TEST(DivisibleOptFifo, UnderOnePortMatchesTheBestFifoOrderOnRandomStars) {
  RandomStream random(99);
  for (double z : {0.3, 0.8, 1.0, 1.5})
    for (int trial = 0; trial < 15; ++trial) {
      const Star star = test::random_star(random, 4, z);
      EXPECT_NEAR(solve("opt-fifo", star, PortModel::one_port).load(),
                  test::brute_force(star, PortModel::one_port, test::Pairs::fifo), kTight)
          << "z " << z << " trial " << trial;
    }
}

TEST(DivisibleOptLifo, IsTheBestLifoScheduleOverAllOrdersUnderBothPortModels) {
  RandomStream random(8);
  for (PortModel port : {PortModel::two_port, PortModel::one_port})
    for (int trial = 0; trial < 20; ++trial) {
      // Arbitrary c and d: Theorem 1 does not need d = z·c.
      Star star = test::random_star(random, 4, 1.0);
      for (double& d : star.d) d = 0.1 + 9.9 * random.uniform();
      EXPECT_NEAR(solve("opt-lifo", star, port).load(), test::brute_force(star, port, test::Pairs::lifo), kTight);
      EXPECT_EQ(solve("opt-lifo", star, port).enrolled(), 4);
    }
}

TEST(DivisibleFifoHeuristics, UseEveryWorkerWithoutIdleTimeInTheirOrder) {
  RandomStream random(9);
  const Star star = test::random_star(random, 30, 0.8);
  const DivisibleSchedule by_c = solve("fifo-inc-c", star), by_w = solve("fifo-inc-w", star);
  EXPECT_EQ(by_c.enrolled(), 30);
  EXPECT_EQ(by_w.enrolled(), 30);
  EXPECT_EQ(by_c.send, order_by(30, star.c));
  EXPECT_EQ(by_w.send, order_by(30, star.w));
  EXPECT_NEAR(schedule_length(star, by_c, PortModel::two_port), 1.0, kTight);
  EXPECT_NEAR(schedule_length(star, by_w, PortModel::two_port), 1.0, kTight);
  EXPECT_LE(by_c.load(), solve("opt-fifo", star).load() * (1 + kTight));
  EXPECT_LE(by_w.load(), solve("opt-fifo", star).load() * (1 + kTight));
}

// Paper, Figure 4(c): with z = 1 all FIFO orders of all workers give the same throughput,
// Σ 1/(c_i + w_i) / (1 + Σ c_i/(c_i + w_i)).
TEST(DivisibleFifoHeuristics, EveryOrderOfAllWorkersTiesWhenZIsOne) {
  RandomStream random(10);
  const Star star = test::random_star(random, 50, 1.0);
  double numerator = 0, denominator = 1;
  for (int i = 0; i < 50; ++i) {
    numerator += 1 / (star.c[i] + star.w[i]);
    denominator += star.c[i] / (star.c[i] + star.w[i]);
  }
  EXPECT_NEAR(solve("fifo-inc-c", star).load(), numerator / denominator, kTight);
  EXPECT_NEAR(solve("fifo-inc-w", star).load(), numerator / denominator, kTight);
}

TEST(DivisibleNoIdleFifo, HundredThousandWorkersWithGrowingLoadsStayFiniteAndFillT) {
  // Forward recursion with d = 2c: r_j grows by (w + d)/(c + w) = 1.5 per worker, 1e17600
  // after 100,000 workers without rescaling.
  const int p = 100000;
  const Star star{std::vector<double>(p, 1.0), std::vector<double>(p, 2.0), std::vector<double>(p, 1.0)};
  for (const char* name : {"fifo-inc-c", "opt-fifo", "opt-lifo"}) {
    const DivisibleSchedule s = solve(name, star);
    EXPECT_TRUE(std::isfinite(s.load())) << name;
    EXPECT_GT(s.load(), 0) << name;
    EXPECT_NEAR(schedule_length(star, s, PortModel::two_port), 1.0, kTight) << name;
  }
}

}  // namespace
}  // namespace hetcoll
