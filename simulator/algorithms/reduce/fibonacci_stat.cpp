// Fibonacci-stat: Benoit, Canon, Marchal, INRIA RR-8315 (2013), §3.2 and Th. 2 and 5; schedule
// from Canon & Antoniu, RR-7898; numbering in docs/reduce.md.
//
// Cost in the model: FS_k on F_(k+2) processors lasts d + (k−1)·max(d, c) + c when costs are
// identical, which is optimal for c = d; worst case with c = 0: kD, a
// (Δ/log2 φ + Δ/⌈log2 n⌉)-approximation. The root receives the next value while it still
// computes the previous ⊕, so the plan needs the overlapping static semantics (docs/reduce.md).
#include <vector>

#include "algorithms/reduce/support/factories.hpp"
#include "algorithms/reduce/support/static_tree.hpp"

namespace hetcoll {
namespace {

// FS_k on [off, off + N_k): FS_(k−1) on the first N_(k−1) processors, FS_(k−2) after them, then
// the root of FS_(k−2) sends to the root of FS_(k−1). Numbering is prefix-closed (parents have
// smaller indices), so truncating to n processors keeps a tree rooted at P0.
//
// sizes[k + 1] = N_k, the number of processors of FS_k (N_(−1) = N_0 = 1).
void build(int k, long long off, const std::vector<long long>& sizes, ChildrenLists& children) {
  const long long n = static_cast<long long>(children.size());
  if (k <= 0 || off >= n) return;
  const long long child = off + sizes[k];  // first processor of FS_(k−2), after N_(k−1) others
  build(k - 1, off, sizes, children);
  build(k - 2, child, sizes, children);
  if (child < n) children[off].push_back(static_cast<int>(child));
}

}  // namespace

ChildrenLists fibonacci_children(int n) {
  ChildrenLists children(n);
  // The order is the smallest k with N_k ≥ n.
  std::vector<long long> sizes = {1, 1};
  int order = 0;
  while (sizes.back() < n) {
    sizes.push_back(sizes[sizes.size() - 1] + sizes[sizes.size() - 2]);
    ++order;
  }
  build(order, 0, sizes, children);
  return children;
}

std::unique_ptr<Policy> make_fibonacci_stat(const ReduceSetup& setup) {
  return make_static_tree_policy(fibonacci_children, setup);
}

}  // namespace hetcoll
