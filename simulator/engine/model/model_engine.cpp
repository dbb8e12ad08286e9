#include "engine/model/model_engine.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "engine/model/activity_records.hpp"
#include "engine/model/event_heap.hpp"
#include "engine/model/overload_check.hpp"
#include "engine/model/route_costs.hpp"
#include "engine/model/shared_flows.hpp"

namespace hetcoll {
namespace {

// The event loop is the hot path of every Monte Carlo sweep (a reduction on 64 hosts must
// cost a few microseconds), so it allocates nothing per event once its storage has grown.
// Its parts: the pending completions (EventHeap), the records policies read (ActivityRecords),
// what routes cost (RouteCosts), the check for shared links (OverloadCheck), and, once a link
// is overloaded, the comms sharing links max-min (SharedFlows).
//
// Executor comes first among the bases, so that a policy's call of start() needs no `this`
// adjustment (a thunk per activity otherwise).
class ModelEngine final : private Executor, public Engine {
 public:
  // The platform is shared with the run that made it, never copied: at 2^20 hosts it holds 2^21
  // links. The engine copies the links' costs only when a replication changes them (apply()).
  explicit ModelEngine(std::shared_ptr<const Platform> platform)
      : costs_(std::move(platform)), overload_(costs_) {}

  void run(ReplicationSource& source) override {
    std::vector<LinkSetting> settings;
    for (;;) {
      settings.clear();
      Policy* policy = source.next(settings);
      if (policy == nullptr) return;
      costs_.apply(settings);
      source.finished(run_one(*policy));
    }
  }

 private:
  double now() const override { return clock_ - origin_; }

  std::uint64_t start(const Activity& activity) override {
    // Ids go into 32-bit batch keys: an overflow must not reorder batches silently.
    if (started_ == std::numeric_limits<std::uint32_t>::max())
      throw InputError("model engine: more than 2^32 - 1 activities in one replication");
    const std::uint32_t id = started_;
    // Recorded first: a comm that overloads a link joins the sharing system by its record.
    const std::uint32_t slot = records_.take();
    Completion& r = records_[slot];
    r.id = id;
    r.activity = activity;
    r.start = clock_ - origin_;
    double end;
    if (activity.kind == ActivityKind::compute) {
      end = clock_ + activity.amount / costs_.speed(activity.host);
      if (!finite_end(end)) refuse(activity);
    } else if (sharing_) {
      if (costs_.has_fatpipes()) overload_.count_fatpipes(costs_, activity);
      start_shared(slot);
      ++started_;
      return id;
    } else {
      // The sum SimGrid computes: the latency phase ends first, then the bytes flow, from
      // `begin` to `end` at `rate`.
      const RouteCost route = costs_.route_cost(activity.host, activity.peer);
      const double rate = flow_rate(activity, route);
      double begin = clock_;
      if (route.latency > 0) begin = clock_ + route.latency;
      end = begin + activity.amount / rate;
      if (!finite_end(end)) refuse(activity);
      // A flow shorter than one instant occupies no instant of its links.
      if (end - begin >= kSimultaneity && costs_.knows_links()) {
        r.end = begin;  // until delivery, the flow's begin (OverloadCheck); deliver() sets the end
        overload_.occupy(costs_, records_, activity, {begin, end, rate, slot}, clock_);
      }
      if (costs_.has_fatpipes()) overload_.count_fatpipes(costs_, activity);
      if (overload_.overloaded()) {  // its links cannot carry every flow at their rates: they share
        enter_sharing();
        start_shared(slot);
        ++started_;
        return id;
      }
    }
    heap_.push({end, slot, static_cast<std::uint32_t>(activity.owner())});
    ++started_;
    return id;
  }

  // An infinite, NaN or negative duration would never leave the heap (or go back in time):
  // one comparison keeps the loop finite whatever a platform or a cost draw holds.
  bool finite_end(double end) const { return end >= clock_ && end <= std::numeric_limits<double>::max(); }

  double run_one(Policy& policy) {
    origin_ = clock_;
    started_ = 0;
    heap_.clear();
    overload_.reset();
    sharing_ = false;
    policy.begin(*this);
    double makespan = 0;
    while (!heap_.empty() || !shared_.empty()) {
      if (sharing_) {
        run_shared_instant(policy);
        makespan = clock_ - origin_;
        continue;
      }
      // Take the whole batch of this instant before delivering any of it, so activities the
      // policy starts meanwhile wait for a later batch even when they end at the same date.
      clock_ = heap_.top().end;
      makespan = clock_ - origin_;
      if (!(heap_.next_end() - clock_ < kSimultaneity)) {
        // An instant of one completion, most of them: its entry leaves the heap after delivery,
        // or gives its place to the first activity the policy starts meanwhile.
        heap_.hold_top();
        deliver(policy, heap_.top().slot);
        heap_.release_top();
        continue;
      }
      // The heap yields the batch by date, and dates of one instant may differ in their last
      // bits (sums taken along different paths): the Policy contract orders an instant by
      // (owner, id) alone, as the SimGrid engine does. One 64-bit key each sorts it.
      batch_.clear();
      batch_.push_back(batch_entry(heap_.pop()));
      while (heap_.top().end - clock_ < kSimultaneity) batch_.push_back(batch_entry(heap_.pop()));
      std::sort(batch_.begin(), batch_.end());  // keys are distinct: slots never decide
      for (const auto& entry : batch_) deliver(policy, entry.second);
    }
    return makespan;
  }

  // (owner, id) as one 64-bit key, and the slot.
  std::pair<std::uint64_t, std::uint32_t> batch_entry(const Pending& p) const {
    return {std::uint64_t{p.owner} << 32 | records_[p.slot].id, p.slot};
  }

