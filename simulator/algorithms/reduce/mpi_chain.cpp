// mpi-chain: Open MPI 4.1's chain reduction (coll_base_reduce.c, ompi_coll_base_reduce_intra_chain):
// the generic segmented reduction on build_chain with the fanout a user forcing the algorithm gets,
// coll_tuned_reduce_algorithm_chain_fanout = 4: four chains of consecutive ranks relative to the
// root, each ending at the root.
#include "algorithms/reduce/support/mpi_reduce_program.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_mpi_chain(const ReduceSetup& setup) {
  return mpi_reduce_policy(setup, [](MpiReduceProgram& program, const MpiReduceInput& input) {
    ompi_reduce_generic(program, ompi_chain_tree(kOmpiForcedChainFanout, input.ranks, input.root),
                        ompi_segments(input.count, input.segment));
  });
}

}  // namespace hetcoll
