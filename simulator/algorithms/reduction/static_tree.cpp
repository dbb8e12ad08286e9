#include "algorithms/reduction/static_tree.hpp"

#include <utility>

#include "algorithms/reduction/factories.hpp"

namespace hetcoll {
namespace {

bool is_leaf(const ChildrenLists& children, int r) { return children[r].empty(); }

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

Plan static_tree_plan(const ChildrenLists& children, bool computes, bool overlap) {
  const int n = static_cast<int>(children.size());
  Plan plan;
  // First reception of each node whose first child is a leaf: dependency-free, so PlanPolicy
  // starts them at date 0 in index order, i.e. by receiver as the tie rule asks.
  std::vector<int> first_reception(n, -1);
  for (int r = 0; r < n; ++r)
    if (!children[r].empty() && is_leaf(children, children[r][0]))
      first_reception[r] = plan.add(comm_op(children[r][0], r));

  // Children have larger indices than parents, so walking down from n−1 adds every child's
  // last operation before the parent's reception that waits for it (Plan needs that order).
  std::vector<int> finished(n, -1);  // last operation of each node; -1 for a leaf
  std::vector<int> after;
  for (int r = n - 1; r >= 0; --r) {
    int reception = -1;
    int reduction = -1;
    for (std::size_t j = 0; j < children[r].size(); ++j) {
      const int child = children[r][j];
      if (j == 0 && first_reception[r] >= 0) {
        reception = first_reception[r];
      } else {
        after.clear();
        if (finished[child] >= 0) after.push_back(finished[child]);
        if (reception >= 0) after.push_back(reception);
        if (!overlap && reduction >= 0) after.push_back(reduction);
        reception = plan.add(comm_op(child, r), after);
      }
      if (computes) {
        after.clear();
        after.push_back(reception);
        if (reduction >= 0) after.push_back(reduction);
        reduction = plan.add(compute_op(r), after);
      }
    }
    finished[r] = computes ? reduction : reception;
  }
  return plan;
}

std::unique_ptr<Policy> make_static_tree_policy(const ChildrenLists& children,
                                                const ReductionSetup& setup) {
  CostDraws* draws = reduction_draws(setup);
  Plan plan = static_tree_plan(children, setup.costs->computes(), setup.static_overlap);
  return std::make_unique<StaticTreePolicy>(std::move(plan), setup.scale, draws);
}

}  // namespace hetcoll