  void deliver(Policy& policy, std::uint32_t slot) {
    Completion& done = records_[slot];
    if (done.activity.kind == ActivityKind::comm) {
      overload_.release(costs_, done.activity, slot);
      if (costs_.has_fatpipes()) overload_.uncount_fatpipes(costs_, done.activity);
    }
    done.end = clock_ - origin_;  // the instant of the batch, as SimGrid reports it
    policy.on_complete(*this, done);
    records_.give_back(slot);
  }

  // ---- Shared links (docs/design.md, "When links are shared") -----------------------------------
  // A replication runs with fixed rates until some link's flows would need more than its
  // bandwidth (OverloadCheck). From then on every comm in flight and every later one is a flow
  // of shared_ (SharedFlows); computations stay on the heap.

  void enter_sharing() {
    sharing_ = true;
    overload_.clear_overload();
    std::vector<double> bandwidth;
    std::vector<bool> shared;
    for (std::size_t l = 0; l < costs_.links(); ++l) {
      bandwidth.push_back(costs_.cost(static_cast<int>(l)).bandwidth);
      shared.push_back(costs_.shared(static_cast<int>(l)));
    }
    shared_.reset(bandwidth, shared, clock_);
    // The comms in flight leave the heap with the bytes their fixed rates have sent so far; the
    // entry being delivered is done already.
    for (const Pending& p : heap_.take_all()) {
      const Activity& a = records_[p.slot].activity;
      if (a.kind != ActivityKind::comm) {
        heap_.push(p);
        continue;
      }
      const RouteCost route = costs_.route_cost(a.host, a.peer);
      const double rate = flow_rate(a, route);
      const double begin = p.end - a.amount / rate;
      add_shared(p.slot, route, clock_ > begin ? rate * (p.end - clock_) : a.amount, begin);
    }
  }

  void start_shared(std::uint32_t slot) {
    const Activity& a = records_[slot].activity;
    const RouteCost route = costs_.route_cost(a.host, a.peer);
    const double active_at = clock_ + route.latency;
    if (!finite_end(active_at)) refuse(a);
    add_shared(slot, route, a.amount, active_at);
  }

  // `route`: the comm's, whose latency is its sharing penalty.
  void add_shared(std::uint32_t slot, const RouteCost& route, double remaining, double active_at) {
    const Activity& a = records_[slot].activity;
    if (active_at - clock_ < kSimultaneity) active_at = clock_;
    costs_.route_links(a.host, a.peer, route_links_);
    shared_.add(slot, remaining, active_at, sharing_penalty(route.latency), route_links_, flow_rate(a, route), clock_);
  }

  // One instant of a replication whose links are shared: the flows advance to it, and its batch,
  // the flows done and the heap's completions alike, is delivered in (owner, id) order.
  void run_shared_instant(Policy& policy) {
    const double next = std::min(heap_.top().end, shared_.next_event());
    if (!(next <= std::numeric_limits<double>::max()))
      throw InputError(costs_.platform().source() + ": model engine: the comms in flight get no bandwidth at "
                       "simulated time " + format_number(clock_ - origin_) + " s");
    clock_ = next;
    batch_.clear();
    shared_.advance(clock_, kSimultaneity, [&](std::uint32_t slot) {
      batch_.push_back(batch_entry({clock_, slot, static_cast<std::uint32_t>(records_[slot].activity.owner())}));
    });
    while (heap_.top().end - clock_ < kSimultaneity) batch_.push_back(batch_entry(heap_.pop()));
    std::sort(batch_.begin(), batch_.end());
    for (const auto& entry : batch_) deliver(policy, entry.second);
    // With no comm in flight, links carry nothing: fixed rates hold again until the next
    // overload. (A flow never beats its fixed rate, so the busy periods the overload check
    // recorded have all ended by now.)
    if (shared_.empty()) sharing_ = false;
  }

  // Off the hot path: says which number made the duration unusable.
  [[noreturn]] void refuse(const Activity& a) const {
    const Platform& platform = costs_.platform();
    const std::string where = platform.source();
    const std::string host = platform.host_name(a.host);
    if (a.kind == ActivityKind::compute) {
      const double s = costs_.speed(a.host);
      if (!(s > 0 && s <= std::numeric_limits<double>::max()))
        throw InputError(where + ": host " + host + " has speed " + format_number(s) +
                         " flop/s; expected a positive finite speed");
      throw no_finite_duration(a, host, "");
    }
    const std::string peer = platform.host_name(a.peer);
    std::vector<int> links;
    costs_.route_links(a.host, a.peer, links);
    for (int link : links) {
      const RouteCost c = costs_.cost(link);
      if (!(c.bandwidth > 0 && c.latency >= 0 && c.latency <= std::numeric_limits<double>::max()))
        throw InputError(where + ": link " + platform.link_name(link) + " has bandwidth " +
                         format_number(c.bandwidth) + " B/s and latency " + format_number(c.latency) +
                         " s; expected a positive bandwidth and a finite, non-negative latency");
    }
    throw no_finite_duration(a, host, peer);
  }

  RouteCosts costs_;
  ActivityRecords records_;
  OverloadCheck overload_;
  EventHeap heap_;
  SharedFlows shared_;
  bool sharing_ = false;  // from the first overload of a replication on (enter_sharing())
  // Like SimGrid's, the clock runs on across the replications of an engine and each one is
  // timed from its origin: both engines then compute every date as the same floating-point
  // sum, so even costs below the clock's resolution fall into the same batches. The driver
  // gives every work unit a fresh engine, so results never depend on how work is split.
  double clock_ = 0;
  double origin_ = 0;
  std::uint32_t started_ = 0;  // activities started in this replication: the next id
  std::vector<std::pair<std::uint64_t, std::uint32_t>> batch_;
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
