// mpi-binomial: Open MPI 4.1's binomial reduction (coll_base_reduce.c,
// ompi_coll_base_reduce_intra_binomial): the generic segmented reduction on the in-order binomial
// tree (coll_base_topo.c, build_in_order_bmtree), relative to the root; a rank receives from
// v+1, v+2, v+4, ... nearest first.
#include "algorithms/reduce/support/mpi_reduce_program.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_mpi_binomial(const ReduceSetup& setup) {
  return mpi_reduce_policy(setup, [](MpiReduceProgram& program, const MpiReduceInput& input) {
    ompi_reduce_generic(program, ompi_in_order_binomial_tree(input.ranks, input.root),
                        ompi_segments(input.count, input.segment));
  });
}

}  // namespace hetcoll
