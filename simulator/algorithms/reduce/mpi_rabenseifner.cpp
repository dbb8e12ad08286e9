// mpi-rabenseifner: Open MPI 4.1's Rabenseifner reduction (coll_base_reduce.c,
// ompi_coll_base_reduce_intra_redscat_gather): reduce-scatter by recursive halving, then a
// binomial gather to the root; the ranks beyond the largest power of two fold half-vectors into
// their even neighbours first. Falls back to mpi-linear where the library does (fewer bytes than
// that power of two). Commutative ⊕ only.
#include "algorithms/reduce/support/mpi_reduce_program.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_mpi_rabenseifner(const ReduceSetup& setup) {
  return mpi_reduce_policy(setup, [](MpiReduceProgram& program, const MpiReduceInput& input) {
    rabenseifner_reduce(program, input.root, RabenseifnerVariant::ompi);
  });
}

}  // namespace hetcoll
