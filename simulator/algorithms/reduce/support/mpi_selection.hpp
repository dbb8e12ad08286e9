#pragma once
/// @file mpi_selection.hpp
/// @brief What the MPI libraries' default selection picks for a reduce, by process count, bytes
/// and operator (docs/reduce.md, "Selectors"); defined in the selectors' files.
#include <string>

namespace hetcoll {

/// @brief Open MPI 4.1's fixed decision (coll_tuned_decision_fixed.c,
/// `ompi_coll_tuned_reduce_intra_dec_fixed`): the row of the algorithm it runs, unsegmented and
/// with chain fanout 0 (one chain).
std::string ompi_tuned_reduce_choice(int ranks, double bytes, bool commutative);

/// @brief MPICH 4's default selection (maint/tuning/coll/mpir/generic.json, `comm_hierarchy=any`):
/// "mpich-binomial" or "mpich-reduce-scatter-gather" (MPICH's own variants, which no row has).
/// `count` is the vector in elements, `bytes` in bytes.
std::string mpich_reduce_choice(int ranks, double bytes, double count, bool built_in_op);

/// @brief The algorithms MPICH's selection runs, as the `chosen` metric names them.
inline const char* const kMpichBinomial = "mpich-binomial";
inline const char* const kMpichReduceScatterGather = "mpich-reduce-scatter-gather";

}  // namespace hetcoll
