#pragma once
/// @file schedule_check.hpp
/// @brief Validity of a reduction schedule in the model of RR-8315 §3.1.
#include <string>
#include <vector>

#include "engine/activity.hpp"

namespace hetcoll {

/// @brief Checks the completions of one replication of a reduction on n processors.
///
/// Returns "" if the schedule is valid, else a one-line reason. Valid means: n−1 comms
/// between distinct hosts in [0, n), each host sends at most once and exactly one never does;
/// no host receives two values at a time, or receives after it has started sending; a host
/// sends only after all its receptions and ⊕ have ended; either no ⊕ at all (free ⊕) or n−1,
/// one per reception, each starting after its reception has ended, never two at a time on a
/// host; the final holder holds all n values. With `neighbours_only`, every comm joins
/// adjacent intervals [a, b] + [b+1, c] (non-commutative ⊕). `events` may be in any order;
/// Completion::id must be the start order. Dates within kSimultaneity count as equal.
std::string check_reduction_schedule(int n, const std::vector<Completion>& events,
                                     bool neighbours_only);

}  // namespace hetcoll
