// Properties of every redistribution algorithm (docs/redistribute.md): valid schedules above
// the lower bound on random instances of every shape, the approximation guarantees on
// thousands of instances, the exact optimum on tiny ones, and the bottleneck matching against
// brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "algorithms/redistribute/support/inputs.hpp"
#include "algorithms/redistribute/support/matching.hpp"
#include "algorithms/redistribute/support/registry.hpp"
#include "algorithms/redistribute/support/factories.hpp"
#include "core/random.hpp"
#include "algorithms/redistribute/redistribution_harness.hpp"

namespace hetcoll {
namespace {

/// A random instance of random shape: 1..max_nodes nodes a side, any edge count, k in 1..8.
Instance random_shape(RandomStream& random, std::uint64_t seed, int max_nodes, double beta, int weight_max = 20) {
  RandomSpec spec;
  spec.senders = 1 + static_cast<int>(random.below(max_nodes));
  spec.receivers = 1 + static_cast<int>(random.below(max_nodes));
  spec.edges = 0;
  spec.k = 1 + static_cast<int>(random.below(8));
  spec.weight_max = weight_max;
  spec.beta = beta;
  return random_instance(spec, RandomStream(seed)).instance;
}

TEST(RedistributionAlgorithms, EveryStepScheduleIsValidAndCostsAtLeastTheLowerBound) {
  RandomStream random(1);
  int checked = 0;
  for (double beta : {0.0, 0.5, 1.0, 2.5, 7.0})
    for (bool fractional : {false, true})
      for (std::uint64_t seed = 0; seed < 40; ++seed) {
        Instance g = random_shape(random, seed, 9, beta);
        // Fractional weights exercise the rounding up of normalisation (w' = ⌈w/β⌉).
        if (fractional)
          for (Message& m : g.messages) m.weight *= 0.37;
        for (const RedistributionAlgorithm* a : test::scalable_step_algorithms()) {
          const Schedule s = *test::schedule_of(*a, g);
          ASSERT_EQ(check_schedule(g, s), "") << a->name() << " beta " << beta << " seed " << seed;
          EXPECT_GE(schedule_cost(g, s), lower_bound(g) * (1 - 1e-12)) << a->name();
          ++checked;
        }
      }
  EXPECT_GT(checked, 0);  // the table has step schedules to check
}

TEST(RedistributionAlgorithms, GgpAndOggpStepsAreMatchingsAndGreedySendsWholeMessages) {
  RandomStream random(2);
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const Instance g = random_shape(random, seed, 8, 1);
    for (auto* algorithm : {ggp_schedule, oggp_schedule})
      EXPECT_EQ(check_schedule(one_port(g), algorithm(g)), "") << seed;
    const Schedule greedy = greedy_schedule(g);
    std::size_t pieces = 0;
    for (const Step& step : greedy) pieces += step.size();
    EXPECT_EQ(pieces, g.messages.size());
  }
}

TEST(RedistributionAlgorithms, DggpSplitKeepsMessagesWholeWhenEveryNodeHasOnePort) {
  RandomStream random(3);
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const Instance g = one_port(random_shape(random, seed, 8, 1));
    const UnitGraph split = dggp_split(g);
    ASSERT_EQ(split.edges.size(), g.messages.size()) << seed;
    std::vector<bool> seen(g.messages.size(), false);
    for (const UnitGraph::Edge& e : split.edges) {
      EXPECT_EQ(static_cast<double>(e.units), g.messages[e.message].weight);
      EXPECT_FALSE(seen[e.message]);
      seen[e.message] = true;
    }
    EXPECT_LE(schedule_cost(g, dggp_schedule(g)), 2 * one_port_lower_bound(g)) << seed;
  }
}

// The paper's setting (§1.6): 14 + 14 nodes, δ in 1..5, weights 1..20, β = 1; the guarantee
// holds when weights are whole multiples of β (cost ≤ 2βR and βR is the bound's weight term).
TEST(RedistributionAlgorithms, DggpNeverExceedsTwiceTheDeltaPortBoundNorOggpTwiceTheOnePortBound) {
  double worst_dggp = 0, worst_oggp = 0, worst_ggp = 0;
  RandomStream random(4);
  for (std::uint64_t seed = 0; seed < 1500; ++seed) {
    RandomSpec spec;
    spec.edges = 1 + static_cast<int>(random.below(14 * 14));
    spec.k = 1 + static_cast<int>(random.below(14));
    const Instance g = random_instance(spec, RandomStream(seed)).instance;
    worst_dggp = std::max(worst_dggp, schedule_cost(g, dggp_schedule(g)) / lower_bound(g));
    worst_oggp = std::max(worst_oggp, schedule_cost(g, oggp_schedule(g)) / one_port_lower_bound(g));
    worst_ggp = std::max(worst_ggp, schedule_cost(g, ggp_schedule(g)) / one_port_lower_bound(g));
  }
  EXPECT_LE(worst_dggp, 2.0);
  EXPECT_LE(worst_oggp, 2.0);
  EXPECT_LE(worst_ggp, 2.0);
  EXPECT_GT(worst_dggp, 1.2);  // the check is not vacuous
}

