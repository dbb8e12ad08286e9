#include "engine/model/model_engine.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "engine/model/shared_flows.hpp"

namespace hetcoll {
namespace {

// The event loop is the hot path of every Monte Carlo sweep (a reduction on 64 hosts must
// cost a few microseconds), so it allocates nothing per event once its storage has grown.
//
// Executor comes first among the bases, so that a policy's call of start() needs no `this`
// adjustment (a thunk per activity otherwise).
class ModelEngine final : private Executor, public Engine {
 public:
  // The platform is shared with the run that made it, never copied: at 2^20 hosts it holds 2^21
  // links. The engine copies the links' costs only when a replication changes them (apply()).
  explicit ModelEngine(std::shared_ptr<const Platform> platform)
      : platform_(std::move(platform)), hosts_(static_cast<std::size_t>(platform_->host_count())) {
    index_routes();
    index_route_links();
  }

  void run(ReplicationSource& source) override {
    std::vector<LinkSetting> settings;
    for (;;) {
      settings.clear();
      Policy* policy = source.next(settings);
      if (policy == nullptr) return;
      apply(settings);
      source.finished(run_one(*policy));
    }
  }

 private:
  // A comm's bytes flowing through the shared links of its route (its latency phase excluded),
  // and its record's slot (for the error message).
  struct Flow {
    double begin;
    double end;
    double rate;
    std::uint32_t slot;
  };
  static constexpr std::uint32_t kNoFlow = std::numeric_limits<std::uint32_t>::max();

  // A link's state (occupy()), in 4 bytes: at 2^21 links every byte is 2 MiB. kIdle; or the
  // record slot of its sole flow, the comm's record holding everything about it until the
  // comm is delivered, which sets the link idle again (release()); or kSpilled, from the
  // moment a second flow shares the link: both go to flows_, and spill_[link] holds the busy
  // period's flows, their load and their latest end. A replication without overlaps stores
  // no flow at all.
  static constexpr std::uint32_t kIdle = kNoFlow;
  static constexpr std::uint32_t kSpilled = kNoFlow - 1;
  struct Spill {
    std::vector<std::uint32_t> ids;
    double load = 0;  // sum of the rates recorded in the busy period
    double until = -std::numeric_limits<double>::infinity();  // their latest end
    std::uint32_t first = kNoFlow;  // the period's first flow, until recount() adds it to ids
  };

  // A pending completion, in 16 bytes: its date, its record's slot and its owner (for the
  // batch order). The heap orders by date alone: the batch of an instant is the same set
  // whatever the order of equal dates, and run_one() sorts it by (owner, id) before delivering.
  struct Pending {
    double end;
    std::uint32_t slot;
    std::uint32_t owner;
  };

  // Activity records (what on_complete receives), in slots of chunks that never move: a policy
  // is handed a reference to the record itself, and the activities it starts meanwhile take
  // other slots without invalidating it. A slot is free again once its completion has been
  // delivered, so records cost the most activities pending at once, not all of a replication
  // (2^19 against 2^20 for Tree-dyn on 2^20 hosts). Chunks are kept across replications.
  static constexpr unsigned kChunkBits = 10;
  static constexpr std::uint32_t kChunkMask = (1u << kChunkBits) - 1;

  Completion& record(std::uint32_t slot) { return chunks_[slot >> kChunkBits][slot & kChunkMask]; }
  const Completion& record(std::uint32_t slot) const { return chunks_[slot >> kChunkBits][slot & kChunkMask]; }

  std::uint32_t take_slot() {
    if (!free_.empty()) {
      const std::uint32_t slot = free_.back();
      free_.pop_back();
      return slot;
    }
    const std::uint32_t slot = slots_++;
    if ((slot >> kChunkBits) == chunks_.size()) {
      // A slot must not read as a link state's kSpilled (2^32 - 2 activities pending: 256 GiB).
      if (slot >= kSpilled) throw InputError("model engine: more than 2^32 - 3 activities pending at once");
      chunks_.emplace_back(new Completion[std::size_t{1} << kChunkBits]);
    }
    return slot;
  }

  double now() const override { return clock_ - origin_; }

