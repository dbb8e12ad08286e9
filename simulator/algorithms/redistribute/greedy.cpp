// Greedy: the baseline a user would try first (issue #5): list scheduling of whole messages
// in the step model of Jeannot & Wagner (§2.2); a hetcoll baseline, not from the paper.
//
// Cost in the model: messages are taken heaviest first (ties: by sender, then receiver); each
// step takes every message left, in that order, that keeps the step within k streams and δ(v)
// streams per node; the step lasts its heaviest message. No preemption, so a step may hold one
// long message beside short ones: no constant-factor guarantee. O(m²/k + m log m).
#include <algorithm>
#include <numeric>

#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/schedule_policy.hpp"

namespace hetcoll {

Schedule greedy_schedule(const Instance& instance) {
  const std::vector<Message>& messages = instance.messages;
  std::vector<int> left(messages.size());
  std::iota(left.begin(), left.end(), 0);
  // Messages are in (sender, receiver) order, so a stable sort breaks ties that way.
  std::stable_sort(left.begin(), left.end(), [&](int a, int b) { return messages[a].weight > messages[b].weight; });
  std::vector<int> degree(instance.delta.size());
  Schedule schedule;
  while (!left.empty()) {
    std::fill(degree.begin(), degree.end(), 0);
    Step step;
    std::vector<int> later;
    for (int e : left) {
      const int s = messages[e].sender, t = instance.receiver_node(messages[e].receiver);
      if (static_cast<int>(step.size()) < instance.k && degree[s] < instance.delta[s] &&
          degree[t] < instance.delta[t]) {
        step.push_back({e, messages[e].weight});
        ++degree[s];
        ++degree[t];
      } else {
        later.push_back(e);
      }
    }
    schedule.push_back(std::move(step));
    left.swap(later);
  }
  return schedule;
}

std::unique_ptr<RedistributionPolicy> make_greedy(const RedistributionSetup& setup) {
  return step_schedule_policy(setup, "greedy", greedy_schedule);
}

}  // namespace hetcoll
