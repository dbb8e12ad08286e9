#include "engine/model/model_engine.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

// The event loop is the hot path of every Monte Carlo sweep (a reduction on 64 hosts must
// cost a few microseconds), so it allocates nothing per event once its vectors have grown.
class ModelEngine final : public Engine, private Executor {
 public:
  // The platform is shared with the run that made it, never copied: at 2^20 hosts it holds 2^21
  // links. The engine keeps its own copy of what a replication may change, the links' costs.
  explicit ModelEngine(std::shared_ptr<const Platform> platform) : platform_(std::move(platform)) {
    link_cost_.reserve(platform_->links.size());
    for (const LinkSpec& l : platform_->links) link_cost_.push_back({l.latency, l.bandwidth});
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
  // A comm's bytes flowing through the links of its route (its latency phase excluded).
  struct Flow {
    double begin;
    double end;
    double rate;
  };
  static constexpr std::uint32_t kNoFlow = std::numeric_limits<std::uint32_t>::max();

  // A link's busy period (occupy()), in half a cache line.
  struct alignas(32) LinkState {
    double limit = 0;                                         // most it carries (infinite: not shared)
    double until = -std::numeric_limits<double>::infinity();  // latest end recorded
    double load = 0;                                          // sum of the rates recorded
    std::uint32_t first = kNoFlow;                            // the busy period's first flow
    bool spilled = false;                                     // spill_[link] holds flows
  };

  struct Pending {
    double end;
    int owner;
    std::uint64_t id;
    // Min-heap on (end, owner, id): the delivery order the Policy contract promises.
    bool operator<(const Pending& o) const {
      if (end != o.end) return end > o.end;
      if (owner != o.owner) return owner > o.owner;
      return id > o.id;
    }
  };

  double now() const override { return clock_ - origin_; }

  std::uint64_t start(const Activity& activity) override {
    const std::uint64_t id = started_.size();
    Flow flow{clock_, clock_, 0.0};
    const double end = end_date(activity, flow);
    // An infinite, NaN or negative duration would never leave the heap (or go back in time):
    // one comparison here keeps the loop finite whatever a platform or a cost draw holds.
    if (!(end >= clock_ && end <= std::numeric_limits<double>::max())) refuse(activity);
    started_.push_back({id, activity, clock_ - origin_, end - origin_});
    flows_.push_back(flow);
    // A flow shorter than one instant occupies no instant of its links (see occupy()).
    if (activity.kind == ActivityKind::comm && flow.end - flow.begin >= kSimultaneity)
      occupy(activity, static_cast<std::uint32_t>(id));
    heap_.push_back({end, activity.owner(), id});
    std::push_heap(heap_.begin(), heap_.end());
    return id;
  }

  // The sum SimGrid computes: the latency phase ends first, then the bytes flow. A comm's bytes
  // flow from flow.begin to flow.end at flow.rate.
  double end_date(const Activity& a, Flow& flow) const {
    if (a.kind == ActivityKind::compute) return clock_ + a.amount / speed_[a.host];
    const RouteCost route = route_cost(a.host, a.peer);
    flow.rate = a.rate > 0 ? std::min(a.rate, route.bandwidth) : route.bandwidth;
    if (route.latency > 0) flow.begin = clock_ + route.latency;
    flow.end = flow.begin + a.amount / flow.rate;
    return flow.end;
  }

  // Contention detection (docs/design.md, "Where the model engine stops"). SimGrid (CM02)
  // shares a link's bandwidth max-min among the flows crossing it; as long as their rates add
  // up to no more than its bandwidth, every flow gets min(rate cap, route bandwidth), the rate
  // the model engine gives it. So the engine keeps, per shared link, the flows whose bytes flow
  // through it (from the end of their latency phase, during which CM02 gives a flow no share,
  // to their end), and stops when a new flow makes them exceed the bandwidth at some instant.
  // Each instant is checked when the last of its flows starts: all the others are known then.
  // (Inlined into start(), with recount() kept out of line: 3 % of a reduction's replication.)
  [[gnu::always_inline]] void occupy(const Activity& a, std::uint32_t flow) {
    if (platform_->route_table.empty()) {
      const HostEnd& src = up_[a.host];
      const HostEnd& dst = down_[a.peer];
      occupy(src.link, flow);
      const std::size_t pair = static_cast<std::size_t>(src.zone) * zones_ + dst.zone;
      for (std::size_t i = between_start_[pair]; i < between_start_[pair + 1]; ++i) occupy(between_links_[i], flow);
      occupy(dst.link, flow);
    } else if (!platform_->route_link_start.empty()) {
      const std::size_t route = static_cast<std::size_t>(a.host) * speed_.size() + a.peer;
      for (std::size_t i = platform_->route_link_start[route]; i < platform_->route_link_start[route + 1]; ++i)
        occupy(platform_->route_links[i], flow);
    }
  }

  // Dates closer than kSimultaneity are one instant, as everywhere in the engines: a flow
  // occupies the instants x with begin - x < kSimultaneity <= end - x.
  //
  // The hot path touches one small record per link. A link is idle once every flow recorded on
  // it has ended (`until`, their latest end, is now or earlier: every later flow begins now or
  // later); the first flow of a busy period is named in the link's record, later ones in
  // spill_[link]. `load`, the sum of the rates recorded in the busy period, bounds the load at
  // every instant; only when a new flow takes it beyond the limit are the flows that have ended
  // dropped, and, if the flows left still exceed it, the instants checked one by one.
  [[gnu::always_inline]] void occupy(int link, std::uint32_t id) {
    if (link < 0) return;
    LinkState& s = links_[link];
    if (!(s.limit < std::numeric_limits<double>::infinity())) return;  // not shared
    const Flow& flow = flows_[id];
    if (s.until - clock_ < kSimultaneity) {
      s.until = flow.end;
      s.load = flow.rate;
      s.first = id;
      if (s.spilled) {
        spill_[link].clear();
        s.spilled = false;
      }
      return;
    }
    if (s.load + flow.rate > s.limit) recount(link, id);
    s.until = std::max(s.until, flow.end);
    s.load += flow.rate;
    spill_[link].push_back(id);
    s.spilled = true;
  }

  // Off the hot path: the flows of the busy period that have not ended, all in spill_[link]
  // (the first one moved there), their exact sum, and the instants if it exceeds the limit.
  [[gnu::noinline]] void recount(int link, std::uint32_t id) {
    LinkState& s = links_[link];
    std::vector<std::uint32_t>& ids = spill_[link];
    if (s.first != kNoFlow) ids.push_back(s.first);
    s.first = kNoFlow;
    s.load = 0;
    s.until = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < ids.size();) {
      const Flow& f = flows_[ids[i]];
      if (f.end - clock_ < kSimultaneity) {
        ids[i] = ids.back();
        ids.pop_back();
        continue;
      }
      s.load += f.rate;
      s.until = std::max(s.until, f.end);
      ++i;
    }
    s.spilled = !ids.empty();
    if (s.load + flows_[id].rate > s.limit) check_instants(link, id);
  }

