#include "algorithms/redistribution/registry.hpp"

#include "algorithms/redistribution/schedulers.hpp"

namespace hetcoll {
namespace {

Schedule exact_default(const Instance& instance) { return exact_schedule(instance); }

}  // namespace

const std::vector<RedistributionAlgorithm>& redistribution_algorithms() {
  static const std::vector<RedistributionAlgorithm> table = {
      {"ggp", "1-port generic graph peeling, any perfect matching per step (IPDPS 2004)",
       RedistributionKind::steps, ggp_schedule},
      {"oggp", "1-port graph peeling, bottleneck matching per step (IPDPS 2004)", RedistributionKind::steps,
       oggp_schedule},
      {"dggp", "delta-port: split nodes by their ports, OGGP, merge back (Jeannot & Wagner)",
       RedistributionKind::steps, dggp_schedule},
      {"greedy", "steps of whole messages, heaviest first, filled while k and delta allow",
       RedistributionKind::steps, greedy_schedule},
      {"exact", "optimum over whole-second pieces by dynamic programming (tiny instances only)",
       RedistributionKind::steps, exact_default},
      {"all-at-once", "every message at once, uncapped: the network shares bandwidth as it will",
       RedistributionKind::all_at_once, all_at_once_schedule},
      {"lower-bound", "the delta-port lower bound LB (eta when every delta is 1); no activity",
       RedistributionKind::bound, nullptr},
  };
  return table;
}

const RedistributionAlgorithm* find_redistribution_algorithm(const std::string& name) {
  for (const RedistributionAlgorithm& a : redistribution_algorithms())
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace hetcoll