  std::uint64_t start(const Activity& activity) override {
    // Ids go into 32-bit batch keys and flows: 2^32 activities in one replication would need
    // 128 GiB of flows, but an overflow must not reorder batches silently.
    if (started_ == kNoFlow) throw InputError("model engine: more than 2^32 - 1 activities in one replication");
    const std::uint32_t id = started_;
    // Recorded first: a comm that overloads a link joins the sharing system by its record.
    const std::uint32_t slot = take_slot();
    Completion& r = record(slot);
    r.id = id;
    r.activity = activity;
    r.start = clock_ - origin_;
    double end;
    if (activity.kind == ActivityKind::compute) {
      end = clock_ + activity.amount / speed(activity.host);
      if (!finite_end(end)) refuse(activity);
    } else if (sharing_) {
      if (fatpipes_) count_fatpipes(activity);
      start_shared(slot);
      ++started_;
      return id;
    } else {
      // The sum SimGrid computes: the latency phase ends first, then the bytes flow, from
      // `begin` to `end` at `rate`.
      const RouteCost route = route_cost(activity.host, activity.peer);
      const double rate = flow_rate(activity, route);
      double begin = clock_;
      if (route.latency > 0) begin = clock_ + route.latency;
      end = begin + activity.amount / rate;
      if (!finite_end(end)) refuse(activity);
      // A flow shorter than one instant occupies no instant of its links (see occupy()).
      if (end - begin >= kSimultaneity && occupies_) {
        r.end = begin;  // until delivery, the flow's begin (flow_of_slot()); deliver() sets the end
        std::uint32_t id_in_flows = kNoFlow;  // the flow's index in flows_, once a busy link needs it there
        occupy(activity, {begin, end, rate, slot}, id_in_flows);
      }
      if (fatpipes_) count_fatpipes(activity);
      if (overloaded_) {  // its links cannot carry every flow at their rates: they share
        enter_sharing();
        start_shared(slot);
        ++started_;
        return id;
      }
    }
    push({end, slot, static_cast<std::uint32_t>(activity.owner())});
    ++started_;
    return id;
  }

  // The rate a comm's bytes flow at: its cap, if any, within its route's bandwidth.
  // A negative or NaN cap gives a negative or NaN duration, which start() refuses as the SimGrid
  // engine does (a test on `> 0` would read it as no cap, at no less cost).
  static double flow_rate(const Activity& a, const RouteCost& route) {
    return a.rate != 0 ? std::min(a.rate, route.bandwidth) : route.bandwidth;
  }

  // An infinite, NaN or negative duration would never leave the heap (or go back in time):
  // one comparison keeps the loop finite whatever a platform or a cost draw holds.
  bool finite_end(double end) const { return end >= clock_ && end <= std::numeric_limits<double>::max(); }

  // The heap, in flat storage of 16-byte entries, followed by a sentinel that ends after
  // everything (an infinite date, which finite_end() keeps from any activity): a child's
  // sibling then always exists, and an empty heap's top ends after every instant. push() sifts
  // up; pop() is Floyd's: the hole at the top goes down to a leaf along the earlier child,
  // chosen without a branch, and the last entry rises from there (fewer mispredicted
  // comparisons than the textbook sift-down).
  static constexpr Pending kSentinel{std::numeric_limits<double>::infinity(), 0, 0};

  bool heap_empty() const { return heap_.size() == 1; }

  void push(Pending e) {
    if (root_free_) {  // the completion being delivered leaves the top: e takes its place
      root_free_ = false;
      settle_from_top(e, heap_.size() - 1);
      return;
    }
    std::size_t i = heap_.size() - 1;  // the sentinel's place
    heap_.push_back(kSentinel);
    while (i > 0) {
      const std::size_t parent = (i - 1) / 2;
      if (!(heap_[parent].end > e.end)) break;
      heap_[i] = heap_[parent];
      i = parent;
    }
    heap_[i] = e;
  }

  Pending pop() {
    const Pending top = heap_[0];
    heap_.pop_back();  // the sentinel: the last entry's place takes it
    const Pending last = heap_.back();
    heap_.back() = kSentinel;
    const std::size_t size = heap_.size() - 1;  // entries left
    if (size > 0) settle_from_top(last, size);
    return top;
  }

  // Places e in a heap of `size` entries whose top is a hole: the hole goes down to a leaf along
  // the earlier child, chosen without a branch, and e rises from there.
  void settle_from_top(Pending e, std::size_t size) {
    std::size_t i = 0;
    for (;;) {
      std::size_t child = 2 * i + 1;
      if (child >= size) break;
      child += static_cast<std::size_t>(heap_[child + 1].end < heap_[child].end);
      heap_[i] = heap_[child];
      i = child;
    }
    while (i > 0) {
      const std::size_t parent = (i - 1) / 2;
      if (!(heap_[parent].end > e.end)) break;
      heap_[i] = heap_[parent];
      i = parent;
    }
    heap_[i] = e;
  }

  // The date of the earliest completion after the top, one of the top's two children (the
  // sentinel's infinite date if there is none: with one entry, the sentinel is its first child).
  double next_end() const { return heap_.size() > 2 ? std::min(heap_[1].end, heap_[2].end) : heap_[1].end; }

