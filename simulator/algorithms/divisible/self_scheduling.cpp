// Self-scheduling (docs/divisible.md, "Self-scheduling"): a master serving chunks on demand.
// Cost: O(1) per event.
#include "algorithms/divisible/support/self_scheduling.hpp"

#include <algorithm>
#include <cmath>

namespace hetcoll {

void SelfScheduling::reset(const Star& star, const StarRates& rates, PortModel port, double load, double chunk) {
  star_ = star;
  rates_ = rates;
  port_ = port;
  load_ = load;
  chunk_ = chunk;
}

void SelfScheduling::begin(Executor& executor) {
  const int p = star_.workers();
  left_ = load_;
  asking_.clear();
  ready_.clear();
  for (int i = 0; i < p; ++i) asking_.push_back(i);
  holding_.assign(p, 0.0);
  served_.assign(p, false);
  sending_ = receiving_ = false;
  serve(executor);
}

void SelfScheduling::on_complete(Executor& executor, const Completion& done) {
  const int worker = static_cast<int>(done.activity.tag / 3);
  switch (static_cast<Kind>(done.activity.tag % 3)) {
    case kSend: {
      sending_ = false;
      Activity compute;
      compute.kind = ActivityKind::compute;
      compute.host = worker + 1;
      compute.amount = std::nearbyint(holding_[worker] * star_.w[worker] * rates_.speed[worker]);
      compute.tag = tag(kCompute, worker);
      executor.start(compute);
      break;
    }
    case kCompute:
      ready_.emplace_back(worker, holding_[worker]);
      asking_.push_back(worker);
      break;
    case kReturn:
      receiving_ = false;
      break;
  }
  serve(executor);
}

void SelfScheduling::serve(Executor& executor) {
  auto port_free = [&](bool mine_busy) { return port_ == PortModel::one_port ? !sending_ && !receiving_ : !mine_busy; };
  if (port_free(receiving_) && !ready_.empty()) {
    const auto [worker, x] = ready_.front();
    ready_.pop_front();
    receiving_ = true;
    Activity back;
    back.kind = ActivityKind::comm;
    back.host = worker + 1;
    back.peer = 0;
    back.amount = std::nearbyint(x * star_.d[worker] * rates_.up[worker]);
    back.tag = tag(kReturn, worker);
    executor.start(back);
  }
  // A chunk below 1e-12 of the load is rounding left by the subtractions: the load is sent.
  if (port_free(sending_) && !asking_.empty() && left_ > 1e-12 * load_) {
    const int worker = asking_.front();
    asking_.pop_front();
    const double x = std::min(chunk_, left_);
    left_ -= x;
    holding_[worker] = x;
    served_[worker] = true;
    sending_ = true;
    Activity send;
    send.kind = ActivityKind::comm;
    send.host = 0;
    send.peer = worker + 1;
    send.amount = std::nearbyint(x * star_.c[worker] * rates_.down[worker]);
    send.tag = tag(kSend, worker);
    executor.start(send);
  }
}

int SelfScheduling::enrolled() const { return static_cast<int>(std::count(served_.begin(), served_.end(), true)); }

}  // namespace hetcoll
