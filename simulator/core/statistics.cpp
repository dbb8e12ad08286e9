#include "core/statistics.hpp"

#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/extended_p_square.hpp>
#include <boost/accumulators/statistics/stats.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace hetcoll {

double quantile_sorted(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return std::nan("");
  const double h = static_cast<double>(sorted.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

Summary summarize(std::vector<double> values) {
  Summary s;
  s.count = values.size();
  if (values.empty()) return s;
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / static_cast<double>(s.count);
  // Two passes: the textbook one-pass formula loses everything when CV is small.
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  s.stddev = s.count > 1 ? std::sqrt(squares / static_cast<double>(s.count - 1)) : 0.0;
  s.stderr_ = s.stddev / std::sqrt(static_cast<double>(s.count));
  std::sort(values.begin(), values.end());
  s.q10 = quantile_sorted(values, 0.10);
  s.q50 = quantile_sorted(values, 0.50);
  s.q90 = quantile_sorted(values, 0.90);
  s.min = values.front();
  s.max = values.back();
  return s;
}

namespace acc = boost::accumulators;

namespace {
const std::array<double, 3> kProbabilities{0.10, 0.50, 0.90};
}  // namespace

struct StreamingSummary::Estimator {
  acc::accumulator_set<double, acc::stats<acc::tag::extended_p_square>> quantiles{
      acc::extended_p_square_probabilities = kProbabilities};
};

StreamingSummary::StreamingSummary() : estimator_(std::make_unique<Estimator>()) {}
StreamingSummary::~StreamingSummary() = default;
StreamingSummary::StreamingSummary(StreamingSummary&&) noexcept = default;
StreamingSummary& StreamingSummary::operator=(StreamingSummary&&) noexcept = default;

void StreamingSummary::add(double value) {
  if (count_ < kExactCount) {
    // Keeping the first values lets a small sample be summarised exactly; the estimator sees
    // them too, so it is ready when the sample outgrows them.
    if (kept_.empty()) kept_.reserve(256);
    kept_.push_back(value);
  } else if (count_ == kExactCount) {
    kept_ = std::vector<double>();
  }
  ++count_;
  sum_ += value;
  // Welford: a running mean and sum of squared deviations, stable at any offset.
  const double delta = value - welford_mean_;
  welford_mean_ += delta / static_cast<double>(count_);
  welford_m2_ += delta * (value - welford_mean_);
  min_ = count_ == 1 ? value : std::min(min_, value);
  max_ = count_ == 1 ? value : std::max(max_, value);
  estimator_->quantiles(value);
}

Summary StreamingSummary::result() const {
  if (count_ <= kExactCount) return summarize(kept_);
  Summary s;
  s.count = count_;
  s.mean = sum_ / static_cast<double>(count_);
  s.stddev = std::sqrt(std::max(0.0, welford_m2_) / static_cast<double>(count_ - 1));
  s.stderr_ = s.stddev / std::sqrt(static_cast<double>(count_));
  const auto estimates = acc::extended_p_square(estimator_->quantiles);
  // P²'s markers interpolate between observed heights; clamping keeps them within the sample.
  s.q10 = std::clamp(estimates[0], min_, max_);
  s.q50 = std::clamp(estimates[1], min_, max_);
  s.q90 = std::clamp(estimates[2], min_, max_);
  s.min = min_;
  s.max = max_;
  return s;
}

}  // namespace hetcoll
