#include "algorithms/reduce/support/static_tree.hpp"

#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {
namespace {

// A tree depends on n and the root alone, never on a replication's cluster: its instance never
// moves, so the plan is made once, when first run.
const std::uint64_t kOneInstance = 0;

}  // namespace

std::unique_ptr<Policy> make_static_tree_policy(ChildrenLists (*children)(int), const ReduceSetup& setup) {
  CostDraws* draws = reduction_draws(setup);
  auto plan = [children, n = setup.processors, computes = setup.costs->computes(), overlap = setup.static_overlap,
               root = setup.root == kAnyRoot ? 0 : setup.root] {
    return static_tree_plan(children(n), computes, overlap, PlanOp::kDrawn, root);
  };
  return std::make_unique<PlannedPolicy>(plan, &kOneInstance, setup.scale, draws);
}

}  // namespace hetcoll
