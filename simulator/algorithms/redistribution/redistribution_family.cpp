#include "algorithms/redistribution/redistribution_family.hpp"

#include <stdexcept>

#include "algorithms/amount_limits.hpp"
#include "algorithms/redistribution/execution.hpp"
#include "algorithms/redistribution/registry.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/random.hpp"

namespace hetcoll {
namespace {

enum Param { kSenders, kReceivers, kEdges, kK, kBeta, kUncapped, kDeltaMax, kWeightMin, kWeightMax, kMatrix, kNic,
             kBackbone };

int whole(const Point& p, Param key) { return static_cast<int>(p.values[key]); }

// A matrix takes its speeds from keys 'nic' and 'backbone' or from a platform file.
constexpr const char* kOrPlatform = " (or give neither key and platform = FILE.xml to read the speeds from it)";

std::string missing_speeds(const std::string& matrix) {
  return "keys 'nic' and 'backbone' give the speeds for " + matrix + kOrPlatform;
}

// The instance of `hw`, checked against key 'k'; `from` says where the speeds came from.
Derived derive_checked(const Point& p, const Hardware& hw, const std::string& from) {
  Derived d = derive_instance(hw);
  if (p.values[kK] != 0 && whole(p, kK) != d.instance.k)
    throw InputError("key 'k' = " + format_number(p.values[kK]) + " but backbone / base speed = " +
                     std::to_string(d.instance.k) + from + " (give 0 or that value)");
  return d;
}

// Everything that depends on the matrix and the keys alone, so the parent checks it before any
// work; the speeds may still come from a platform file (resolve with the platform).
void check_matrix_point(const Point& p, RedistributionPoint& out) {
  const std::string& path = p.texts[kMatrix];
  Hardware& hw = out.hardware;
  hw.matrix = read_matrix_file(path);
  const int rows = static_cast<int>(hw.matrix.size()), columns = static_cast<int>(hw.matrix[0].size());
  if (rows != whole(p, kSenders) || columns != whole(p, kReceivers))
    throw InputError(path + ": a " + std::to_string(rows) + " x " + std::to_string(columns) +
                     " matrix (senders x receivers), but keys 'senders' = " + format_number(p.values[kSenders]) +
                     " and 'receivers' = " + format_number(p.values[kReceivers]));
  int messages = 0;
  for (const std::vector<double>& row : hw.matrix)
    for (double amount : row) messages += amount > 0;
  if (messages == 0) throw InputError(path + ": the communication matrix has no positive amount");
  if (p.values[kEdges] != 0 && whole(p, kEdges) != messages)
    throw InputError("key 'edges' = " + format_number(p.values[kEdges]) + " but " + path + " has " +
                     std::to_string(messages) + " non-zero amounts (give 0 or that count)");
  hw.beta = p.values[kBeta];
  out.from_matrix = true;
  out.speeds_known = !p.lists[kNic].empty() || p.values[kBackbone] != 0;
  if (!out.speeds_known) return;
  hw.nic = p.lists[kNic];
  if (hw.nic.size() != static_cast<std::size_t>(rows + columns))
    throw InputError("key 'nic' expects " + std::to_string(rows + columns) +
                     " NIC speeds in Mbit/s (senders then receivers) for " + path + ", got " +
                     std::to_string(hw.nic.size()) + kOrPlatform);
  hw.backbone = p.values[kBackbone];
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
    for (const std::string& name : algorithms) {
      const RedistributionAlgorithm* a = find_redistribution_algorithm(name);
      if (a == nullptr) throw std::invalid_argument("redistribution: unknown algorithm " + name);
      algorithms_.push_back(a);
    }
    if (setup_.from_matrix) use(setup_.fixed);
    check_amount(point.values[kBeta] * host_speed_,
                 (platform.file.empty() ? "" : platform.file + ": ") + std::string("key 'beta' = ") +
                     format_number(point.values[kBeta]) + " s at " + format_number(host_speed_) + " flop/s",
                 "flops");
  }

  Policy* policy(std::size_t algorithm, std::uint64_t replication, std::vector<LinkSetting>& settings) override {
    if (!setup_.from_matrix && replication != replication_) {
      // A new instance (and new NIC speeds) for every replication, the same for all algorithms.
      use(random_instance(setup_.random, derive_seed(seed_, {replication})));
      replication_ = replication;
      for (LinkSetting& s : nic_settings(nic_bytes_)) settings.push_back(std::move(s));
    }
    const RedistributionAlgorithm& a = *algorithms_[algorithm];
    if (a.kind == RedistributionKind::bound) return &idle_;
    if (!built_[algorithm]) {
      const Schedule schedule = a.schedule(instance_);
      const std::string problem = check_schedule(instance_, schedule, a.kind == RedistributionKind::steps);
      // An invalid schedule is a bug in the algorithm, never bad input.
      if (!problem.empty())
        throw std::logic_error("redistribution: " + a.name + " gave an invalid schedule: " + problem);
      const bool capped = a.kind == RedistributionKind::steps && !setup_.uncapped;
      policies_[algorithm].reset(schedule_plan(instance_, schedule, capped ? base_bytes_ : 0.0),
                                 CostScale{base_bytes_, host_speed_});
      built_[algorithm] = setup_.from_matrix;  // a fixed instance's plans serve every replication
    }
    return &policies_[algorithm];
  }

