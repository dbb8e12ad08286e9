#include "core/statistics.hpp"

#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/extended_p_square.hpp>
#include <boost/accumulators/statistics/stats.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace hetcoll {

double quantile_selected(std::vector<double>& values, double p, std::size_t& placed) {
  if (values.empty()) return std::nan("");
  const double h = static_cast<double>(values.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, values.size() - 1);
  const auto at = [&](std::size_t i) { return values.begin() + static_cast<std::ptrdiff_t>(i); };
  if (lo >= placed) {
    std::nth_element(at(placed), at(lo), values.end());
    placed = lo + 1;
  }
  // values[lo] has rank lo and no value after it is smaller: rank lo + 1 is their least.
  const double below = values[lo];
  const double above = hi == lo ? below : *std::min_element(at(lo + 1), values.end());
  return below + (h - static_cast<double>(lo)) * (above - below);
}

Summary summarize(std::vector<double> values) {
  Summary s;
  s.count = values.size();
  if (values.empty()) return s;
  double sum = 0;
  s.min = s.max = values.front();
  for (double v : values) {
    sum += v;
    s.min = std::min(s.min, v);
    s.max = std::max(s.max, v);
  }
  s.mean = sum / static_cast<double>(s.count);
  // Two passes: the textbook one-pass formula loses everything when CV is small.
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  s.stddev = s.count > 1 ? std::sqrt(squares / static_cast<double>(s.count - 1)) : 0.0;
  s.stderr_ = s.stddev / std::sqrt(static_cast<double>(s.count));
  // Order statistics by selection, not a full sort: 2.4 % of RR-8315's Figure 4 went to sorting
  // its 52 samples of a million values.
  std::size_t placed = 0;
  s.q10 = quantile_selected(values, 0.10, placed);
  s.q50 = quantile_selected(values, 0.50, placed);
  s.q90 = quantile_selected(values, 0.90, placed);
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
