// Lower-index-dyn: a baseline on RR-8315's dynamic model (§3.2): Tree-dyn's single slot, but of
// the two processors that meet there the one of lower index receives (the run's root always
// does, so the result ends there).
//
// Cost in the model: no bound from the paper. Any two processors may be paired, so it is valid
// only for a commutative ⊕.
#include "algorithms/reduce/support/dynamic_reduction.hpp"

namespace hetcoll {
namespace {

class LowerIndexDyn final : public DynamicReduction {
 public:
  explicit LowerIndexDyn(const ReduceSetup& setup) : DynamicReduction(setup), root_(setup.root) {}

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
    const bool p_receives = p == root_ || (q != root_ && p < q);
    if (p_receives)
      send(executor, q, p);
    else
      send(executor, p, q);
  }

  int root_;
  int slot_ = kEmpty;
};

}  // namespace

std::unique_ptr<Policy> make_lower_index_dyn(const ReduceSetup& setup) {
  return std::make_unique<LowerIndexDyn>(setup);
}

}  // namespace hetcoll
