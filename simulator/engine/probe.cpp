#include "engine/probe.hpp"

#include "engine/plan.hpp"
#include "engine/recording_policy.hpp"

namespace hetcoll {

std::vector<double> run_ping_pongs(Engine& engine, const std::vector<PingPong>& pings) {
  // Ping-pong k is operations 2k (there) and 2k + 1 (back); each waits for the one before.
  Plan plan;
  int previous = -1;
  for (const PingPong& p : pings) {
    PlanOp there{ActivityKind::comm, p.from, p.to, p.bytes};
    PlanOp back{ActivityKind::comm, p.to, p.from, p.bytes};
    const int out = previous < 0 ? plan.add(there) : plan.add(there, {previous});
    previous = plan.add(back, {out});
  }
  PlanPolicy policy(plan, CostScale{1, 1}, nullptr);
  RecordingPolicy recorder(policy);
  run_single(engine, recorder);
  std::vector<double> start(plan.size()), end(plan.size());
  for (const Completion& c : recorder.events()) {
    start[c.activity.tag] = c.start;
    end[c.activity.tag] = c.end;
  }
  std::vector<double> rtt(pings.size());
  for (std::size_t k = 0; k < pings.size(); ++k) rtt[k] = end[2 * k + 1] - start[2 * k];
  return rtt;
}

}  // namespace hetcoll
