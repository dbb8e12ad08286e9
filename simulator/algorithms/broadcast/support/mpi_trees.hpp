#pragma once
/// @file mpi_trees.hpp
/// @brief The broadcast trees of the MPI libraries, on absolute ranks 0..p−1 rooted at `root`:
/// Open MPI 4.1's builders (ompi/mca/coll/base/coll_base_topo.c) and MPICH 4's binomial tree
/// (src/mpi/coll/bcast/bcast_intra_binomial.c), each built on the relative rank (rank − root)
/// mod p as the library computes it and mapped back. docs/broadcast.md, "The MPI libraries".
#include <vector>

namespace hetcoll {

/// @brief A tree over ranks: each rank's parent (−1 for the root) and its children in the
/// order it serves them.
struct MpiTree {
  std::vector<int> parent;
  std::vector<std::vector<int>> children;
};

/// @brief Open MPI's `build_tree(fanout)`: a k-ary tree numbered breadth first with a stride
/// (relative rank s at level l has children s + fanout^l·(i + 1)); binary for fanout 2.
MpiTree ompi_kary_tree(int fanout, int ranks, int root);
/// @brief Open MPI's `build_bmtree`: the binomial tree on the highest set bit, children of v
/// v + 2^j for every 2^j > v, nearest first.
MpiTree ompi_binomial_tree(int ranks, int root);
/// @brief Open MPI's `build_chain(fanout)`: fanout clamped to [1, 32] and to p − 1; the
/// non-root ranks cut into that many consecutive chains, the first (p − 1) mod fanout one longer.
MpiTree ompi_chain_tree(int fanout, int ranks, int root);
/// @brief Open MPI's `build_kmtree(radix)`: the k-nomial tree, children farthest first.
MpiTree ompi_knomial_tree(int radix, int ranks, int root);
/// @brief MPICH's binomial tree: v receives from v − lowbit(v) and serves v + 2^j for
/// 2^j < lowbit(v) (every 2^j < p for the root), farthest first.
MpiTree mpich_binomial_tree(int ranks, int root);

}  // namespace hetcoll
