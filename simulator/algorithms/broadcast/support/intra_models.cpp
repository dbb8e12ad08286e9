// pLogP models of intra-cluster broadcast: Steffenel, INRIA RR (2006), Table 1, from Kielmann et
// al., Parallel Computing 27(11), 2001, and Thakur et al. (scatter/collect).
//
// With P nodes, message m, segments s (k = m/s), gap g(·) and latency L:
//   flat                L + (P−1)·g(m)
//   flat rendez-vous    3L + (P−1)·g(m) + 2·g(1)
//   segmented flat      L + (P−1)·g(s)·k
//   chain               (P−1)·(g(m) + L)
//   chain rendez-vous   (P−1)·(g(m) + 2·g(1) + 3L)
//   segmented chain     (P−1)·(g(s) + L) + g(s)·(k−1)
//   binary              ⌈log2 P⌉·(2·g(m) + L)        (an upper bound in the paper)
//   binomial            ⌈log2 P⌉·L + ⌊log2 P⌋·g(m)
//   binomial rendez-vous ⌈log2 P⌉·(2·g(1) + 3L) + ⌊log2 P⌋·g(m)
//   segmented binomial  ⌈log2 P⌉·L + ⌊log2 P⌋·g(s)·k
//   scatter/collect     (log2 P + P − 1)·L + 2·((P−1)/P)·g(m)
// Each is O(1) given g; the segment search evaluates ⌊log2 m⌋ + 1 sizes.
#include "algorithms/broadcast/support/intra_models.hpp"

#include <cmath>
#include <stdexcept>

namespace hetcoll {

const std::vector<IntraStrategyInfo>& intra_strategies() {
  static const std::vector<IntraStrategyInfo> table = {
      {IntraStrategy::flat, "flat", false, true},
      {IntraStrategy::flat_rendezvous, "flat-rendezvous", false, false},
      {IntraStrategy::segmented_flat, "segmented-flat", true, false},
      {IntraStrategy::chain, "chain", false, true},
      {IntraStrategy::chain_rendezvous, "chain-rendezvous", false, false},
      {IntraStrategy::segmented_chain, "segmented-chain", true, true},
      {IntraStrategy::binary, "binary", false, true},
      {IntraStrategy::binomial, "binomial", false, true},
      {IntraStrategy::binomial_rendezvous, "binomial-rendezvous", false, false},
      {IntraStrategy::segmented_binomial, "segmented-binomial", true, false},
      {IntraStrategy::scatter_collect, "scatter-collect", false, false},
  };
  return table;
}

const IntraStrategyInfo& intra_strategy_info(IntraStrategy id) {
  for (const IntraStrategyInfo& s : intra_strategies())
    if (s.id == id) return s;
  throw std::logic_error("intra strategy missing from the table");
}

const IntraStrategyInfo* find_intra_strategy(const std::string& name) {
  for (const IntraStrategyInfo& s : intra_strategies())
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<IntraStrategy> executable_intra_strategies() {
  std::vector<IntraStrategy> out;
  for (const IntraStrategyInfo& s : intra_strategies())
    if (s.executable) out.push_back(s.id);
  return out;
}

double intra_time(IntraStrategy strategy, int P, double m, double s, const PLogP& link) {
  if (P <= 1) return 0;
  const double L = link.latency;
  const double n = P - 1;
  const double ceil_log = std::ceil(std::log2(static_cast<double>(P)));
  const double floor_log = std::floor(std::log2(static_cast<double>(P)));
  const double k = m / s;
  switch (strategy) {
    case IntraStrategy::flat: return L + n * link.gap(m);
    case IntraStrategy::flat_rendezvous: return 3 * L + n * link.gap(m) + 2 * link.gap(1);
    case IntraStrategy::segmented_flat: return L + n * link.gap(s) * k;
    case IntraStrategy::chain: return n * (link.gap(m) + L);
    case IntraStrategy::chain_rendezvous: return n * (link.gap(m) + 2 * link.gap(1) + 3 * L);
    case IntraStrategy::segmented_chain: return n * (link.gap(s) + L) + link.gap(s) * (k - 1);
    case IntraStrategy::binary: return ceil_log * (2 * link.gap(m) + L);
    case IntraStrategy::binomial: return ceil_log * L + floor_log * link.gap(m);
    case IntraStrategy::binomial_rendezvous: return ceil_log * (2 * link.gap(1) + 3 * L) + floor_log * link.gap(m);
    case IntraStrategy::segmented_binomial: return ceil_log * L + floor_log * link.gap(s) * k;
    case IntraStrategy::scatter_collect:
      return (std::log2(static_cast<double>(P)) + n) * L + 2 * (n / P) * link.gap(m);
  }
  throw std::logic_error("unknown intra strategy");
}

IntraChoice tune_intra(IntraStrategy strategy, int P, double m, const PLogP& link) {
  IntraChoice best{strategy, m, 1, intra_time(strategy, P, m, m, link)};
  if (!intra_strategy_info(strategy).segmented) return best;
  const int steps = static_cast<int>(std::floor(std::log2(m)));
  for (int i = 1; i <= steps; ++i) {
    const double k = std::ldexp(1.0, i);
    const double s = m / k;
    const double t = intra_time(strategy, P, m, s, link);
    if (t < best.time) best = {strategy, s, k, t};
  }
  return best;
}

IntraChoice best_intra(const std::vector<IntraStrategy>& candidates, int P, double m, const PLogP& link) {
  if (candidates.empty()) throw std::logic_error("best_intra: no candidate strategy");
  IntraChoice best = tune_intra(candidates.front(), P, m, link);
  for (std::size_t i = 1; i < candidates.size(); ++i) {
    const IntraChoice c = tune_intra(candidates[i], P, m, link);
    if (c.time < best.time) best = c;
  }
  return best;
}

}  // namespace hetcoll
