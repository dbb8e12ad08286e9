// Lower-bound: no schedule, only the value every schedule of the instance is measured against,
// LB_δ (docs/redistribute.md, "Lower bounds."); with every δ = 1 it is η, the 1-port bound of
// Cohen, Jeannot & Padoy, HeteroPar'03. Its policy starts nothing and says LB_δ of the current instance.
#include <algorithm>
#include <cmath>
#include <vector>

#include "algorithms/redistribute/support/factories.hpp"

namespace hetcoll {
namespace {

// Smallest value the rounded-up bound may take: w itself if pieces may be fractions.
double round_up_if(bool whole_units, double x) {
  // The quotient of two whole numbers can land a few ulps above an integer (7/1 cannot, but
  // 30/3 computed from sums could): a tolerance keeps such values from rounding up by one.
  return whole_units ? std::ceil(x - 1e-9) : x;
}

/// Starts nothing: the row's value is LB_δ of the runner's current instance.
class LowerBoundPolicy final : public RedistributionPolicy {
 public:
  explicit LowerBoundPolicy(const Instance& instance) : instance_(instance) {}
  void begin(Executor&) override {}
  void on_complete(Executor&, const Completion&) override {}
  double value(double) const override { return lower_bound(instance_); }

 private:
  const Instance& instance_;
};

}  // namespace

double lower_bound(const Instance& instance) {
  if (instance.messages.empty()) return 0;
  const int nodes = instance.senders + instance.receivers;
  std::vector<double> load(nodes, 0.0);
  std::vector<int> degree(nodes, 0);
  double total = 0;
  for (const Message& msg : instance.messages) {
    for (int v : {msg.sender, instance.receiver_node(msg.receiver)}) {
      load[v] += msg.weight;
      ++degree[v];
    }
    total += msg.weight;
  }
  const bool whole_units = instance.whole_units();
  const double k = instance.k;
  const double m = static_cast<double>(instance.messages.size());
  double transfer = round_up_if(whole_units, total / k);
  double steps = std::ceil(m / k);
  for (int v = 0; v < nodes; ++v) {
    if (degree[v] == 0) continue;
    transfer = std::max(transfer, round_up_if(whole_units, load[v] / instance.delta[v]));
    steps = std::max(steps, std::ceil(static_cast<double>(degree[v]) / instance.delta[v]));
  }
  return transfer + instance.beta * steps;
}

double one_port_lower_bound(const Instance& instance) { return lower_bound(one_port(instance)); }

std::unique_ptr<RedistributionPolicy> make_lower_bound(const RedistributionSetup& setup) {
  return std::make_unique<LowerBoundPolicy>(*setup.instance);
}

}  // namespace hetcoll
