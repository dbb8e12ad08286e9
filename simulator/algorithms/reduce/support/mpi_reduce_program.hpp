#pragma once
/// @file mpi_reduce_program.hpp
/// @brief The MPI libraries' reduce algorithms as rank programs (engine/rank_program.hpp): rank i
/// is host i, messages are bytes of the reduced vector, and every message and ⊕ takes its share
/// of one drawn cost of the family (docs/reduce.md, "MPI libraries").
///
/// The vector is `count` bytes, the MPI datatype a byte: a message of b bytes moves b + 16 (SMPI's
/// envelope, kSmpiEnvelopeBytes), (b + 16) / count of a family's message (one draw of
/// `comm-mean` values at its mean); a ⊕ of b bytes is b / count of a ⊕. A send of fewer than
/// kSmpiDetachedBelowBytes bytes of user data, at mean cost, releases its rank at once.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/mpi_trees.hpp"
#include "algorithms/reduce/support/registry.hpp"
#include "engine/rank_program.hpp"

namespace hetcoll {

/// @brief The programs of one MPI reduction being written: the ranks' point-to-point calls and
/// their ⊕ (none when ⊕ is free).
class MpiReduceProgram {
 public:
  /// `count`: bytes of the vector (at least 1); `computes`: whether ⊕ is an activity.
  MpiReduceProgram(int ranks, double count, bool computes);

  int ranks() const { return calls_.ranks(); }
  double count() const { return count_; }
  RankProgram& calls() { return calls_; }
  /// ⊕ of `bytes` of the vector on `rank` (nothing if ⊕ is free).
  void combine(int rank, double bytes);
  /// The plan: each ⊕ a drawn cost of share bytes / count, each comm (bytes + envelope) / count.
  Plan plan() const;

 private:
  RankProgram calls_;
  double count_;
  bool computes_;
};

/// @brief The most ranks of an MPI row (a documented limit): its plan holds every message, and
/// Rabenseifner's 2 log2 p per rank on 2^14 ranks plan in about 500 MB (2 GB at 2^16).
inline constexpr int kMostMpiRanks = 16384;

/// @brief The most messages an MPI row may send at a point (ranks × segments, 2^20): building
/// the plan of so many messages and their ⊕ takes about 600 MB and a few seconds.
inline constexpr double kMostMpiMessages = 1048576;

/// @brief Why `row` cannot run with key `segment` on `ranks` ranks and a vector of `bytes` (at
/// mean cost), or "": a row that cuts its messages would send more than kMostMpiMessages. The
/// line names key 'segment' and the smallest segment that fits (a row that does not cut runs
/// whole: segment_without_effect() refuses a segment no row of the run reads).
std::string mpi_segment_limit(const ReduceAlgorithm& row, double bytes, double segment, int ranks);

/// @brief `ompi_coll_base_reduce_generic`: the segmented tree reduction every Open MPI tree
/// algorithm runs (a non-leaf posts the next receive before waiting for the previous one, k ⊕
/// per segment for k children, and sends segment s once segment s+1's first receive is posted;
/// a leaf sends each segment, blocking).
void ompi_reduce_generic(MpiReduceProgram& program, const MpiTree& tree, const std::vector<double>& segments);

/// @brief `ompi_coll_base_reduce_intra_basic_linear`: every rank sends to the root, which
/// receives and combines from rank p-1 down to rank 0.
void ompi_reduce_linear(MpiReduceProgram& program, int root);

/// @brief `ompi_coll_base_reduce_intra_in_order_binary`: the generic reduction on the in-order
/// binary tree rooted at rank p-1, whose result is then sent whole to the root.
void ompi_reduce_in_order_binary(MpiReduceProgram& program, int root, const std::vector<double>& segments);

/// @brief How a Rabenseifner reduction (reduce-scatter by recursive halving, then a binomial
/// gather) is written by one library.
enum class RabenseifnerVariant {
  ompi,   //!< Open MPI 4.1 `reduce_intra_redscat_gather`: the extra ranks exchange halves; windows halve by bytes
  mpich,  //!< MPICH 4 `MPIR_Reduce_intra_reduce_scatter_gather`: the extra ranks send the whole vector; pof2 blocks
};

/// @brief Rabenseifner's reduction as `variant` writes it. Open MPI falls back to the linear
/// algorithm when the vector has fewer bytes than the largest power of two of ranks (as
/// MPICH's selector never picks it there); MPICH's caller is its selector.
void rabenseifner_reduce(MpiReduceProgram& program, int root, RabenseifnerVariant variant);

/// @brief `MPIR_Reduce_intra_binomial` (MPICH 4) for a commutative ⊕: the binomial tree
/// relative to the root, each child received whole, blocking, then combined, nearest first.
void mpich_reduce_binomial(MpiReduceProgram& program, int root);

/// @brief What an MPI reduction is written for, read from a setup.
struct MpiReduceInput {
  int ranks = 1;
  int root = 0;        //!< key `root` (rank 0 with `any`, MPI's convention)
  double count = 1;    //!< bytes of the vector: a message at mean cost, `comm-mean` × `message`, whole
  double segment = 0;  //!< key `segment`, bytes (0: whole messages)
};

/// @brief The input of a setup. Throws as reduction_draws() does for a setup without processors
/// or costs.
MpiReduceInput mpi_reduce_input(const ReduceSetup& setup);

/// @brief Writes one algorithm's programs.
using MpiReduceWriter = void (*)(MpiReduceProgram& program, const MpiReduceInput& input);

/// @brief The policy of an MPI reduction: a PlannedPolicy of `write`'s programs, planned once
/// (the plan depends on the point alone), its costs drawn from the setup.
std::unique_ptr<Policy> mpi_reduce_policy(const ReduceSetup& setup, MpiReduceWriter write);

}  // namespace hetcoll
