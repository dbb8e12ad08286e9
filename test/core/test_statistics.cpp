#include <gtest/gtest.h>

#include <cmath>

#include "core/statistics.hpp"

namespace hetcoll {

TEST(Statistics, QuantilesInterpolateBetweenOrderStatisticsLikeNumPy) {
  // numpy.quantile([1..10], [0.1, 0.5, 0.9]) = 1.9, 5.5, 9.1 (linear, type 7).
  std::vector<double> v;
  for (int i = 10; i >= 1; --i) v.push_back(i);
  const Summary s = summarize(v);
  EXPECT_DOUBLE_EQ(s.q10, 1.9);
  EXPECT_DOUBLE_EQ(s.q50, 5.5);
  EXPECT_DOUBLE_EQ(s.q90, 9.1);
  EXPECT_DOUBLE_EQ(s.mean, 5.5);
  EXPECT_NEAR(s.stddev, std::sqrt(82.5 / 9.0), 1e-12);
  EXPECT_NEAR(s.stderr_, s.stddev / std::sqrt(10.0), 1e-15);
  EXPECT_EQ(s.count, 10u);
}

TEST(Statistics, SingleValueHasZeroSpread) {
  const Summary s = summarize({3.5});
  EXPECT_EQ(s.stddev, 0.0);
  EXPECT_EQ(s.q10, 3.5);
  EXPECT_EQ(s.q90, 3.5);
}

TEST(Statistics, TwoPassVarianceSurvivesALargeOffset) {
  // The one-pass formula returns garbage here: values 1e9 + {0, 1e-3, 2e-3}.
  const Summary s = summarize({1e9, 1e9 + 1e-3, 1e9 + 2e-3});
  EXPECT_NEAR(s.stddev, 1e-3, 1e-6);  // inputs carry ulp(1e9) = 1.2e-7 of rounding
}

}  // namespace hetcoll
