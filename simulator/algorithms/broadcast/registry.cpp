#include "algorithms/broadcast/heuristics.hpp"

namespace hetcoll {

const std::vector<InterHeuristic>& inter_heuristics() {
  static const std::vector<InterHeuristic> table = {
      {"flat", "Flat Tree (ECO, MagPIe): the root sends to every other cluster in index order", true, schedule_flat},
      {"fef", "Fastest Edge First (Bhat): the lightest edge between A and B", true, schedule_fef},
      {"ecef", "Early Completion Edge First (Bhat): min RT_i + g_ij + L_ij", true, schedule_ecef},
      {"ecef-la", "ECEF with lookahead F_j = min over B of g_jk + L_jk (Bhat)", true, schedule_ecef_la},
      {"ecef-lat", "ECEF-LAt: lookahead F_j = min over B of g_jk + L_jk + T_k (Steffenel)", true, schedule_ecef_lat},
      {"ecef-lat-max", "ECEF-LAT: lookahead F_j = max over B of g_jk + L_jk + T_k (Steffenel)", true,
       schedule_ecef_lat_max},
      {"bottomup", "BottomUp: the cluster slowest to finish first, from its fastest sender (Steffenel)", true,
       schedule_bottomup},
      {"binomial", "grid-unaware binomial tree (MPI's), over all hosts on a platform", false, schedule_binomial},
  };
  return table;
}

const InterHeuristic* find_inter_heuristic(const std::string& name) {
  for (const InterHeuristic& h : inter_heuristics())
    if (h.name == name) return &h;
  return nullptr;
}

}  // namespace hetcoll
