// pLogP models of intra-cluster broadcast (Steffenel, Table 1): identities between the
// strategies, the segment search against brute force and against its continuous optimum, and
// g(s) interpolation.
#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/broadcast/support/intra_models.hpp"
#include "core/random.hpp"

namespace hetcoll {
namespace {

PLogP random_link(RandomStream& rng) {
  return PLogP::affine(1e-6 + 1e-3 * rng.uniform(), 1e-6 + 1e-4 * rng.uniform(), 1e6 + 1e9 * rng.uniform());
}

TEST(IntraModels, SegmentedStrategiesWithOneSegmentAreTheirUnsegmentedForms) {
  RandomStream rng(derive_seed(5, {6, 1}));
  for (int trial = 0; trial < 200; ++trial) {
    const PLogP link = random_link(rng);
    const int P = 1 + static_cast<int>(rng.below(64));
    const double m = 1 + static_cast<double>(rng.below(1 << 24));
    auto t = [&](IntraStrategy s) { return intra_time(s, P, m, m, link); };
    EXPECT_NEAR(t(IntraStrategy::segmented_flat), t(IntraStrategy::flat), 1e-12);
    EXPECT_NEAR(t(IntraStrategy::segmented_chain), t(IntraStrategy::chain), 1e-12);
    EXPECT_NEAR(t(IntraStrategy::segmented_binomial), t(IntraStrategy::binomial), 1e-12);
  }
}

TEST(IntraModels, RendezvousVariantsAddTwoSmallMessagesAndTwoLatenciesPerStep) {
  const PLogP link = PLogP::affine(5e-5, 2e-5, 1.25e8);
  const double handshake = 2 * link.gap(1) + 2 * link.latency;
  const double m = 1 << 20;
  for (int P : {2, 3, 8, 31}) {
    const double log_ceil = std::ceil(std::log2(P));
    EXPECT_NEAR(intra_time(IntraStrategy::flat_rendezvous, P, m, m, link) -
                    intra_time(IntraStrategy::flat, P, m, m, link),
                handshake, 1e-15);
    EXPECT_NEAR(intra_time(IntraStrategy::chain_rendezvous, P, m, m, link) -
                    intra_time(IntraStrategy::chain, P, m, m, link),
                (P - 1) * handshake, 1e-14);
    EXPECT_NEAR(intra_time(IntraStrategy::binomial_rendezvous, P, m, m, link) -
                    intra_time(IntraStrategy::binomial, P, m, m, link),
                log_ceil * handshake, 1e-14);
  }
}

TEST(IntraModels, TwoNodesCostOneMessageExceptBinaryAndScatterCollect) {
  const PLogP link = PLogP::affine(5e-5, 2e-5, 1.25e8);
  const double m = 65536, one = link.latency + link.gap(m);
  for (IntraStrategy s : {IntraStrategy::flat, IntraStrategy::chain, IntraStrategy::segmented_chain,
                          IntraStrategy::binomial, IntraStrategy::segmented_flat, IntraStrategy::segmented_binomial})
    EXPECT_NEAR(intra_time(s, 2, m, m, link), one, 1e-15) << intra_strategy_info(s).name;
  EXPECT_NEAR(intra_time(IntraStrategy::binary, 2, m, m, link), 2 * link.gap(m) + link.latency, 1e-15);
  EXPECT_NEAR(intra_time(IntraStrategy::scatter_collect, 2, m, m, link), 2 * link.latency + link.gap(m), 1e-15);
}

TEST(IntraModels, OneNodeCostsNothing) {
  const PLogP link = PLogP::affine(5e-5, 2e-5, 1.25e8);
  for (const IntraStrategyInfo& s : intra_strategies()) EXPECT_EQ(intra_time(s.id, 1, 1e6, 1e3, link), 0) << s.name;
}

TEST(IntraModels, SegmentSearchIsTheBruteForceMinimumOverPowersOfTwo) {
  RandomStream rng(derive_seed(5, {6, 2}));
  for (int trial = 0; trial < 200; ++trial) {
    const PLogP link = random_link(rng);
    const int P = 2 + static_cast<int>(rng.below(40));
    const double m = 1 + static_cast<double>(rng.below(1 << 23));
    for (IntraStrategy s : {IntraStrategy::segmented_chain, IntraStrategy::segmented_flat,
                            IntraStrategy::segmented_binomial}) {
      double best = INFINITY;
      for (int i = 0; std::ldexp(1.0, i) <= m; ++i)
        best = std::min(best, intra_time(s, P, m, m / std::ldexp(1.0, i), link));
      const IntraChoice c = tune_intra(s, P, m, link);
      EXPECT_EQ(c.time, best) << intra_strategy_info(s).name;
      EXPECT_EQ(c.segment * c.segments, m);
    }
  }
}

TEST(IntraModels, SegmentedChainSegmentIsWithinAFactorTwoOfItsContinuousOptimum) {
  // With g(s) = o + s/B the pipeline costs (P−1)(o + L) + (P−2)s/B + m/B + (m/s)·o + … : convex
  // in s, minimum at s* = sqrt(m·o·B/(P−2)). The best power-of-two split lies within 2× of s*.
  RandomStream rng(derive_seed(5, {6, 3}));
  for (int trial = 0; trial < 200; ++trial) {
    const double o = 1e-6 + 1e-4 * rng.uniform(), B = 1e6 + 1e9 * rng.uniform();
    const PLogP link = PLogP::affine(1e-4, o, B);
    const int P = 3 + static_cast<int>(rng.below(60));
    const double m = std::ldexp(1.0, 16 + static_cast<int>(rng.below(10)));
    const double optimum = std::sqrt(m * o * B / (P - 2));
    if (optimum < 2 || optimum > m / 2) continue;  // the search is clamped to 1 ≤ s ≤ m
    const IntraChoice c = tune_intra(IntraStrategy::segmented_chain, P, m, link);
    EXPECT_GE(c.segment, optimum / 2) << "trial " << trial;
    EXPECT_LE(c.segment, optimum * 2) << "trial " << trial;
  }
}

TEST(IntraModels, BestIntraIsTheFastestCandidateWithTheFirstWinningTies) {
  const PLogP link = PLogP::affine(5e-5, 2e-5, 1.25e8);
  const double m = 4194304;
  const std::vector<IntraStrategy> all = executable_intra_strategies();
  for (int P : {2, 5, 16, 31}) {
    const IntraChoice best = best_intra(all, P, m, link);
    for (IntraStrategy s : all) EXPECT_LE(best.time, tune_intra(s, P, m, link).time);
  }
  // With two nodes flat, chain and binomial tie; flat comes first in Table 1.
  EXPECT_EQ(best_intra({IntraStrategy::flat, IntraStrategy::chain}, 2, m, link).strategy, IntraStrategy::flat);
  EXPECT_EQ(best_intra(all, 31, m, link).strategy, IntraStrategy::segmented_chain);
}

TEST(PLogPGap, InterpolatesLinearlyBetweenMeasuredSizesAndExtrapolatesTheLastSegment) {
  PLogP link;
  link.sizes = {0, 10, 20};
  link.gaps = {1, 2, 4};
  EXPECT_DOUBLE_EQ(link.gap(0), 1);
  EXPECT_DOUBLE_EQ(link.gap(5), 1.5);
  EXPECT_DOUBLE_EQ(link.gap(10), 2);
  EXPECT_DOUBLE_EQ(link.gap(15), 3);
  EXPECT_DOUBLE_EQ(link.gap(30), 6);
  const PLogP affine = PLogP::affine(1e-3, 1e-5, 1e8);
  for (double s : {0.0, 1.0, 1000.0, 4194304.0, 1e9}) EXPECT_NEAR(affine.gap(s), 1e-5 + s / 1e8, 1e-15 * (1 + s));
}

TEST(IntraStrategyTable, ListsTable1InOrderWithTheFiveExecutableStrategies) {
  std::string names, executable;
  for (const IntraStrategyInfo& s : intra_strategies()) {
    names += s.name + " ";
    if (s.executable) executable += s.name + " ";
  }
  EXPECT_EQ(names,
            "flat flat-rendezvous segmented-flat chain chain-rendezvous segmented-chain binary binomial "
            "binomial-rendezvous segmented-binomial scatter-collect ");
  EXPECT_EQ(executable, "flat chain segmented-chain binary binomial ");
}

}  // namespace
}  // namespace hetcoll
