// mpi-binary: Open MPI 4.1's binary-tree reduction (coll_base_reduce.c,
// ompi_coll_base_reduce_intra_binary): the generic segmented reduction on build_tree(2)
// (coll_base_topo.c), the breadth-first binary tree with a stride, relative to the root.
#include "algorithms/reduce/support/mpi_reduce_program.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_mpi_binary(const ReduceSetup& setup) {
  return mpi_reduce_policy(setup, [](MpiReduceProgram& program, const MpiReduceInput& input) {
    ompi_reduce_generic(program, ompi_kary_tree(2, input.ranks, input.root), ompi_segments(input.count, input.segment));
  });
}

}  // namespace hetcoll
