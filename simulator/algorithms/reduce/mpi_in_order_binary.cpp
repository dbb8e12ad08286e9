// mpi-in-order-binary: Open MPI 4.1's in-order binary reduction (coll_base_reduce.c,
// ompi_coll_base_reduce_intra_in_order_binary): the generic segmented reduction on the in-order
// binary tree rooted at rank p-1 (build_in_order_bintree), which keeps the ranks' order for a
// non-commutative ⊕; rank p-1 then sends the whole result to the root if it is another rank.
#include "algorithms/reduce/support/mpi_reduce_program.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_mpi_in_order_binary(const ReduceSetup& setup) {
  return mpi_reduce_policy(setup, [](MpiReduceProgram& program, const MpiReduceInput& input) {
    ompi_reduce_in_order_binary(program, input.root, ompi_segments(input.count, input.segment));
  });
}

}  // namespace hetcoll