  // Overload detection (docs/design.md, "When links are shared"). SimGrid (CM02) shares a link's
  // bandwidth max-min among the flows crossing it; as long as their rates add up to no more than
  // its bandwidth, every flow gets min(rate cap, route bandwidth), the rate the model engine
  // gives it. So the engine keeps, per shared link, the flows whose bytes flow through it (from
  // the end of their latency phase, during which CM02 gives a flow no share, to their end), and
  // sets overloaded_ when a new flow makes them exceed the bandwidth at some instant: the
  // replication then shares its links (enter_sharing()).
  // Each instant is checked when the last of its flows starts: all the others are known then.
  // (Inlined into start(), with recount() kept out of line: 3 % of a reduction's replication.)
  [[gnu::always_inline]] void occupy(const Activity& a, const Flow& flow, std::uint32_t& id) {
    if (private_pairs_) {  // an ideal cluster: the sender's link 2h up, the receiver's 2p + 1 down
      occupy_shared(2 * a.host, flow, id, limit_[0]);
      occupy_shared(2 * a.peer + 1, flow, id, limit_[0]);
      return;
    }
    visit_route(a.host, a.peer, [&](int link) { occupy(link, flow, id); });
  }

  // Hands `visit` the links of the route from src to dst, in route order: the sender's uplink,
  // the links between the two zones and the receiver's downlink (-1 for a host without a link
  // of its own), or those of the route table (which must list them: occupies_). The one walk of
  // occupy(), release() and refuse(); the generated platforms' routes are iterated in place.
  template <class Visit>
  [[gnu::always_inline]] void visit_route(int src, int dst, Visit&& visit) const {
    if (!table_) {
      visit(up_link(src));
      if (!between_links_.empty()) {  // no backbone (a cluster): nothing between the two ends
        const std::size_t pair = static_cast<std::size_t>(host_end(up_, src).zone) * zones_ + host_end(down_, dst).zone;
        for (std::size_t i = between_start_[pair]; i < between_start_[pair + 1]; ++i) visit(between_links_[i]);
      }
      visit(down_link(dst));
    } else {
      const std::size_t route = static_cast<std::size_t>(src) * hosts_ + dst;
      for (std::size_t i = platform_->route_link_start[route]; i < platform_->route_link_start[route + 1]; ++i)
        visit(platform_->route_links[i]);
    }
  }

  // Dates closer than kSimultaneity are one instant, as everywhere in the engines: a flow
  // occupies the instants x with begin - x < kSimultaneity <= end - x.
  //
  // The hot path touches one word per link: an idle link takes the new flow's slot. A link
  // whose sole flow is still pending may yet be free (that flow ends at this instant and is
  // delivered later in its batch); if not, the two flows go to flows_ and spill_[link]. There
  // `load`, the sum of the rates recorded in the busy period, bounds the load at every instant;
  // only when a new flow takes it beyond the limit are the flows that have ended dropped, and, if
  // the flows left still exceed it, the instants checked one by one.
  [[gnu::always_inline]] void occupy(int link, const Flow& flow, std::uint32_t& id) {
    if (link < 0) return;
    const double limit = limit_of(link);
    if (!(limit < std::numeric_limits<double>::infinity())) return;  // not shared
    occupy_shared(link, flow, id, limit);
  }

  [[gnu::always_inline]] void occupy_shared(int link, const Flow& flow, std::uint32_t& id, double limit) {
    std::uint32_t& s = links_[link];
    if (s == kIdle) {
      s = flow.slot;
      return;
    }
    // The flow's fields by value: the hot path then keeps them in registers.
    occupy_busy(link, flow.begin, flow.end, flow.rate, flow.slot, id, limit);
  }

  // Off the hot path: a link that holds a flow already, or several.
  [[gnu::noinline]] void occupy_busy(int link, double begin, double end, double rate, std::uint32_t slot,
                                     std::uint32_t& id, double limit) {
    const Flow flow{begin, end, rate, slot};
    std::uint32_t& s = links_[link];
    if (s != kSpilled) {
      const std::uint32_t sole = s;
      const Flow held = flow_of_slot(sole);
      if (held.end - clock_ < kSimultaneity) {  // it ends at this instant: the link is free
        s = flow.slot;
        return;
      }
      if (id == kNoFlow) id = add_flow(flow);
      // The period's sole flow joins the new one in flows_, as the first of spill_[link]. The
      // same comm when its route crosses the link twice: one flow, as check_instants() counts it.
      Spill& spill = spill_[link];
      spill.ids.clear();
      spill.first = sole == flow.slot ? id : add_flow(held);
      spill.load = held.rate;
      spill.until = held.end;
      s = kSpilled;
      spill_more(link, flow, id, limit);
      return;
    }
    Spill& spill = spill_[link];
    if (spill.until - clock_ < kSimultaneity) {  // every flow of the period has ended
      spill.ids.clear();
      spill.first = kNoFlow;
      s = flow.slot;
      return;
    }
    if (id == kNoFlow) id = add_flow(flow);
    spill_more(link, flow, id, limit);
  }

  void spill_more(int link, const Flow& flow, std::uint32_t id, double limit) {
    Spill& spill = spill_[link];
    if (spill.load + flow.rate > limit) recount(link, id);
    spill.until = std::max(spill.until, flow.end);
    spill.load += flow.rate;
    spill.ids.push_back(id);
  }

