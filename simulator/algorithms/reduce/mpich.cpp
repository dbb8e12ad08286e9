// mpich: MPICH 4's default reduce (read at v4.2.3; maint/tuning/coll/mpir/generic.json, the same
// at v4.1.2 and v4.3.2): with one rank per host (comm_hierarchy=any), binomial up to 2,048 bytes,
// then, for a built-in operation, binomial if the vector has fewer elements than the largest power
// of two of processes, else reduce-scatter + gather (Rabenseifner); binomial for a user operation.
// The family's ⊕ is taken as a built-in operation (commutative, as MPI_SUM): the reduction runs
// relative to the root. MPICH's own algorithms run (reduce_intra_binomial.c,
// reduce_intra_reduce_scatter_gather.c), which differ from Open MPI's (docs/reduce.md).
#include <string>

#include "algorithms/reduce/support/mpi_reduce_program.hpp"
#include "algorithms/reduce/support/mpi_selection.hpp"

namespace hetcoll {
namespace {

void run_choice(MpiReduceProgram& program, const MpiReduceInput& input) {
  if (mpich_reduce_choice(input.ranks, input.count, input.count, true) == kMpichBinomial)
    mpich_reduce_binomial(program, input.root);
  else
    rabenseifner_reduce(program, input.root, RabenseifnerVariant::mpich);
}

}  // namespace

std::string mpich_reduce_choice(int ranks, double bytes, double count, bool built_in_op) {
  int pof2 = 1;
  while (pof2 * 2 <= ranks) pof2 *= 2;
  if (bytes <= 2048 || !built_in_op || count < pof2) return kMpichBinomial;
  return kMpichReduceScatterGather;
}

std::unique_ptr<Policy> make_mpich(const ReduceSetup& setup) { return mpi_reduce_policy(setup, run_choice); }

}  // namespace hetcoll
