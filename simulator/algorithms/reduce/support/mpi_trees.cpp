#include "algorithms/reduce/support/mpi_trees.hpp"

#include <algorithm>
#include <stdexcept>

namespace hetcoll {
namespace {

MpiTree empty_tree(int ranks, int root) {
  if (ranks < 1 || root < 0 || root >= ranks) throw std::logic_error("MPI tree: root outside the ranks");
  MpiTree tree;
  tree.parent.assign(ranks, -1);
  tree.children.resize(ranks);
  tree.root = root;
  return tree;
}

// Shifted (relative) rank v as an absolute rank.
int absolute(int v, int root, int ranks) { return (v + root) % ranks; }

}  // namespace

MpiTree ompi_kary_tree(int fanout, int ranks, int root) {
  MpiTree tree = empty_tree(ranks, root);
  for (int v = 0; v < ranks; ++v) {
    // Level of v: the smallest L with 1 + fanout + ... + fanout^L > v; delta = fanout^L.
    long long level_size = 1, above = 0;  // above: nodes in the levels before v's
    while (above + level_size <= v) above += level_size, level_size *= fanout;
    const long long delta = level_size;
    const int me = absolute(v, root, ranks);
    for (int i = 0; i < fanout; ++i) {
      const long long child = v + delta * (i + 1);
      if (child >= ranks) break;
      tree.children[me].push_back(absolute(static_cast<int>(child), root, ranks));
    }
    if (v == 0) continue;
    long long parent = v;
    if (parent < fanout) {
      parent = 0;
    } else {
      while (parent >= above) parent -= delta / fanout;
    }
    tree.parent[me] = absolute(static_cast<int>(parent), root, ranks);
  }
  return tree;
}

MpiTree ompi_in_order_binomial_tree(int ranks, int root) {
  MpiTree tree = empty_tree(ranks, root);
  for (int v = 0; v < ranks; ++v) {
    const int me = absolute(v, root, ranks);
    for (long long mask = 1; mask < ranks; mask <<= 1) {
      const long long remote = v ^ mask;
      if (remote < v) {
        tree.parent[me] = absolute(static_cast<int>(remote), root, ranks);
        break;
      }
      if (remote < ranks) tree.children[me].push_back(absolute(static_cast<int>(remote), root, ranks));
    }
  }
  return tree;
}

MpiTree ompi_in_order_binary_tree(int ranks) {
  MpiTree tree = empty_tree(ranks, ranks - 1);
  // The range [offset, offset + size) has its root at the top; the low floor(size/2) ranks form
  // its right subtree, the ranks between them and the root its left one (served first).
  struct Range {
    int offset, size;
  };
  std::vector<Range> ranges{{0, ranks}};
  while (!ranges.empty()) {
    const Range r = ranges.back();
    ranges.pop_back();
    const int top = r.offset + r.size - 1;
    const int right = r.size / 2, left = r.size - right - 1;
    if (left > 0) {
      tree.children[top].push_back(top - 1);
      tree.parent[top - 1] = top;
      ranges.push_back({r.offset + right, left});
    }
    if (right > 0) {
      tree.children[top].push_back(r.offset + right - 1);
      tree.parent[r.offset + right - 1] = top;
      ranges.push_back({r.offset, right});
    }
  }
  return tree;
}

MpiTree ompi_chain_tree(int fanout, int ranks, int root) {
  MpiTree tree = empty_tree(ranks, root);
  if (ranks == 1) return tree;
  fanout = std::max(1, std::min({fanout, 32, ranks - 1}));
  const int others = ranks - 1;
  const int longest = (others + fanout - 1) / fanout, mark = others % fanout;
  int head = 1;
  for (int chain = 0; chain < fanout; ++chain) {
    const int length = mark == 0 || chain < mark ? longest : longest - 1;
    int previous = 0;
    for (int v = head; v < head + length; ++v) {
      const int me = absolute(v, root, ranks), up = absolute(previous, root, ranks);
      tree.parent[me] = up;
      tree.children[up].push_back(me);
      previous = v;
    }
    head += length;
  }
  return tree;
}

}  // namespace hetcoll
