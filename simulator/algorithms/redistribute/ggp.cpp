// GGP: E. Jeannot, F. Wagner, "Two fast and efficient message scheduling algorithms for data
// redistribution through a backbone", IPDPS 2004, peeling (peel.hpp) with "any perfect
// matching" per peel.
//
// Cost in the model: a 1-port schedule (every step a matching) of cost ≤ 2βR ≤ 2η when the
// weights are whole multiples of β (η: the 1-port lower bound of Cohen, Jeannot & Padoy).
// Each peel repairs the previous matching with augmenting paths (Hopcroft–Karp phases).
#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/schedule_policy.hpp"

namespace hetcoll {

Schedule ggp_schedule(const Instance& instance) {
  return to_schedule(instance, peel(message_graph(instance), instance.k, MatchingRule::any));
}

std::unique_ptr<RedistributionPolicy> make_ggp(const RedistributionSetup& setup) {
  return step_schedule_policy(setup, "ggp", ggp_schedule);
}

}  // namespace hetcoll
