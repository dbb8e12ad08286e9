#include "algorithms/broadcast/support/earliest_completion.hpp"

#include <limits>

namespace hetcoll {

std::pair<int, int> EarliestCompletion::next(const ScheduleState& state) {
  if (!senders_) {
    senders_.emplace(state, nullptr, true);
    if (rule_) lookahead_.emplace(state, *rule_);
  } else {
    senders_->record(state, last_.first, last_.second);
    if (lookahead_) lookahead_->record(state, last_.second);
  }
  // The least (value, i, j): the scan kept the first minimum in (i, j) order. Starting from +inf
  // with `pair` unset, every value +inf leaves no pair, as the scan did.
  double best = std::numeric_limits<double>::infinity();
  std::pair<int, int> pair{-1, -1};
  for (int j : state.b) {
    const BestSenders::Entry& e = senders_->best(j);
    if (!lookahead_) {
      if (e.key < best || (e.key == best && e.sender < pair.first)) {
        best = e.key;
        pair = {e.sender, j};
      }
      continue;
    }
    const double f = lookahead_->at(j);
    const double value = e.key + f;  // the scan's RT_i + g_ij + L_ij + F_j
    if (value > best) continue;
    const int sender = senders_->smallest_tied_sender(state, j, f);
    if (value < best || sender < pair.first) {
      best = value;
      pair = {sender, j};
    }
  }
  last_ = pair;
  return pair;
}

}  // namespace hetcoll