  // The load at each instant of the new flow where it can grow (its start and the starts of the
  // flows that share it), and the error if one exceeds the bandwidth.
  void check_instants(int link, std::uint32_t id) const {
    const Flow& flow = flows_[id];
    const double limit = links_[link].limit;
    auto load_at = [&](double x) {
      double load = flow.rate;
      for (std::uint32_t other : spilled(link)) {
        const Flow& f = flows_[other];
        if (f.begin - x < kSimultaneity && f.end - x >= kSimultaneity) load += f.rate;
      }
      return load;
    };
    if (load_at(flow.begin) > limit) contention(link, id, flow.begin, load_at(flow.begin));
    for (std::uint32_t other : spilled(link)) {
      const double x = flows_[other].begin;
      if (x > flow.begin && flow.end - x >= kSimultaneity && load_at(x) > limit) contention(link, id, x, load_at(x));
    }
  }

  const std::vector<std::uint32_t>& spilled(int link) const {
    static const std::vector<std::uint32_t> none;
    const auto found = spill_.find(link);
    return found == spill_.end() ? none : found->second;
  }

  [[noreturn]] void contention(int link, std::uint32_t id, double x, double load) const {
    // The other flow named: the fastest one at that instant.
    std::uint32_t other = kNoFlow;
    int others = 0;
    for (std::uint32_t o : spilled(link)) {
      const Flow& f = flows_[o];
      if (f.begin - x < kSimultaneity && f.end - x >= kSimultaneity) {
        ++others;
        if (other == kNoFlow || f.rate > flows_[other].rate) other = o;
      }
    }
    const LinkSpec& l = platform_->links[link];
    const double bandwidth = link_cost_[link].bandwidth;
    auto name = [&](std::uint32_t flow) {
      const Activity& a = started_[flow].activity;
      return platform_->hosts[a.host].name + " -> " + platform_->hosts[a.peer].name;
    };
    std::string flows = "flow " + name(id);
    if (other == id) flows += " (its route crosses the link twice)";
    else if (other != kNoFlow) flows = "flows " + name(id) + " and " + name(other);
    if (others > 1) flows += " and " + std::to_string(others - 1) + " more";
    throw ContentionError((platform_->file.empty() ? "platform" : platform_->file) + ": link " + l.name + " (" +
                          format_number(bandwidth) + " B/s) carries " + flows + " at simulated time " +
                          format_number(x - origin_) + " s, at " + format_number(load) +
                          " B/s in all; the model engine does not share bandwidth: use --engine simgrid");
  }

