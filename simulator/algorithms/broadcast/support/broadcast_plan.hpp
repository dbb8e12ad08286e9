#pragma once
/// @file broadcast_plan.hpp
/// @brief Broadcasts as static plans: pLogP sends (a sender busy for its gap), tree broadcasts,
/// the segmented chain, and their predicted completion times.
///
/// A pLogP send of s bytes from `from` to `to` is up to three operations: a delay of the
/// overhead o = g(0) on the sender (a computation: hosts compute nothing else in a broadcast),
/// then the message itself (a comm, latency + bytes/bandwidth on the platform) and, alongside
/// it, a delay of g(s) − o that keeps the sender busy. The sender's next send waits for that
/// delay (pLogP: busy for g), or for the message (busy_until_arrival: g + L). On a
/// contention-free platform whose route from `from` to `to` has latency L and bandwidth B, with
/// g(s) = o + s/B, the message arrives g(s) + L after the send starts: pLogP's timing.
#include <functional>
#include <vector>

#include "algorithms/broadcast/support/plogp.hpp"
#include "algorithms/broadcast/support/tree_shapes.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief Builds a broadcast Plan host by host, tracking when each host may send again.
///
/// Costs in the plan are bytes and flops (use CostScale{1, 1}); delays are converted to flops
/// with each host's own speed.
class BroadcastPlanBuilder {
 public:
  explicit BroadcastPlanBuilder(std::vector<double> host_speeds);

  /// @brief Adds a send once `from` holds the data (operation `data`, −1: from the start) and
  /// is free. `busy` is the delay kept after the overhead (g(s) − o); `rate` caps the message
  /// (bytes/s, 0: none). Returns the comm's index: the receiver holds the data when it ends.
  int send(int from, int to, double bytes, double rate, double overhead, double busy, bool busy_until_arrival,
           int data);
  /// @brief Adds a delay of `seconds` on `host` after `data` and the host's last send; the host
  /// is busy until it ends. Returns its index.
  int delay(int host, double seconds, int data);

  Plan& plan() { return plan_; }
  /// The operation after which `host` may start a new send (−1: free from the start).
  int free_after(int host) const { return free_[host]; }

 private:
  std::vector<int> after(int a, int b) const;

  std::vector<double> speed_;
  std::vector<int> free_;
  Plan plan_;
};

/// @brief pLogP of the link from host `from` to host `to`.
using LinkModel = std::function<const PLogP&(int from, int to)>;

/// @brief Adds a tree broadcast of `bytes`: hosts[r] plays rank r of `tree` (hosts[0] the root,
/// holding the data after operation `data`); each rank sends to its children in order, each
/// send with the pLogP of its link and overhead `overhead`.
void add_tree_broadcast(BroadcastPlanBuilder& builder, const std::vector<int>& hosts, const TreeChildren& tree,
                        double bytes, const LinkModel& link, double overhead, int data);

/// @brief Adds a segmented chain (pipeline): hosts[0] → hosts[1] → …, the message cut into
/// `segments` parts of whole bytes (sizes differing by at most one), each part forwarded as
/// soon as it has arrived and the forwarding host is free.
void add_segmented_chain(BroadcastPlanBuilder& builder, const std::vector<int>& hosts, double bytes, int segments,
                         const PLogP& link, double overhead, int data);

/// @brief Completion time of a tree broadcast under pLogP (the root holds the data at `start`):
/// each send starts when its sender holds the data and is free, keeps it busy for g, and
/// arrives after g + L. What the plan of add_tree_broadcast takes on a contention-free platform.
double predict_tree_broadcast(const std::vector<int>& hosts, const TreeChildren& tree, double bytes,
                              const LinkModel& link, double start = 0);

}  // namespace hetcoll
