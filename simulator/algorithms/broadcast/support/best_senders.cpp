#include "algorithms/broadcast/support/best_senders.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace hetcoll {
namespace {

using Entry = BestSenders::Entry;

/// (key, sender) order: the scans kept the first minimum in ascending i.
bool before(const Entry& a, const Entry& b) { return a.key < b.key || (a.key == b.key && a.sender < b.sender); }

void sift_up(Entry* heap, std::size_t at) {
  const Entry moving = heap[at];
  while (at > 0) {
    const std::size_t parent = (at - 1) / 2;
    if (!before(moving, heap[parent])) break;
    heap[at] = heap[parent];
    at = parent;
  }
  heap[at] = moving;
}

void sift_down(Entry* heap, std::size_t n, std::size_t at) {
  const Entry moving = heap[at];
  for (;;) {
    std::size_t child = 2 * at + 1;
    if (child >= n) break;
    if (child + 1 < n && before(heap[child + 1], heap[child])) ++child;
    if (!before(heap[child], moving)) break;
    heap[at] = heap[child];
    at = child;
  }
  heap[at] = moving;
}

}  // namespace

BestSenders::BestSenders(const ScheduleState& state, const double* receiver_term, bool adds_ready_time)
    : receiver_term_(receiver_term), adds_ready_time_(adds_ready_time),
      stride_(static_cast<std::size_t>(state.costs->clusters) - 1),
      slots_(new Entry[static_cast<std::size_t>(state.costs->clusters) * stride_]),
      size_(state.costs->clusters, 0) {
  for (int sender : state.a)
    for (int j : state.b) push(state, sender, j);
}

void BestSenders::push(const ScheduleState& state, int sender, int receiver) {
  Entry* h = heap(receiver);
  const std::size_t at = size_[receiver]++;
  h[at] = {key(state, sender, receiver), sender};
  sift_up(h, at);
}

double BestSenders::key(const ScheduleState& state, int sender, int receiver) const {
  // The same additions in the same order as the scans: (g + L) [+ T_j] [+ RT_i].
  double base = state.cost(sender, receiver);
  if (receiver_term_) base += receiver_term_[receiver];
  return adds_ready_time_ ? base + state.ready[sender] : base;
}

void BestSenders::refresh_top(const ScheduleState& state, int receiver) {
  Entry* h = heap(receiver);
  for (;;) {
    Entry& top = h[0];
    const double now = key(state, top.sender, receiver);
    if (now == top.key) return;
    // A key that went down would break the lower bounds the heap relies on.
    if (now < top.key) throw std::logic_error("best senders: a ready time went down (a negative gap)");
    top.key = now;
    sift_down(h, size_[receiver], 0);
  }
}

void BestSenders::record(const ScheduleState& state, int sender, int reached) {
  size_[reached] = 0;
  for (int j : state.b) {
    // Only `sender`'s keys changed, and only a top must be current.
    if (heap(j)[0].sender == sender) refresh_top(state, j);
    push(state, reached, j);
  }
}

int BestSenders::smallest_tied_sender(const ScheduleState& state, int receiver, double extra) const {
  const Entry* h = heap(receiver);
  const std::size_t n = size_[receiver];
  const Entry& top = h[0];
  const double value = top.key + extra;
  // x + extra is non-decreasing in x. If the next double above the best key already rounds above
  // `value`, only keys equal to the best tie, and the heap order puts the smallest i first.
  if (std::nextafter(top.key, std::numeric_limits<double>::infinity()) + extra > value) return top.sender;
  int smallest = top.sender;
  pending_.assign({1, 2});
  while (!pending_.empty()) {
    const std::size_t at = pending_.back();
    pending_.pop_back();
    if (at >= n) continue;
    const Entry& e = h[at];
    // A stored key is a lower bound of its current key and of every key below it.
    if (e.key + extra > value) continue;
    if (e.sender < smallest && key(state, e.sender, receiver) + extra == value) smallest = e.sender;
    pending_.push_back(2 * at + 1);
    pending_.push_back(2 * at + 2);
  }
  return smallest;
}

}  // namespace hetcoll
