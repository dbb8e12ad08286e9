// All-at-once: the no-scheduling baseline (issue #5): every message starts at once, whole, and
// the network shares its bandwidth as it will.
//
// Cost in the model: not a valid step schedule (it ignores k and δ), so the step model gives it
// no meaningful cost; it is only ever executed without rate caps. It takes β + the time of the
// flows' max–min fair shares, on SimGrid and on the model engine, which shares links as SimGrid
// does (docs/redistribute.md, "Execution").
#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/schedule_policy.hpp"

namespace hetcoll {

Schedule all_at_once_schedule(const Instance& instance) {
  Step step;
  for (std::size_t e = 0; e < instance.messages.size(); ++e)
    step.push_back({static_cast<int>(e), instance.messages[e].weight});
  if (step.empty()) return {};
  return {step};
}

std::unique_ptr<RedistributionPolicy> make_all_at_once(const RedistributionSetup& setup) {
  // Not a step schedule: k and δ go unchecked, no stream is capped, and its one step runs as a
  // plan whatever `asynchronous` says (without barriers, k and δ would hold the streams back).
  ScheduleRun run;
  run.limits = false;
  return std::make_unique<SchedulePolicy>(setup, "all-at-once", all_at_once_schedule, run);
}

}  // namespace hetcoll
