#include "algorithms/broadcast/lookahead.hpp"

#include <algorithm>

namespace hetcoll {

Lookahead::Lookahead(const ScheduleState& state, Rule rule)
    : rule_(rule), next_(state.costs->clusters), waiting_(state.costs->clusters, 0),
      value_(state.costs->clusters, 0.0) {
  for (int j : state.b) waiting_[j] = 1;
  for (int j : state.b) {
    std::vector<int>& heap = next_[j];
    heap.reserve(state.b.size() - 1);
    for (int k : state.b)
      if (k != j) heap.push_back(k);
    const auto order = [&](int x, int y) {
      return rule_.takes_largest ? term(state, j, x) < term(state, j, y) : term(state, j, y) < term(state, j, x);
    };
    std::make_heap(heap.begin(), heap.end(), order);
    settle(state, j);
  }
}

double Lookahead::term(const ScheduleState& state, int j, int k) const {
  // The scans' additions: (g + L) [+ T_k].
  return rule_.adds_intra_time ? state.cost(j, k) + state.costs->T(k) : state.cost(j, k);
}

void Lookahead::settle(const ScheduleState& state, int j) {
  std::vector<int>& heap = next_[j];
  const auto order = [&](int x, int y) {
    return rule_.takes_largest ? term(state, j, x) < term(state, j, y) : term(state, j, y) < term(state, j, x);
  };
  while (!heap.empty() && !waiting_[heap.front()]) {
    std::pop_heap(heap.begin(), heap.end(), order);
    heap.pop_back();
  }
  if (heap.empty()) {  // B = {j}
    value_[j] = 0.0;
    return;
  }
  const double best = term(state, j, heap.front());
  // The scan for the largest started from 0, the scan for the least from +inf.
  value_[j] = rule_.takes_largest ? std::max(0.0, best) : best;
}

void Lookahead::record(const ScheduleState& state, int reached) {
  waiting_[reached] = 0;
  std::vector<int>().swap(next_[reached]);
  for (int j : state.b)
    if (next_[j].front() == reached) settle(state, j);
}

}  // namespace hetcoll
