#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>

#include "core/random.hpp"

namespace hetcoll {

// Random123's published known-answer vectors for Philox4x64-10 (kat_vectors in its
// distribution: counter, key, output): the engine is the generator the papers describe.
TEST(RandomPhilox, MatchesRandom123KnownAnswers) {
  using Block = std::array<std::uint64_t, 4>;
  using Key = std::array<std::uint64_t, 2>;
  EXPECT_EQ(philox4x64_10(Block{0, 0, 0, 0}, Key{0, 0}),
            (Block{0x16554d9eca36314cULL, 0xdb20fe9d672d0fdcULL, 0xd7e772cee186176bULL, 0x7e68b68aec7ba23bULL}));
  const std::uint64_t ones = ~std::uint64_t{0};
  EXPECT_EQ(philox4x64_10(Block{ones, ones, ones, ones}, Key{ones, ones}),
            (Block{0x87b092c3013fe90bULL, 0x438c3c67be8d0224ULL, 0x9cc7d7c69cd777b6ULL, 0xa09caebf594f0ba0ULL}));
  EXPECT_EQ(philox4x64_10(Block{0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL, 0xa4093822299f31d0ULL, 0x082efa98ec4e6c89ULL},
                          Key{0x452821e638d01377ULL, 0xbe5466cf34e90c6cULL}),
            (Block{0xa528f45403e61d95ULL, 0x38c72dbd566e9788ULL, 0xa5a1610e72fd18b5ULL, 0x57bd43b5e52b7fe6ULL}));
}

// The layout random.hpp documents: draw n of RandomStream(key, r, s) is lane n mod 4 of
// Philox4x64-10(counter {n / 4, r, 0, 0}, key {key, s}).
TEST(RandomStreams, DrawNIsALaneOfTheCounterBlock) {
  const std::uint64_t key = 0x0123456789abcdefULL, replication = 1000003, stream = 3;
  RandomStream r(key, replication, stream);
  for (std::uint64_t n = 0; n < 13; ++n)
    EXPECT_EQ(r.next(), philox4x64_10({n / 4, replication, 0, 0}, {key, stream})[n % 4]) << "draw " << n;
  EXPECT_EQ(RandomStream(0, 0, 0).next(), 0x16554d9eca36314cULL);  // the first known answer
  EXPECT_EQ(RandomStream(77).next(), RandomStream(77, 0, 0).next());
}

TEST(RandomStreams, RepositionIsAFreshStreamOfThatReplication) {
  RandomStream moved(5, 0, 1);
  for (int i = 0; i < 7; ++i) moved.gamma_mean_cv(1, 0.5);
  moved.normal();  // leaves a spare normal behind, which must not survive
  for (std::uint64_t replication : {3ULL, 0ULL, 1ULL << 40}) {
    moved.reposition(replication);
    RandomStream fresh(5, replication, 1);
    for (int i = 0; i < 10; ++i) EXPECT_EQ(moved.normal(), fresh.normal()) << replication << " " << i;
  }
}

TEST(RandomStreams, KeyReplicationAndStreamEachChangeTheDraws) {
  const std::uint64_t first = RandomStream(9, 4, 2).next();
  EXPECT_NE(RandomStream(10, 4, 2).next(), first);
  EXPECT_NE(RandomStream(9, 5, 2).next(), first);
  EXPECT_NE(RandomStream(9, 4, 3).next(), first);
  EXPECT_EQ(RandomStream(9, 4, 2).next(), first);
}

// Golden values: the samplers are our own code on top of Philox4x64-10 (pinned above by the
// known answers), so these numbers must never change, whatever the compiler or library version.
// If one of these fails, every published result of the project changes: do not update them
// lightly (they changed once, when mt19937_64 reseeded per replication gave way to Philox).
TEST(RandomGolden, DerivedSeedAndVariatesArePinned) {
  EXPECT_EQ(derive_seed(42, {1, 2, 3}), 1174074829062133144ULL);
  RandomStream r(derive_seed(42, {1, 2, 3}), 7, 2);
  EXPECT_EQ(r.uniform(), 0.73002979472938412);
  EXPECT_EQ(r.uniform(), 0.23757384368319162);
  EXPECT_EQ(r.uniform(), 0.079748850603222732);
  EXPECT_EQ(r.normal(), -1.0034067994855496);
  EXPECT_EQ(r.normal(), -0.74411415694840632);
  EXPECT_EQ(r.normal(), -0.50522507209565326);
  EXPECT_EQ(r.gamma(2.0, 1.5), 9.2283472499762862);
  EXPECT_EQ(r.gamma(2.0, 1.5), 0.47493302455070557);
  EXPECT_EQ(r.gamma(2.0, 1.5), 1.2197790737861416);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 10.0), 2.7082899268567771e-15);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 10.0), 0.0092725655707882274);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 10.0), 3.6444847437216083e-43);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 0.3), 1.7984455609139476);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 0.3), 0.5182965891760356);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 0.3), 1.0734810104776376);
  EXPECT_EQ(r.gamma_mean_cv(2.0, 1.0), 0.31164489445880605);  // shape 1: the exponential path
  EXPECT_EQ(r.gamma_mean_cv(2.0, 1.0), 0.86354401852951568);
}

