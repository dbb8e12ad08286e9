#include "algorithms/broadcast/support/registry.hpp"

#include "algorithms/smpi_segments.hpp"

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
std::unique_ptr<BroadcastPolicy> make_mpi_linear(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_mpi_binomial(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_mpi_binary(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_mpi_chain(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_mpi_pipeline(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_mpi_split_binary(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_mpi_knomial(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_mpi_scatter_ring_allgather(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_mpi_scatter_rd_allgather(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_ompi_tuned(const BroadcastSetup& setup);
std::unique_ptr<BroadcastPolicy> make_mpich(const BroadcastSetup& setup);

const AlgorithmTable<BroadcastAlgorithm>& broadcast_algorithms() {
  static const std::string kPaper = "Steffenel, INRIA RR inria-00116897 (2006), ";
  static const std::string kOmpi = "Open MPI 4.1.8, ompi/mca/coll/base/coll_base_bcast.c, ";
  static const std::string kMpich = "MPICH 4.2.3, src/mpi/coll/bcast/";
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
      // The MPI libraries' flat algorithms over every host, rank i on host i, then their
      // selectors (docs/broadcast.md, "The MPI libraries").
      A("mpi-linear")
          .description("MPI: the root isends to every rank in rank order, then waits for all")
          .reference(kOmpi + "ompi_coll_base_bcast_intra_basic_linear")
          .make(make_mpi_linear)
          .smpi("flattree")
          .platform_costs_only()
          .grid_unaware(),
      A("mpi-binomial")
          .description("MPI: Open MPI's binomial tree (highest-bit, nearest child first, isend all then wait)")
          .reference(kOmpi + "ompi_coll_base_bcast_intra_binomial (build_bmtree)")
          .make(make_mpi_binomial)
          .segmented()
          .platform_costs_only()
          .grid_unaware(),
      A("mpi-binary")
          .description("MPI: Open MPI's binary tree (build_tree(2)), segmented by key segment")
          .reference(kOmpi + "ompi_coll_base_bcast_intra_bintree")
          .make(make_mpi_binary)
          .segmented()
          .platform_costs_only()
          .grid_unaware(),
      A("mpi-chain")
          .description("MPI: Open MPI's chain of fanout 4, segmented by key segment")
          .reference(kOmpi + "ompi_coll_base_bcast_intra_chain")
          .make(make_mpi_chain)
          .segmented()
          .platform_costs_only()
          .grid_unaware(),
      A("mpi-pipeline")
          .description("MPI: Open MPI's pipeline (one chain), segmented by key segment")
          .reference(kOmpi + "ompi_coll_base_bcast_intra_pipeline")
          .smpi("ompi_pipeline", smpi_bcast_pipeline_segment)
          .make(make_mpi_pipeline)
          .segmented()
          .platform_costs_only()
          .grid_unaware(),
      A("mpi-split-binary")
          .description("MPI: Open MPI's split binary tree: halves down two subtrees, then swapped by pairs")
          .reference(kOmpi + "ompi_coll_base_bcast_intra_split_bintree")
          .smpi("ompi_split_bintree", smpi_split_bintree_segment)
          .make(make_mpi_split_binary)
          .segmented()
          .platform_costs_only()
          .grid_unaware(),
      A("mpi-knomial")
          .description("MPI: Open MPI's k-nomial tree of key radix, segmented by key segment")
          .reference(kOmpi + "ompi_coll_base_bcast_intra_knomial (build_kmtree)")
          .make(make_mpi_knomial)
          .segmented()
          .platform_costs_only()
          .grid_unaware(),
      A("mpi-scatter-ring-allgather")
          .description("MPI: MPICH's binomial scatter of p blocks, then a ring allgather")
          .reference(kMpich + "bcast_intra_scatter_ring_allgather.c")
          .make(make_mpi_scatter_ring_allgather)
          .smpi("scatter_LR_allgather")
          .platform_costs_only()
          .grid_unaware(),
      A("mpi-scatter-rd-allgather")
          .description("MPI: MPICH's binomial scatter of p blocks, then a recursive-doubling allgather")
          .reference(kMpich + "bcast_intra_scatter_recursive_doubling_allgather.c")
          .make(make_mpi_scatter_rd_allgather)
          .smpi("scatter_rdb_allgather")
          .platform_costs_only()
          .grid_unaware(),
      A("ompi-tuned")
          .description("MPI: what Open MPI 4.1 runs, by its fixed rules on process count and message size")
          .reference("Open MPI 4.1.8, ompi/mca/coll/tuned/coll_tuned_decision_fixed.c, "
                     "ompi_coll_tuned_bcast_intra_dec_fixed")
          .make(make_ompi_tuned)
          .platform_costs_only()
          .grid_unaware(),
      A("mpich")
          .description("MPI: what MPICH 4 runs, by its default selection on process count and message size")
          .reference("MPICH 4.2.3, maint/tuning/coll/mpir/generic.json (bcast, comm_hierarchy any)")
          .make(make_mpich)
          .platform_costs_only()
          .grid_unaware(),
  });
  return table;
}

}  // namespace hetcoll
