#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {

// The factories, each defined in the algorithm's own file (make_ + the row's name, '-' as '_'):
// a new algorithm is its file, its line here and its row below.
std::unique_ptr<BroadcastPolicy> make_flat(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_fef(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_ecef(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_ecef_la(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_ecef_lat(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_ecef_lat_max(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_bottomup(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_dynamic_ecef(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_binomial(const BroadcastSetup& setup);

const AlgorithmTable<BroadcastAlgorithm>& broadcast_algorithms() {
  static const std::string kPaper = "Steffenel, INRIA RR inria-00116897 (2006), ";
  using A = BroadcastAlgorithm;
  static const AlgorithmTable<BroadcastAlgorithm> table({
      A("flat")
          .description("Flat Tree (ECO, MagPIe): the root sends to every other cluster in index order")
          .reference(kPaper + "§5.1")
          .make(make_flat),
      A("fef")
          .description("Fastest Edge First (Bhat): the lightest edge between A and B")
          .reference(kPaper + "§5.2, after Bhat et al.")
          .make(make_fef),
      A("ecef")
          .description("Early Completion Edge First (Bhat): min RT_i + g_ij + L_ij")
          .reference(kPaper + "§5.3, after Bhat et al.")
          .make(make_ecef),
      A("ecef-la")
          .description("ECEF with lookahead F_j = min over B of g_jk + L_jk (Bhat)")
          .reference(kPaper + "§5.4, after Bhat et al.")
          .make(make_ecef_la),
      A("ecef-lat")
          .description("ECEF-LAt: lookahead F_j = min over B of g_jk + L_jk + T_k (Steffenel)")
          .reference(kPaper + "§5.5")
          .make(make_ecef_lat),
      A("ecef-lat-max")
          .description("ECEF-LAT: lookahead F_j = max over B of g_jk + L_jk + T_k (Steffenel)")
          .reference(kPaper + "§5.6")
          .make(make_ecef_lat_max),
      A("bottomup")
          .description("BottomUp: the cluster slowest to finish first, from its fastest sender (Steffenel)")
          .reference(kPaper + "§5.7")
          .make(make_bottomup),
      // The dynamic counterpart under uncertain costs (docs/broadcast.md, "Dynamic ECEF").
      A("dynamic-ecef")
          .description("ECEF re-run at every event on the observed ready times (costs = random or given)")
          .reference("hetcoll baseline: ECEF (" + kPaper + "§5.3) re-planned as the broadcast runs")
          .make(make_dynamic_ecef)
          .abstract_costs_only(),
      A("binomial")
          .description("grid-unaware binomial tree (MPI's), over all hosts on a platform")
          .reference("MPI binomial broadcast (grid-unaware baseline)")
          .make(make_binomial)
          .grid_unaware(),
  });
  return table;
}

}  // namespace hetcoll
