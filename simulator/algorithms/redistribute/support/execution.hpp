#pragma once
/// @file execution.hpp
/// @brief How a redistribution schedule runs on an engine: the platform of two clusters joined
/// by a backbone, the model read from any platform file, and the Plan of a schedule (steps
/// separated by β).
#include <string>
#include <vector>

#include "algorithms/redistribute/support/instance.hpp"
#include "engine/engine.hpp"
#include "engine/plan.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Speed of every host (flop/s): β waits are computations of β·kHostSpeed flops.
inline constexpr double kHostSpeed = 1e9;

/// @brief Host of sender s is s, host of receiver t is senders + t (Instance::receiver_node).
///
/// Hosts p0..p(n−1) of speed kHostSpeed; host i has links p<i>_UP and p<i>_DOWN of bandwidth
/// nic[i] (bytes/s); one link `backbone` of `backbone` bytes/s. All hosts sit in one cluster zone
/// whose backbone every route crosses (Platform::between[0][0]): a sender-to-receiver route is
/// NIC up, backbone, NIC down, which is all the two-cluster topology of the paper's Fig. 1 uses.
Platform two_cluster_platform(const std::vector<double>& nic, double backbone);

/// @brief The model's speeds read from a platform file, in whole Mbit/s.
struct PlatformSpeeds {
  std::vector<double> nic;    //!< senders then receivers
  double backbone = 0;        //!< k · base
  std::string backbone_link;  //!< the link whose speed is `backbone`
  /// True if every sender-to-receiver route crosses backbone_link (a bottleneck all streams
  /// share, the paper's backbone); false if no link but the NICs is shared by all of them and
  /// backbone_link is the slowest link of those routes, which bounds one stream, not their sum.
  bool shared = true;
};

/// @brief Reads the model from any platform file (hetcoll's reading, docs/redistribute.md):
/// hosts 0..senders−1 of the run send and the next `receivers` receive. A sender's NIC is the
/// first link of its routes to the receivers, a receiver's NIC the last link of the routes from
/// the senders. The backbone is the slowest shared (not FATPIPE) link, NICs aside, that every
/// sender-to-receiver route crosses, or, if there is none, the slowest link of those routes
/// (shared = false). Links crossed by some routes only are not part of the model. Needs
/// route_links (SimgridSession::describe(true)). Throws a one-line InputError naming
/// platform.file and the hosts or link for what the model cannot express: too few hosts, a route
/// without links, a host whose routes start (end) on different links, a link that is the NIC of
/// two hosts, a route crossing the NIC of a host that is not one of its ends, a FATPIPE NIC, or
/// a speed that is not a whole number of Mbit/s in [1, 1e9] (the base speed is their GCD).
/// Latencies are not read: they lengthen every comm beyond the schedule's cost.
PlatformSpeeds read_platform_speeds(const Platform& platform, int senders, int receivers);

/// @brief Appends to `settings` what gives node i's NIC links (`links[2i]` and `links[2i + 1]`,
/// its UP and DOWN links: p<i>_UP and p<i>_DOWN on a platform built by two_cluster_platform)
/// nic[i] bytes/s and zero latency.
void nic_settings(const std::vector<int>& links, const std::vector<double>& nic, std::vector<LinkSetting>& settings);

/// @brief The Plan of a schedule (costs in seconds at base speed, so run it with
/// CostScale{base bytes/s, kHostSpeed}): for each step, a computation of β on host 0 that
/// waits for every comm of the previous step, then the step's comms, which wait for it and are
/// capped at `rate` bytes/s (0: no cap). Capped at base speed, step i lasts β + W_i exactly and
/// the makespan is the schedule's cost. β is modelled (hetcoll's choice) as a computation on a
/// coordinating host rather than as a latency, so a step's β is paid once, not per stream.
Plan schedule_plan(const Instance& instance, const Schedule& schedule, double rate);

}  // namespace hetcoll
