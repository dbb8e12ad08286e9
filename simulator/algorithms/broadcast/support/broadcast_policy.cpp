#include "algorithms/broadcast/support/broadcast_policy.hpp"

#include <stdexcept>
#include <utility>

namespace hetcoll {
namespace {

/// A static algorithm: PlannedPolicy over the planner's plan, keeping its prediction and schedule
/// for the instance it was made for.
class PlannedBroadcast final : public BroadcastPolicy {
 public:
  PlannedBroadcast(std::function<BroadcastPlan()> planner, const std::uint64_t* instance)
      : planner_(std::move(planner)),
        run_([this] { return made(); }, instance, CostScale{1, 1}, nullptr) {}

  void begin(Executor& executor) override { run_.begin(executor); }
  void on_complete(Executor& executor, const Completion& done) override { run_.on_complete(executor, done); }
  const Plan* static_plan() const override { return run_.static_plan(); }

  double predicted() override {
    run_.plan();
    return predicted_;
  }
  const InterSchedule* schedule() override {
    run_.plan();
    return schedule_ ? &*schedule_ : nullptr;
  }
  // PlanPolicy tags an activity with its operation's index.
  bool internal_broadcast(const Activity& a) const override {
    return a.kind == ActivityKind::compute && static_cast<int>(a.tag) >= first_intra_;
  }
  std::string chosen() override {
    run_.plan();
    return chosen_;
  }
  double chosen_segment() override {
    run_.plan();
    return segment_;
  }

 private:
  Plan made() {
    BroadcastPlan p = planner_();
    predicted_ = p.predicted;
    schedule_ = std::move(p.schedule);
    first_intra_ = p.first_intra;
    chosen_ = p.chosen;
    segment_ = p.segment;
    return std::move(p.plan);
  }

  std::function<BroadcastPlan()> planner_;
  double predicted_ = 0;
  std::optional<InterSchedule> schedule_;
  int first_intra_ = 0;
  std::string chosen_;
  double segment_ = kNoLibrarySegment;
  PlannedPolicy run_;  // last: its planner reads the members above
};

}  // namespace

MpiBroadcast BroadcastGrid::ranks(double) const {
  throw std::logic_error("broadcast: ranks of an MPI program over a grid without hosts beside its coordinators");
}

BroadcastPlan BroadcastGrid::rank_plan(Plan) const {
  throw std::logic_error("broadcast: an MPI program over a grid without hosts beside its coordinators");
}

std::unique_ptr<BroadcastPolicy> planned_broadcast(const BroadcastSetup& setup,
                                                   std::function<BroadcastPlan()> planner) {
  if (setup.instance == nullptr) throw std::logic_error("broadcast: a setup without an instance counter");
  return std::make_unique<PlannedBroadcast>(std::move(planner), setup.instance);
}

std::unique_ptr<BroadcastPolicy> scheduled_broadcast(const BroadcastSetup& setup, ScheduleMaker make_schedule) {
  if (setup.costs == nullptr || setup.grid == nullptr) throw std::logic_error("broadcast: a setup without its grid");
  return planned_broadcast(setup, [setup, make_schedule] {
    return setup.grid->plan(make_schedule(*setup.costs, setup.options));
  });
}

}  // namespace hetcoll
