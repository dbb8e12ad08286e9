#include "algorithms/redistribute/support/registry.hpp"

#include <string>

#include "algorithms/redistribute/support/factories.hpp"

namespace hetcoll {
namespace {

Schedule exact_default(const Instance& instance) { return exact_schedule(instance); }

}  // namespace

const AlgorithmTable<RedistributionAlgorithm>& redistribution_algorithms() {
  // GGP and OGGP come from the authors' earlier paper, which the DGGP paper cites as [13].
  static const std::string kIpdps = "Jeannot & Wagner, IPDPS 2004 (cited by the DGGP paper as [13])";
  static const AlgorithmTable<RedistributionAlgorithm> table({
      {{"ggp", "1-port generic graph peeling, any perfect matching per step (IPDPS 2004)", "GGP: " + kIpdps},
       RedistributionKind::steps, ggp_schedule},
      {{"oggp", "1-port graph peeling, bottleneck matching per step (IPDPS 2004)", "OGGP: " + kIpdps},
       RedistributionKind::steps, oggp_schedule},
      {{"dggp", "delta-port: split nodes by their ports, OGGP, merge back (Jeannot & Wagner)",
        "Jeannot & Wagner, DGGP (Sec. 3, Fig. 5)"},
       RedistributionKind::steps, dggp_schedule},
      {{"greedy", "steps of whole messages, heaviest first, filled while k and delta allow", "hetcoll baseline"},
       RedistributionKind::steps, greedy_schedule},
      {{"exact", "optimum over whole-second pieces by dynamic programming (tiny instances only)",
        "hetcoll baseline (exact optimum)"},
       RedistributionKind::steps, exact_default, exact_work_bound, kExactMaxWork},
      {{"all-at-once", "every message at once, uncapped: the network shares bandwidth as it will",
        "hetcoll baseline"},
       RedistributionKind::all_at_once, all_at_once_schedule},
      {{"lower-bound", "the delta-port lower bound LB (eta when every delta is 1); no activity",
        "hetcoll baseline: the delta-port bound Jeannot & Wagner divide by (Sec. 4); eta: Cohen, Jeannot & "
        "Padoy, HeteroPar'03"},
       RedistributionKind::bound, nullptr},
  });
  return table;
}

}  // namespace hetcoll
