#include "algorithms/redistribute/redistribution_family.hpp"

#include <cstddef>
#include <memory>
#include <stdexcept>

#include "algorithms/amount_limits.hpp"
#include "algorithms/redistribute/asynchronous_steps.hpp"
#include "algorithms/redistribute/execution.hpp"
#include "algorithms/redistribute/registry.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/random.hpp"
#include "engine/noisy_policy.hpp"

namespace hetcoll {
namespace {

/// The family's keys, declared once and read back as point[keys().senders].
struct RedistributionKeys {
  KeyTable table;
  // Pairs are numbered in 32 bits (random instances shuffle them): senders·receivers < 2^32.
  NumberKey senders =
      table.number("senders", "nodes of the sending cluster: a count, or with 'platform' the hosts that send, in "
                              "order (names, globs, zone:NAME, as key 'hosts')", 14)
          .sweep().whole().at_least(1).at_most(kMaxSide);
  NumberKey receivers =
      table.number("receivers", "nodes of the receiving cluster: a count, or with 'platform' the hosts that receive, "
                                "in order (names, globs, zone:NAME, as key 'hosts')", 14)
          .sweep().whole().at_least(1).at_most(kMaxSide);
  NumberKey edges =
      table.number("edges", "messages (0: a random count in 1..senders*receivers, or the matrix's count)", 0)
          .sweep().whole().at_most(kMaxCount);
  NumberKey k = table.number("k", "messages at once through the backbone (0 with 'matrix': backbone / base speed)", 0)
                    .sweep().whole().at_most(kMaxMbitPerSecond);
  // β is a computation of β·kHostSpeed flops: at most 1e15.
  NumberKey beta = table.number("beta", "set-up time of a step (s)", 1).sweep().at_most(1e6);
  NumberKey uncapped = table.number("uncapped", "1 (or --uncapped alone): run step schedules without the base-speed "
                                                "rate cap, under SimGrid's bandwidth sharing; 0 1 sweeps both", 0)
                           .as_flag();
  NumberKey delta_max =
      table.number("delta-max", "random instances: ports of a node uniform in 1..delta-max (delta = min(ports, k))", 5)
          .whole().at_least(1).at_most(kMaxCount);
  // A weight of w seconds at the random base speed is w·1.25e7 bytes.
  NumberKey weight_min = table.number("weight-min", "random instances: smallest message weight (s at base speed)", 1)
                             .whole().at_least(1).at_most(1e6);
  NumberKey weight_max = table.number("weight-max", "random instances: largest message weight (s at base speed)", 20)
                             .whole().at_least(1).at_most(1e6);
  TextKey matrix =
      table.text("matrix", "CSV of the amounts in units of 'message' bytes, Mbit by default (a row per sender, a "
                           "column per receiver); empty: random");
  // Whole Mbit/s > 0: the base speed is their GCD.
  ListKey nic = table.list("nic", "with 'matrix': NIC speeds in Mbit/s, senders then receivers (none: from the "
                                  "platform file)").whole().above(0).at_most(kMaxMbitPerSecond);
  NumberKey backbone = table.number("backbone", "with 'matrix': backbone speed in Mbit/s (0: from the platform file)", 0)
                           .whole().at_most(kMaxMbitPerSecond);
  // Last, so that the columns written before it keep their places. Random instances' weights
  // are seconds at base speed, which no unit changes: it applies to a matrix only.
  NumberKey message = table.number("message",
                                   "with 'matrix': bytes of one unit of its amounts (the default is one Mbit), so an "
                                   "amount a is a*message bytes",
                                   kDefaultMatrixUnit)
                          .sweep().whole().at_least(1).at_most(kMaxMatrixUnit)
                          .applies_when([matrix = matrix](const Point& point, bool) { return !point[matrix].empty(); });
  // After `message`, for the same reason. The schedules are computed on the nominal amounts;
  // cv makes every stream of their execution a gamma draw around its nominal size.
  NumberKey cv = table.number("cv",
                              "coefficient of variation of every stream as executed: its nominal size times a gamma "
                              "draw of mean 1 (0: the amounts the schedules were computed on; beta stays fixed)",
                              0)
                     .sweep().zero_or_at_least(kSmallestCv).at_most(kLargestCv);
  // After `cv`, for the same reason: an execution mode of the step schedules, drawing nothing.
  NumberKey asynchronous =
      table.number("asynchronous", "1 (or --asynchronous alone): run step schedules without their step barriers, "
                                   "each stream starting when its two ends and k allow (beta paid once); 0 1 sweeps "
                                   "both", 0)
          .as_flag();
};
static_assert(kMaxMatrixAmount * kMaxMatrixUnit <= kMaxAmount, "a matrix amount of the largest unit exceeds 2^63 bytes");

const RedistributionKeys& keys() {
  static const RedistributionKeys k;
  return k;
}

int whole(const Point& p, NumberKey key) { return static_cast<int>(p[key]); }

// A matrix takes its speeds from keys 'nic' and 'backbone' or from a platform file.
constexpr const char* kOrPlatform = " (or give neither key and platform = FILE.xml to read the speeds from it)";

// Random instances have weights in seconds at base speed: no unit of bytes applies to them.
std::string message_without_matrix() {
  return "key 'message' sizes a unit of the matrix's amounts; random instances' weights are seconds at base speed: "
         "give matrix = FILE.csv or leave 'message' out";
}

std::string missing_speeds(const std::string& matrix) {
  return "keys 'nic' and 'backbone' give the speeds for " + matrix + kOrPlatform;
}

// The instance of `hw`, checked against key 'k'; `from` says where the speeds came from.
Derived derive_checked(const Point& p, const Hardware& hw, const std::string& from) {
  Derived d = derive_instance(hw);
  if (p[keys().k] != 0 && whole(p, keys().k) != d.instance.k)
    throw InputError("key 'k' = " + format_number(p[keys().k]) + " but backbone / base speed = " +
                     std::to_string(d.instance.k) + from + " (give 0 or that value)");
  return d;
}

// Everything that depends on the matrix and the keys alone, so the parent checks it before any
// work; the speeds may still come from a platform file (resolve with the platform).
void check_matrix_point(const Point& p, RedistributionPoint& out) {
  const std::string& path = p[keys().matrix];
  Hardware& hw = out.hardware;
  hw.matrix = read_matrix_file(path);
  const int rows = static_cast<int>(hw.matrix.size()), columns = static_cast<int>(hw.matrix[0].size());
  if (rows != whole(p, keys().senders) || columns != whole(p, keys().receivers))
    throw InputError(path + ": a " + std::to_string(rows) + " x " + std::to_string(columns) +
                     " matrix (senders x receivers), but keys 'senders' = " + format_number(p[keys().senders]) +
                     " and 'receivers' = " + format_number(p[keys().receivers]));
  int messages = 0;
  for (const std::vector<double>& row : hw.matrix)
    for (double amount : row) messages += amount > 0;
  if (messages == 0) throw InputError(path + ": the communication matrix has no positive amount");
  if (p[keys().edges] != 0 && whole(p, keys().edges) != messages)
    throw InputError("key 'edges' = " + format_number(p[keys().edges]) + " but " + path + " has " +
                     std::to_string(messages) + " non-zero amounts (give 0 or that count)");
  hw.beta = p[keys().beta];
  hw.unit = p[keys().message];
  out.from_matrix = true;
  out.speeds_known = !p[keys().nic].empty() || p[keys().backbone] != 0;
  if (!out.speeds_known) return;
  hw.nic = p[keys().nic];
  if (hw.nic.size() != static_cast<std::size_t>(rows + columns))
    throw InputError("key 'nic' expects " + std::to_string(rows + columns) +
                     " NIC speeds in Mbit/s (senders then receivers) for " + path + ", got " +
                     std::to_string(hw.nic.size()) + kOrPlatform);
  hw.backbone = p[keys().backbone];
  if (hw.backbone <= 0)
    throw InputError("key 'backbone' expects the backbone speed in Mbit/s (> 0) with 'nic'" + std::string(kOrPlatform));
  out.fixed = derive_checked(p, hw, "");
}

class RedistributionRunner final : public PointRunner {
 public:
  RedistributionRunner(const Point& point, const std::vector<std::string>& algorithms, const Platform& platform,
                       std::uint64_t seed)
      : setup_(resolve_redistribution_point(point, platform)), seed_(seed), policies_(algorithms.size()),
        built_(algorithms.size(), false), host_speed_(platform.hosts.at(0).speed) {
    for (const std::string& name : algorithms) algorithms_.push_back(&redistribution_algorithms().at(name));
    asynchronous_ = point[keys().asynchronous] == 1;
    if (asynchronous_) unsynchronised_.resize(algorithms.size());
    // β is the protocol's set-up time, not a transfer: only the streams are uncertain.
    const Noise noise{point[keys().cv], true, false, kMaxAmount};
    if (noise.cv > 0)
      for (std::size_t a = 0; a < algorithms.size(); ++a) noisy_.push_back(std::make_unique<NoisyPolicy>(run(a), noise));
    if (setup_.from_matrix) use(setup_.fixed);
    shared_ = setup_.backbone_shared;
    // Random instances set their NIC speeds on the family's own links (nic_settings), found
    // here once.
    if (!setup_.from_matrix) {
      std::vector<std::string> names;
      for (int v = 0; v < setup_.random.senders + setup_.random.receivers; ++v)
        for (const char* end : {"_UP", "_DOWN"}) names.push_back("p" + std::to_string(v) + end);
      nic_links_ = platform.link_indices(names);
      for (std::size_t i = 0; i < names.size(); ++i)
        if (nic_links_[i] < 0)
          throw InputError(platform.source() +
                           ": random instances draw the NIC speeds of links p<i>_UP and p<i>_DOWN (the family's own "
                           "platform), and it has no link " + names[i] +
                           " (give matrix = FILE.csv: the speeds then come from the file's routes)");
    }
    check_amount(point[keys().beta] * host_speed_,
                 (platform.file.empty() ? "" : platform.file + ": ") + std::string("key 'beta' = ") +
                     format_number(point[keys().beta]) + " s at " + format_number(host_speed_) + " flop/s",
                 "flops");
  }

