// The MPI libraries' trees (Open MPI 4.1.8 coll_base_topo.c; MPICH 4.2.3 bcast_intra_binomial.c),
// built on relative ranks and mapped back to absolute ones. O(p) each (O(p log p) for the k-ary
// tree's levels).
#include "algorithms/mpi_trees.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/number_format.hpp"

namespace hetcoll {
namespace {

void check_root(int ranks, int root) {
  if (ranks < 1 || root < 0 || root >= ranks)
    throw std::logic_error("mpi tree: root " + std::to_string(root) + " of " + std::to_string(ranks) + " ranks");
}

MpiTree empty_tree(int ranks, int root) {
  check_root(ranks, root);
  MpiTree tree;
  tree.parent.assign(ranks, -1);
  tree.children.resize(ranks);
  tree.root = root;
  return tree;
}

// Shifted (relative) rank v as an absolute rank.
int absolute(int v, int root, int ranks) { return (v + root) % ranks; }

/// The tree whose relative rank v has children `children_of(v)` (relative, in order), mapped to
/// absolute ranks (v + root) mod p; parents follow from the children.
template <class Children>
MpiTree mapped(int ranks, int root, Children children_of) {
  MpiTree t = empty_tree(ranks, root);
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

MpiTree mpich_binomial_tree(int ranks, int root) {
  return mapped(ranks, root, [ranks](int v) {
    // The root serves every 2^j < p, another rank every 2^j below its lowest set bit; farthest first.
    long long low = 1;
    if (v == 0) {
      while (low < ranks) low <<= 1;
    } else {
      low = v & -v;
    }
    std::vector<int> c;
    for (long long mask = low >> 1; mask > 0; mask >>= 1)
      if (v + mask < ranks) c.push_back(static_cast<int>(v + mask));
    return c;
  });
}

std::vector<double> ompi_segments(double bytes, double segment) {
  // A byte datatype: the rounding of a segment size to whole elements never applies.
  if (!(segment >= 1 && segment < bytes)) return {bytes};
  const double full = std::floor(bytes / segment);
  std::vector<double> sizes(static_cast<std::size_t>(full), segment);
  if (bytes > full * segment) sizes.push_back(bytes - full * segment);
  return sizes;
}

std::string segment_without_effect(double segment, const std::vector<std::string>& run,
                                   const std::vector<std::string>& cutting) {
  if (segment == 0) return "";
  std::string rows;
  for (const std::string& name : cutting) {
    if (std::find(run.begin(), run.end(), name) != run.end()) return "";
    rows += (rows.empty() ? "" : ", ") + name;
  }
  return "key 'segment' = " + format_number(segment) + ": no algorithm of the run cuts its messages into segments (" +
         rows + " do; the others run whole); give segment = 0, or list one of them";
}

}  // namespace hetcoll
