#pragma once
/// @file mpi_policy.hpp
/// @brief The MPI libraries' broadcasts as BroadcastPolicies: a program of ranks over every
/// host of a platform point (rank i is host i), compiled to a plan by the point's grid, how
/// the mpi-* rows and the selectors build their policies.
#include <memory>

#include "algorithms/broadcast/support/broadcast_policy.hpp"
#include "algorithms/broadcast/support/mpi_selectors.hpp"

namespace hetcoll {

/// @brief `algorithm` over the setup's hosts, with the setup's segment and radix.
std::unique_ptr<BroadcastPolicy> mpi_broadcast(const BroadcastSetup& setup, MpiBcastAlgorithm algorithm);

/// @brief A library's choice by process count and message size (ompi_tuned_bcast, mpich_bcast).
using MpiSelector = MpiChoice (*)(int ranks, double message);

/// @brief The algorithm and segment `select` chooses for the setup's hosts and message, run as
/// mpi_broadcast would run it with that segment; the plan says what was chosen.
std::unique_ptr<BroadcastPolicy> mpi_selected_broadcast(const BroadcastSetup& setup, MpiSelector select);

}  // namespace hetcoll
