#include "algorithms/reduce/support/static_tree.hpp"

#include <utility>

#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {
namespace {

// Owns its plan so the plan lives exactly as long as the PlanPolicy that refers to it.
class StaticTreePolicy final : public Policy {
 public:
  StaticTreePolicy(Plan plan, const CostScale& scale, CostDraws* draws)
      : plan_(std::move(plan)), run_(plan_, scale, draws) {}
  void begin(Executor& executor) override { run_.begin(executor); }
  void on_complete(Executor& executor, const Completion& done) override {
    run_.on_complete(executor, done);
  }

 private:
  Plan plan_;
  PlanPolicy run_;
};

}  // namespace

std::unique_ptr<Policy> make_static_tree_policy(const ChildrenLists& children,
                                                const ReduceSetup& setup) {
  CostDraws* draws = reduction_draws(setup);
  Plan plan = static_tree_plan(children, setup.costs->computes(), setup.static_overlap, PlanOp::kDrawn,
                               setup.root == kAnyRoot ? 0 : setup.root);
  return std::make_unique<StaticTreePolicy>(std::move(plan), setup.scale, draws);
}

}  // namespace hetcoll