TEST(RandomStreams, SeedsDependOnEveryPathElement) {
  EXPECT_NE(derive_seed(1, {0, 0}), derive_seed(1, {0, 1}));
  EXPECT_NE(derive_seed(1, {0, 1}), derive_seed(1, {1, 0}));
  EXPECT_NE(derive_seed(1, {5}), derive_seed(2, {5}));
  EXPECT_EQ(derive_seed(7, {3, 4}), derive_seed(7, {3, 4}));
}

TEST(RandomGamma, ZeroCvIsDeterministic) {
  RandomStream r(1);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(r.gamma_mean_cv(2.5, 0.0), 2.5);
}

// Moments of the gamma sampler over shapes from 0.01 (CV = 10) to 100 (CV = 0.1): mean within
// 5 standard errors; variance checked where its estimator is itself well behaved.
class GammaMoments : public ::testing::TestWithParam<double> {};

TEST_P(GammaMoments, MeanAndVarianceMatchTheDistribution) {
  const double cv = GetParam(), mean = 1.7;
  RandomStream r(derive_seed(99, {static_cast<std::uint64_t>(cv * 1000)}));
  const int n = 400000;
  double sum = 0, sq = 0;
  for (int i = 0; i < n; ++i) {
    const double x = r.gamma_mean_cv(mean, cv);
    ASSERT_GE(x, 0.0);
    sum += x;
    sq += x * x;
  }
  const double m = sum / n, var = sq / n - m * m;
  const double sd = mean * cv;
  EXPECT_NEAR(m, mean, 5 * sd / std::sqrt(n));
  if (cv <= 1.0) EXPECT_NEAR(var / (sd * sd), 1.0, 0.02);
}

INSTANTIATE_TEST_SUITE_P(Cv, GammaMoments, ::testing::Values(0.1, 0.3, 1.0, 3.0, 10.0));

TEST(RandomGamma, ShapeBelowOneMatchesTheDistributionFunction) {
  // Exponential (shape 1) and shape 0.25: P(X <= m) against closed forms / known values.
  RandomStream r(5);
  const int n = 200000;
  int below_mean = 0;
  for (int i = 0; i < n; ++i) below_mean += r.gamma_mean_cv(1.0, 1.0) <= 1.0;
  EXPECT_NEAR(below_mean / double(n), 1.0 - std::exp(-1.0), 0.005);
  // Shape 0.25, scale 4 (mean 1): P(X <= 1) = P(0.25, 0.25) = 0.74368 (regularised lower gamma, scipy.special.gammainc).
  int below = 0;
  for (int i = 0; i < n; ++i) below += r.gamma(0.25, 4.0) <= 1.0;
  EXPECT_NEAR(below / double(n), 0.74368, 0.005);
}

TEST(RandomUniform, BelowIsUniform) {
  RandomStream r(3);
  std::vector<int> counts(7, 0);
  for (int i = 0; i < 70000; ++i) ++counts[r.below(7)];
  for (int c : counts) EXPECT_NEAR(c, 10000, 500);
}

}  // namespace hetcoll
