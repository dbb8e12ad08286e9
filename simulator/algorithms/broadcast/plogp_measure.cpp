#include "algorithms/broadcast/plogp_measure.hpp"

#include <cmath>

#include "engine/plan.hpp"
#include "engine/recording_policy.hpp"

namespace hetcoll {
namespace {

/// Runs one plan of sequential ping-pongs on `engine`; returns the round-trip time of each
/// ping-pong, in order. Ping-pong k is operations 2k (there) and 2k + 1 (back).
std::vector<double> round_trips(Engine& engine, const std::vector<std::pair<int, int>>& pairs,
                                const std::vector<double>& bytes) {
  Plan plan;
  int previous = -1;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    PlanOp there{ActivityKind::comm, pairs[k].first, pairs[k].second, bytes[k]};
    PlanOp back{ActivityKind::comm, pairs[k].second, pairs[k].first, bytes[k]};
    const int out = previous < 0 ? plan.add(there) : plan.add(there, {previous});
    previous = plan.add(back, {out});
  }
  PlanPolicy policy(plan, CostScale{1, 1}, nullptr);
  RecordingPolicy recorder(policy);
  run_single(engine, recorder);
  std::vector<double> start(plan.size()), end(plan.size());
  for (const Completion& c : recorder.events()) {
    start[c.activity.tag] = c.start;
    end[c.activity.tag] = c.end;
  }
  std::vector<double> rtt(pairs.size());
  for (std::size_t k = 0; k < pairs.size(); ++k) rtt[k] = end[2 * k + 1] - start[2 * k];
  return rtt;
}

}  // namespace

LatencyMatrix ping_latencies(Engine& engine, int hosts) {
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < hosts; ++a)
    for (int b = a + 1; b < hosts; ++b) pairs.emplace_back(a, b);
  const std::vector<double> rtt = round_trips(engine, pairs, std::vector<double>(pairs.size(), 0.0));
  LatencyMatrix m;
  m.n = hosts;
  m.w.assign(static_cast<std::size_t>(hosts) * hosts, 0.0);
  for (std::size_t k = 0; k < pairs.size(); ++k)
    m.at(pairs[k].first, pairs[k].second) = m.at(pairs[k].second, pairs[k].first) = rtt[k] / 2;
  return m;
}

std::vector<PLogP> measure_plogp(Engine& engine, const std::vector<std::pair<int, int>>& pairs, double max_bytes,
                                 double overhead) {
  std::vector<double> sizes = {0};
  for (double s = 1; sizes.back() < max_bytes; s *= 2) sizes.push_back(s);
  std::vector<std::pair<int, int>> pings;
  std::vector<double> bytes;
  for (const auto& pair : pairs)
    for (double s : sizes) {
      pings.push_back(pair);
      bytes.push_back(s);
    }
  const std::vector<double> rtt = round_trips(engine, pings, bytes);
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