  void begin_replication(std::uint64_t replication, std::vector<LinkSetting>& settings) override {
    // The replication's noise, the same for every algorithm (common random numbers), from a
    // stream of its own: the instances do not change with cv.
    for (auto& n : noisy_) n->position(seed_, replication, kNoiseStreams);
    if (setup_.from_matrix) return;
    // A new instance (and new NIC speeds) for every replication, the same for all algorithms.
    use(random_instance(setup_.random, RandomStream(seed_, replication)));
    nic_settings(nic_links_, nic_bytes_, settings);
  }

  Policy* policy(std::size_t algorithm, std::uint64_t, std::vector<LinkSetting>&) override {
    const RedistributionAlgorithm& a = *algorithms_[algorithm];
    if (a.kind == RedistributionKind::bound) return &idle_;
    if (!built_[algorithm]) {
      const Schedule schedule = a.make(instance_);
      const std::string problem = check_schedule(instance_, schedule, a.kind == RedistributionKind::steps);
      // An invalid schedule is a bug in the algorithm, never bad input.
      if (!problem.empty())
        throw std::logic_error("redistribution: " + a.name + " gave an invalid schedule: " + problem);
      const bool capped = a.kind == RedistributionKind::steps && !setup_.uncapped;
      if (unsynchronised(algorithm))
        unsynchronised_[algorithm].reset(instance_, schedule, base_bytes_, capped ? base_bytes_ : 0.0, host_speed_);
      else
        policies_[algorithm].reset(schedule_plan(instance_, schedule, capped ? base_bytes_ : 0.0),
                                   CostScale{base_bytes_, host_speed_});
      built_[algorithm] = setup_.from_matrix;  // a fixed instance's plans serve every replication
    }
    if (!noisy_.empty()) return noisy_[algorithm].get();
    return &run(algorithm);
  }

