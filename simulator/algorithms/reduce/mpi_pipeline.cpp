// mpi-pipeline: Open MPI 4.1's pipeline reduction (coll_base_reduce.c,
// ompi_coll_base_reduce_intra_pipeline): the generic segmented reduction on a single chain
// (build_chain with fanout 1), data flowing from rank p-1 down to the root, relative to it.
#include "algorithms/reduce/support/mpi_reduce_program.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_mpi_pipeline(const ReduceSetup& setup) {
  return mpi_reduce_policy(setup, [](MpiReduceProgram& program, const MpiReduceInput& input) {
    ompi_reduce_generic(program, ompi_chain_tree(1, input.ranks, input.root), ompi_segments(input.count, input.segment));
  });
}

}  // namespace hetcoll
