// Self-scheduling (docs/divisible.md, "Self-scheduling"): demand-driven, the dynamic counterpart a
// practitioner would use where the star's costs are not known. The master cuts the load into
// chunks and sends the next one to whichever worker asks; every worker asks at the start and
// again as soon as it has computed its chunk, and its result goes back as soon as the master's
// return port is free, in the order the results are ready. It plans nothing and reads no cost:
// under uncertain costs it adapts by construction.
// Cost: O(1) per event.
#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

#include "algorithms/divisible/support/factories.hpp"

namespace hetcoll {
namespace {

/// Serves the load OPT-FIFO plans for T = 1 (the setup's reference load), so the throughputs
/// compare at one load, in chunks of the setup's share of it (the last one smaller), on the star
/// of worker i = host i + 1. Ports as in the plans (star_plan.hpp): one send at a time, one
/// return at a time; under one-port, one of the two at a time, returns first (they free a result
/// the master is waiting for). Requests are served first come, first served; workers ask at the
/// start in index order. Amounts as in star_plan: a chunk of x units is x·c_i·down_i bytes sent,
/// x·w_i·speed_i flops computed and x·d_i·up_i bytes returned (rounded to whole numbers).
class SelfScheduling final : public DivisiblePolicy {
 public:
  explicit SelfScheduling(const DivisibleSetup& setup) : setup_(setup) {}
  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;
  double load() override { return *setup_.reference_load; }
  /// Workers that received at least one chunk in the last run.
  int enrolled() override { return static_cast<int>(std::count(served_.begin(), served_.end(), true)); }

 private:
  enum Kind : std::uint64_t { kSend, kCompute, kReturn };
  static std::uint64_t tag(Kind kind, int worker) { return static_cast<std::uint64_t>(worker) * 3 + kind; }

  void serve(Executor& executor);

  DivisibleSetup setup_;
  // Per run:
  double load_ = 0;
  double chunk_ = 0;
  double left_ = 0;                 // load not yet sent
  std::deque<int> asking_;          // workers waiting for a chunk, in the order they asked
  std::deque<std::pair<int, double>> ready_;  // (worker, chunk) of results waiting for the return port
  std::vector<double> holding_;     // the chunk each worker is receiving or computing
  std::vector<bool> served_;
  bool sending_ = false, receiving_ = false;
};

void SelfScheduling::begin(Executor& executor) {
  const int p = setup_.star->workers();
  load_ = *setup_.reference_load;
  chunk_ = setup_.chunk * load_;
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
      compute.amount = std::nearbyint(holding_[worker] * setup_.star->w[worker] * setup_.rates->speed[worker]);
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
  const Star& star = *setup_.star;
  const StarRates& rates = *setup_.rates;
  auto port_free = [&](bool mine_busy) {
    return setup_.options.port == PortModel::one_port ? !sending_ && !receiving_ : !mine_busy;
  };
  if (port_free(receiving_) && !ready_.empty()) {
    const auto [worker, x] = ready_.front();
    ready_.pop_front();
    receiving_ = true;
    Activity back;
    back.kind = ActivityKind::comm;
    back.host = worker + 1;
    back.peer = 0;
    back.amount = std::nearbyint(x * star.d[worker] * rates.up[worker]);
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
    send.amount = std::nearbyint(x * star.c[worker] * rates.down[worker]);
    send.tag = tag(kSend, worker);
    executor.start(send);
  }
}

}  // namespace

std::unique_ptr<DivisiblePolicy> make_self_scheduling(const DivisibleSetup& setup) {
  return std::make_unique<SelfScheduling>(setup);
}

}  // namespace hetcoll
