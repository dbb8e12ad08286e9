#pragma once
/// @file mpi_trees.hpp
/// @brief The trees Open MPI's reduce algorithms run on (Open MPI 4.1, ompi/mca/coll/base/
/// coll_base_topo.c), over ranks 0..p-1 numbered relative to the root as the library numbers
/// them (docs/reduce.md, "MPI libraries").
#include <vector>

namespace hetcoll {

/// @brief A tree over ranks 0..p-1: each rank's parent (-1 for the tree's root) and its children
/// in the order the library serves them.
struct MpiTree {
  std::vector<int> parent;
  std::vector<std::vector<int>> children;
  int root = 0;
};

/// @brief `ompi_coll_base_topo_build_tree`: the k-ary tree of breadth-first levels with a
/// stride, on ranks shifted by the root (fanout 2: the binary tree of `reduce_intra_binary`).
MpiTree ompi_kary_tree(int fanout, int ranks, int root);

/// @brief `ompi_coll_base_topo_build_in_order_bmtree`: the binomial tree of the lowest set bit,
/// children nearest first (`reduce_intra_binomial`).
MpiTree ompi_in_order_binomial_tree(int ranks, int root);

/// @brief `ompi_coll_base_topo_build_in_order_bintree`: the in-order binary tree rooted at rank
/// p-1 whatever the reduction's root (`reduce_intra_in_order_binary`).
MpiTree ompi_in_order_binary_tree(int ranks);

/// @brief The chain fanout of a user forcing Open MPI 4.1's chain reduction
/// (`coll_tuned_reduce_algorithm_chain_fanout`); its fixed rules pass 0, which build_chain
/// clamps to 1.
inline constexpr int kOmpiForcedChainFanout = 4;

/// @brief `ompi_coll_base_topo_build_chain`: `fanout` chains (clamped to [1, min(32, p-1)]) of
/// consecutive shifted ranks hanging from the root (fanout 1: the pipeline).
MpiTree ompi_chain_tree(int fanout, int ranks, int root);

}  // namespace hetcoll
