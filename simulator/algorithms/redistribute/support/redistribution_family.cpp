#include "algorithms/redistribute/support/redistribution_family.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>

#include "algorithms/amount_limits.hpp"
#include "algorithms/redistribute/support/execution.hpp"
#include "algorithms/redistribute/support/redistribution_keys.hpp"
#include "algorithms/redistribute/support/redistribution_runner.hpp"
#include "algorithms/redistribute/support/registry.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

static_assert(kMaxMatrixAmount * kMaxMatrixUnit <= kMaxAmount, "a matrix amount of the largest unit exceeds 2^63 bytes");

const RedistributionKeys& keys() { return redistribution_keys(); }

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

// Checks key 'k' against the k of `d`; `from` says where the speeds came from.
const Derived& check_k(const Point& p, const Derived& d, const std::string& from) {
  if (p[keys().k] != 0 && whole(p, keys().k) != d.instance.k)
    throw InputError("key 'k' = " + format_number(p[keys().k]) + " but backbone / base speed = " +
                     std::to_string(d.instance.k) + from + " (give 0 or that value)");
  return d;
}

// k = 0 on the family's own platform, which has no backbone speed of its own: as many streams
// as the smaller cluster's NICs can carry at once (delta-max each), so the backbone limits no
// step and δ(v) is v's ports.
int open_backbone(const Point& p) {
  const double k = std::min(p[keys().senders], p[keys().receivers]) * p[keys().delta_max];
  if (k > kMaxMbitPerSecond)
    throw InputError("key 'k' = 0 on the family's own platform takes min(senders, receivers) x delta-max = " +
                     format_number(k) + " streams, above " + format_number(kMaxMbitPerSecond) + "; give k");
  return static_cast<int>(k);
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
  out.fixed = check_k(p, derive_instance(hw), "");
}

/// A point as the family reads it: validated, with its count of hosts.
struct RedistributionSettings final : PointSettings {
  RedistributionSettings(const Point& p, RedistributionPoint r) : point(p), read(std::move(r)) {}
  Point point;
  RedistributionPoint read;
  Platform platform() const override {
    if (read.from_matrix) {
      if (!read.speeds_known) throw InputError(missing_speeds(point[keys().matrix]));
      std::vector<double> nic;
      for (double mbit : point[keys().nic]) nic.push_back(mbit * kBytesPerMbit);
      return two_cluster_platform(nic, point[keys().backbone] * kBytesPerMbit);
    }
    // NIC speeds change with every replication's ports (link settings); k·base until then.
    const double backbone = read.random.k * kRandomBase * kBytesPerMbit;
    return two_cluster_platform(std::vector<double>(hosts, backbone), backbone);
  }
};

class RedistributionFamily final : public Family {
 public:
  const FamilyInfo& info() const override {
    static const FamilyInfo info{
        "redistribute",
        "messages between two clusters through a backbone: GGP, OGGP, DGGP (Jeannot & Wagner)",
        "simulated redistribution time (s), the schedule's cost when capped; lower-bound: LB",
        // The defaults' instances are too large for the exact search: a tiny one keeps every
        // algorithm in the list.
        {"--senders", "2", "--receivers", "3", "--k", "2", "--weight-max", "5"},
        std::vector<MetricSpec>{
            {"over_bound", "value / lower bound LB of the same instance (1 for lower-bound)",
             {"mean", "stddev", "min", "q10", "q50", "q90", "max"}},
            {"over_link_bound", "value / link bound of the same instance: beta + the largest of amount / NIC over the "
                                "nodes and, if backbone_shared, total / backbone; no run at cv = 0 beats it (>= 1)",
             {"min"}},
            {"backbone_shared", "1 if every sender-to-receiver route crosses the model's backbone link, 0 if the "
                                "platform has no such link and the backbone is the slowest link of those routes",
             {"min"}},
        },
        {}};
    return info;
  }
  const KeyTable& key_table() const override { return keys().table; }
  const std::vector<AlgorithmInfo>& algorithms() const override { return redistribution_algorithms().infos(); }

