#include "algorithms/broadcast/support/plogp_measure.hpp"

#include <cmath>

namespace hetcoll {
namespace {

/// Round-trip times of `bytes[k]` between `pairs[k]`, one ping-pong after the other.
std::vector<double> round_trips(Probe& probe, const std::vector<std::pair<int, int>>& pairs,
                                const std::vector<double>& bytes) {
  std::vector<PingPong> pings;
  for (std::size_t k = 0; k < pairs.size(); ++k) pings.push_back({pairs[k].first, pairs[k].second, bytes[k]});
  return probe.round_trips(pings);
}

}  // namespace

LatencyMatrix ping_latencies(Probe& probe, int hosts) {
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < hosts; ++a)
    for (int b = a + 1; b < hosts; ++b) pairs.emplace_back(a, b);
  const std::vector<double> rtt = round_trips(probe, pairs, std::vector<double>(pairs.size(), 0.0));
  LatencyMatrix m;
  m.n = hosts;
  m.w.assign(static_cast<std::size_t>(hosts) * hosts, 0.0);
  for (std::size_t k = 0; k < pairs.size(); ++k)
    m.at(pairs[k].first, pairs[k].second) = m.at(pairs[k].second, pairs[k].first) = rtt[k] / 2;
  return m;
}

std::vector<double> plogp_sizes(double message) {
  // m, m/2, m/4, ... down to [1, 2), in whole bytes (what the segmented chain sends), ascending.
  std::vector<double> sizes;
  for (int i = static_cast<int>(std::floor(std::log2(message))); i >= 0; --i) {
    const double s = std::ceil(std::ldexp(message, -i));
    if (sizes.empty() || s > sizes.back()) sizes.push_back(s);
  }
  sizes.insert(sizes.begin(), 0.0);
  return sizes;
}

std::vector<PLogP> measure_plogp(Probe& probe, const std::vector<std::pair<int, int>>& pairs, double message,
                                 double overhead) {
  const std::vector<double> sizes = plogp_sizes(message);
  std::vector<std::pair<int, int>> pings;
  std::vector<double> bytes;
  for (const auto& pair : pairs)
    for (double s : sizes) {
      pings.push_back(pair);
      bytes.push_back(s);
    }
  const std::vector<double> rtt = round_trips(probe, pings, bytes);
  std::vector<PLogP> result(pairs.size());
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const double* t = &rtt[p * sizes.size()];
    PLogP& link = result[p];
    link.latency = t[0] / 2;
    link.sizes = sizes;
    for (std::size_t i = 0; i < sizes.size(); ++i) link.gaps.push_back(overhead + (t[i] - t[0]) / 2);
  }
  return result;
}

}  // namespace hetcoll
