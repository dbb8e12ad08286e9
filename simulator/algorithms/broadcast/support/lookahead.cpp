#include "algorithms/broadcast/support/lookahead.hpp"

#include <algorithm>

namespace hetcoll {

Lookahead::Lookahead(const ScheduleState& state, Rule rule)
    : rule_(rule), stride_(static_cast<std::size_t>(state.costs->clusters) - 1),
      next_(static_cast<std::size_t>(state.costs->clusters) * stride_), size_(state.costs->clusters, 0),
      waiting_(state.costs->clusters, 0), value_(state.costs->clusters, 0.0) {
  for (int j : state.b) waiting_[j] = 1;
  for (int j : state.b) {
    int* h = heap(j);
    for (int k : state.b)
      if (k != j) h[size_[j]++] = k;
    const auto order = [&](int x, int y) {
      return rule_.takes_largest ? term(state, j, x) < term(state, j, y) : term(state, j, y) < term(state, j, x);
    };
    std::make_heap(h, h + size_[j], order);
    settle(state, j);
  }
}

double Lookahead::term(const ScheduleState& state, int j, int k) const {
  // The scans' additions: (g + L) [+ T_k].
  return rule_.adds_intra_time ? state.cost(j, k) + state.costs->T(k) : state.cost(j, k);
}

void Lookahead::settle(const ScheduleState& state, int j) {
  int* h = heap(j);
  std::size_t& n = size_[j];
  const auto order = [&](int x, int y) {
    return rule_.takes_largest ? term(state, j, x) < term(state, j, y) : term(state, j, y) < term(state, j, x);
  };
  while (n > 0 && !waiting_[h[0]]) std::pop_heap(h, h + n--, order);
  if (n == 0) {  // B = {j}
    value_[j] = 0.0;
    return;
  }
  const double best = term(state, j, h[0]);
  // The scan for the largest started from 0, the scan for the least from +inf.
  value_[j] = rule_.takes_largest ? std::max(0.0, best) : best;
}

void Lookahead::record(const ScheduleState& state, int reached) {
  waiting_[reached] = 0;
  for (int j : state.b)
    if (heap(j)[0] == reached) settle(state, j);
}

}  // namespace hetcoll
