#include "core/statistics.hpp"

#include <algorithm>
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

}  // namespace hetcoll
