#pragma once
/// @file best_senders.hpp
/// @brief Every waiting cluster's best sender, kept up to date step by step (docs/broadcast.md,
/// "Cost"): the shared structure of ECEF, its lookahead variants and BottomUp.
#include <memory>
#include <vector>

#include "algorithms/broadcast/support/inter_schedule.hpp"

namespace hetcoll {

/// @brief For every receiver j ∈ B, the senders i ∈ A in a binary heap keyed by (key_ij, i),
/// key_ij = (g_ij + L_ij [+ T_j]) [+ RT_i], computed as the scans computed it.
///
/// Why a heap per receiver: a step changes the ready time of two clusters only (the sender just
/// used, the cluster just reached, which joins A), so a step pushes one sender into each heap and
/// refreshes the heaps whose best was the sender just used. A ready time only grows (g ≥ 0), so
/// an entry not refreshed yet holds a lower bound of its key; a refreshed top is therefore the
/// least (key, i) of A. O(C log C) a step, O(C² log C) a schedule.
///
/// The heaps share one buffer, C − 1 slots per receiver, left uninitialised: one allocation
/// (at Figure 8's sizes, C ≤ 50, growing C vectors cost more than the scans this replaces), and
/// the memory touched is what the heaps reach, about C²/2 entries (72 MB at C = 3,000).
class BestSenders {
 public:
  struct Entry {  // trivial, so the buffer is not written before use
    double key;
    int sender;
  };

  /// @brief The heaps at the first step (A = {root}). `receiver_term` (null: none) is added to
  /// every pair's cost towards receiver j (BottomUp's T_j); `adds_ready_time` adds RT_i.
  BestSenders(const ScheduleState& state, const double* receiver_term, bool adds_ready_time);

  /// @brief After the loop applied the pair (sender, reached): `reached` leaves B and joins A,
  /// `sender`'s ready time grew. `state` is the loop's state after that step.
  void record(const ScheduleState& state, int sender, int reached);

  /// @brief The least (key_ij, i) over A for receiver j ∈ B, its key current.
  const Entry& best(int receiver) const { return heap(receiver)[0]; }

  /// @brief The smallest sender i ∈ A with key_ij + extra == best(j).key + extra in floating
  /// point: the addition may round keys that differ to one value, which the scans then broke by
  /// the smallest i. Visits only the entries whose key could round there (a subtree of the heap).
  int smallest_tied_sender(const ScheduleState& state, int receiver, double extra) const;

 private:
  double key(const ScheduleState& state, int sender, int receiver) const;
  Entry* heap(int receiver) const { return slots_.get() + static_cast<std::size_t>(receiver) * stride_; }
  void push(const ScheduleState& state, int sender, int receiver);
  void refresh_top(const ScheduleState& state, int receiver);

  const double* receiver_term_;
  bool adds_ready_time_;
  std::size_t stride_;                    //!< C − 1: a heap holds at most every other cluster
  std::unique_ptr<Entry[]> slots_;        //!< receiver j's heap at j·stride_
  std::vector<std::size_t> size_;         //!< by receiver
  mutable std::vector<std::size_t> pending_;  //!< smallest_tied_sender's stack
};

}  // namespace hetcoll
