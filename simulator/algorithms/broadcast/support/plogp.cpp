#include "algorithms/broadcast/support/plogp.hpp"

#include <algorithm>
#include <stdexcept>

namespace hetcoll {

double PLogP::gap(double size) const {
  if (sizes.empty() || sizes.size() != gaps.size()) throw std::logic_error("pLogP: no gap measured");
  if (sizes.size() == 1) return gaps[0];
  // The segment [sizes[k-1], sizes[k]] holding `size`, or the last one beyond the table.
  std::size_t k = static_cast<std::size_t>(std::upper_bound(sizes.begin(), sizes.end(), size) - sizes.begin());
  k = std::clamp<std::size_t>(k, 1, sizes.size() - 1);
  const double x0 = sizes[k - 1], x1 = sizes[k];
  if (size == x1) return gaps[k];
  return gaps[k - 1] + (gaps[k] - gaps[k - 1]) * (size - x0) / (x1 - x0);
}

PLogP PLogP::affine(double latency, double gap0, double bandwidth) {
  PLogP p;
  p.latency = latency;
  // Two points one mebibyte apart: the line through them is g(s) = gap0 + s / bandwidth.
  p.sizes = {0, 1048576};
  p.gaps = {gap0, gap0 + 1048576 / bandwidth};
  return p;
}

}  // namespace hetcoll
