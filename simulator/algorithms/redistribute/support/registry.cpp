#include "algorithms/redistribute/support/registry.hpp"

#include <string>

#include "algorithms/redistribute/support/factories.hpp"

namespace hetcoll {

// The factories, each defined in the algorithm's own file (make_ + the row's name, '-' as '_'):
// a new algorithm is its file, its line here and its row below.
std::unique_ptr<RedistributionPolicy> make_ggp(const RedistributionSetup& setup);
std::unique_ptr<RedistributionPolicy> make_oggp(const RedistributionSetup& setup);
std::unique_ptr<RedistributionPolicy> make_dggp(const RedistributionSetup& setup);
std::unique_ptr<RedistributionPolicy> make_greedy(const RedistributionSetup& setup);
std::unique_ptr<RedistributionPolicy> make_exact(const RedistributionSetup& setup);
std::unique_ptr<RedistributionPolicy> make_all_at_once(const RedistributionSetup& setup);
std::unique_ptr<RedistributionPolicy> make_lower_bound(const RedistributionSetup& setup);

const AlgorithmTable<RedistributionAlgorithm>& redistribution_algorithms() {
  // GGP and OGGP come from the authors' earlier paper, which the DGGP paper cites as [13].
  static const std::string kIpdps = "Jeannot & Wagner, IPDPS 2004 (cited by the DGGP paper as [13])";
  using Row = RedistributionAlgorithm;
  static const AlgorithmTable<RedistributionAlgorithm> table({
      Row("ggp")
          .description("1-port generic graph peeling, any perfect matching per step (IPDPS 2004)")
          .reference("GGP: " + kIpdps)
          .make(make_ggp),
      Row("oggp")
          .description("1-port graph peeling, bottleneck matching per step (IPDPS 2004)")
          .reference("OGGP: " + kIpdps)
          .make(make_oggp),
      Row("dggp")
          .description("delta-port: split nodes by their ports, OGGP, merge back (Jeannot & Wagner)")
          .reference("Jeannot & Wagner, DGGP (Sec. 3, Fig. 5)")
          .make(make_dggp),
      Row("greedy")
          .description("steps of whole messages, heaviest first, filled while k and delta allow")
          .reference("hetcoll baseline")
          .make(make_greedy),
      Row("exact")
          .description("optimum over whole-second pieces by dynamic programming (tiny instances only)")
          .reference("hetcoll baseline (exact optimum)")
          .work_limit(exact_work_bound, kExactMaxWork)
          .make(make_exact),
      Row("all-at-once")
          .description("every message at once, uncapped: the network shares bandwidth as it will")
          .reference("hetcoll baseline")
          .ignores_limits()
          .make(make_all_at_once),
      Row("lower-bound")
          .description("the delta-port lower bound LB (eta when every delta is 1); no activity")
          .reference("hetcoll baseline: the delta-port bound Jeannot & Wagner divide by (Sec. 4); eta: Cohen, "
                     "Jeannot & Padoy, HeteroPar'03")
          .analytic()
          .make(make_lower_bound),
  });
  return table;
}

}  // namespace hetcoll
