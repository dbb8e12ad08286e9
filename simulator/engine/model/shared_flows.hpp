#pragma once
/// @file shared_flows.hpp
/// @brief The comms of a model-engine replication once its links are shared: each a flow whose
/// rate MaxMinSharing gives, whose bytes advance at that rate between events (docs/design.md,
/// "When links are shared").
#include <cstdint>
#include <vector>

#include "engine/model/max_min_sharing.hpp"

namespace hetcoll {

/// @brief Comms in flight that share links as SimGrid's CM02 shares them: no share while a comm
/// pays its route's latency, then a share weighted by 1 / that latency (1 for a route without
/// latency), bounded by its rate; rates are solved again when a comm starts sending or ends.
///
/// Updates are lazy, as SimGrid's (`network/optim:Lazy`): a comm's bytes are counted again only
/// when its rate changes, and its next event (the end of its latency phase, or its last byte at
/// its rate) waits in a heap, so an event costs the comms whose rates it changes, not all of them.
class SharedFlows {
 public:
  /// Starts anew over links of these bandwidths (`shared` false: FATPIPE), at date `now`.
  void reset(const std::vector<double>& bandwidth, const std::vector<bool>& shared, double now);
  /// A comm of record slot `slot` with `remaining` bytes, sending from `active_at` (the end of
  /// its latency phase) over `links` (a route without links ends when its latency does), with
  /// penalty `latency` (> 0; 1 without latency) once it sends, at most `bound` bytes/s.
  void add(std::uint32_t slot, double remaining, double active_at, double latency, const std::vector<int>& links,
           double bound, double now);
  bool empty() const { return live_ == 0; }
  /// The date of the next event: a latency phase's end, or the end of a comm at its rate
  /// (infinite if no comm can progress).
  double next_event();
  /// Advances to `now`: latency phases within `simultaneity` of it end, and comms done within
  /// it (or with no link, once their latency has passed) are handed to `done` and leave.
  template <class Done>
  void advance(double now, double simultaneity, Done&& done) {
    now_ = now;
    while (!heap_.empty() && heap_.front().event - now < simultaneity) {
      const std::uint32_t index = heap_.front().comm;
      Comm& c = comms_[index];
      if (!c.active) {
        activate(index);
        if (!(c.remaining <= 0 || c.flow < 0)) continue;
      }
      done(c.slot);
      leave(index);
    }
  }

 private:
  struct Comm {
    std::uint32_t slot;
    int flow;          // in sharing_, or -1 without links
    double remaining;  // bytes left at `since`
    double since;      // the date `remaining` and `rate` hold from
    double rate;       // bytes/s since then (0 until the comm sends)
    double penalty;    // its share's weight once active
    bool active;
    std::uint32_t place;  // its entry in heap_
  };
  // A comm's next event: the end of its latency phase until it sends, then its end at its rate.
  struct Entry {
    double event;
    std::uint32_t comm;
  };

  void activate(std::uint32_t index);
  void leave(std::uint32_t index);
  void update_rates();
  // The heap by date: a comm's event moves, and its entry with it.
  void set_event(std::uint32_t index, double event);
  void sift_up(std::size_t at);
  void sift_down(std::size_t at);

  MaxMinSharing sharing_;
  std::vector<Comm> comms_;            // by index; a free one is reused
  std::vector<std::uint32_t> free_;    // indices of comms that left
  std::vector<Entry> heap_;            // earliest event first
  std::vector<std::uint32_t> of_flow_;  // per flow of sharing_, its comm
  std::size_t live_ = 0;
  double now_ = 0;  // the date of the last advance or add
  bool dirty_ = false;
};

}  // namespace hetcoll
