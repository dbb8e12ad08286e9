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
  explicit ModelEngine(Platform platform) : platform_(std::move(platform)) {
    index_routes();
    // A cluster drawn per replication updates every host's links: a linear search by name
    // each would cost O(n²) per replication.
    for (std::size_t i = 0; i < platform_.links.size(); ++i)
      link_by_name_.emplace(platform_.links[i].name, static_cast<int>(i));
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
    const double end = end_date(activity);
    // An infinite, NaN or negative duration would never leave the heap (or go back in time):
    // one comparison here keeps the loop finite whatever a platform or a cost draw holds.
    if (!(end >= clock_ && end <= std::numeric_limits<double>::max())) refuse(activity);
    started_.push_back({id, activity, clock_ - origin_, end - origin_});
    heap_.push_back({end, activity.owner(), id});
    std::push_heap(heap_.begin(), heap_.end());
    return id;
  }

  // The sum SimGrid computes: the latency phase ends first, then the bytes flow.
  double end_date(const Activity& a) const {
    if (a.kind == ActivityKind::compute) return clock_ + a.amount / speed_[a.host];
    const RouteCost route = route_cost(a.host, a.peer);
    const double rate = a.rate > 0 ? std::min(a.rate, route.bandwidth) : route.bandwidth;
    const double after_latency = route.latency > 0 ? clock_ + route.latency : clock_;
    return after_latency + a.amount / rate;
  }

  // Off the hot path: says which number made the duration unusable.
  [[noreturn]] void refuse(const Activity& a) const {
    const std::string where = platform_.file.empty() ? "platform" : platform_.file;
    const std::string& host = platform_.hosts[a.host].name;
    if (a.kind == ActivityKind::compute) {
      if (!(speed_[a.host] > 0 && speed_[a.host] <= std::numeric_limits<double>::max()))
        throw InputError(where + ": host " + host + " has speed " + format_number(speed_[a.host]) +
                         " flop/s; expected a positive finite speed");
      throw InputError("a computation of " + format_number(a.amount) + " flops on host " + host +
                       " has no finite duration; expected a finite, non-negative amount");
    }
    const std::string& peer = platform_.hosts[a.peer].name;
    for (const LinkSpec* link : route_links(a.host, a.peer))
      if (!(link->bandwidth > 0 && link->latency >= 0 && link->latency <= std::numeric_limits<double>::max()))
        throw InputError(where + ": link " + link->name + " has bandwidth " + format_number(link->bandwidth) +
                         " B/s and latency " + format_number(link->latency) +
                         " s; expected a positive bandwidth and a finite, non-negative latency");
    throw InputError("a message of " + format_number(a.amount) + " bytes from " + host + " to " + peer +
                     " (rate cap " + format_number(a.rate) +
                     " B/s) has no finite duration; expected a finite, non-negative size and rate cap");
  }

  std::vector<const LinkSpec*> route_links(int src, int dst) const {
    std::vector<const LinkSpec*> links;
    if (!platform_.route_table.empty()) {
      for (int l : platform_.route_path(src, dst)) links.push_back(&platform_.links[l]);
      return links;
    }
    const HostSpec& s = platform_.hosts[src];
    const HostSpec& d = platform_.hosts[dst];
    if (s.up >= 0) links.push_back(&platform_.links[s.up]);
    if (s.zone < static_cast<int>(platform_.between.size()) &&
        d.zone < static_cast<int>(platform_.between[s.zone].size()))
      for (int l : platform_.between[s.zone][d.zone]) links.push_back(&platform_.links[l]);
    if (d.down >= 0) links.push_back(&platform_.links[d.down]);
    return links;
  }

  // Platform::route walks the route's links; the hot path reads the same numbers from flat
  // per-host arrays (up to the zone boundary, across, and down), rebuilt when a link changes.
  RouteCost route_cost(int src, int dst) const {
    if (!platform_.route_table.empty()) return platform_.route_table[static_cast<std::size_t>(src) * speed_.size() + dst];
    const RouteCost& across = between_[zone_[src] * zones_ + zone_[dst]];
    return {up_[src].latency + across.latency + down_[dst].latency,
            std::min({up_[src].bandwidth, across.bandwidth, down_[dst].bandwidth})};
  }

  void index_routes() {
    const double inf = std::numeric_limits<double>::infinity();
    auto link = [&](int i) { return i < 0 ? RouteCost{0.0, inf} : RouteCost{platform_.links[i].latency, platform_.links[i].bandwidth}; };
    speed_.clear();
    up_.clear();
    down_.clear();
    zone_.clear();
    zones_ = 1;
    for (const HostSpec& h : platform_.hosts) {
      speed_.push_back(h.speed);
      up_.push_back(link(h.up));
      down_.push_back(link(h.down));
      zone_.push_back(h.zone);
      zones_ = std::max(zones_, h.zone + 1);
    }
    between_.assign(static_cast<std::size_t>(zones_) * zones_, RouteCost{0.0, inf});
    for (int a = 0; a < zones_ && a < static_cast<int>(platform_.between.size()); ++a)
      for (int b = 0; b < zones_ && b < static_cast<int>(platform_.between[a].size()); ++b)
        for (int l : platform_.between[a][b]) {
          RouteCost& c = between_[a * zones_ + b];
          c.latency += platform_.links[l].latency;
          c.bandwidth = std::min(c.bandwidth, platform_.links[l].bandwidth);
        }
  }

  double run_one(Policy& policy) {
    origin_ = clock_;
    started_.clear();
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
    for (const LinkSetting& s : settings) {
      check_link_setting(s);
      const auto found = link_by_name_.find(s.link);
      const int index = found == link_by_name_.end() ? -1 : found->second;
      if (index < 0 || !platform_.route_table.empty())
        throw InputError("platform: no link named " + s.link + " to update");
      platform_.links[index].bandwidth = s.bandwidth;
      platform_.links[index].latency = s.latency;
    }
    if (!settings.empty()) index_routes();
  }

  Platform platform_;
  std::unordered_map<std::string, int> link_by_name_;
  std::vector<double> speed_;
  std::vector<RouteCost> up_, down_, between_;
  std::vector<int> zone_;
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

std::unique_ptr<Engine> make_model_engine(Platform platform) {
  return std::make_unique<ModelEngine>(std::move(platform));
}

}  // namespace hetcoll
