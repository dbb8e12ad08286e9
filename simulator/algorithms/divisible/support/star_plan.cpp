#include "algorithms/divisible/support/star_plan.hpp"

namespace hetcoll {

Plan star_plan(const Star& star, const DivisibleSchedule& s, const StarRates& rates, PortModel port) {
  Plan plan;
  std::vector<int> computed(star.c.size(), -1);
  int last_send = -1;
  for (int i : s.send) {
    const PlanOp send{ActivityKind::comm, 0, i + 1, s.alpha[i] * star.c[i] * rates.down[i]};
    last_send = last_send < 0 ? plan.add(send) : plan.add(send, {last_send});
    computed[i] = plan.add({ActivityKind::compute, i + 1, -1, s.alpha[i] * star.w[i] * rates.speed[i]}, {last_send});
  }
  int last_return = -1;
  for (int i : s.ret) {
    std::vector<int> after = {computed[i]};
    if (last_return >= 0) after.push_back(last_return);
    else if (port == PortModel::one_port) after.push_back(last_send);
    last_return = plan.add({ActivityKind::comm, i + 1, 0, s.alpha[i] * star.d[i] * rates.up[i]}, after);
  }
  return plan;
}

}  // namespace hetcoll
