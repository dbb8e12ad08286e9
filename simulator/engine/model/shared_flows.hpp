#pragma once
/// @file shared_flows.hpp
/// @brief The comms of a model-engine replication once its links are shared: each a flow whose
/// rate MaxMinSharing gives, whose bytes advance at that rate between events (docs/design.md,
/// "When links are shared").
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/model/max_min_sharing.hpp"

namespace hetcoll {

/// @brief Comms in flight that share links as SimGrid's CM02 shares them: no share while a comm
/// pays its route's latency, then a share weighted by 1 / that latency (1 for a route without
/// latency), bounded by its rate; rates are solved again when a comm starts sending or ends.
class SharedFlows {
 public:
  /// Starts anew over links of these bandwidths (`shared` false: FATPIPE), at date `now`.
  void reset(const std::vector<double>& bandwidth, const std::vector<bool>& shared, double now);
  /// A comm of record slot `slot` with `remaining` bytes, sending from `active_at` (the end of
  /// its latency phase) over `links` (a route without links ends when its latency does), with
  /// penalty `latency` (> 0; 1 without latency) once it sends, at most `bound` bytes/s.
  void add(std::uint32_t slot, double remaining, double active_at, double latency, const std::vector<int>& links,
           double bound, double now);
  bool empty() const { return comms_.empty(); }
  /// The date of the next event: a latency phase's end, or the end of a comm at its rate
  /// (infinite if no comm can progress).
  double next_event();
  /// Advances every comm to `now`: bytes flow at their rates, latency phases within
  /// `simultaneity` of it end, and comms done within it (or with no link) are handed to `done`
  /// and leave.
  void advance(double now, double simultaneity, const std::function<void(std::uint32_t)>& done);

 private:
  struct Comm {
    std::uint32_t slot;
    int flow;          // in sharing_, or -1 without links
    double remaining;  // bytes left at last_
    double active_at;  // end of its latency phase
    double penalty;    // its share's weight once active
    bool active;
  };
  MaxMinSharing sharing_;
  std::vector<Comm> comms_;
  double last_ = 0;  // the date the remaining bytes are counted at
  bool dirty_ = false;
};

}  // namespace hetcoll