  void record(std::size_t algorithm, double makespan, double* metrics) override {
    const double value = algorithms_[algorithm]->kind == RedistributionKind::bound ? bound_ : makespan;
    metrics[0] = value;
    metrics[1] = bound_ > 0 ? value / bound_ : 1.0;
  }

 private:
  void use(const Derived& d) {
    instance_ = d.instance;
    bound_ = lower_bound(instance_);
    base_bytes_ = d.base * kBytesPerMbit;
    nic_bytes_.clear();
    for (int ports : d.ports) nic_bytes_.push_back(ports * base_bytes_);
  }

  RedistributionPoint setup_;
  std::uint64_t seed_;
  std::vector<const RedistributionAlgorithm*> algorithms_;
  std::vector<OwnedPlanPolicy> policies_;
  std::vector<bool> built_;
  IdlePolicy idle_;
  Instance instance_;
  double bound_ = 0;
  double base_bytes_ = 0;
  std::vector<double> nic_bytes_;
  double host_speed_;  // β is a computation of β seconds on host 0
  std::uint64_t replication_ = ~std::uint64_t{0};
};

class RedistributionFamily final : public Family {
 public:
  RedistributionFamily() {
    for (const RedistributionAlgorithm& a : redistribution_algorithms()) algorithms_.push_back({a.name, a.description});
  }
  std::string name() const override { return "redistribution"; }
  std::string description() const override {
    return "messages between two clusters through a backbone: GGP, OGGP, DGGP (Jeannot & Wagner)";
  }
  const std::vector<ParameterSpec>& parameters() const override {
    static const std::vector<ParameterSpec> params = {
        // Pairs are numbered in 32 bits (random instances shuffle them): senders·receivers < 2^32.
        number_key("senders", "nodes of the sending cluster", 14).sweep().whole().at_least(1).at_most(kMaxSide),
        number_key("receivers", "nodes of the receiving cluster", 14).sweep().whole().at_least(1).at_most(kMaxSide),
        number_key("edges", "messages (0: a random count in 1..senders*receivers, or the matrix's count)", 0)
            .sweep()
            .whole()
            .at_most(kMaxCount),
        number_key("k", "messages at once through the backbone (0 with 'matrix': backbone / base speed)", 0)
            .sweep()
            .whole()
            .at_most(kMaxMbitPerSecond),
        // β is a computation of β·kHostSpeed flops: at most 1e15.
        number_key("beta", "set-up time of a step (s)", 1).sweep().at_most(1e6),
        number_key("uncapped", "1 (or --uncapped alone): run step schedules without the base-speed rate cap, "
                               "under SimGrid's bandwidth sharing; 0 1 sweeps both", 0).as_flag(),
        number_key("delta-max",
                   "random instances: ports of a node uniform in 1..delta-max (delta = min(ports, k))", 5)
            .whole()
            .at_least(1)
            .at_most(kMaxCount),
        // A weight of w seconds at the random base speed is w·1.25e7 bytes.
        number_key("weight-min", "random instances: smallest message weight (s at base speed)", 1)
            .whole()
            .at_least(1)
            .at_most(1e6),
        number_key("weight-max", "random instances: largest message weight (s at base speed)", 20)
            .whole()
            .at_least(1)
            .at_most(1e6),
        text_key("matrix", "CSV of the amounts in Mbit (a row per sender, a column per receiver); empty: random"),
        // Whole Mbit/s > 0: the base speed is their GCD.
        list_key("nic", "with 'matrix': NIC speeds in Mbit/s, senders then receivers (none: from the platform "
                        "file)").whole().above(0).at_most(kMaxMbitPerSecond),
        number_key("backbone", "with 'matrix': backbone speed in Mbit/s (0: from the platform file)", 0).whole()
            .at_most(kMaxMbitPerSecond),
    };
    return params;
  }
  const std::vector<AlgorithmInfo>& algorithms() const override { return algorithms_; }
  const std::vector<MetricSpec>& metrics() const override {
    static const std::vector<MetricSpec> specs = {
        {"ratio", "value / lower bound LB of the same instance (1 for lower-bound)",
         {"mean", "stddev", "min", "q10", "q50", "q90", "max"}},
    };
    return specs;
  }
  std::string value_description() const override {
    return "simulated redistribution time (s), the schedule's cost when capped; lower-bound: LB";
  }
  // A random instance numbers every (sender, receiver) pair, and every algorithm keeps its
  // messages and their steps: about 32 bytes a pair.
  double unit_memory(const Point& point) const override {
    return 32.0 * point.values[kSenders] * point.values[kReceivers];
  }
  int hosts_needed(const Point& point) const override {
    // Called by the parent before any work: a bad point fails here, before anything is written.
    resolve_redistribution_point(point);
    return whole(point, kSenders) + whole(point, kReceivers);
  }
  Platform platform_for(const Point& point) const override {
    const RedistributionPoint setup = resolve_redistribution_point(point);
    if (setup.from_matrix) {
      if (!setup.speeds_known) throw InputError(missing_speeds(point.texts[kMatrix]));
      std::vector<double> nic;
      for (double mbit : point.lists[kNic]) nic.push_back(mbit * kBytesPerMbit);
      return two_cluster_platform(nic, point.values[kBackbone] * kBytesPerMbit);
    }
    // NIC speeds change with every replication's ports (link settings); k·base until then.
    const double backbone = setup.random.k * kRandomBase * kBytesPerMbit;
    return two_cluster_platform(std::vector<double>(hosts_needed(point), backbone), backbone);
  }
  // A platform file gives the speeds of a matrix through the links of its routes.
  bool needs_routes() const override { return true; }
  std::unique_ptr<PointRunner> prepare(const Point& point, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t seed) const override {
    return std::make_unique<RedistributionRunner>(point, algorithms, platform, seed);
  }

