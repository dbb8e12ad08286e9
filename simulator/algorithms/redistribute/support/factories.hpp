#pragma once
/// @file factories.hpp
/// @brief What the algorithms of the `redistribute` family share: the solvers their factories
/// run (functions from an instance to a schedule, one per algorithm file; the factories
/// themselves are declared beside their rows in registry.cpp).
#include <cstdint>
#include <memory>

#include "algorithms/redistribute/support/instance.hpp"
#include "algorithms/redistribute/support/peel.hpp"
#include "algorithms/redistribute/support/redistribution_policy.hpp"

namespace hetcoll {

/// @brief GGP (ggp.cpp): the 1-port peeling with any perfect matching per peel.
Schedule ggp_schedule(const Instance& instance);

/// @brief OGGP (oggp.cpp): the 1-port peeling with a bottleneck perfect matching per peel.
Schedule oggp_schedule(const Instance& instance);

/// @brief DGGP (dggp.cpp): split nodes by δ, OGGP on the split graph, merge back.
Schedule dggp_schedule(const Instance& instance);

/// @brief The split graph G' of DGGP (paper Fig. 5; tie-breaks in docs/redistribute.md), in units
/// of β: virtual senders then virtual receivers numbered in (node, part) order, each edge carrying
/// part of one message.
UnitGraph dggp_split(const Instance& instance);

/// @brief Greedy (greedy.cpp): steps of whole messages, heaviest first, each step filled while
/// k and δ allow.
Schedule greedy_schedule(const Instance& instance);

/// @brief All-at-once (all_at_once.cpp): every message whole in one step; ignores k and δ.
Schedule all_at_once_schedule(const Instance& instance);

/// @brief The most work exact_schedule does before it refuses an instance.
inline constexpr std::uint64_t kExactMaxWork = 50'000'000;

/// @brief Exact optimum (exact.cpp) among schedules whose pieces are whole seconds, found by
/// dynamic programming over the weights left. Throws InputError if a weight is not whole or the
/// search would exceed `max_work` (states × step shapes × heaviest weight).
Schedule exact_schedule(const Instance& instance, std::uint64_t max_work = kExactMaxWork);

/// @brief An upper bound of exact_schedule's work on every instance of `messages` messages of
/// whole weights at most `heaviest`, a backbone of `k` streams and at most `ports` streams at a
/// node: (heaviest + 1)^messages states × min(C(messages + k, k), (min(ports, k) + 1)^messages)
/// step shapes × heaviest (infinity when it overflows a double).
double exact_work_bound(double messages, double heaviest, double k, double ports);

}  // namespace hetcoll
