#include "algorithms/redistribute/support/instance.hpp"

#include <algorithm>
#include <cmath>

namespace hetcoll {
namespace {

bool whole(double x) { return x == std::floor(x); }

}  // namespace

bool Instance::whole_units() const {
  if (!whole(beta)) return false;
  for (const Message& m : messages)
    if (!whole(m.weight)) return false;
  return true;
}

double step_duration(const Step& step) {
  double longest = 0;
  for (const Piece& p : step) longest = std::max(longest, p.amount);
  return longest;
}

double schedule_cost(const Instance& instance, const Schedule& schedule) {
  double cost = 0;
  for (const Step& step : schedule) cost += instance.beta + step_duration(step);
  return cost;
}

std::string check_schedule(const Instance& instance, const Schedule& schedule, bool limits) {
  const int nodes = instance.senders + instance.receivers;
  const int m = static_cast<int>(instance.messages.size());
  std::vector<double> sent(m, 0.0);
  std::vector<int> degree(nodes, 0);
  for (std::size_t i = 0; i < schedule.size(); ++i) {
    const Step& step = schedule[i];
    const std::string where = "step " + std::to_string(i) + ": ";
    if (step.empty()) return where + "empty";
    if (limits && static_cast<int>(step.size()) > instance.k)
      return where + std::to_string(step.size()) + " streams, k = " + std::to_string(instance.k);
    std::fill(degree.begin(), degree.end(), 0);
    for (const Piece& p : step) {
      if (p.message < 0 || p.message >= m) return where + "unknown message " + std::to_string(p.message);
      if (!(p.amount > 0)) return where + "a piece of message " + std::to_string(p.message) + " is not positive";
      sent[p.message] += p.amount;
      const Message& msg = instance.messages[p.message];
      ++degree[msg.sender];
      ++degree[instance.receiver_node(msg.receiver)];
    }
    if (!limits) continue;
    for (int v = 0; v < nodes; ++v)
      if (degree[v] > instance.delta[v])
        return where + "node " + std::to_string(v) + " has " + std::to_string(degree[v]) + " streams, delta = " +
               std::to_string(instance.delta[v]);
  }
  for (int e = 0; e < m; ++e) {
    const double w = instance.messages[e].weight;
    if (std::abs(sent[e] - w) > 1e-9 * std::max(1.0, w))
      return "message " + std::to_string(e) + ": pieces add up to " + std::to_string(sent[e]) + ", weight " +
             std::to_string(w);
  }
  return "";
}

Instance one_port(const Instance& instance) {
  Instance one = instance;
  std::fill(one.delta.begin(), one.delta.end(), 1);
  return one;
}

}  // namespace hetcoll
