#pragma once
/// @file mpi_bcast_program.hpp
/// @brief The MPI libraries' broadcast algorithms as programs of ranks (engine/rank_program.hpp):
/// each rank's posts and waits in the library's order, rank i on host i, messages of the bytes
/// the library sends plus SMPI's envelope. docs/broadcast.md, "The MPI libraries".
#include <string>
#include <vector>

#include "algorithms/mpi_trees.hpp"
#include "engine/rank_program.hpp"

namespace hetcoll {

/// @brief What a broadcast of the MPI libraries reads: the communicator and the message.
struct MpiBroadcast {
  int ranks = 1;      //!< p: the run's hosts, rank i on host i
  int root = 0;       //!< the root's rank
  double message = 0; //!< n, bytes (MPI_BYTE: one element is one byte)
};

/// @brief A program of `b.ranks` ranks with SMPI's semantics: a message of n bytes costs
/// n + kSmpiEnvelopeBytes, and a send of fewer than kSmpiDetachedBelowBytes bytes is detached.
RankProgram mpi_program(const MpiBroadcast& b);
/// @brief The cost in a program of a message of `bytes` bytes (the envelope added).
double mpi_message(double bytes);

/// @brief Open MPI's `bcast_intra_generic` over `tree`: the root isends each segment to every
/// child, then waits for them all; an inner rank keeps two receives posted and forwards each
/// segment the same way; a leaf receives them in order.
void add_tree_pipeline(RankProgram& program, const MpiTree& tree, const std::vector<double>& segments);
/// @brief Open MPI's `bcast_intra_basic_linear`: the root isends to every rank in absolute
/// order, then waits for them all; every other rank receives.
void add_linear(RankProgram& program, const MpiBroadcast& b);
/// @brief Open MPI's `bcast_intra_split_bintree`: the two halves down the two subtrees of the
/// binary tree (segmented by `segment`), then exchanged between pairs. Falls back to the
/// pipeline, as the library does, when a half is empty or shorter than a segment.
void add_split_binary(RankProgram& program, const MpiBroadcast& b, double segment);
/// @brief MPICH's binomial broadcast: blocking receive from the parent, then blocking sends,
/// farthest child first.
void add_mpich_binomial(RankProgram& program, const MpiBroadcast& b);
/// @brief MPICH's `MPII_Scatter_for_bcast` then its ring allgather
/// (bcast_intra_scatter_ring_allgather.c).
void add_scatter_ring_allgather(RankProgram& program, const MpiBroadcast& b);
/// @brief MPICH's `MPII_Scatter_for_bcast` then its recursive-doubling allgather
/// (bcast_intra_scatter_recursive_doubling_allgather.c), with its fix-up for a number of
/// ranks that is not a power of two.
void add_scatter_rd_allgather(RankProgram& program, const MpiBroadcast& b);

/// @brief The algorithms above as the rows and the selectors name them.
enum class MpiBcastAlgorithm {
  linear,                  //!< mpi-linear: Open MPI's basic linear
  chain,                   //!< mpi-chain: Open MPI's chain, fanout kOmpiChainFanout
  pipeline,                //!< mpi-pipeline: Open MPI's chain of fanout 1
  split_binary,            //!< mpi-split-binary: Open MPI's split binary tree
  binary,                  //!< mpi-binary: Open MPI's binary tree
  binomial,                //!< mpi-binomial: Open MPI's binomial tree (build_bmtree)
  knomial,                 //!< mpi-knomial: Open MPI's k-nomial tree
  scatter_rd_allgather,    //!< mpi-scatter-rd-allgather: MPICH's
  scatter_ring_allgather,  //!< mpi-scatter-ring-allgather: MPICH's
  mpich_binomial,          //!< MPICH's binomial (the mpich selector's; no row of its own)
};

/// @brief Open MPI's chain fanout when the algorithm is forced
/// (`coll_tuned_bcast_algorithm_chain_fanout`, default 4).
inline constexpr int kOmpiChainFanout = 4;

/// @brief Open MPI's k-nomial radix (`coll_tuned_bcast_algorithm_knomial_radix`, default 4):
/// key `radix`'s default, and the radix 4.1's fixed rules run.
inline constexpr int kOmpiKnomialRadix = 4;

/// @brief The keys the algorithms read beside the message.
struct MpiOptions {
  double message = 0;  //!< key message, bytes
  double segment = 0;  //!< key segment, bytes (0: the whole message)
  int radix = kOmpiKnomialRadix;  //!< key radix (k-nomial)
};

/// @brief The name of `algorithm` in the `chosen` column: its row's, or `mpich-binomial`.
const char* mpi_bcast_name(MpiBcastAlgorithm algorithm);
/// @brief Adds `algorithm` to `program` with `segment` (bytes; read by the segmented ones) and
/// `radix` (the k-nomial's); returns the segment size it cut the message at (0: whole).
double add_mpi_bcast(RankProgram& program, const MpiBroadcast& b, MpiBcastAlgorithm algorithm, double segment,
                     int radix);

}  // namespace hetcoll