  std::unique_ptr<const PointSettings> settings(const Point& point, const PointContext& context) const override {
    check_written_keys(context.written, point, context.platform_file);
    auto s = std::make_unique<RedistributionSettings>(point, resolve_redistribution_point(point));
    s->hosts = whole(point, keys().senders) + whole(point, keys().receivers);
    // A random instance numbers every (sender, receiver) pair, and every algorithm keeps its
    // messages and their steps: about 32 bytes a pair.
    s->unit_memory = 32.0 * point[keys().senders] * point[keys().receivers];
    // A platform file gives the speeds of a matrix through the links of its routes.
    s->needs_routes = true;
    for (const RedistributionAlgorithm& a : redistribution_algorithms()) {
      std::string limit = algorithm_limit(a.name(), point);
      if (!limit.empty()) s->limits[a.name()] = std::move(limit);
    }
    return s;
  }

  std::unique_ptr<PointRunner> prepare(const PointSettings& settings, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t seed, Probe& /*probe*/) const override {
    return make_redistribution_runner(static_cast<const RedistributionSettings&>(settings).point, algorithms,
                                      platform, seed);
  }

 private:
  // A value of `message` other than its default without a matrix is refused with the point
  // (resolve_redistribution_point); written at its default, only the written keys tell.
  static void check_written_keys(const std::set<std::string>& written, const Point& point, bool platform_file) {
    if (written.count("message") && point[keys().matrix].empty()) throw InputError(message_without_matrix());
    if (written.count("delta-max") && platform_file)
      throw InputError("key 'delta-max' draws the ports of the family's own platform; with a platform file each "
                       "node's ports are its NIC / base speed: leave 'delta-max' out");
  }
  // A search sized by its instance runs in the default list only where it fits every random
  // instance the point may draw; a matrix's search is checked as it runs.
  static std::string algorithm_limit(const std::string& name, const Point& point) {
    const RedistributionAlgorithm& a = redistribution_algorithms().at(name);
    if (a.work_bound() == nullptr || !point[keys().matrix].empty()) return "";
    const RandomSpec r = resolve_redistribution_point(point).random;
    const double messages = r.edges > 0 ? r.edges : static_cast<double>(r.senders) * r.receivers;
    if (a.work_bound()(messages, r.weight_max, r.k, r.delta_max) <= static_cast<double>(a.max_work())) return "";
    return "key 'algorithms': " + name + " searches every schedule, and on random instances of up to " +
           format_number(messages) + " messages of weight up to " + format_number(r.weight_max) +
           " its search may exceed " + std::to_string(a.max_work()) +
           " steps (documented limit): give fewer 'edges', a smaller 'weight-max' or 'k'";
  }
};

}  // namespace

const RedistributionKeys& redistribution_keys() {
  static const RedistributionKeys k;
  return k;
}

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
  r.k = p[keys().k] == 0 ? open_backbone(p) : whole(p, keys().k);
  r.delta_max = whole(p, keys().delta_max);
  r.weight_min = whole(p, keys().weight_min);
  r.weight_max = whole(p, keys().weight_max);
  r.beta = p[keys().beta];
  return out;
}

namespace {

// A random matrix on a platform file: the file's speeds (derive_speeds), k from them, and
// weights (seconds at the file's base speed) whose bytes the engines can carry.
void use_file_speeds(const Point& p, const Platform& platform, RedistributionPoint& out) {
  const PlatformSpeeds speeds = read_platform_speeds(platform, whole(p, keys().senders), whole(p, keys().receivers));
  out.fixed = derive_speeds(speeds.nic, speeds.backbone);
  check_k(p, out.fixed, " in " + platform.file);
  out.random.k = out.fixed.instance.k;
  out.backbone_shared = speeds.shared;
  out.backbone_link = speeds.backbone_link;
  out.speeds_known = true;
  check_amount(p[keys().weight_max] * out.fixed.base * kBytesPerMbit,
               platform.file + ": key 'weight-max' = " + format_number(p[keys().weight_max]) +
                   " s at the file's base speed of " + format_number(out.fixed.base) + " Mbit/s",
               "bytes");
}

}  // namespace

RedistributionPoint resolve_redistribution_point(const Point& p, const Platform& platform) {
  RedistributionPoint out = resolve_redistribution_point(p);
  if (!out.from_matrix) {
    if (!platform.file.empty()) use_file_speeds(p, platform, out);
    return out;
  }
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
  out.fixed = check_k(p, derive_instance(hw), " in " + platform.file);
  out.speeds_known = true;
  return out;
}

const Family& redistribution_family() {
  static const RedistributionFamily family;
  return family;
}

}  // namespace hetcoll