  // Off the hot path: says which number made the duration unusable.
  [[noreturn]] void refuse(const Activity& a) const {
    const std::string where = platform_->file.empty() ? "platform" : platform_->file;
    const std::string& host = platform_->hosts[a.host].name;
    if (a.kind == ActivityKind::compute) {
      if (!(speed_[a.host] > 0 && speed_[a.host] <= std::numeric_limits<double>::max()))
        throw InputError(where + ": host " + host + " has speed " + format_number(speed_[a.host]) +
                         " flop/s; expected a positive finite speed");
      throw InputError("a computation of " + format_number(a.amount) + " flops on host " + host +
                       " has no finite duration; expected a finite, non-negative amount");
    }
    const std::string& peer = platform_->hosts[a.peer].name;
    for (int link : route_links(a.host, a.peer)) {
      const RouteCost& cost = link_cost_[link];
      if (!(cost.bandwidth > 0 && cost.latency >= 0 && cost.latency <= std::numeric_limits<double>::max()))
        throw InputError(where + ": link " + platform_->links[link].name + " has bandwidth " +
                         format_number(cost.bandwidth) + " B/s and latency " + format_number(cost.latency) +
                         " s; expected a positive bandwidth and a finite, non-negative latency");
    }
    throw InputError("a message of " + format_number(a.amount) + " bytes from " + host + " to " + peer +
                     " (rate cap " + format_number(a.rate) +
                     " B/s) has no finite duration; expected a finite, non-negative size and rate cap");
  }

  std::vector<int> route_links(int src, int dst) const {
    if (!platform_->route_table.empty()) return platform_->route_path(src, dst);
    std::vector<int> links;
    const HostSpec& s = platform_->hosts[src];
    const HostSpec& d = platform_->hosts[dst];
    if (s.up >= 0) links.push_back(s.up);
    if (s.zone < static_cast<int>(platform_->between.size()) &&
        d.zone < static_cast<int>(platform_->between[s.zone].size()))
      for (int l : platform_->between[s.zone][d.zone]) links.push_back(l);
    if (d.down >= 0) links.push_back(d.down);
    return links;
  }

  // Platform::route walks the route's links; the hot path reads the same numbers from flat
  // per-host arrays (up to the zone boundary, across, and down), rebuilt when a link changes.
  RouteCost route_cost(int src, int dst) const {
    if (!platform_->route_table.empty()) return platform_->route_table[static_cast<std::size_t>(src) * speed_.size() + dst];
    const HostEnd& up = up_[src];
    const HostEnd& down = down_[dst];
    const RouteCost& across = between_[up.zone * zones_ + down.zone];
    return {up.latency + across.latency + down.latency, std::min({up.bandwidth, across.bandwidth, down.bandwidth})};
  }

