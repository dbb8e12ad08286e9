#pragma once
/// @file mpi_trees.hpp
/// @brief The trees the MPI libraries' reduce and broadcast algorithms run on, over ranks
/// 0..p-1 rooted at `root`: Open MPI 4.1's builders (ompi/mca/coll/base/coll_base_topo.c) and
/// MPICH 4's binomial tree (src/mpi/coll/bcast/bcast_intra_binomial.c), each built on the
/// relative rank (rank - root) mod p as the library computes it and mapped back; and Open MPI's
/// segmentation. Shared by the reduce and broadcast families (docs/reduce.md, "MPI libraries";
/// docs/broadcast.md, "The MPI libraries").
#include <string>
#include <vector>

namespace hetcoll {

/// @brief A tree over ranks 0..p-1: each rank's parent (-1 for the tree's root) and its children
/// in the order the library serves them.
struct MpiTree {
  std::vector<int> parent;
  std::vector<std::vector<int>> children;
  int root = 0;
};

/// @brief Open MPI's `build_tree(fanout)`: a k-ary tree numbered breadth first with a stride
/// (relative rank s at level l has children s + fanout^l·(i + 1)); binary for fanout 2 (the
/// binary tree of bcast and `reduce_intra_binary`).
MpiTree ompi_kary_tree(int fanout, int ranks, int root);
/// @brief Open MPI's `build_bmtree`: the binomial tree on the highest set bit, children of v
/// v + 2^j for every 2^j > v, nearest first (bcast's binomial).
MpiTree ompi_binomial_tree(int ranks, int root);
/// @brief Open MPI's `build_in_order_bmtree`: the binomial tree of the lowest set bit, children
/// nearest first (`reduce_intra_binomial`).
MpiTree ompi_in_order_binomial_tree(int ranks, int root);
/// @brief Open MPI's `build_in_order_bintree`: the in-order binary tree rooted at rank p-1
/// whatever the collective's root (`reduce_intra_in_order_binary`).
MpiTree ompi_in_order_binary_tree(int ranks);
/// @brief The chain fanout of a user forcing Open MPI 4.1's chain algorithm
/// (`coll_tuned_*_algorithm_chain_fanout`); its fixed rules pass 0, which build_chain clamps to 1.
inline constexpr int kOmpiForcedChainFanout = 4;
/// @brief Open MPI's `build_chain(fanout)`: fanout clamped to [1, 32] and to p - 1; the non-root
/// ranks cut into that many consecutive chains, the first (p - 1) mod fanout one longer (fanout
/// 1: the pipeline).
MpiTree ompi_chain_tree(int fanout, int ranks, int root);
/// @brief Open MPI's `build_kmtree(radix)`: the k-nomial tree, children farthest first.
MpiTree ompi_knomial_tree(int radix, int ranks, int root);
/// @brief MPICH's binomial tree: v receives from v - lowbit(v) and serves v + 2^j for
/// 2^j < lowbit(v) (every 2^j < p for the root), farthest first.
MpiTree mpich_binomial_tree(int ranks, int root);

/// @brief Open MPI 4.1's `COLL_BASE_COMPUTED_SEGCOUNT` on a byte datatype: the sizes of the
/// segments of `bytes` for a segment size `segment` (0, or not below `bytes`: one segment), every
/// one `segment` bytes but the last.
std::vector<double> ompi_segments(double bytes, double segment);

/// @brief Key `segment`'s description, the same words in both families.
inline constexpr const char* kSegmentKeyDescription =
    "bytes per segment of the MPI algorithms that cut their messages (0: whole messages, the libraries' own rule); "
    "the other rows run whole, as column chosen_segment says";

/// @brief Column `chosen_segment` of a row that is not an MPI library's algorithm (a family's
/// own heuristics, which key `segment` does not reach), in both families; 0 is a library's
/// algorithm sending its messages whole.
inline constexpr double kNoLibrarySegment = -1;

/// @brief Key `segment`'s rule of the point, the same in both families: a row that does not cut
/// its messages runs whole (its `chosen_segment` says so), so a non-zero `segment` is refused only
/// where no algorithm of the run (`run`) is one of those that cut (`cutting`): the refusal, one
/// line naming the key and those rows, or "".
std::string segment_without_effect(double segment, const std::vector<std::string>& run,
                                   const std::vector<std::string>& cutting);

}  // namespace hetcoll
