#include "algorithms/broadcast/support/inter_schedule.hpp"

#include <algorithm>
#include <stdexcept>

namespace hetcoll {

InterSchedule run_inter_schedule(const GridCosts& costs, const HeuristicOptions& options, const PairChooser& choose) {
  const int C = costs.clusters;
  if (C < 1 || costs.root < 0 || costs.root >= C) throw std::logic_error("inter schedule: bad root or cluster count");
  std::vector<int> waiting;
  for (int c = 0; c < C; ++c)
    if (c != costs.root) waiting.push_back(c);
  return run_inter_schedule_from(costs, options, choose, {costs.root}, std::move(waiting), std::vector<double>(C, 0.0));
}

InterSchedule run_inter_schedule_from(const GridCosts& costs, const HeuristicOptions& options, const PairChooser& choose,
                                      std::vector<int> informed, std::vector<int> waiting, std::vector<double> ready) {
  const int C = costs.clusters;
  ScheduleState state;
  state.costs = &costs;
  state.options = &options;
  state.a = std::move(informed);
  state.b = std::move(waiting);
  state.ready = std::move(ready);
  state.edge.resize(static_cast<std::size_t>(C) * C);
  for (std::size_t k = 0; k < state.edge.size(); ++k) state.edge[k] = costs.gap[k] + costs.latency[k];

  InterSchedule schedule;
  schedule.sends.reserve(state.b.size());
  const std::vector<int> taking_part = [&] {
    std::vector<int> all = state.a;
    all.insert(all.end(), state.b.begin(), state.b.end());
    return all;
  }();
  while (!state.b.empty()) {
    const auto [i, j] = choose(state);
    const auto in_b = std::lower_bound(state.b.begin(), state.b.end(), j);
    if (in_b == state.b.end() || *in_b != j || !std::binary_search(state.a.begin(), state.a.end(), i))
      throw std::logic_error("inter schedule: the heuristic chose a pair outside A x B");
    InterSend send;
    send.from = i;
    send.to = j;
    send.start = state.ready[i];
    send.arrival = send.start + costs.g(i, j) + costs.L(i, j);
    state.ready[i] = options.busy_until_arrival ? send.arrival : send.start + costs.g(i, j);
    state.ready[j] = send.arrival;
    state.b.erase(in_b);
    state.a.insert(std::upper_bound(state.a.begin(), state.a.end(), j), j);
    ++state.step;
    schedule.sends.push_back(send);
  }
  schedule.ready = std::move(state.ready);
  for (int c : taking_part) schedule.makespan = std::max(schedule.makespan, schedule.ready[c] + costs.T(c));
  return schedule;
}

double replay_makespan(const GridCosts& costs, const HeuristicOptions& options, const std::vector<InterSend>& sends) {
  std::vector<double> ready(costs.clusters, 0.0);
  std::vector<bool> has(costs.clusters, false);
  has[costs.root] = true;
  for (const InterSend& s : sends) {
    if (!has[s.from] || has[s.to]) throw std::logic_error("replay: a sender without the message or a second receive");
    const double arrival = ready[s.from] + costs.g(s.from, s.to) + costs.L(s.from, s.to);
    ready[s.from] = options.busy_until_arrival ? arrival : ready[s.from] + costs.g(s.from, s.to);
    ready[s.to] = arrival;
    has[s.to] = true;
  }
  double makespan = 0;
  for (int c = 0; c < costs.clusters; ++c) {
    if (!has[c]) throw std::logic_error("replay: a cluster never receives the message");
    makespan = std::max(makespan, ready[c] + costs.T(c));
  }
  return makespan;
}

}  // namespace hetcoll
