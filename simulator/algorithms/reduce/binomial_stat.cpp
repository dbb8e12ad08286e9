// Binomial-stat: Benoit, Canon, Marchal, "Non-clairvoyant reduction algorithms for heterogeneous
// platforms", INRIA RR-8315 (2013), §3.2; tree from Canon & Antoniu, RR-7898.
//
// Cost in the model: ⌈log2 n⌉ unsynchronised rounds; in round k, processor i·2^k + 2^(k−1) sends
// to i·2^k. Homogeneous with n = 2^h: h(c + d). Worst case with c = 0: D⌈log2 n⌉, a
// Δ-approximation (Th. 1); (Δ + 1) with identical c (Th. 3). Only adjacent intervals are
// combined, so it is valid for a non-commutative ⊕.
#include "algorithms/reduce/factories.hpp"
#include "algorithms/reduce/static_tree.hpp"

namespace hetcoll {

std::unique_ptr<Policy> make_binomial_stat(const ReduceSetup& setup) {
  return make_static_tree_policy(binomial_children(setup.processors), setup);
}

}  // namespace hetcoll
