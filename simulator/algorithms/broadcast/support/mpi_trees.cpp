// The MPI libraries' broadcast trees (Open MPI 4.1.8 coll_base_topo.c; MPICH 4.2.3
// bcast_intra_binomial.c), built on relative ranks and mapped back to absolute ones. O(p) each
// (O(p log p) for the k-ary tree's levels).
#include "algorithms/broadcast/support/mpi_trees.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "algorithms/broadcast/support/tree_shapes.hpp"

namespace hetcoll {
namespace {

/// The tree whose relative rank v has children `children_of(v)` (relative, in order), mapped to
/// absolute ranks (v + root) mod p; parents follow from the children.
template <class Children>
MpiTree mapped(int ranks, int root, Children children_of) {
  if (ranks < 1 || root < 0 || root >= ranks)
    throw std::logic_error("mpi tree: root " + std::to_string(root) + " of " + std::to_string(ranks) + " ranks");
  MpiTree t;
  t.parent.assign(ranks, -1);
  t.children.resize(ranks);
  for (int v = 0; v < ranks; ++v) {
    const int me = (v + root) % ranks;
    for (int c : children_of(v)) {
      const int child = (c + root) % ranks;
      t.children[me].push_back(child);
      t.parent[child] = me;
    }
  }
  return t;
}

}  // namespace

MpiTree ompi_kary_tree(int fanout, int ranks, int root) {
  return mapped(ranks, root, [fanout, ranks](int s) {
    // Level of s: the smallest l with 1 + fanout + … + fanout^l > s; its stride fanout^l.
    long long nodes = 1, stride = 1;
    while (nodes <= s) {
      stride *= fanout;
      nodes += stride;
    }
    std::vector<int> c;
    for (int i = 0; i < fanout; ++i) {
      const long long child = s + stride * (i + 1);
      if (child >= ranks) break;
      c.push_back(static_cast<int>(child));
    }
    return c;
  });
}

MpiTree ompi_binomial_tree(int ranks, int root) {
  return mapped(ranks, root, [ranks](int v) {
    long long mask = 1;
    while (mask <= v) mask <<= 1;
    std::vector<int> c;
    for (; mask < ranks && v + mask < ranks; mask <<= 1) c.push_back(static_cast<int>(v + mask));
    return c;
  });
}

MpiTree ompi_chain_tree(int fanout, int ranks, int root) {
  constexpr int kMaxTreeFanout = 32;  // MAXTREEFANOUT
  fanout = std::clamp(fanout, 1, kMaxTreeFanout);
  if (ranks > 1) fanout = std::min(fanout, ranks - 1);
  const int others = ranks - 1;
  // Chain heads: the first `others mod fanout` chains are one longer than the rest.
  std::vector<int> head_of_next(ranks, -1);
  std::vector<int> heads;
  if (others > 0) {
    const int longest = (others + fanout - 1) / fanout;
    const int mark = others % fanout == 0 ? fanout : others % fanout;
    for (int chain = 0, start = 1; chain < fanout; ++chain) {
      const int length = chain < mark ? longest : longest - 1;
      if (length <= 0) break;
      heads.push_back(start);
      for (int k = start; k + 1 < start + length; ++k) head_of_next[k] = k + 1;
      start += length;
    }
  }
  return mapped(ranks, root, [&](int s) {
    if (s == 0) return heads;
    return head_of_next[s] < 0 ? std::vector<int>{} : std::vector<int>{head_of_next[s]};
  });
}

MpiTree ompi_knomial_tree(int radix, int ranks, int root) {
  if (radix < 2) throw std::logic_error("mpi tree: a k-nomial radix below 2");
  return mapped(ranks, root, [radix, ranks](int v) {
    // The level at which v hangs: the smallest mask in 1, k, k², … with v mod (k·mask) ≠ 0
    // (the root: above the largest power of k below p); children from mask / k downwards.
    long long mask = 1;
    if (v == 0) {
      while (mask * radix < ranks) mask *= radix;
      mask *= radix;
    } else {
      while (v % (mask * radix) == 0) mask *= radix;
    }
    std::vector<int> c;
    for (mask /= radix; mask > 0; mask /= radix)
      for (int j = 1; j < radix; ++j)
        if (v + j * mask < ranks) c.push_back(static_cast<int>(v + j * mask));
    return c;
  });
}

MpiTree mpich_binomial_tree(int ranks, int root) {
  // The family's binomial tree of Table 1 is MPI's on relative ranks, largest subtree first.
  const TreeChildren relative = binomial_tree(ranks);
  return mapped(ranks, root, [&relative](int v) { return relative[v]; });
}

}  // namespace hetcoll
