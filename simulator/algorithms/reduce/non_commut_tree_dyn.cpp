// Non-Commut-Tree-dyn: Benoit, Canon, Marchal, INRIA RR-8315 (2013), §3.2 and Fig. 3.
// Tie-breaks (which neighbour, direction) are hetcoll's: docs/reduce.md.
//
// Cost in the model: no approximation ratio is proved; the number of steps may exceed
// ⌈log2 n⌉ (Fig. 3: 4 steps on 8 processors, ratio 4Δ/3 against the commutative optimum).
// Only adjacent intervals [a, b] + [b+1, c] are combined, so it is valid for a
// non-commutative ⊕.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "algorithms/reduce/support/dynamic_reduction.hpp"

namespace hetcoll {
namespace {

// Holders' intervals always partition [0, n): a value in flight is already counted in its
// receiver's interval, and the receiver is busy until it has reduced it. So the processor
// whose interval ends at a−1 is holder_of_hi_[a−1], and the neighbour lookup is O(1).
// The "array of idle processors" is kept as an arrival rank per processor; the earliest rank
// is the one that has waited longest, which wins when both neighbours are idle.
class NonCommutTreeDyn final : public DynamicReduction {
 public:
  explicit NonCommutTreeDyn(const ReduceSetup& setup)
      : DynamicReduction(setup),
        lo_(setup.processors),
        hi_(setup.processors),
        holder_of_lo_(setup.processors),
        holder_of_hi_(setup.processors),
        idle_rank_(setup.processors) {}

  void begin(Executor& executor) override {
    for (int p = 0; p < processors(); ++p) {
      lo_[p] = hi_[p] = holder_of_lo_[p] = holder_of_hi_[p] = p;
      idle_rank_[p] = kBusy;
    }
    arrivals_ = 0;
    for (int p = 0; p < processors(); ++p) become_idle(executor, p);
  }

 private:
  static constexpr std::uint64_t kBusy = std::numeric_limits<std::uint64_t>::max();

  int idle_or_none(int q) const { return q >= 0 && idle_rank_[q] != kBusy ? q : -1; }

  void become_idle(Executor& executor, int p) override {
    const int left = idle_or_none(lo_[p] > 0 ? holder_of_hi_[lo_[p] - 1] : -1);
    const int right = idle_or_none(hi_[p] + 1 < processors() ? holder_of_lo_[hi_[p] + 1] : -1);
    int q = left >= 0 ? left : right;
    if (left >= 0 && right >= 0 && idle_rank_[right] < idle_rank_[left]) q = right;
    if (q < 0) {
      idle_rank_[p] = arrivals_++;
      return;
    }
    // P sends to the waiting Q (or Q to P, the run's root), and the receiver combines in index
    // order: [lo_q..hi_q] ∪ [lo_p..hi_p].
    idle_rank_[q] = kBusy;
    const int receiver = receiver_of(p, q);
    lo_[receiver] = std::min(lo_[p], lo_[q]);
    hi_[receiver] = std::max(hi_[p], hi_[q]);
    holder_of_lo_[lo_[receiver]] = receiver;
    holder_of_hi_[hi_[receiver]] = receiver;
    send(executor, receiver == q ? p : q, receiver);
  }

  std::vector<int> lo_, hi_;              // interval held by each processor
  std::vector<int> holder_of_lo_;         // holder of the interval that starts at i
  std::vector<int> holder_of_hi_;         // holder of the interval that ends at i
  std::vector<std::uint64_t> idle_rank_;  // arrival rank among idle processors, or kBusy
  std::uint64_t arrivals_ = 0;
};

}  // namespace

std::unique_ptr<Policy> make_non_commut_tree_dyn(const ReduceSetup& setup) {
  return std::make_unique<NonCommutTreeDyn>(setup);
}

}  // namespace hetcoll
