#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {

const AlgorithmTable<BroadcastAlgorithm>& broadcast_algorithms() {
  static const std::string kPaper = "Steffenel, INRIA RR inria-00116897 (2006), ";
  static const AlgorithmTable<BroadcastAlgorithm> table({
      {{"flat", "Flat Tree (ECO, MagPIe): the root sends to every other cluster in index order", kPaper + "§5.1"},
       true, schedule_flat},
      {{"fef", "Fastest Edge First (Bhat): the lightest edge between A and B", kPaper + "§5.2, after Bhat et al."},
       true, schedule_fef},
      {{"ecef", "Early Completion Edge First (Bhat): min RT_i + g_ij + L_ij", kPaper + "§5.3, after Bhat et al."},
       true, schedule_ecef},
      {{"ecef-la", "ECEF with lookahead F_j = min over B of g_jk + L_jk (Bhat)", kPaper + "§5.4, after Bhat et al."},
       true, schedule_ecef_la},
      {{"ecef-lat", "ECEF-LAt: lookahead F_j = min over B of g_jk + L_jk + T_k (Steffenel)", kPaper + "§5.5"},
       true, schedule_ecef_lat},
      {{"ecef-lat-max", "ECEF-LAT: lookahead F_j = max over B of g_jk + L_jk + T_k (Steffenel)", kPaper + "§5.6"},
       true, schedule_ecef_lat_max},
      {{"bottomup", "BottomUp: the cluster slowest to finish first, from its fastest sender (Steffenel)",
        kPaper + "§5.7"},
       true, schedule_bottomup},
      // The dynamic counterpart under uncertain costs (docs/broadcast.md, "Dynamic ECEF").
      {{"dynamic-ecef", "ECEF re-run at every event on the observed ready times (costs = random or given)",
        "hetcoll baseline: ECEF (" + kPaper + "§5.3) re-planned as the broadcast runs"},
       true, schedule_ecef, true},
      {{"binomial", "grid-unaware binomial tree (MPI's), over all hosts on a platform",
        "MPI binomial broadcast (grid-unaware baseline)"},
       false, schedule_binomial},
  });
  return table;
}

}  // namespace hetcoll