  std::uint32_t add_flow(const Flow& flow) {
    flows_.push_back(flow);
    return static_cast<std::uint32_t>(flows_.size() - 1);
  }

  // The flow of a pending comm, rebuilt from its record (its begin kept in the record's `end`
  // until delivery; its rate and end worked out as start() did, the same bits).
  Flow flow_of_slot(std::uint32_t slot) const {
    const Completion& r = record(slot);
    const double rate = flow_rate(r.activity, route_cost(r.activity.host, r.activity.peer));
    const double begin = r.end;
    return {begin, begin + r.activity.amount / rate, rate, slot};
  }

  // At a comm's delivery, before its record changes: the links its flow holds alone are idle
  // again (those it shares keep it in spill_ until their period ends). The links occupy() took:
  // an ideal cluster's two inline, any other route by visit_route() out of line (inlined into
  // the event loop, the general walk cost a delivery tens of instructions).
  [[gnu::always_inline]] void release(const Activity& a, std::uint32_t slot) {
    if (private_pairs_) {
      release(2 * a.host, slot);
      release(2 * a.peer + 1, slot);
    } else if (occupies_) {
      release_route(a, slot);
    }
  }
  void release(int link, std::uint32_t slot) {
    std::uint32_t& s = links_[link];
    if (s == slot) s = kIdle;
  }
  [[gnu::noinline]] void release_route(const Activity& a, std::uint32_t slot) {
    visit_route(a.host, a.peer, [&](int link) {
      if (link >= 0) release(link, slot);
    });
  }

  // Off the hot path: the flows of the busy period that have not ended, all in spill_[link]
  // (the first one moved there), their exact sum, and the instants if it exceeds the limit.
  [[gnu::noinline]] void recount(int link, std::uint32_t id) {
    Spill& spill = spill_[link];
    std::vector<std::uint32_t>& ids = spill.ids;
    if (spill.first != kNoFlow) ids.push_back(spill.first);
    spill.first = kNoFlow;
    spill.load = 0;
    spill.until = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < ids.size();) {
      const Flow& f = flows_[ids[i]];
      if (f.end - clock_ < kSimultaneity) {
        ids[i] = ids.back();
        ids.pop_back();
        continue;
      }
      spill.load += f.rate;
      spill.until = std::max(spill.until, f.end);
      ++i;
    }
    if (spill.load + flows_[id].rate > limit_of(link)) check_instants(link, id);
  }

  // The load at each instant of the new flow where it can grow (its start and the starts of the
  // flows that share it), and the error if one exceeds the bandwidth.
  void check_instants(int link, std::uint32_t id) {
    const Flow& flow = flows_[id];
    const double limit = limit_of(link);
    auto load_at = [&](double x) {
      double load = flow.rate;
      for (std::uint32_t other : spilled(link)) {
        const Flow& f = flows_[other];
        if (f.begin - x < kSimultaneity && f.end - x >= kSimultaneity) load += f.rate;
      }
      return load;
    };
    if (load_at(flow.begin) > limit) overloaded_ = true;
    for (std::uint32_t other : spilled(link)) {
      const double x = flows_[other].begin;
      if (x > flow.begin && flow.end - x >= kSimultaneity && load_at(x) > limit) overloaded_ = true;
    }
  }

  const std::vector<std::uint32_t>& spilled(int link) const {
    static const std::vector<std::uint32_t> none;
    const auto found = spill_.find(link);
    return found == spill_.end() ? none : found->second.ids;
  }

  // SimGrid levels the flows of a FATPIPE link as it does a shared link's (MaxMinSharing): each
  // gets bandwidth × (the smallest penalty among them) / its own penalty, so flows of unequal
  // route latencies slow each other down there even when their rates fit. A FATPIPE link that
  // carries comms of two penalties at once is an overload: counted from a comm's start to its
  // delivery (a superset of its bytes' flow, so sharing may begin early, which costs time only).
  static double penalty_of(double latency) { return latency > 0 ? latency : 1.0; }

  void count_fatpipes(const Activity& a) {
    const double penalty = penalty_of(route_cost(a.host, a.peer).latency);
    visit_route(a.host, a.peer, [&](int link) {
      if (link < 0 || platform_->links[link].shared) return;
      std::uint32_t& count = fat_count_[link];
      if (count == 0) fat_penalty_[link] = penalty;
      else if (fat_penalty_[link] != penalty) overloaded_ = true;
      ++count;
    });
  }

  void uncount_fatpipes(const Activity& a) {
    visit_route(a.host, a.peer, [&](int link) {
      if (link >= 0 && !platform_->links[link].shared) --fat_count_[link];
    });
  }

