// Tree-dyn: Benoit, Canon, Marchal, INRIA RR-8315 (2013), §3.2, Th. 1, 3, 4 and §5.
//
// Cost in the model: at most D⌈log2 n⌉ with c = 0 (Δ-approximation, Th. 1) and (c + D)⌈log2 n⌉
// with identical c (Th. 3). With exp(λ) communications, c = 0 and even n, the makespan has mean
// (2H(n/2 − 1) + 2/n)/λ and variance (2Σ_(i<n/2) 1/i² + 4/n²)/λ² (§5). Any two processors may
// be paired, so it is valid only for a commutative ⊕.
#include "algorithms/reduce/support/dynamic_reduction.hpp"

namespace hetcoll {
namespace {

// A single slot holds at most one idle processor. A processor becomes idle at date 0 (in index
// order, so P1→P0, P3→P2, …) and again after each ⊕, or at the end of a reception when ⊕ is
// free. Newly idle P meets Q in the slot: P sends to Q and is done; Q receives, reduces, and is
// idle again (if P is the run's root, Q sends to P instead: the root never sends). State is one integer, so a replication allocates nothing.
class TreeDyn final : public DynamicReduction {
 public:
  explicit TreeDyn(const ReduceSetup& setup) : DynamicReduction(setup) {}

  void begin(Executor& executor) override {
    slot_ = kEmpty;
    for (int p = 0; p < processors(); ++p) become_idle(executor, p);
  }

 private:
  static constexpr int kEmpty = -1;

  void become_idle(Executor& executor, int p) override {
    if (slot_ == kEmpty) {
      slot_ = p;
      return;
    }
    const int q = slot_;
    slot_ = kEmpty;
    const int receiver = receiver_of(p, q);
    send(executor, receiver == q ? p : q, receiver);
  }

  int slot_ = kEmpty;
};

}  // namespace

std::unique_ptr<Policy> make_tree_dyn(const ReduceSetup& setup) {
  return std::make_unique<TreeDyn>(setup);
}

}  // namespace hetcoll
