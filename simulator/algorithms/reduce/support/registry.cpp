#include "algorithms/reduce/support/registry.hpp"

#include <stdexcept>

#include "algorithms/reduce/support/factories.hpp"
#include "algorithms/reduce/support/mpi_reduce_program.hpp"
#include "algorithms/reduce/support/mpi_selection.hpp"
#include "algorithms/smpi_segments.hpp"
#include "core/error.hpp"

namespace hetcoll {

// The factories, each defined in the algorithm's own file (make_ + the row's name, '-' as '_'):
// a new algorithm is its file, its line here and its row below.
std::unique_ptr<Policy> make_binomial_stat(const ReduceSetup& setup);
std::unique_ptr<Policy> make_fibonacci_stat(const ReduceSetup& setup);
std::unique_ptr<Policy> make_tree_dyn(const ReduceSetup& setup);
std::unique_ptr<Policy> make_non_commut_tree_dyn(const ReduceSetup& setup);
std::unique_ptr<Policy> make_snf(const ReduceSetup& setup);
std::unique_ptr<Policy> make_fastest_first(const ReduceSetup& setup);
std::unique_ptr<Policy> make_random_order(const ReduceSetup& setup);
std::unique_ptr<Policy> make_ep_order(const ReduceSetup& setup);
std::unique_ptr<Policy> make_optimal(const ReduceSetup& setup);
std::unique_ptr<Policy> make_mpi_linear(const ReduceSetup& setup);
std::unique_ptr<Policy> make_mpi_binomial(const ReduceSetup& setup);
std::unique_ptr<Policy> make_mpi_binary(const ReduceSetup& setup);
std::unique_ptr<Policy> make_mpi_in_order_binary(const ReduceSetup& setup);
std::unique_ptr<Policy> make_mpi_chain(const ReduceSetup& setup);
std::unique_ptr<Policy> make_mpi_pipeline(const ReduceSetup& setup);
std::unique_ptr<Policy> make_mpi_rabenseifner(const ReduceSetup& setup);
std::unique_ptr<Policy> make_ompi_tuned(const ReduceSetup& setup);
std::unique_ptr<Policy> make_mpich(const ReduceSetup& setup);

namespace {

ReduceChoice choose_ompi_tuned(const ReduceSetup& setup) {
  const MpiReduceInput input = mpi_reduce_input(setup);
  return {ompi_tuned_reduce_choice(input.ranks, input.count, true), 0};
}

ReduceChoice choose_mpich(const ReduceSetup& setup) {
  const MpiReduceInput input = mpi_reduce_input(setup);
  return {mpich_reduce_choice(input.ranks, input.count, input.count, true), 0};
}

}  // namespace

const AlgorithmTable<ReduceAlgorithm>& reduce_algorithms() {
  static const std::string kRr8315 = "Benoit, Canon & Marchal, RR-8315";
  // The paper's EP schedule (Fig. 2) with its destinations (Lemma 1) runs every order below.
  static const std::string kOpenMpi = "Open MPI 4.1 (v4.1.8), ompi/mca/coll/base/coll_base_reduce.c";
  static const std::string kBaseline = "hetcoll baseline, on the EP schedule of Liu & Wang, IPDPS 2000, Fig. 2";
  static const AlgorithmTable<ReduceAlgorithm> table({
      ReduceAlgorithm("binomial-stat")
          .description("static binomial tree, ceil(log2 n) unsynchronised rounds (an MPI reduction to host 0)")
          .reference(kRr8315)
          .non_commutative()
          .make(make_binomial_stat),
      ReduceAlgorithm("fibonacci-stat")
          .description("static Fibonacci tree overlapping receptions with the receiver's ⊕")
          .reference(kRr8315)
          .non_commutative()
          .make(make_fibonacci_stat),
      ReduceAlgorithm("tree-dyn")
          .description("dynamic: each newly idle processor sends to the one waiting in a single slot")
          .reference(kRr8315)
          .make(make_tree_dyn),
      ReduceAlgorithm("non-commut-tree-dyn")
          .description("dynamic: a newly idle processor sends to an idle neighbour interval")
          .reference(kRr8315)
          .non_commutative()
          .make(make_non_commut_tree_dyn),
      ReduceAlgorithm("snf")
          .description("slowest-node-first: EP schedule of the hosts by non-increasing time (Liu & Wang)")
          .reference("Liu & Wang, IPDPS 2000, Section 4; within 2 OPT by Theorem 2")
          .assumes_free_op()
          .make(make_snf),
      ReduceAlgorithm("fastest-first")
          .description("EP schedule of the hosts by non-decreasing time")
          .reference(kBaseline)
          .assumes_free_op()
          .make(make_fastest_first),
      ReduceAlgorithm("random-order")
          .description("EP schedule of the hosts in a random order, drawn per replication")
          .reference(kBaseline)
          .assumes_free_op()
          .make(make_random_order),
      ReduceAlgorithm("ep-order")
          .description("EP schedule of the hosts in the order of key 'order' (default: host order)")
          .reference("Liu & Wang, IPDPS 2000, Fig. 2 and Lemma 1")
          .assumes_free_op()
          .make(make_ep_order),
      ReduceAlgorithm("optimal")
          .description("exact optimum over EP schedules (branch and bound), n <= 12")
          .reference("hetcoll (exact branch-and-bound search over EP schedules)")
          .assumes_free_op()
          .at_most(kOptimalMaxProcessors)
          .make(make_optimal),
      ReduceAlgorithm("mpi-linear")
          .description("Open MPI's basic linear reduce: the root receives and combines rank p-1's vector down to rank 0's")
          .reference(kOpenMpi + ", ompi_coll_base_reduce_intra_basic_linear")
          .smpi("ompi_basic_linear")
          .non_commutative()
          .point_to_point()
          .at_most(kMostMpiRanks)
          .make(make_mpi_linear),
      ReduceAlgorithm("mpi-binomial")
          .description("Open MPI's binomial reduce: segmented pipeline on the in-order binomial tree, nearest child first")
          .reference(kOpenMpi + ", ompi_coll_base_reduce_intra_binomial")
          .smpi("ompi_binomial")
          .segmented()
          .point_to_point()
          .at_most(kMostMpiRanks)
          .make(make_mpi_binomial),
      ReduceAlgorithm("mpi-binary")
          .description("Open MPI's binary-tree reduce: segmented pipeline on build_tree(2)")
          .reference(kOpenMpi + ", ompi_coll_base_reduce_intra_binary")
          .smpi("ompi_binary", smpi_reduce_binary_segment)
          .segmented()
          .point_to_point()
          .at_most(kMostMpiRanks)
          .make(make_mpi_binary),
      ReduceAlgorithm("mpi-in-order-binary")
          .description("Open MPI's in-order binary reduce: segmented pipeline on the in-order tree rooted at rank p-1, "
                       "then the result to the root")
          .reference(kOpenMpi + ", ompi_coll_base_reduce_intra_in_order_binary")
          .smpi("ompi_in_order_binary")
          .non_commutative()
          .segmented()
          .point_to_point()
          .at_most(kMostMpiRanks)
          .make(make_mpi_in_order_binary),
      ReduceAlgorithm("mpi-chain")
          .description("Open MPI's chain reduce: segmented pipeline on 4 chains of consecutive ranks (the forced "
                       "algorithm's fanout)")
          .reference(kOpenMpi + ", ompi_coll_base_reduce_intra_chain")
          .segmented()
          .point_to_point()
          .at_most(kMostMpiRanks)
          .make(make_mpi_chain),
      ReduceAlgorithm("mpi-pipeline")
          .description("Open MPI's pipeline reduce: segmented pipeline on one chain from rank p-1 to the root")
          .reference(kOpenMpi + ", ompi_coll_base_reduce_intra_pipeline")
          .smpi("ompi_pipeline", smpi_reduce_pipeline_segment)
          .segmented()
          .point_to_point()
          .at_most(kMostMpiRanks)
          .make(make_mpi_pipeline),
      ReduceAlgorithm("mpi-rabenseifner")
          .description("Open MPI's Rabenseifner reduce: reduce-scatter by recursive halving, then binomial gather")
          .reference(kOpenMpi + ", ompi_coll_base_reduce_intra_redscat_gather")
          .point_to_point()
          .at_most(kMostMpiRanks)
          .make(make_mpi_rabenseifner),
      ReduceAlgorithm("ompi-tuned")
          .description("Open MPI 4.1's default reduce: its fixed decision rules by process count and bytes, unsegmented")
          .reference(kOpenMpi + ", coll_tuned_decision_fixed.c, ompi_coll_tuned_reduce_intra_dec_fixed")
          .chooses(choose_ompi_tuned)
          .at_most(kMostMpiRanks)
          .make(make_ompi_tuned),
      ReduceAlgorithm("mpich")
          .description("MPICH 4's default reduce: binomial up to 2,048 bytes, else Rabenseifner (generic.json)")
          .reference("MPICH 4.2.3, maint/tuning/coll/mpir/generic.json and src/mpi/coll/reduce/")
          .chooses(choose_mpich)
          .at_most(kMostMpiRanks)
          .make(make_mpich),
  });
  return table;
}

ReduceChoice ReduceAlgorithm::choice(const ReduceSetup& setup) const {
  if (chooser_ != nullptr) return chooser_(setup);
  if (!sends_point_to_point()) return {name(), kNoLibrarySegment};
  if (!honours_segment()) return {name(), 0};
  // A segment at least as long as the vector leaves it whole (COLL_BASE_COMPUTED_SEGCOUNT).
  const MpiReduceInput input = mpi_reduce_input(setup);
  return {name(), ompi_segments(input.count, input.segment).size() > 1 ? input.segment : 0};
}

const std::vector<std::string>& reduce_choice_words() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> all;
    for (const ReduceAlgorithm& a : reduce_algorithms()) all.push_back(a.name());
    all.push_back(kMpichBinomial);
    all.push_back(kMpichReduceScatterGather);
    return all;
  }();
  return words;
}

CostDraws* reduction_draws(const ReduceSetup& setup) {
  if (setup.processors < 1) throw InputError("reduce: processors must be at least 1");
  // A missing cost model is a caller bug, not bad input.
  if (setup.costs == nullptr) throw std::invalid_argument("reduce: no cost model given");
  return setup.draws != nullptr ? setup.draws : setup.costs;
}

}  // namespace hetcoll
