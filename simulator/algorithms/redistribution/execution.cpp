#include "algorithms/redistribution/execution.hpp"

namespace hetcoll {

Platform two_cluster_platform(const std::vector<double>& nic, double backbone) {
  Platform p;
  const int n = static_cast<int>(nic.size());
  for (int i = 0; i < n; ++i) {
    const std::string name = "p" + std::to_string(i);
    p.links.push_back({name + "_UP", nic[i], 0.0});
    p.links.push_back({name + "_DOWN", nic[i], 0.0});
    p.hosts.push_back({name, kHostSpeed, 2 * i, 2 * i + 1, 0});
  }
  p.links.push_back({"backbone", backbone, 0.0});
  p.between = {{{2 * n}}};
  return p;
}

std::vector<LinkSetting> nic_settings(const std::vector<double>& nic) {
  std::vector<LinkSetting> settings;
  for (std::size_t i = 0; i < nic.size(); ++i) {
    const std::string name = "p" + std::to_string(i);
    settings.push_back({name + "_UP", nic[i], 0.0});
    settings.push_back({name + "_DOWN", nic[i], 0.0});
  }
  return settings;
}

Plan schedule_plan(const Instance& instance, const Schedule& schedule, double rate) {
  Plan plan;
  std::vector<int> previous;  // comms of the previous step
  for (const Step& step : schedule) {
    PlanOp wait;
    wait.kind = ActivityKind::compute;
    wait.host = 0;
    wait.cost = instance.beta;
    const int barrier = plan.add(wait, previous);
    previous.clear();
    for (const Piece& piece : step) {
      const Message& m = instance.messages[piece.message];
      PlanOp comm;
      comm.kind = ActivityKind::comm;
      comm.host = m.sender;
      comm.peer = instance.receiver_node(m.receiver);
      comm.cost = piece.amount;
      comm.rate = rate;
      previous.push_back(plan.add(comm, {barrier}));
    }
  }
  return plan;
}

void OwnedPlanPolicy::reset(Plan plan, const CostScale& scale) {
  run_.reset();  // it refers to plan_: gone before plan_ changes
  plan_ = std::move(plan);
  run_.emplace(plan_, scale, nullptr);
}

}  // namespace hetcoll
