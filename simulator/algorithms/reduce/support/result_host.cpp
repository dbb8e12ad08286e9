#include "algorithms/reduce/support/result_host.hpp"

namespace hetcoll {

int plan_result_host(const Plan& plan) {
  // Every other operation of a reduction plan has one waiting for it: the ⊕ after a reception,
  // the next reception of its receiver or the receiver's own send, the send that took its token.
  int host = -1;
  for (int i = 0; i < static_cast<int>(plan.size()); ++i) {
    if (!plan.dependents(i).empty()) continue;
    if (host >= 0) return -1;
    const PlanOp& op = plan.op(i);
    host = op.kind == ActivityKind::comm ? op.peer : op.host;
  }
  return host;
}

}  // namespace hetcoll
