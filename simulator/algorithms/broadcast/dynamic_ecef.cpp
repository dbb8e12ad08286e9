// Dynamic ECEF (docs/broadcast.md, "Dynamic ECEF"): ECEF re-run from the observed state at every
// event, the dynamic counterpart of the inter-cluster heuristics under uncertain costs.
//
// Static ECEF fixes its whole tree from the predicted g, L and T; when a message arrives late,
// the tree still waits for it. Dynamic ECEF re-plans at every event (a message arrives, a
// sender's gap ends): it runs ECEF from the state the broadcast has reached, with the clusters
// that hold the message ready when they are free, the messages in flight expected at their
// nominal arrival, and starts the sends the new plan starts now. A cluster whose plan sends
// nothing more starts its internal broadcast T. With exact costs it runs static ECEF's schedule,
// whose makespan is its prediction.
//
// It runs over the abstract grid (cluster c's coordinator is host c): a message of (g + L)·rate
// bytes capped at rate = kAbstractRate bytes/s, a sender busy for g (a computation of g·rate
// flops at speed rate; with sender-busy = g+L, until the message arrives), and T_c as a
// computation on c: the activities of the static plans (random_runner.cpp), so the two execute
// alike. Cost: one ECEF run, O(C² log C), per event, 2C events: O(C³ log C) per broadcast.
#include <cmath>
#include <stdexcept>
#include <vector>

#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "algorithms/broadcast/support/earliest_completion.hpp"
#include "algorithms/broadcast/support/registry.hpp"

namespace hetcoll {
namespace {

class DynamicEcef final : public BroadcastPolicy {
 public:
  explicit DynamicEcef(const BroadcastSetup& setup) : setup_(setup) {}

  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;
  double predicted() override { return schedule()->makespan; }
  // Static ECEF's schedule of the current instance: what it runs with exact costs.
  const InterSchedule* schedule() override {
    if (!scheduled_ || scheduled_for_ != *setup_.instance) {
      exact_ = schedule_ecef(costs(), setup_.options);
      scheduled_ = true;
      scheduled_for_ = *setup_.instance;
    }
    return &exact_;
  }
  bool internal_broadcast(const Activity& a) const override {
    return a.kind == ActivityKind::compute && a.tag % 3 == kIntra;
  }

 private:
  enum Kind : std::uint64_t { kMessage, kBusy, kIntra };
  static std::uint64_t tag(Kind kind, int cluster) { return static_cast<std::uint64_t>(cluster) * 3 + kind; }
  const GridCosts& costs() const { return *setup_.costs; }

  void act(Executor& executor);

  BroadcastSetup setup_;
  bool scheduled_ = false;
  std::uint64_t scheduled_for_ = 0;  // the instance exact_ was made for
  InterSchedule exact_;
  // Per run, per cluster:
  std::vector<bool> has_;        // holds the message
  std::vector<bool> in_flight_;  // a message to it has started
  std::vector<bool> intra_;      // its internal broadcast has started: it sends no more
  std::vector<bool> busy_;       // its coordinator is sending (its gap, or the message with g+L)
  std::vector<double> expected_; // when it is expected free (busy, or a message in flight to it)
};

void DynamicEcef::begin(Executor& executor) {
  const int C = costs().clusters;
  has_.assign(C, false);
  in_flight_.assign(C, false);
  intra_.assign(C, false);
  busy_.assign(C, false);
  expected_.assign(C, 0.0);
  has_[costs().root] = true;
  act(executor);
}

void DynamicEcef::on_complete(Executor& executor, const Completion& done) {
  const int c = static_cast<int>(done.activity.tag / 3);
  switch (static_cast<Kind>(done.activity.tag % 3)) {
    case kMessage:
      has_[done.activity.peer] = true;
      if (setup_.options.busy_until_arrival) busy_[c] = false;
      break;
    case kBusy:
      busy_[c] = false;
      break;
    case kIntra:
      return;  // a finished internal broadcast changes no decision
  }
  act(executor);
}

void DynamicEcef::act(Executor& executor) {
  const GridCosts& grid = costs();
  const int C = grid.clusters;
  const double now = executor.now();
  // The state as ECEF sees it: senders (holding the message, or about to) ready when free or
  // when their message is expected; clusters no one has sent to yet.
  std::vector<int> informed, waiting;
  std::vector<double> ready(C, 0.0);
  for (int c = 0; c < C; ++c) {
    if (intra_[c]) continue;
    if (has_[c] || in_flight_[c]) {
      informed.push_back(c);
      ready[c] = has_[c] && !busy_[c] ? now : std::max(now, expected_[c]);
    } else {
      waiting.push_back(c);
    }
  }
  EarliestCompletion rule(std::nullopt);
  const InterSchedule plan = run_inter_schedule_from(
      grid, setup_.options, [&rule](const ScheduleState& s) { return rule.next(s); }, informed, waiting, ready);
  // Start what the plan starts now: sends from free holders at their ready time (now).
  std::vector<bool> sends_later(C, false);
  for (const InterSend& send : plan.sends) {
    const bool now_possible = has_[send.from] && !busy_[send.from] && send.start <= now;
    if (!now_possible) {
      sends_later[send.from] = true;
      continue;
    }
    const double g = grid.g(send.from, send.to), L = grid.L(send.from, send.to);
    Activity message;
    message.kind = ActivityKind::comm;
    message.host = send.from;
    message.peer = send.to;
    message.amount = std::nearbyint((g + L) * kAbstractRate);
    message.rate = kAbstractRate;
    message.tag = tag(kMessage, send.from);
    executor.start(message);
    in_flight_[send.to] = true;
    expected_[send.to] = now + g + L;
    busy_[send.from] = true;
    expected_[send.from] = now + (setup_.options.busy_until_arrival ? g + L : g);
    if (!setup_.options.busy_until_arrival) {
      Activity gap;
      gap.kind = ActivityKind::compute;
      gap.host = send.from;
      gap.amount = std::nearbyint(std::max(0.0, g) * kAbstractRate);
      gap.tag = tag(kBusy, send.from);
      executor.start(gap);
    }
  }
  // A free holder that the plan gives no more sends broadcasts inside its cluster.
  for (int c = 0; c < C; ++c)
    if (has_[c] && !busy_[c] && !intra_[c] && !sends_later[c]) {
      intra_[c] = true;
      Activity intra;
      intra.kind = ActivityKind::compute;
      intra.host = c;
      intra.amount = std::nearbyint(grid.T(c) * kAbstractRate);
      intra.tag = tag(kIntra, c);
      executor.start(intra);
    }
}

}  // namespace

std::unique_ptr<BroadcastPolicy> make_dynamic_ecef(const BroadcastSetup& setup) {
  if (setup.costs == nullptr || setup.instance == nullptr || setup.grid == nullptr || setup.grid->spans_hosts())
    throw std::logic_error("broadcast: dynamic-ecef runs on the abstract grid only");
  return std::make_unique<DynamicEcef>(setup);
}

}  // namespace hetcoll