  void record(std::size_t algorithm, double makespan, double* metrics) override {
    const double value = algorithms_[algorithm]->kind == RedistributionKind::bound ? bound_ : makespan;
    metrics[0] = value;
    metrics[1] = bound_ > 0 ? value / bound_ : 1.0;
    metrics[2] = value / link_bound_;
    metrics[3] = shared_ ? 1.0 : 0.0;
  }

 private:
  /// True if `algorithm` runs without step barriers: a step schedule with asynchronous = 1.
  bool unsynchronised(std::size_t algorithm) const {
    return asynchronous_ && algorithms_[algorithm]->kind == RedistributionKind::steps;
  }
  /// The policy that runs `algorithm` (before any noise).
  Policy& run(std::size_t algorithm) {
    if (unsynchronised(algorithm)) return unsynchronised_[algorithm];
    return policies_[algorithm];
  }

  void use(const Derived& d) {
    instance_ = d.instance;
    bound_ = lower_bound(instance_);
    link_bound_ = link_bound(d, setup_.backbone_shared);
    base_bytes_ = d.base * kBytesPerMbit;
    nic_bytes_.clear();
    for (int ports : d.ports) nic_bytes_.push_back(ports * base_bytes_);
  }

  /// Streams 1 and 2 of the point's seed draw the noise (NoisyPolicy); stream 0 the random
  /// instance.
  static constexpr std::uint64_t kNoiseStreams = 1;

