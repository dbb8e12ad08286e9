#include "engine/plan.hpp"

#include <atomic>
#include <stdexcept>

namespace hetcoll {

int Plan::add(const PlanOp& op, std::initializer_list<int> after) {
  return add(op, std::vector<int>(after));
}

int Plan::add(const PlanOp& op, const std::vector<int>& after) {
  const int index = static_cast<int>(ops_.size());
  touch();
  ops_.push_back(op);
  dependents_.emplace_back();
  dependency_count_.push_back(0);
  for (int before : after) require(index, before);
  return index;
}

void Plan::require(int op, int before) {
  // Only earlier operations can be waited for, which keeps every plan acyclic by construction.
  if (before < 0 || before >= op) throw std::logic_error("Plan: dependency on a later operation");
  dependents_[before].push_back(op);
  ++dependency_count_[op];
  touch();
}

void Plan::touch() {
  static std::atomic<std::uint64_t> revisions{0};
  revision_ = revisions.fetch_add(1, std::memory_order_relaxed) + 1;
}

PlanPolicy::PlanPolicy(const Plan& plan, const CostScale& scale, CostDraws* costs)
    : plan_(plan), scale_(scale), costs_(costs) {}

void PlanPolicy::begin(Executor& executor) {
  const int n = static_cast<int>(plan_.size());
  // Copied again whenever the plan changed: a runner may plan again between replications.
  if (copied_ != plan_.revision() + 1) {
    first_.assign(1, 0);
    next_.clear();
    for (int i = 0; i < n; ++i) {
      next_.insert(next_.end(), plan_.dependents(i).begin(), plan_.dependents(i).end());
      first_.push_back(static_cast<int>(next_.size()));
    }
    copied_ = plan_.revision() + 1;
  }
  waiting_.resize(n);
  for (int i = 0; i < n; ++i) waiting_[i] = plan_.dependency_count(i);
  for (int i = 0; i < n; ++i)
    if (waiting_[i] == 0) launch(executor, i);
}

void PlanPolicy::on_complete(Executor& executor, const Completion& done) {
  const int op = static_cast<int>(done.activity.tag);
  for (int i = first_[op]; i < first_[op + 1]; ++i)
    if (--waiting_[next_[i]] == 0) launch(executor, next_[i]);
}

void PlanPolicy::launch(Executor& executor, int index) {
  const PlanOp& op = plan_.op(index);
  const bool comm = op.kind == ActivityKind::comm;
  double cost = op.cost;
  if (cost == PlanOp::kDrawn) {
    cost = comm ? costs_->comm(op.host, op.peer) : costs_->compute(op.host);
    cost *= op.share;  // exact for a whole draw (share 1)
  }
  Activity a = comm ? scale_.comm(op.host, op.peer, cost, index) : scale_.compute(op.host, cost, index);
  a.rate = op.rate;
  executor.start(a);
}

PlannedPolicy::PlannedPolicy(Planner planner, const std::uint64_t* instance, const CostScale& scale, CostDraws* costs)
    : planner_(std::move(planner)), instance_(instance), run_(plan_, scale, costs) {
  if (instance_ == nullptr) throw std::invalid_argument("PlannedPolicy: no instance counter");
}

const Plan& PlannedPolicy::plan() {
  if (!planned_ || *instance_ != planned_for_) {
    plan_ = planner_();
    planned_ = true;
    planned_for_ = *instance_;
  }
  return plan_;
}

void PlannedPolicy::begin(Executor& executor) {
  plan();
  run_.begin(executor);
}

}  // namespace hetcoll