  // ---- Shared links (docs/design.md, "When links are shared") -----------------------------------
  // A replication runs with fixed rates until some link's flows would need more than its
  // bandwidth (occupy() finds the first such instant, overloaded_). From then on every comm in
  // flight and every later one is a flow of shared_ (SharedFlows); computations stay on the heap.

  void enter_sharing() {
    sharing_ = true;
    overloaded_ = false;
    std::vector<double> bandwidth;
    std::vector<bool> shared;
    for (std::size_t l = 0; l < platform_->links.size(); ++l) {
      bandwidth.push_back(cost(static_cast<int>(l)).bandwidth);
      shared.push_back(platform_->links[l].shared);
    }
    shared_.reset(bandwidth, shared, clock_);
    // The comms in flight leave the heap with the bytes their fixed rates have sent so far; the
    // entry being delivered (root_free_) is done already.
    std::vector<Pending> kept;
    for (std::size_t i = root_free_ ? 1 : 0; i + 1 < heap_.size(); ++i) {
      const Pending& p = heap_[i];
      const Activity& a = record(p.slot).activity;
      if (a.kind != ActivityKind::comm) {
        kept.push_back(p);
        continue;
      }
      const RouteCost route = route_cost(a.host, a.peer);
      const double rate = flow_rate(a, route);
      const double begin = p.end - a.amount / rate;
      add_shared(p.slot, route, clock_ > begin ? rate * (p.end - clock_) : a.amount, begin);
    }
    root_free_ = false;
    heap_.assign(1, kSentinel);
    for (const Pending& p : kept) push(p);
  }

  void start_shared(std::uint32_t slot) {
    const Activity& a = record(slot).activity;
    const RouteCost route = route_cost(a.host, a.peer);
    const double active_at = clock_ + route.latency;
    if (!finite_end(active_at)) refuse(a);
    add_shared(slot, route, a.amount, active_at);
  }

  // `route`: the comm's, whose latency is its sharing penalty (penalty_of()).
  void add_shared(std::uint32_t slot, const RouteCost& route, double remaining, double active_at) {
    const Activity& a = record(slot).activity;
    if (active_at - clock_ < kSimultaneity) active_at = clock_;
    route_links(a.host, a.peer, route_links_);
    shared_.add(slot, remaining, active_at, penalty_of(route.latency), route_links_, flow_rate(a, route), clock_);
  }

  // One instant of a replication whose links are shared: the flows advance to it, and its batch,
  // the flows done and the heap's completions alike, is delivered in (owner, id) order.
  void run_shared_instant(Policy& policy) {
    const double next = std::min(heap_.front().end, shared_.next_event());
    if (!(next <= std::numeric_limits<double>::max()))
      throw InputError(platform_->source() + ": model engine: the comms in flight get no bandwidth at simulated time " +
                       format_number(clock_ - origin_) + " s");
    clock_ = next;
    batch_.clear();
    shared_.advance(clock_, kSimultaneity, [&](std::uint32_t slot) {
      batch_.push_back(batch_entry({clock_, slot, static_cast<std::uint32_t>(record(slot).activity.owner())}));
    });
    while (heap_.front().end - clock_ < kSimultaneity) batch_.push_back(batch_entry(pop()));
    std::sort(batch_.begin(), batch_.end());
    for (const auto& entry : batch_) deliver(policy, entry.second);
    // With no comm in flight, links carry nothing: fixed rates hold again until the next
    // overload. (A flow never beats its fixed rate, so the busy periods the overload check
    // recorded have all ended by now.)
    if (shared_.empty()) sharing_ = false;
  }

  // Off the hot path: says which number made the duration unusable.
  [[noreturn]] void refuse(const Activity& a) const {
    const std::string where = platform_->source();
    const std::string host = platform_->host_name(a.host);
    if (a.kind == ActivityKind::compute) {
      const double s = speed(a.host);
      if (!(s > 0 && s <= std::numeric_limits<double>::max()))
        throw InputError(where + ": host " + host + " has speed " + format_number(s) +
                         " flop/s; expected a positive finite speed");
      throw no_finite_duration(a, host, "");
    }
    const std::string peer = platform_->host_name(a.peer);
    std::vector<int> links;
    route_links(a.host, a.peer, links);
    for (int link : links) {
      const RouteCost c = cost(link);
      if (!(c.bandwidth > 0 && c.latency >= 0 && c.latency <= std::numeric_limits<double>::max()))
        throw InputError(where + ": link " + platform_->link_name(link) + " has bandwidth " +
                         format_number(c.bandwidth) + " B/s and latency " + format_number(c.latency) +
                         " s; expected a positive bandwidth and a finite, non-negative latency");
    }
    throw no_finite_duration(a, host, peer);
  }

  void route_links(int src, int dst, std::vector<int>& links) const {
    links.clear();
    if (occupies_)  // else a route table without its links: none to name
      visit_route(src, dst, [&](int link) {
        if (link >= 0) links.push_back(link);
      });
  }

