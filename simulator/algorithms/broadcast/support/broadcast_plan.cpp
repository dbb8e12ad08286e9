#include "algorithms/broadcast/support/broadcast_plan.hpp"

#include <algorithm>
#include <cmath>

namespace hetcoll {

BroadcastPlanBuilder::BroadcastPlanBuilder(std::vector<double> host_speeds)
    : speed_(std::move(host_speeds)), free_(speed_.size(), -1) {}

std::vector<int> BroadcastPlanBuilder::after(int a, int b) const {
  std::vector<int> deps;
  if (a >= 0) deps.push_back(a);
  if (b >= 0 && b != a) deps.push_back(b);
  return deps;
}

int BroadcastPlanBuilder::send(int from, int to, double bytes, double rate, double overhead, double busy,
                               bool busy_until_arrival, int data) {
  std::vector<int> deps = after(data, free_[from]);
  if (overhead > 0) deps = {plan_.add(compute_op(from, std::nearbyint(overhead * speed_[from])), deps)};
  const int message = plan_.add(comm_op(from, to, std::nearbyint(bytes), rate), deps);
  free_[from] = busy_until_arrival
                    ? message
                    : plan_.add(compute_op(from, std::nearbyint(std::max(0.0, busy) * speed_[from])), deps);
  return message;
}

int BroadcastPlanBuilder::delay(int host, double seconds, int data) {
  const int op = plan_.add(compute_op(host, std::nearbyint(seconds * speed_[host])), after(data, free_[host]));
  free_[host] = op;
  return op;
}

void add_tree_broadcast(BroadcastPlanBuilder& builder, const std::vector<int>& hosts, const TreeChildren& tree,
                        double bytes, const LinkModel& link, double overhead, int data) {
  std::vector<int> has(hosts.size(), -1);
  has[0] = data;
  for (const auto& [parent, child] : tree_sends(tree)) {
    const int from = hosts[parent], to = hosts[child];
    const PLogP& l = link(from, to);
    has[child] = builder.send(from, to, bytes, 0, overhead, l.gap(bytes) - overhead, false, has[parent]);
  }
}

void add_segmented_chain(BroadcastPlanBuilder& builder, const std::vector<int>& hosts, double bytes, int segments,
                         const PLogP& link, double overhead, int data) {
  const int P = static_cast<int>(hosts.size());
  // Part j holds bytes ⌊m(j+1)/k⌋ − ⌊mj/k⌋: whole bytes summing to m, all equal when k divides m.
  std::vector<double> part(segments);
  for (int j = 0; j < segments; ++j)
    part[j] = std::floor(bytes * (j + 1) / segments) - std::floor(bytes * j / segments);
  std::vector<int> has(segments, data);  // operation after which the current host holds part j
  for (int r = 0; r + 1 < P; ++r)
    for (int j = 0; j < segments; ++j)
      has[j] = builder.send(hosts[r], hosts[r + 1], part[j], 0, overhead, link.gap(part[j]) - overhead, false, has[j]);
}

double predict_tree_broadcast(const std::vector<int>& hosts, const TreeChildren& tree, double bytes,
                              const LinkModel& link, double start) {
  std::vector<double> has(hosts.size(), start), free(hosts.size(), start);
  double end = start;
  for (const auto& [parent, child] : tree_sends(tree)) {
    const PLogP& l = link(hosts[parent], hosts[child]);
    const double begin = std::max(has[parent], free[parent]);
    free[parent] = begin + l.gap(bytes);
    has[child] = free[parent] + l.latency;
    end = std::max(end, has[child]);
  }
  return end;
}

}  // namespace hetcoll