 private:
  std::vector<AlgorithmInfo> algorithms_;
};

}  // namespace

RedistributionPoint resolve_redistribution_point(const Point& p) {
  RedistributionPoint out;
  if (p.values[kUncapped] > 1)
    throw InputError("key 'uncapped' expects 0 or 1, got " + format_number(p.values[kUncapped]));
  out.uncapped = p.values[kUncapped] == 1;
  if (!p.texts[kMatrix].empty()) {
    check_matrix_point(p, out);
    return out;
  }
  if (!p.lists[kNic].empty() || p.values[kBackbone] != 0)
    throw InputError("keys 'nic' and 'backbone' describe a given redistribution: they need key 'matrix'");
  if (p.values[kK] < 1) throw InputError("key 'k' expects a whole number >= 1 for random instances, got 0");
  const double pairs = p.values[kSenders] * p.values[kReceivers];
  if (p.values[kEdges] > pairs)
    throw InputError("key 'edges' = " + format_number(p.values[kEdges]) + " exceeds senders * receivers = " +
                     format_number(pairs));
  if (p.values[kWeightMin] > p.values[kWeightMax])
    throw InputError("key 'weight-min' = " + format_number(p.values[kWeightMin]) + " exceeds 'weight-max' = " +
                     format_number(p.values[kWeightMax]));
  RandomSpec& r = out.random;
  r.senders = whole(p, kSenders);
  r.receivers = whole(p, kReceivers);
  r.edges = whole(p, kEdges);
  r.k = whole(p, kK);
  r.delta_max = whole(p, kDeltaMax);
  r.weight_min = whole(p, kWeightMin);
  r.weight_max = whole(p, kWeightMax);
  r.beta = p.values[kBeta];
  return out;
}

RedistributionPoint resolve_redistribution_point(const Point& p, const Platform& platform) {
  RedistributionPoint out = resolve_redistribution_point(p);
  if (!out.from_matrix) return out;
  if (platform.file.empty()) {
    if (!out.speeds_known) throw InputError(missing_speeds(p.texts[kMatrix]));
    return out;
  }
  Hardware& hw = out.hardware;
  const TwoClusterSpeeds speeds = read_two_cluster_speeds(platform, whole(p, kSenders), whole(p, kReceivers));
  // Keys given beside the file must say the same: a scenario may state the speeds it expects.
  auto disagree = [&](const std::string& what, double file, const std::string& key, double given) {
    throw InputError(platform.file + ": " + what + " runs at " + format_number(file) + " Mbit/s but key '" + key +
                     "' says " + format_number(given) + " (the file gives the speeds: drop the key or make it agree)");
  };
  if (out.speeds_known) {
    for (std::size_t v = 0; v < speeds.nic.size(); ++v)
      if (speeds.nic[v] != hw.nic[v])
        disagree("the NIC of host " + platform.hosts[v].name, speeds.nic[v], "nic", hw.nic[v]);
    if (speeds.backbone != hw.backbone) disagree("the backbone", speeds.backbone, "backbone", hw.backbone);
  }
  hw.nic = speeds.nic;
  hw.backbone = speeds.backbone;
  out.fixed = derive_checked(p, hw, " in " + platform.file);
  out.speeds_known = true;
  return out;
}

const Family& redistribution_family() {
  static const RedistributionFamily family;
  return family;
}

}  // namespace hetcoll
