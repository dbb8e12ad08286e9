#pragma once
/// @file mpi_selectors.hpp
/// @brief The MPI libraries' choice of a broadcast algorithm by process count and message size:
/// Open MPI 4.1's fixed decision rules (ompi/mca/coll/tuned/coll_tuned_decision_fixed.c,
/// `ompi_coll_tuned_bcast_intra_dec_fixed`, v4.1.8) and MPICH 4's default selection
/// (maint/tuning/coll/mpir/generic.json, v4.2.3). docs/broadcast.md, "The selectors".
#include "algorithms/broadcast/support/mpi_bcast_program.hpp"

namespace hetcoll {

/// @brief An algorithm, the segment size (bytes, 0: the whole message) and the k-nomial radix
/// a library chose.
struct MpiChoice {
  MpiBcastAlgorithm algorithm = MpiBcastAlgorithm::linear;
  double segment = 0;
  int radix = kOmpiKnomialRadix;
};

/// @brief Open MPI 4.1's fixed rules for `ranks` processes and `message` bytes: every
/// algorithm unsegmented (segsize 0), chain with fanout 0 clamped to 1 (the pipeline), and the
/// scatter-allgathers replaced by the linear broadcast when the message has fewer bytes than
/// there are ranks, as Open MPI's own functions do.
MpiChoice ompi_tuned_bcast(int ranks, double message);
/// @brief MPICH 4's default: binomial below 8 ranks or up to 12,288 bytes; on a power of two
/// ranks scatter + recursive doubling up to 524,288 bytes; scatter + ring beyond.
MpiChoice mpich_bcast(int ranks, double message);

}  // namespace hetcoll
