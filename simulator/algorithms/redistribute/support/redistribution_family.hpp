#pragma once
/// @file redistribution_family.hpp
/// @brief The `redistribute` family: scheduling messages between two clusters through a
/// backbone (Jeannot & Wagner; docs/redistribute.md).
#include "algorithms/family.hpp"
#include "algorithms/redistribute/support/inputs.hpp"

namespace hetcoll {

/// @brief Keys: senders, receivers, edges, k, beta, uncapped (sweep axes and CSV columns);
/// delta-max, weight-min, weight-max (random instances); matrix, nic, backbone (a given
/// redistribution; with platform = FILE.xml the speeds come from the file); message (with a
/// matrix: bytes of one unit of its amounts, a sweep axis, left out of the seed). Value: the
/// simulated time; metrics `over_bound` (value / LB_δ), `over_link_bound` (value / link_bound)
/// and `backbone_shared` (1, or 0 where the model's backbone is no link every stream crosses).
/// `senders` and `receivers` may name hosts of a platform file (host_set_keys).
const Family& redistribution_family();

/// @brief What a point asks for, checked: a fixed instance from a matrix file and speeds, or
/// a random instance per replication.
struct RedistributionPoint {
  bool from_matrix = false;
  /// The speeds are known: from keys or a platform file with a matrix; from a platform file
  /// for random matrices (false on the family's own platform, whose NICs each replication draws).
  bool speeds_known = false;
  Hardware hardware;          //!< from_matrix: the matrix, β and, if known, the speeds
  /// The instance, if from_matrix and speeds_known; for random matrices on a platform file,
  /// the file's base speed, k, ports and δ (derive_speeds), without messages.
  Derived fixed;
  RandomSpec random;          //!< the generator's settings otherwise (k: the file's, on a file)
  bool uncapped = false;      //!< run step schedules without rate caps
  /// Every sender-to-receiver route crosses the backbone (always, but on a platform file
  /// without such a link: PlatformSpeeds::shared).
  bool backbone_shared = true;
  std::string backbone_link;  //!< from a platform file: the link taken as the backbone
};

/// @brief Reads and checks a point of the family from its keys alone (what the parent checks
/// before any work); throws a one-line InputError naming the key or file at fault (shape of the
/// matrix against senders/receivers, speeds, k, edges). With a matrix but neither 'nic' nor
/// 'backbone', the speeds are left to a platform file (speeds_known = false).
RedistributionPoint resolve_redistribution_point(const Point& point);

/// @brief Same on `platform`. On a platform read from a file (platform.file set, with route
/// links), the NIC and backbone speeds come from the file (read_platform_speeds, bytes/s to
/// Mbit/s), for a matrix and for random matrices alike; keys 'nic' and 'backbone', if given
/// with a matrix, must agree with it, and key 'k' must be 0 or the file's. Without a file a
/// matrix needs the keys. Errors name the file (or the key).
RedistributionPoint resolve_redistribution_point(const Point& point, const Platform& platform);

}  // namespace hetcoll
