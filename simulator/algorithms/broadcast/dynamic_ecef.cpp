// Dynamic ECEF (docs/broadcast.md, "Dynamic ECEF"): ECEF re-run from the observed state at every
// event. Cost: one ECEF run, O(C² log C), per event, 2C events: O(C³ log C) per broadcast.
#include "algorithms/broadcast/support/dynamic_ecef.hpp"

#include <cmath>

#include "algorithms/broadcast/support/earliest_completion.hpp"

namespace hetcoll {

void DynamicEcef::reset(const GridCosts& costs, const HeuristicOptions& options, double rate) {
  costs_ = costs;
  options_ = options;
  rate_ = rate;
}

void DynamicEcef::begin(Executor& executor) {
  const int C = costs_.clusters;
  has_.assign(C, false);
  in_flight_.assign(C, false);
  intra_.assign(C, false);
  busy_.assign(C, false);
  expected_.assign(C, 0.0);
  has_[costs_.root] = true;
  act(executor);
}

void DynamicEcef::on_complete(Executor& executor, const Completion& done) {
  const int c = static_cast<int>(done.activity.tag / 3);
  switch (static_cast<Kind>(done.activity.tag % 3)) {
    case kMessage:
      has_[done.activity.peer] = true;
      if (options_.busy_until_arrival) busy_[c] = false;
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
  const int C = costs_.clusters;
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
  const InterSchedule plan = run_inter_schedule_from(costs_, options_, [&rule](const ScheduleState& s) { return rule.next(s); },
                                                     informed, waiting, ready);
  // Start what the plan starts now: sends from free holders at their ready time (now).
  std::vector<bool> sends_later(C, false);
  for (const InterSend& send : plan.sends) {
    const bool now_possible = has_[send.from] && !busy_[send.from] && send.start <= now;
    if (!now_possible) {
      sends_later[send.from] = true;
      continue;
    }
    const double g = costs_.g(send.from, send.to), L = costs_.L(send.from, send.to);
    Activity message;
    message.kind = ActivityKind::comm;
    message.host = send.from;
    message.peer = send.to;
    message.amount = std::nearbyint((g + L) * rate_);
    message.rate = rate_;
    message.tag = tag(kMessage, send.from);
    executor.start(message);
    in_flight_[send.to] = true;
    expected_[send.to] = now + g + L;
    busy_[send.from] = true;
    expected_[send.from] = now + (options_.busy_until_arrival ? g + L : g);
    if (!options_.busy_until_arrival) {
      Activity gap;
      gap.kind = ActivityKind::compute;
      gap.host = send.from;
      gap.amount = std::nearbyint(std::max(0.0, g) * rate_);
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
      intra.amount = std::nearbyint(costs_.T(c) * rate_);
      intra.tag = tag(kIntra, c);
      executor.start(intra);
    }
}

}  // namespace hetcoll
