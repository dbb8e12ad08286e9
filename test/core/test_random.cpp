#include <gtest/gtest.h>

#include <cmath>

#include "core/random.hpp"

namespace hetcoll {

// Golden values: the sampler is our own code on top of mt19937_64 (whose sequence the C++
// standard fixes), so these numbers must never change, whatever the Boost version. If one of
// these fails, every published result of the project changes: do not update them lightly.
TEST(RandomGolden, DerivedSeedAndUniformsArePinned) {
  EXPECT_EQ(derive_seed(42, {1, 2, 3}), 1174074829062133144ULL);
  RandomStream r(derive_seed(42, {1, 2, 3}));
  EXPECT_EQ(r.uniform(), 0.25473151888085238);
  EXPECT_EQ(r.uniform(), 0.81831709038332168);
  EXPECT_EQ(r.uniform(), 0.94832155103121796);
  EXPECT_EQ(r.normal(), -0.49567185965780985);
  EXPECT_EQ(r.normal(), 1.2660640585070591);
  EXPECT_EQ(r.normal(), -0.46732440681901077);
  EXPECT_EQ(r.gamma(2.0, 1.5), 3.7690135951509163);
  EXPECT_EQ(r.gamma(2.0, 1.5), 0.80391032645239169);
  EXPECT_EQ(r.gamma(2.0, 1.5), 0.4261286552938256);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 10.0), 3.443540015343285e-128);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 10.0), 2.9953993441609756e-17);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 10.0), 1.1837807019584637e-18);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 0.3), 0.8573041025584095);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 0.3), 0.81153500738747097);
  EXPECT_EQ(r.gamma_mean_cv(1.0, 0.3), 1.413975193956188);
  EXPECT_EQ(r.gamma_mean_cv(2.0, 1.0), 6.2859950727970766);  // shape 1: the exponential path
  EXPECT_EQ(r.gamma_mean_cv(2.0, 1.0), 4.4361905398505783);
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
