// ompi-tuned: Open MPI 4.1's default reduce, its coll/tuned fixed decision rules
// (ompi/mca/coll/tuned/coll_tuned_decision_fixed.c, ompi_coll_tuned_reduce_intra_dec_fixed, as in
// v4.1.0 to v4.1.8): an algorithm by process count, message bytes and commutativity, called with
// segment size 0 (no segmentation) and chain fanout 0 (build_chain clamps it to one chain). The
// family's ⊕ is taken as commutative, as MPI's built-in operations are.
#include <string>
#include <utility>
#include <vector>

#include "algorithms/reduce/support/mpi_reduce_program.hpp"
#include "algorithms/reduce/support/mpi_selection.hpp"

namespace hetcoll {
namespace {

// The decision's algorithm numbers (coll_tuned_reduce_decision.c).
const char* const kAlgorithm[] = {"",           "mpi-linear",   "mpi-chain",           "mpi-pipeline",
                                  "mpi-binary", "mpi-binomial", "mpi-in-order-binary", "mpi-rabenseifner"};

// For processes below `ranks`: the first (bytes below, algorithm) whose bound the message is
// under, else `otherwise`.
struct Band {
  double ranks;
  std::vector<std::pair<double, int>> below;
  int otherwise;
};

const double kEvery = 1e300;

const std::vector<Band> kCommutative = {
    {4, {{8, 7}, {16, 4}, {32, 3}, {262144, 1}, {524288, 3}, {1048576, 2}}, 3},
    {8, {{4096, 4}, {65536, 2}, {262144, 5}, {524288, 1}, {1048576, 5}}, 1},
    {16, {{8192, 4}}, 5},
    {32, {{4096, 4}}, 5},
    {256, {}, 5},
    {512, {{8192, 5}, {16384, 6}}, 5},
    {2048, {}, 5},
    {4096, {{512, 5}, {1024, 6}, {8192, 5}, {16384, 6}}, 5},
    {kEvery, {{16, 5}, {32, 6}, {1024, 5}, {2048, 6}, {8192, 5}, {16384, 6}}, 5},
};

const std::vector<Band> kNonCommutative = {
    {4, {{8, 6}}, 1},
    {8, {}, 1},
    {16, {{1024, 6}, {8192, 1}, {16384, 6}, {262144, 1}}, 6},
    {128, {}, 6},
    {256, {{512, 6}, {1024, 1}}, 6},
    {kEvery, {}, 6},
};

void run_choice(MpiReduceProgram& program, const MpiReduceInput& input) {
  const std::string chosen = ompi_tuned_reduce_choice(input.ranks, input.count, true);
  const std::vector<double> whole = {input.count};
  if (chosen == "mpi-linear") {
    ompi_reduce_linear(program, input.root);
  } else if (chosen == "mpi-chain" || chosen == "mpi-pipeline") {  // fanout 0: one chain
    ompi_reduce_generic(program, ompi_chain_tree(1, input.ranks, input.root), whole);
  } else if (chosen == "mpi-binary") {
    ompi_reduce_generic(program, ompi_kary_tree(2, input.ranks, input.root), whole);
  } else if (chosen == "mpi-binomial") {
    ompi_reduce_generic(program, ompi_in_order_binomial_tree(input.ranks, input.root), whole);
  } else if (chosen == "mpi-in-order-binary") {
    ompi_reduce_in_order_binary(program, input.root, whole);
  } else {
    rabenseifner_reduce(program, input.root, RabenseifnerVariant::ompi);
  }
}

}  // namespace

std::string ompi_tuned_reduce_choice(int ranks, double bytes, bool commutative) {
  for (const Band& band : commutative ? kCommutative : kNonCommutative) {
    if (ranks >= band.ranks) continue;
    for (const auto& [bound, algorithm] : band.below)
      if (bytes < bound) return kAlgorithm[algorithm];
    return kAlgorithm[band.otherwise];
  }
  return kAlgorithm[commutative ? 5 : 6];  // not reached: the last band takes every count
}

std::unique_ptr<Policy> make_ompi_tuned(const ReduceSetup& setup) { return mpi_reduce_policy(setup, run_choice); }

}  // namespace hetcoll
