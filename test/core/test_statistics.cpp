#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/random.hpp"
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

TEST(Statistics, SelectedQuantilesAreThoseOfTheSortedSampleBitForBit) {
  // Type 7 computed the plain way, on a sorted copy, against summarize's selection; sizes where
  // the three quantiles share order statistics (n = 1, 2, 3) and samples with many ties.
  auto sorted_quantile = [](const std::vector<double>& sorted, double p) {
    const double h = static_cast<double>(sorted.size() - 1) * p;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
  };
  RandomStream random(7);
  for (std::size_t n : {1, 2, 3, 4, 9, 10, 11, 101, 1000, 4097}) {
    for (bool ties : {false, true}) {
      std::vector<double> v;
      for (std::size_t i = 0; i < n; ++i) v.push_back(ties ? std::floor(4 * random.uniform()) : random.gamma(0.5, 2));
      std::vector<double> sorted = v;
      std::sort(sorted.begin(), sorted.end());
      const Summary s = summarize(v);
      EXPECT_EQ(s.q10, sorted_quantile(sorted, 0.10)) << n << (ties ? " with ties" : "");
      EXPECT_EQ(s.q50, sorted_quantile(sorted, 0.50)) << n << (ties ? " with ties" : "");
      EXPECT_EQ(s.q90, sorted_quantile(sorted, 0.90)) << n << (ties ? " with ties" : "");
      EXPECT_EQ(s.min, sorted.front());
      EXPECT_EQ(s.max, sorted.back());
    }
  }
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

namespace hetcoll {
namespace {

/// The share of `sorted` below `value`: where an estimate of a quantile falls in the sample.
double rank_of(const std::vector<double>& sorted, double value) {
  return static_cast<double>(std::lower_bound(sorted.begin(), sorted.end(), value) - sorted.begin()) /
         static_cast<double>(sorted.size());
}

StreamingSummary stream(const std::vector<double>& values) {
  StreamingSummary s;
  for (double v : values) s.add(v);
  return s;
}

}  // namespace

TEST(StreamingSummary, UpToTenThousandValuesItIsSummarizeBitForBit) {
  RandomStream random(7);
  std::vector<double> values;
  for (std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{10}, std::size_t{999}, StreamingSummary::kExactCount}) {
    while (values.size() < n) values.push_back(random.gamma_mean_cv(3, 1.5));
    const Summary a = stream(values).result(), b = summarize(values);
    EXPECT_EQ(a.count, b.count);
    for (auto field : {&Summary::mean, &Summary::stddev, &Summary::stderr_, &Summary::q10, &Summary::q50, &Summary::q90,
                       &Summary::min, &Summary::max})
      EXPECT_EQ(a.*field, b.*field) << "n = " << n;
  }
}

// P²'s documented accuracy (docs/outputs.md): on a million draws of smooth laws, each estimate
// falls within 0.001 of its probability in the sample's ranks and within 0.5% of the exact
// quantile; mean, min and max are exact and the standard deviation is to rounding.
TEST(StreamingSummary, PSquareQuantilesOfAMillionDrawsAreWithinTheStatedToleranceOfTheExactOnes) {
  RandomStream random(11);
  const std::size_t n = 1000000;
  struct Law {
    const char* name;
    std::function<double()> draw;
  };
  const std::vector<Law> laws = {
      {"uniform", [&] { return random.uniform(); }},
      {"exponential", [&] { return -std::log(random.uniform()); }},
      {"normal", [&] { return 10 + random.normal(); }},
      {"gamma cv 1", [&] { return random.gamma_mean_cv(2, 1); }},
  };
  for (const Law& law : laws) {
    std::vector<double> values(n);
    for (double& v : values) v = law.draw();
    const Summary estimated = stream(values).result();
    const Summary exact = summarize(values);
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    for (const auto& [p, field] : {std::pair{0.1, &Summary::q10}, std::pair{0.5, &Summary::q50},
                                   std::pair{0.9, &Summary::q90}}) {
      EXPECT_NEAR(rank_of(sorted, estimated.*field), p, 0.001) << law.name << " q" << p;
      EXPECT_NEAR(estimated.*field, exact.*field, 0.005 * std::abs(exact.*field)) << law.name << " q" << p;
    }
    EXPECT_EQ(estimated.mean, exact.mean) << law.name;
    EXPECT_EQ(estimated.min, exact.min) << law.name;
    EXPECT_EQ(estimated.max, exact.max) << law.name;
    EXPECT_NEAR(estimated.stddev, exact.stddev, 1e-12 * exact.stddev) << law.name;
    EXPECT_EQ(estimated.count, n);
  }
}

TEST(StreamingSummary, TheSameValuesInTheSameOrderGiveTheSameBits) {
  RandomStream random(3);
  std::vector<double> values(50000);
  for (double& v : values) v = random.gamma_mean_cv(1, 4);
  const Summary a = stream(values).result(), b = stream(values).result();
  for (auto field : {&Summary::mean, &Summary::stddev, &Summary::q10, &Summary::q50, &Summary::q90})
    EXPECT_EQ(a.*field, b.*field);
}

TEST(StreamingSummary, ConstantValuesGiveThatValueAndNoSpread) {
  StreamingSummary s;
  for (int i = 0; i < 30000; ++i) s.add(6.6000001430511475);
  const Summary r = s.result();
  EXPECT_EQ(r.q10, 6.6000001430511475);
  EXPECT_EQ(r.q50, 6.6000001430511475);
  EXPECT_EQ(r.q90, 6.6000001430511475);
  EXPECT_EQ(r.stddev, 0.0);
}

}  // namespace hetcoll
