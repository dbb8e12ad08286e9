// OGGP: E. Jeannot, F. Wagner, "Two fast and efficient message scheduling algorithms for data
// redistribution through a backbone", IPDPS 2004, peeling (peel.hpp) with a bottleneck
// (max–min) perfect matching per peel.
//
// Cost in the model: a 1-port schedule of cost ≤ 2βR ≤ 2η when the weights are whole multiples
// of β; taking the matching whose lightest edge is heaviest makes each peel's d large, so there
// are few steps and little β. O((m + n)^{5/2}) in the paper.
#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/schedule_policy.hpp"

namespace hetcoll {

Schedule oggp_schedule(const Instance& instance) {
  // The 1-port algorithm schedules every node one message at a time, whatever its δ.
  return to_schedule(instance, peel(message_graph(instance), instance.k, MatchingRule::bottleneck));
}

std::unique_ptr<RedistributionPolicy> make_oggp(const RedistributionSetup& setup) {
  return step_schedule_policy(setup, "oggp", oggp_schedule);
}

}  // namespace hetcoll