  // A link's latency and bandwidth now: the platform's, or the last change apply() made.
  RouteCost cost(int link) const {
    if (!link_cost_.empty()) return link_cost_[link];
    const LinkSpec& l = platform_->links[link];
    return {l.latency, l.bandwidth};
  }

  // Per host, the costs of its route's first (up_) and last (down_) link and its zone:
  // everything a comm reads about its two ends, in one place. When every host has the same
  // (the ideal cluster, any cluster of equal hosts), the arrays hold one entry and host_mask_
  // is 0, so that each host reads entry h & host_mask_ without a branch: a 2^20-host cluster
  // then costs the engine no per-host memory.
  struct HostEnd {
    double latency;
    double bandwidth;
    int zone;
    bool operator==(const HostEnd& o) const {
      return latency == o.latency && bandwidth == o.bandwidth && zone == o.zone;
    }
  };
  const HostEnd& host_end(const std::vector<HostEnd>& ends, int host) const { return ends[host & host_mask_]; }
  double speed(int host) const { return speed_[host & host_mask_]; }
  double limit_of(int link) const { return limit_[link & link_mask_]; }

  // A host's up and down links. Generated clusters number them 2h and 2h + 1: then they are
  // computed, not read from the host's record (at 2^20 hosts, a cache miss each in 56 MB).
  int up_link(int host) const { return numbered_links_ ? 2 * host : platform_->hosts[host].up; }
  int down_link(int host) const { return numbered_links_ ? 2 * host + 1 : platform_->hosts[host].down; }

  // Platform::route walks the route's links; the hot path reads the same numbers from the
  // per-host arrays (up to the zone boundary, across, and down), rebuilt when a link changes.
  RouteCost route_cost(int src, int dst) const {
    if (uniform_) return uniform_route_;
    if (table_) return platform_->route_table[static_cast<std::size_t>(src) * hosts_ + dst];
    const HostEnd& up = host_end(up_, src);
    const HostEnd& down = host_end(down_, dst);
    const RouteCost& across = between_[up.zone * zones_ + down.zone];
    return {up.latency + across.latency + down.latency, std::min({up.bandwidth, across.bandwidth, down.bandwidth})};
  }

  // The links between two zones as one array, for occupy(): zone pair a·zones + b owns
  // between_links_[between_start_[pair] .. between_start_[pair + 1]).
  void index_route_links() {
    between_start_.assign(1, 0);
    for (int a = 0; a < zones_; ++a)
      for (int b = 0; b < zones_; ++b) {
        if (a < static_cast<int>(platform_->between.size()) && b < static_cast<int>(platform_->between[a].size()))
          between_links_.insert(between_links_.end(), platform_->between[a][b].begin(), platform_->between[a][b].end());
        between_start_.push_back(between_links_.size());
      }
  }

