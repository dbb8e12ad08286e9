#pragma once
/// @file event_heap.hpp
/// @brief The model engine's pending completions, earliest first.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace hetcoll {

/// @brief A pending completion, in 16 bytes: its date, its record's slot and its owner (for the
/// batch order). The heap orders by date alone: the batch of an instant is the same set
/// whatever the order of equal dates, and the engine sorts it by (owner, id) before delivering.
struct Pending {
  double end;
  std::uint32_t slot;
  std::uint32_t owner;
};

/// @brief A binary heap of Pending by date, in flat storage followed by a sentinel that ends after
/// everything (an infinite date, which the engine keeps from any activity): a child's sibling
/// then always exists, and an empty heap's top ends after every instant. push() sifts up; pop()
/// is Floyd's: the hole at the top goes down to a leaf along the earlier child, chosen without a
/// branch, and the last entry rises from there (fewer mispredicted comparisons than the
/// textbook sift-down).
class EventHeap {
 public:
  EventHeap() { clear(); }

  void clear() {
    heap_.assign(1, kSentinel);
    held_ = false;
  }
  bool empty() const { return heap_.size() == 1; }
  /// The earliest entry (the sentinel's infinite date when empty).
  const Pending& top() const { return heap_.front(); }
  /// The date of the earliest entry after the top, one of the top's two children (the
  /// sentinel's infinite date if there is none: with one entry, the sentinel is its first child).
  double next_end() const { return heap_.size() > 2 ? std::min(heap_[1].end, heap_[2].end) : heap_[1].end; }

  /// The top is being delivered and leaves at release_top(), unless a push() meanwhile takes its
  /// place: an instant of one completion then costs one sift instead of a pop's and a push's.
  void hold_top() { held_ = true; }
  void release_top() {
    if (held_) {
      held_ = false;
      pop();
    }
  }

  void push(Pending e) {
    if (held_) {  // the completion being delivered leaves the top: e takes its place
      held_ = false;
      settle_from_top(e, heap_.size() - 1);
      return;
    }
    const std::size_t i = heap_.size() - 1;  // the sentinel's place
    heap_.push_back(kSentinel);
    rise(e, i);
  }

  Pending pop() {
    const Pending top = heap_[0];
    heap_.pop_back();  // the sentinel: the last entry's place takes it
    const Pending last = heap_.back();
    heap_.back() = kSentinel;
    const std::size_t size = heap_.size() - 1;  // entries left
    if (size > 0) settle_from_top(last, size);
    return top;
  }

  /// Every entry but a held top (delivered already), in no order; the heap is left empty.
  std::vector<Pending> take_all() {
    std::vector<Pending> entries(heap_.begin() + (held_ ? 1 : 0), heap_.end() - 1);
    clear();
    return entries;
  }

 private:
  static constexpr Pending kSentinel{std::numeric_limits<double>::infinity(), 0, 0};

  // Places e in a heap of `size` entries whose top is a hole: the hole goes down to a leaf along
  // the earlier child, chosen without a branch, and e rises from there.
  void settle_from_top(Pending e, std::size_t size) {
    std::size_t i = 0;
    for (;;) {
      std::size_t child = 2 * i + 1;
      if (child >= size) break;
      child += static_cast<std::size_t>(heap_[child + 1].end < heap_[child].end);
      heap_[i] = heap_[child];
      i = child;
    }
    rise(e, i);
  }

  // Places e at hole i or above it, where its date belongs.
  void rise(Pending e, std::size_t i) {
    while (i > 0) {
      const std::size_t parent = (i - 1) / 2;
      if (!(heap_[parent].end > e.end)) break;
      heap_[i] = heap_[parent];
      i = parent;
    }
    heap_[i] = e;
  }

  std::vector<Pending> heap_;
  bool held_ = false;
};

}  // namespace hetcoll
