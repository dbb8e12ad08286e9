// Binomial-stat: Benoit, Canon, Marchal, "Non-clairvoyant reduction algorithms for heterogeneous
// platforms", INRIA RR-8315 (2013), §3.2; tree from Canon & Antoniu, RR-7898.
//
// Cost in the model: ⌈log2 n⌉ unsynchronised rounds; in round k, processor i·2^k + 2^(k−1) sends
// to i·2^k. Homogeneous with n = 2^h: h(c + d). Worst case with c = 0: D⌈log2 n⌉, a
// Δ-approximation (Th. 1); (Δ + 1) with identical c (Th. 3). Only adjacent intervals are
// combined, so it is valid for a non-commutative ⊕.
#include "algorithms/reduce/support/factories.hpp"
#include "algorithms/reduce/support/static_tree.hpp"

namespace hetcoll {

ChildrenLists binomial_children(int n) {
  ChildrenLists children(n);
  for (int r = 0; r < n; ++r) {
    // Round k adds child r + 2^(k−1) while 2^k divides r; r = 0 is divisible by every 2^k.
    for (long long half = 1; r + half < n; half *= 2) {
      if (r % (2 * half) != 0) break;
      children[r].push_back(static_cast<int>(r + half));
    }
  }
  return children;
}

std::unique_ptr<Policy> make_binomial_stat(const ReduceSetup& setup) {
  return make_static_tree_policy(binomial_children, setup);
}

}  // namespace hetcoll
