#pragma once
/// @file dynamic_ecef.hpp
/// @brief ECEF re-run on observed ready times: the dynamic counterpart of the inter-cluster
/// heuristics under uncertain costs (docs/broadcast.md, "Dynamic ECEF").
///
/// Static ECEF fixes its whole tree from the predicted g, L and T; when a message arrives late,
/// the tree still waits for it. Dynamic ECEF re-plans at every event (a message arrives, a
/// sender's gap ends): it runs ECEF from the state the broadcast has reached, with the clusters
/// that hold the message ready when they are free, the messages in flight expected at their
/// nominal arrival, and starts the sends the new plan starts now. A cluster whose plan sends
/// nothing more starts its internal broadcast T. With exact costs it runs static ECEF's schedule.
#include <vector>

#include "algorithms/broadcast/support/inter_schedule.hpp"
#include "engine/executor.hpp"

namespace hetcoll {

/// @brief Runs dynamic ECEF over the abstract grid of `costs` (cluster c's coordinator is host
/// c): a message of (g + L)·rate bytes capped at `rate` bytes/s, a sender busy for g (a
/// computation of g·rate flops at speed `rate`; with options.busy_until_arrival, until the
/// message arrives), and T_c as a computation on c: the activities of the static plans
/// (random_runner.cpp), so the two execute alike.
class DynamicEcef final : public Policy {
 public:
  void reset(const GridCosts& costs, const HeuristicOptions& options, double rate);
  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;
  /// True for the activities of this policy that are a cluster's internal broadcast T.
  static bool internal_broadcast(const Activity& a) {
    return a.kind == ActivityKind::compute && a.tag % 3 == kIntra;
  }

 private:
  enum Kind : std::uint64_t { kMessage, kBusy, kIntra };
  static std::uint64_t tag(Kind kind, int cluster) { return static_cast<std::uint64_t>(cluster) * 3 + kind; }

  void act(Executor& executor);

  GridCosts costs_;
  HeuristicOptions options_;
  double rate_ = 0;
  // Per run, per cluster:
  std::vector<bool> has_;        // holds the message
  std::vector<bool> in_flight_;  // a message to it has started
  std::vector<bool> intra_;      // its internal broadcast has started: it sends no more
  std::vector<bool> busy_;       // its coordinator is sending (its gap, or the message with g+L)
  std::vector<double> expected_; // when it is expected free (busy, or a message in flight to it)
};

}  // namespace hetcoll