  void index_routes() {
    const double inf = std::numeric_limits<double>::infinity();
    auto end_of = [&](int link, int zone) {
      const RouteCost c = link < 0 ? RouteCost{0.0, inf} : cost(link);
      return HostEnd{c.latency, c.bandwidth, zone};
    };
    table_ = !platform_->route_table.empty();
    // A route table without its links (no route_link_start) gives the engine nothing to check.
    occupies_ = !table_ || !platform_->route_link_start.empty();
    speed_.clear();
    up_.clear();
    down_.clear();
    zones_ = 1;
    const SpecList<HostSpec>& hosts = platform_->hosts;
    bool same = !hosts.empty();
    for (const HostSpec& h : hosts) {
      zones_ = std::max(zones_, h.zone + 1);
      if (same && !(h.speed == hosts[0].speed && end_of(h.up, h.zone) == end_of(hosts[0].up, hosts[0].zone) &&
                    end_of(h.down, h.zone) == end_of(hosts[0].down, hosts[0].zone)))
        same = false;
    }
    host_mask_ = same ? 0 : -1;
    numbered_links_ = true;
    for (std::size_t h = 0; h < hosts.size() && numbered_links_; ++h)
      numbered_links_ = hosts[h].up == static_cast<int>(2 * h) && hosts[h].down == static_cast<int>(2 * h + 1);
    for (std::size_t i = 0; i < (same ? 1 : hosts.size()); ++i) {
      speed_.push_back(hosts[i].speed);
      up_.push_back(end_of(hosts[i].up, hosts[i].zone));
      down_.push_back(end_of(hosts[i].down, hosts[i].zone));
    }
    between_.assign(static_cast<std::size_t>(zones_) * zones_, RouteCost{0.0, inf});
    for (int a = 0; a < zones_ && a < static_cast<int>(platform_->between.size()); ++a)
      for (int b = 0; b < zones_ && b < static_cast<int>(platform_->between[a].size()); ++b)
        for (int l : platform_->between[a][b]) {
          RouteCost& c = between_[a * zones_ + b];
          c.latency += cost(l).latency;
          c.bandwidth = std::min(c.bandwidth, cost(l).bandwidth);
        }
    // Equal hosts in one zone (an ideal cluster): every route costs the same, computed once by
    // the general sum, so the same bits.
    uniform_ = false;
    if (!table_ && host_mask_ == 0 && zones_ == 1) {
      uniform_route_ = route_cost(0, 0);
      uniform_ = true;
    }
    // The most a shared link carries before SimGrid would share it: its bandwidth, to a relative
    // 1e-9 (rates that fill a link exactly, such as k streams capped at backbone / k, add up to
    // its bandwidth only to rounding). Unshared (FATPIPE) links: no limit.
    // One entry (and link_mask_ 0) when every link has the same, as host_end() does for hosts.
    const std::size_t links = platform_->links.size();
    links_.resize(links, kIdle);
    bool same_limit = links > 0;
    for (std::size_t i = 1; i < links && same_limit; ++i) same_limit = limit_of_cost(i) == limit_of_cost(0);
    link_mask_ = same_limit ? 0 : -1;
    limit_.clear();
    for (std::size_t i = 0; i < (same_limit ? 1 : links); ++i) limit_.push_back(limit_of_cost(i));
    // Every route is the sender's link 2h and the receiver's 2p + 1, all shared alike: occupy()
    // goes to them straight.
    const bool nothing_between = zones_ == 1 && (platform_->between.empty() || platform_->between[0].empty() ||
                                                 platform_->between[0][0].empty());
    private_pairs_ = !table_ && numbered_links_ && nothing_between && link_mask_ == 0 && !limit_.empty() &&
                     limit_[0] < inf;
    // Host h's links are 2h and 2h + 1 and nothing else holds their costs: apply() can change
    // them in up_, down_ and limit_ alone.
    settable_in_place_ = !table_ && numbered_links_ && nothing_between && host_mask_ == -1 && link_mask_ == -1;
    fatpipes_ = occupies_ && std::any_of(platform_->links.begin(), platform_->links.end(),
                                         [](const LinkSpec& l) { return !l.shared; });
    fat_count_.assign(fatpipes_ ? links : 0, 0);
    fat_penalty_.assign(fatpipes_ ? links : 0, 0.0);
  }

  // The most link i carries before SimGrid would share it (see index_routes()).
  double limit_of_cost(std::size_t i) const {
    return platform_->links[i].shared ? cost(static_cast<int>(i)).bandwidth * (1 + kContentionTolerance)
                                      : std::numeric_limits<double>::infinity();
  }

  double run_one(Policy& policy) {
    origin_ = clock_;
    started_ = 0;
    flows_.clear();
    heap_.assign(1, kSentinel);
    sharing_ = false;
    overloaded_ = false;
    policy.begin(*this);
    double makespan = 0;
    while (!heap_empty() || !shared_.empty()) {
      if (sharing_) {
        run_shared_instant(policy);
        makespan = clock_ - origin_;
        continue;
      }
      // Take the whole batch of this instant before delivering any of it, so activities the
      // policy starts meanwhile wait for a later batch even when they end at the same date.
      clock_ = heap_.front().end;
      makespan = clock_ - origin_;
      if (!(next_end() - clock_ < kSimultaneity)) {
        // An instant of one completion, most of them. Its entry leaves the heap after delivery,
        // or gives its place to the first activity the policy starts meanwhile (push()): one
        // sift instead of a pop's and a push's.
        root_free_ = true;
        deliver(policy, heap_.front().slot);
        if (root_free_) {
          root_free_ = false;
          pop();
        }
        continue;
      }
      const Pending first = pop();
      // The heap yields the batch by date, and dates of one instant may differ in their last
      // bits (sums taken along different paths): the Policy contract orders an instant by
      // (owner, id) alone, as the SimGrid engine does. One 64-bit key each sorts it.
      batch_.clear();
      batch_.push_back(batch_entry(first));
      while (heap_.front().end - clock_ < kSimultaneity) batch_.push_back(batch_entry(pop()));
      std::sort(batch_.begin(), batch_.end());  // keys are distinct: slots never decide
      for (const auto& entry : batch_) deliver(policy, entry.second);
    }
    return makespan;
  }

  // (owner, id) as one 64-bit key, and the slot.
  std::pair<std::uint64_t, std::uint32_t> batch_entry(const Pending& p) const {
    return {std::uint64_t{p.owner} << 32 | record(p.slot).id, p.slot};
  }

  void deliver(Policy& policy, std::uint32_t slot) {
    Completion& done = record(slot);
    if (done.activity.kind == ActivityKind::comm) {
      release(done.activity, slot);
      if (fatpipes_) uncount_fatpipes(done.activity);
    }
    done.end = clock_ - origin_;  // the instant of the batch, as SimGrid reports it
    policy.on_complete(*this, done);
    free_.push_back(slot);
  }

