// mpi-linear: Open MPI 4.1's basic linear reduction (coll_base_reduce.c,
// ompi_coll_base_reduce_intra_basic_linear): every rank sends its whole vector to the root, which
// receives and combines them one at a time, from rank p-1 down to rank 0 (absolute ranks, whatever
// the root). Valid for a non-commutative ⊕.
#include "algorithms/reduce/support/mpi_reduce_program.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_mpi_linear(const ReduceSetup& setup) {
  return mpi_reduce_policy(setup, [](MpiReduceProgram& program, const MpiReduceInput& input) {
    ompi_reduce_linear(program, input.root);
  });
}

}  // namespace hetcoll
