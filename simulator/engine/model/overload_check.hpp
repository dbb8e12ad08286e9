#pragma once
/// @file overload_check.hpp
/// @brief Finds the first instant at which a replication's flows need more than a shared link's
/// bandwidth: until then, fixed rates are CM02's rates (docs/design.md, "When links are shared").
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

#include "engine/model/activity_records.hpp"
#include "engine/model/route_costs.hpp"

namespace hetcoll {

/// @brief Overload detection. SimGrid (CM02) shares a link's bandwidth max-min among the flows
/// crossing it; as long as their rates add up to no more than its bandwidth, every flow gets
/// min(rate cap, route bandwidth), the rate the model engine gives it. So the check keeps, per
/// shared link, the flows whose bytes flow through it (from the end of their latency phase,
/// during which CM02 gives a flow no share, to their end), and says overloaded() once a new flow
/// makes them exceed the bandwidth at some instant. Each instant is checked when the last of its
/// flows starts: all the others are known then.
///
/// Dates closer than kSimultaneity are one instant, as everywhere in the engines: a flow occupies
/// the instants x with begin - x < kSimultaneity <= end - x.
class OverloadCheck {
 public:
  /// A comm's bytes flowing through the shared links of its route (its latency phase excluded),
  /// and its record's slot.
  struct Flow {
    double begin;
    double end;
    double rate;
    std::uint32_t slot;
  };

  /// For the links of `costs`. Every call takes the engine's route costs and, where it reads
  /// pending flows, its records: passed, not held, so that the hot path reads them without an
  /// indirection.
  explicit OverloadCheck(const RouteCosts& costs);

  /// Starts a replication.
  void reset() {
    flows_.clear();
    overloaded_ = false;
  }
  bool overloaded() const { return overloaded_; }
  /// The replication shares its links from now on: the check starts over at its next overload.
  void clear_overload() { overloaded_ = false; }

  /// A comm's flow takes the shared links of its route at date `clock`: the hot path touches one
  /// word per link. (Inlined into the engine's start(), with recount() kept out of line.)
  [[gnu::always_inline]] void occupy(const RouteCosts& costs, const ActivityRecords& records, const Activity& a,
                                     const Flow& flow, double clock) {
    std::uint32_t id = kNoFlow;  // the flow's index in flows_, once a busy link needs it there
    if (costs.private_pairs()) {  // an ideal cluster: the sender's link 2h up, the receiver's 2p + 1 down
      const double limit = costs.limit_of(0);
      occupy_shared(costs, records, 2 * a.host, flow, id, limit, clock);
      occupy_shared(costs, records, 2 * a.peer + 1, flow, id, limit, clock);
      return;
    }
    costs.visit_route(a.host, a.peer, [&](int link) {
      if (link < 0) return;
      const double limit = costs.limit_of(link);
      if (limit < std::numeric_limits<double>::infinity())  // else not shared
        occupy_shared(costs, records, link, flow, id, limit, clock);
    });
  }

  /// At a comm's delivery, before its record changes: the links its flow holds alone are idle
  /// again (those it shares keep it until their period ends). An ideal cluster's two inline, any
  /// other route out of line (inlined into the event loop, the general walk cost a delivery tens
  /// of instructions).
  [[gnu::always_inline]] void release(const RouteCosts& costs, const Activity& a, std::uint32_t slot) {
    if (costs.private_pairs()) {
      release(2 * a.host, slot);
      release(2 * a.peer + 1, slot);
    } else if (costs.knows_links()) {
      release_route(costs, a, slot);
    }
  }

  /// SimGrid levels the flows of a FATPIPE link as it does a shared link's: each gets bandwidth ×
  /// (the smallest penalty among them) / its own penalty, so flows of unequal route latencies
  /// slow each other down there even when their rates fit. A FATPIPE link that carries comms of
  /// two penalties at once is an overload: counted from a comm's start to its delivery (a
  /// superset of its bytes' flow, so sharing may begin early, which costs time only).
  void count_fatpipes(const RouteCosts& costs, const Activity& a);
  void uncount_fatpipes(const RouteCosts& costs, const Activity& a);

 private:
  static constexpr std::uint32_t kNoFlow = std::numeric_limits<std::uint32_t>::max();
  // A link's state, in 4 bytes: at 2^21 links every byte is 2 MiB. kIdle; or the record slot
  // of its sole flow, the comm's record holding everything about it until the comm is
  // delivered, which sets the link idle again (release()); or kSpilled, from the moment a
  // second flow shares the link: both go to flows_, and spill_[link] holds the busy period's
  // flows, their load and their latest end. A replication without overlaps stores no flow.
  static constexpr std::uint32_t kIdle = kNoFlow;
  static constexpr std::uint32_t kSpilled = kNoFlow - 1;
  static_assert(ActivityRecords::kSlots <= kSpilled, "a slot must not read as a link state");
  struct Spill {
    std::vector<std::uint32_t> ids;
    double load = 0;  // sum of the rates recorded in the busy period
    double until = -std::numeric_limits<double>::infinity();  // their latest end
    std::uint32_t first = kNoFlow;  // the period's first flow, until recount() adds it to ids
  };

  // An idle link takes the new flow's slot; any other goes off the hot path.
  [[gnu::always_inline]] void occupy_shared(const RouteCosts& costs, const ActivityRecords& records, int link,
                                            const Flow& flow, std::uint32_t& id, double limit, double clock) {
    std::uint32_t& s = links_[link];
    if (s == kIdle) {
      s = flow.slot;
      return;
    }
    // The flow's fields by value: the hot path then keeps them in registers.
    occupy_busy(costs, records, link, flow.begin, flow.end, flow.rate, flow.slot, id, limit, clock);
  }

  // Off the hot path: every argument in a register.
  [[gnu::noinline]] void occupy_busy(const RouteCosts& costs, const ActivityRecords& records, int link, double begin,
                                     double end, double rate, std::uint32_t slot, std::uint32_t& id, double limit,
                                     double clock);
  void spill_more(const RouteCosts& costs, int link, const Flow& flow, std::uint32_t id, double limit, double clock);
  std::uint32_t add_flow(const Flow& flow) {
    flows_.push_back(flow);
    return static_cast<std::uint32_t>(flows_.size() - 1);
  }
  static Flow flow_of_slot(const RouteCosts& costs, const ActivityRecords& records, std::uint32_t slot);

  void release(int link, std::uint32_t slot) {
    std::uint32_t& s = links_[link];
    if (s == slot) s = kIdle;
  }
  [[gnu::noinline]] void release_route(const RouteCosts& costs, const Activity& a, std::uint32_t slot);

  [[gnu::noinline]] void recount(const RouteCosts& costs, int link, std::uint32_t id, double clock);
  void check_instants(double limit, int link, std::uint32_t id);
  const std::vector<std::uint32_t>& spilled(int link) const;

  std::vector<std::uint32_t> links_;  // kIdle, the slot of the sole flow, or kSpilled
  // Only links that ever carried two flows at once have an entry: at 2^21 links a vector each
  // would cost 48 MB for the few a run spills on.
  std::unordered_map<int, Spill> spill_;
  std::vector<Flow> flows_;
  std::vector<std::uint32_t> fat_count_;  // per link, comms on it from start to delivery (FATPIPE only)
  std::vector<double> fat_penalty_;       // and their penalty while any
  bool overloaded_ = false;
};

}  // namespace hetcoll