  void apply(const std::vector<LinkSetting>& settings) {
    if (settings.empty()) return;
    // Routes timed from a route table (a file's, read with it by describe()) would not see the
    // change: the engine would time the platform as it was.
    if (table_) {
      check_link_setting(settings.front(), *platform_);
      throw InputError(platform_->source() + ": link " +
                       platform_->link_name(settings.front().link) +
                       " changes before each replication, but the model engine times this platform's routes from a "
                       "table read once; use engine = simgrid");
    }
    if (link_cost_.empty())
      for (const LinkSpec& l : platform_->links) link_cost_.push_back({l.latency, l.bandwidth});
    // A cluster drawn per replication changes the hosts' own links every time: once the engine
    // holds an entry per host and per link, those entries are updated in place, in O(changes),
    // rather than indexing every host again (a tenth of a drawn 64-host replication). Entries
    // are never merged back (a draw of equal hosts): that only forgoes a shortcut, since every
    // route costs the same sums either way.
    bool in_place = settable_in_place_;
    for (const LinkSetting& s : settings) {
      check_link_setting(s, *platform_);
      link_cost_[s.link] = {s.latency, s.bandwidth};
      if (!in_place) continue;
      if (static_cast<std::size_t>(s.link) >= 2 * hosts_) {  // not a host's own link
        in_place = false;
        continue;
      }
      HostEnd& end = (s.link % 2 == 0 ? up_ : down_)[static_cast<std::size_t>(s.link / 2)];
      end.latency = s.latency;
      end.bandwidth = s.bandwidth;
      limit_[s.link] = limit_of_cost(static_cast<std::size_t>(s.link));
    }
    if (!in_place) index_routes();
  }

  std::shared_ptr<const Platform> platform_;
  std::size_t hosts_;
  bool table_ = false;     // the platform's route table replaces the fixed route shape
  bool occupies_ = true;   // the engine knows the links of routes (occupy())
  std::vector<RouteCost> link_cost_;  // per link: its latency and bandwidth, once apply() changed one
  // Contention detection (occupy()): per link, its state and the flows beyond the first; the
  // flows of the replication's comms on routes the engine knows.
  std::vector<std::uint32_t> links_;  // kIdle, the slot of the sole flow, or kSpilled
  std::vector<double> limit_;  // per link, the most it carries (infinite: not shared); see limit_of()
  int link_mask_ = -1;
  // Only links that ever carried two flows at once have an entry: at 2^21 links a vector each
  // would cost 48 MB for the few a run spills on.
  std::unordered_map<int, Spill> spill_;
  std::vector<Flow> flows_;
  std::vector<int> between_links_;
  std::vector<std::size_t> between_start_;
  std::vector<double> speed_;
  std::vector<HostEnd> up_, down_;
  int host_mask_ = -1;
  bool uniform_ = false;      // every route costs uniform_route_ (index_routes)
  RouteCost uniform_route_;
  bool numbered_links_ = false;  // host h's links are 2h (up) and 2h + 1 (down)
  bool private_pairs_ = false;   // and nothing else, all shared with one limit (index_routes)
  bool settable_in_place_ = false;  // apply() may update host entries and limits alone (index_routes)
  bool fatpipes_ = false;  // some link is FATPIPE: comms count on them (count_fatpipes())
  std::vector<std::uint32_t> fat_count_;  // per link, comms on it from start to delivery (FATPIPE only)
  std::vector<double> fat_penalty_;       // and their penalty while any
  std::vector<RouteCost> between_;
  int zones_ = 1;
  // Like SimGrid's, the clock runs on across the replications of an engine and each one is
  // timed from its origin: both engines then compute every date as the same floating-point
  // sum, so even costs below the clock's resolution fall into the same batches. The driver
  // gives every work unit a fresh engine, so results never depend on how work is split.
  double clock_ = 0;
  double origin_ = 0;
  std::uint32_t started_ = 0;  // activities started in this replication: the next id
  std::vector<std::unique_ptr<Completion[]>> chunks_;
  std::uint32_t slots_ = 0;            // slots ever used: the chunks hold them
  std::vector<std::uint32_t> free_;    // slots whose completion has been delivered
  std::vector<Pending> heap_;
  bool root_free_ = false;  // the top's completion is being delivered (run_one())
  std::vector<std::pair<std::uint64_t, std::uint32_t>> batch_;
  // Shared links, from the first overload of a replication on (enter_sharing()).
  bool overloaded_ = false;
  bool sharing_ = false;
  SharedFlows shared_;
  std::vector<int> route_links_;  // scratch of add_shared()
};

}  // namespace

std::unique_ptr<Engine> make_model_engine(std::shared_ptr<const Platform> platform) {
  return std::make_unique<ModelEngine>(std::move(platform));
}

std::unique_ptr<Engine> make_model_engine(Platform platform) {
  return make_model_engine(std::make_shared<const Platform>(std::move(platform)));
}

}  // namespace hetcoll