  // The links of every route of the fixed shape, for occupy(): each host's up and down link,
  // and the links between two zones as one array (zone pair a·zones + b owns
  // between_links_[between_start_[pair] .. between_start_[pair + 1])).
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
    auto link = [&](int i) { return i < 0 ? RouteCost{0.0, inf} : link_cost_[i]; };
    speed_.clear();
    up_.clear();
    down_.clear();
    zones_ = 1;
    for (const HostSpec& h : platform_->hosts) {
      speed_.push_back(h.speed);
      up_.push_back({link(h.up).latency, link(h.up).bandwidth, h.up, h.zone});
      down_.push_back({link(h.down).latency, link(h.down).bandwidth, h.down, h.zone});
      zones_ = std::max(zones_, h.zone + 1);
    }
    between_.assign(static_cast<std::size_t>(zones_) * zones_, RouteCost{0.0, inf});
    for (int a = 0; a < zones_ && a < static_cast<int>(platform_->between.size()); ++a)
      for (int b = 0; b < zones_ && b < static_cast<int>(platform_->between[a].size()); ++b)
        for (int l : platform_->between[a][b]) {
          RouteCost& c = between_[a * zones_ + b];
          c.latency += link_cost_[l].latency;
          c.bandwidth = std::min(c.bandwidth, link_cost_[l].bandwidth);
        }
    // The most a shared link carries before SimGrid would share it: its bandwidth, to a relative
    // 1e-9 (rates that fill a link exactly, such as k streams capped at backbone / k, add up to
    // its bandwidth only to rounding). Unshared (FATPIPE) links: no limit.
    links_.resize(platform_->links.size());
    for (std::size_t i = 0; i < platform_->links.size(); ++i)
      links_[i].limit = platform_->links[i].shared ? link_cost_[i].bandwidth * (1 + kContentionTolerance) : inf;
  }

  double run_one(Policy& policy) {
    origin_ = clock_;
    started_.clear();
    flows_.clear();
    heap_.clear();
    policy.begin(*this);
    double makespan = 0;
    while (!heap_.empty()) {
      // Take the whole batch of this instant before delivering any of it, so activities the
      // policy starts meanwhile wait for a later batch even when they end at the same date.
      clock_ = heap_.front().end;
      batch_.clear();
      while (!heap_.empty() && heap_.front().end - clock_ < kSimultaneity) {
        std::pop_heap(heap_.begin(), heap_.end());
        batch_.push_back(heap_.back().id);
        heap_.pop_back();
      }
      makespan = clock_ - origin_;
      // The heap yields the batch by date, and dates of one instant may differ in their last
      // bits (sums taken along different paths): the Policy contract orders an instant by
      // (owner, id) alone, as the SimGrid engine does.
      if (batch_.size() > 1)
        std::sort(batch_.begin(), batch_.end(), [this](std::uint64_t a, std::uint64_t b) {
          const int oa = started_[a].activity.owner(), ob = started_[b].activity.owner();
          return oa != ob ? oa < ob : a < b;
        });
      for (std::uint64_t id : batch_) {
        Completion done = started_[id];  // a copy: the policy may grow started_
        done.end = clock_ - origin_;     // the instant of the batch, as SimGrid reports it
        policy.on_complete(*this, done);
      }
    }
    return makespan;
  }

  void apply(const std::vector<LinkSetting>& settings) {
    if (settings.empty()) return;
    // Built on the first change: most runs never change a link, and at 2^21 links the table
    // would be half of the engine's set-up. A cluster drawn per replication updates every
    // host's links: a linear search by name each would cost O(n²) per replication.
    if (link_by_name_.empty())
      for (std::size_t i = 0; i < platform_->links.size(); ++i)
        link_by_name_.emplace(platform_->links[i].name, static_cast<int>(i));
    for (const LinkSetting& s : settings) {
      check_link_setting(s);
      const auto found = link_by_name_.find(s.link);
      const int index = found == link_by_name_.end() ? -1 : found->second;
      if (index < 0 || !platform_->route_table.empty())
        throw InputError("platform: no link named " + s.link + " to update");
      link_cost_[index] = {s.latency, s.bandwidth};
    }
    index_routes();
  }

  std::shared_ptr<const Platform> platform_;
  std::vector<RouteCost> link_cost_;  // per link: its latency and bandwidth now (apply())
  std::unordered_map<std::string, int> link_by_name_;
  // Contention detection (occupy()): per link, its state and the flows beyond the first; per
  // activity of the replication (by id), its flow (unused for a computation).
  std::vector<LinkState> links_;
  // Only links that ever carried two flows at once have an entry: at 2^21 links a vector each
  // would cost 48 MB for the few a run spills on.
  std::unordered_map<int, std::vector<std::uint32_t>> spill_;
  std::vector<Flow> flows_;
  std::vector<int> between_links_;
  std::vector<std::size_t> between_start_;
  std::vector<double> speed_;
  // Per host, the route's first (up_) and last (down_) link and the host's zone: everything a
  // comm reads about its two ends, in one place.
  struct HostEnd {
    double latency;
    double bandwidth;
    int link;  // -1: none
    int zone;
  };
  std::vector<HostEnd> up_, down_;
  std::vector<RouteCost> between_;
  int zones_ = 1;
  // Like SimGrid's, the clock runs on across the replications of an engine and each one is
  // timed from its origin: both engines then compute every date as the same floating-point
  // sum, so even costs below the clock's resolution fall into the same batches. The driver
  // gives every work unit a fresh engine, so results never depend on how work is split.
  double clock_ = 0;
  double origin_ = 0;
  std::vector<Completion> started_;
  std::vector<Pending> heap_;
  std::vector<std::uint64_t> batch_;
};

}  // namespace

std::unique_ptr<Engine> make_model_engine(std::shared_ptr<const Platform> platform) {
  return std::make_unique<ModelEngine>(std::move(platform));
}

std::unique_ptr<Engine> make_model_engine(Platform platform) {
  return make_model_engine(std::make_shared<const Platform>(std::move(platform)));
}

}  // namespace hetcoll