// With any β the 1-port peeling stays within 2η: normalising adds at most β per edge, which the
// bound's β·max(Δ, ⌈m/k⌉) term pays for. DGGP's split can add one more β per virtual node, so
// against LB_δ it may exceed 2 when β does not divide the weights (docs/redistribute.md).
TEST(RedistributionAlgorithms, OnePortPeelingStaysWithinTwiceEtaForAnyBeta) {
  RandomStream random(5);
  for (double beta : {0.3, 2.0, 7.0, 19.0})
    for (std::uint64_t seed = 0; seed < 150; ++seed) {
      const Instance g = random_shape(random, seed, 10, beta);
      for (auto* algorithm : {ggp_schedule, oggp_schedule})
        EXPECT_LE(schedule_cost(g, algorithm(g)), 2 * one_port_lower_bound(g) * (1 + 1e-12)) << beta << " " << seed;
    }
}

TEST(RedistributionExact, SingleMessageTakesBetaPlusItsWeightOverItsStreams) {
  for (int w = 1; w <= 7; ++w)
    for (int streams = 1; streams <= 3; ++streams) {
      Instance g;
      g.senders = g.receivers = 1;
      g.k = 3;
      g.delta = {streams, 3};
      g.beta = 0.5;
      g.messages = {{0, 0, static_cast<double>(w)}};
      EXPECT_DOUBLE_EQ(schedule_cost(g, exact_schedule(g)), 0.5 + (w + streams - 1) / streams) << w << " " << streams;
    }
}

TEST(RedistributionExact, LiesBetweenTheBoundAndEveryAlgorithmAndDggpIsWithinTwiceIt) {
  RandomStream random(6);
  double worst = 0;
  for (std::uint64_t seed = 0; seed < 600; ++seed) {
    RandomSpec spec;
    spec.senders = 1 + static_cast<int>(random.below(3));
    spec.receivers = 1 + static_cast<int>(random.below(3));
    spec.edges = 1 + static_cast<int>(random.below(std::min(4, spec.senders * spec.receivers)));
    spec.k = 1 + static_cast<int>(random.below(4));
    spec.delta_max = 3;
    spec.weight_max = 1 + static_cast<int>(random.below(6));
    spec.beta = static_cast<double>(random.below(8));
    const Instance g = random_instance(spec, RandomStream(seed)).instance;
    const Schedule optimum = exact_schedule(g);
    ASSERT_EQ(check_schedule(g, optimum), "") << seed;
    const double opt = schedule_cost(g, optimum);
    EXPECT_GE(opt, lower_bound(g) - 1e-9) << seed;
    for (const RedistributionAlgorithm& a : redistribution_algorithms())
      if (!a.ignores_limits())
        if (const std::optional<Schedule> s = test::schedule_of(a, g)) EXPECT_GE(schedule_cost(g, *s), opt - 1e-9) << a.name();
    worst = std::max(worst, schedule_cost(g, dggp_schedule(g)) / opt);
  }
  EXPECT_LE(worst, 2.0);
}

TEST(RedistributionMatching, BottleneckIsTheMaxMinOfAllPerfectMatchingsAndPerfectFindsOneIfAny) {
  RandomStream random(7);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + static_cast<int>(random.below(6));
    std::vector<std::vector<std::int64_t>> w(n, std::vector<std::int64_t>(n, 0));
    std::vector<int> left, right;
    std::vector<std::int64_t> weight;
    for (int l = 0; l < n; ++l)
      for (int r = 0; r < n; ++r) {
        w[l][r] = random.below(3) == 0 ? 0 : static_cast<std::int64_t>(random.below(9));
        left.push_back(l);
        right.push_back(r);
        weight.push_back(w[l][r]);
      }
    const std::int64_t expected = test::brute_bottleneck(w);
    BipartiteMatcher any(n, n, left, right, weight), best(n, n, left, right, weight);
    ASSERT_EQ(any.perfect(), expected > 0) << trial;
    ASSERT_EQ(best.bottleneck(), expected > 0) << trial;
    if (expected <= 0) continue;
    std::int64_t smallest = std::numeric_limits<std::int64_t>::max();
    std::vector<bool> right_used(n, false);
    for (int l = 0; l < n; ++l) {
      const int e = best.edge_of(l);
      ASSERT_EQ(left[e], l);
      ASSERT_FALSE(right_used[right[e]]);
      right_used[right[e]] = true;
      smallest = std::min(smallest, weight[e]);
    }
    EXPECT_EQ(smallest, expected) << trial;
  }
}

}  // namespace
}  // namespace hetcoll