  RedistributionPoint setup_;
  std::uint64_t seed_;
  std::vector<std::unique_ptr<NoisyPolicy>> noisy_;  // one per algorithm over policies_; empty when cv = 0
  std::vector<const RedistributionAlgorithm*> algorithms_;
  std::vector<OwnedPlanPolicy> policies_;
  bool asynchronous_ = false;
  std::vector<AsynchronousSteps> unsynchronised_;  // asynchronous = 1: one per algorithm
  std::vector<bool> built_;
  IdlePolicy idle_;
  Instance instance_;
  double bound_ = 0;
  double link_bound_ = 0;
  bool shared_ = true;
  double base_bytes_ = 0;
  std::vector<double> nic_bytes_;
  std::vector<int> nic_links_;  // random instances: node v's UP and DOWN links, at 2v and 2v + 1
  double host_speed_;  // β is a computation of β seconds on host 0
};

class RedistributionFamily final : public Family {
 public:
  std::string name() const override { return "redistribute"; }
  const std::vector<FormerFamily>& former_names() const override {
    static const std::vector<FormerFamily> former = {{"redistribution"}};
    return former;
  }
  // The defaults ask for a backbone width k the random instance cannot have (0); a tiny one
  // keeps the exact search fast.
  std::vector<std::string> example() const override {
    return {"--senders", "2", "--receivers", "3", "--k", "2", "--weight-max", "5"};
  }
  std::string description() const override {
    return "messages between two clusters through a backbone: GGP, OGGP, DGGP (Jeannot & Wagner)";
  }
  const std::vector<ParameterSpec>& parameters() const override { return keys().table.specs(); }
  const std::vector<AlgorithmInfo>& algorithms() const override { return redistribution_algorithms().infos(); }
  /// The point without `message`, `cv` and `asynchronous`, the last keys, so that the seeds, and
  /// so the random instances, are those of the scenarios written before them: random instances
  /// keep the default of `message`, a matrix draws nothing, and every cv and execution mode sees
  /// the same instances.
  Point seed_identity(const Point& point) const override {
    return without_key(without_key(without_key(point, keys().asynchronous.index), keys().cv.index),
                       keys().message.index);
  }
  // A value of `message` other than its default without a matrix is refused with the point
  // (resolve_redistribution_point); written at its default, only the written keys tell.
  void check_written_keys(const std::set<std::string>& written, const Point& point,
                          bool /*platform_file*/) const override {
    if (written.count("message") && point[keys().matrix].empty()) throw InputError(message_without_matrix());
  }
  const std::vector<MetricSpec>& metrics() const override {
    static const std::vector<MetricSpec> specs = {
        {"over_bound", "value / lower bound LB of the same instance (1 for lower-bound)",
         {"mean", "stddev", "min", "q10", "q50", "q90", "max"}},
        {"over_link_bound", "value / link bound of the same instance: beta + the largest of amount / NIC over the "
                            "nodes and, if backbone_shared, total / backbone; no run at cv = 0 beats it (>= 1)",
         {"min"}},
        {"backbone_shared", "1 if every sender-to-receiver route crosses the model's backbone link, 0 if the "
                            "platform has no such link and the backbone is the slowest link of those routes",
         {"min"}},
    };
    return specs;
  }
  std::string value_description() const override {
    return "simulated redistribution time (s), the schedule's cost when capped; lower-bound: LB";
  }
  // A random instance numbers every (sender, receiver) pair, and every algorithm keeps its
  // messages and their steps: about 32 bytes a pair.
  double unit_memory(const Point& point) const override {
    return 32.0 * point[keys().senders] * point[keys().receivers];
  }
  int hosts_needed(const Point& point) const override {
    // Called by the parent before any work: a bad point fails here, before anything is written.
    resolve_redistribution_point(point);
    return whole(point, keys().senders) + whole(point, keys().receivers);
  }
  Platform platform_for(const Point& point) const override {
    const RedistributionPoint setup = resolve_redistribution_point(point);
    if (setup.from_matrix) {
      if (!setup.speeds_known) throw InputError(missing_speeds(point[keys().matrix]));
      std::vector<double> nic;
      for (double mbit : point[keys().nic]) nic.push_back(mbit * kBytesPerMbit);
      return two_cluster_platform(nic, point[keys().backbone] * kBytesPerMbit);
    }
    // NIC speeds change with every replication's ports (link settings); k·base until then.
    const double backbone = setup.random.k * kRandomBase * kBytesPerMbit;
    return two_cluster_platform(std::vector<double>(hosts_needed(point), backbone), backbone);
  }
  // A platform file gives the speeds of a matrix through the links of its routes.
  bool needs_routes(const Point& /*point*/) const override { return true; }
  // `senders = zone:lyon` names the hosts: the run takes the senders' hosts, then the receivers'.
  std::vector<std::string> host_set_keys() const override { return {"senders", "receivers"}; }
  std::unique_ptr<PointRunner> prepare(const Point& point, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t seed) const override {
    return std::make_unique<RedistributionRunner>(point, algorithms, platform, seed);
  }
};

}  // namespace

RedistributionPoint resolve_redistribution_point(const Point& p) {
  RedistributionPoint out;
  if (p[keys().uncapped] > 1)
    throw InputError("key 'uncapped' expects 0 or 1, got " + format_number(p[keys().uncapped]));
  out.uncapped = p[keys().uncapped] == 1;
  if (p[keys().asynchronous] > 1)
    throw InputError("key 'asynchronous' expects 0 or 1, got " + format_number(p[keys().asynchronous]));
  if (!p[keys().matrix].empty()) {
    check_matrix_point(p, out);
    return out;
  }
  if (!p[keys().nic].empty() || p[keys().backbone] != 0)
    throw InputError("keys 'nic' and 'backbone' describe a given redistribution: they need key 'matrix'");
  if (p[keys().message] != kDefaultMatrixUnit)
    throw InputError("key 'message' = " + format_number(p[keys().message]) + ": " + message_without_matrix());
  if (p[keys().k] < 1) throw InputError("key 'k' expects a whole number >= 1 for random instances, got 0");
  const double pairs = p[keys().senders] * p[keys().receivers];
  if (p[keys().edges] > pairs)
    throw InputError("key 'edges' = " + format_number(p[keys().edges]) + " exceeds senders * receivers = " +
                     format_number(pairs));
  if (p[keys().weight_min] > p[keys().weight_max])
    throw InputError("key 'weight-min' = " + format_number(p[keys().weight_min]) + " exceeds 'weight-max' = " +
                     format_number(p[keys().weight_max]));
  RandomSpec& r = out.random;
  r.senders = whole(p, keys().senders);
  r.receivers = whole(p, keys().receivers);
  r.edges = whole(p, keys().edges);
  r.k = whole(p, keys().k);
  r.delta_max = whole(p, keys().delta_max);
  r.weight_min = whole(p, keys().weight_min);
  r.weight_max = whole(p, keys().weight_max);
  r.beta = p[keys().beta];
  return out;
}

RedistributionPoint resolve_redistribution_point(const Point& p, const Platform& platform) {
  RedistributionPoint out = resolve_redistribution_point(p);
  if (!out.from_matrix) return out;
  if (platform.file.empty()) {
    if (!out.speeds_known) throw InputError(missing_speeds(p[keys().matrix]));
    return out;
  }
  Hardware& hw = out.hardware;
  const PlatformSpeeds speeds = read_platform_speeds(platform, whole(p, keys().senders), whole(p, keys().receivers));
  // Keys given beside the file must say the same: a scenario may state the speeds it expects.
  auto disagree = [&](const std::string& what, double file, const std::string& key, double given) {
    throw InputError(platform.file + ": " + what + " runs at " + format_number(file) + " Mbit/s but key '" + key +
                     "' says " + format_number(given) + " (the file gives the speeds: drop the key or make it agree)");
  };
  if (out.speeds_known) {
    for (std::size_t v = 0; v < speeds.nic.size(); ++v)
      if (speeds.nic[v] != hw.nic[v])
        disagree("the NIC of host " + platform.host_name(static_cast<int>(v)), speeds.nic[v], "nic", hw.nic[v]);
    if (speeds.backbone != hw.backbone)
      disagree("the backbone (link " + speeds.backbone_link + ")", speeds.backbone, "backbone", hw.backbone);
  }
  hw.nic = speeds.nic;
  hw.backbone = speeds.backbone;
  out.backbone_shared = speeds.shared;
  out.backbone_link = speeds.backbone_link;
  out.fixed = derive_checked(p, hw, " in " + platform.file);
  out.speeds_known = true;
  return out;
}

const Family& redistribution_family() {
  static const RedistributionFamily family;
  return family;
}

}  // namespace hetcoll
