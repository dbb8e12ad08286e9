#include "driver/sweep.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/number_format.hpp"
#include "core/random.hpp"
#include "core/statistics.hpp"
#include "engine/engine_factory.hpp"

namespace hetcoll {

std::vector<Point> expand_points(const Scenario& s) {
  Point base;
  base.lists = s.lists;
  base.texts = s.texts;
  // A key that is no axis holds one value; a list or text key no number (0 in `values`).
  for (const std::vector<double>& values : s.values) base.values.push_back(values.empty() ? 0.0 : values.front());
  std::vector<Point> points{base};
  for (std::size_t column : s.family->columns()) {
    const std::vector<double>& axis = s.values[column];
    std::vector<Point> next;
    next.reserve(points.size() * axis.size());
    for (const Point& p : points)
      for (double v : axis) {
        Point q = p;
        q.values[column] = v;
        next.push_back(std::move(q));
      }
    points = std::move(next);
  }
  return points;
}

namespace {

/// True if key `index` holds its default at the point (a list as its default is written).
bool at_default(const ParameterSpec& spec, const Point& point, std::size_t index) {
  switch (spec.kind) {
    case ParameterKind::number: return point.values[index] == spec.default_value;  // -0 == 0
    case ParameterKind::list: {
      std::string text;
      for (double v : point.lists[index]) text += (text.empty() ? "" : ",") + format_number(v);
      return text == spec.default_text;
    }
    case ParameterKind::text: return point.texts[index] == spec.default_text;
  }
  return false;
}

}  // namespace

std::uint64_t point_seed(std::uint64_t seed, const std::vector<ParameterSpec>& keys, const Point& point,
                         bool platform_file) {
  std::vector<std::size_t> seeded;
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i].in_seed && key_applies(keys[i], point, platform_file) && !at_default(keys[i], point, i))
      seeded.push_back(i);
  std::sort(seeded.begin(), seeded.end(), [&keys](std::size_t a, std::size_t b) { return keys[a].key < keys[b].key; });
  std::uint64_t h = mix64(seed);
  auto mix_number = [&h](double v) {
    v += 0.0;  // -0 is 0: the same point must get the same seed
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    h = mix64(h ^ bits);
  };
  // Length prefixes keep ("ab", "c") apart from ("a", "bc"), and [1, 2], [3] from [1], [2, 3].
  auto mix_text = [&h](const std::string& text) {
    h = mix64(h ^ text.size());
    for (char c : text) h = mix64(h ^ static_cast<unsigned char>(c));
  };
  for (std::size_t i : seeded) {
    mix_text(keys[i].key);
    switch (keys[i].kind) {
      case ParameterKind::number: mix_number(point.values[i]); break;
      case ParameterKind::list:
        h = mix64(h ^ point.lists[i].size());
        for (double v : point.lists[i]) mix_number(v);
        break;
      case ParameterKind::text: mix_text(point.texts[i]); break;
    }
  }
  return h;
}

std::uint64_t units_per_point(const Scenario& s) { return (s.replications + s.block - 1) / s.block; }

int unit_shard(const Scenario& s, std::size_t point, std::uint64_t b) {
  // (point * units + b) mod N without overflow: a sweep may hold more than 2^64 replications.
  const auto n = static_cast<std::uint64_t>(s.shard.count);
  return static_cast<int>(((point % n) * (units_per_point(s) % n) % n + b % n) % n);
}

bool whole_in_shard(const Scenario& s, std::size_t point) {
  if (s.shard.count == 1) return true;
  return units_per_point(s) == 1 && unit_shard(s, point, 0) == s.shard.index;
}

std::size_t whole_points_in_shard(const Scenario& s, std::size_t points) {
  if (s.shard.count == 1) return points;
  if (units_per_point(s) > 1) return 0;
  // One unit per point: point p is dealt to shard p mod N.
  const auto n = static_cast<std::size_t>(s.shard.count), index = static_cast<std::size_t>(s.shard.index);
  return points / n + (index < points % n ? 1 : 0);
}

bool shards_split_points(const Scenario& s) { return s.shard.count > 1 && units_per_point(s) > 1; }

std::vector<WorkUnit> make_units(const Scenario& s, std::size_t points, const std::vector<bool>& skip,
                                 const std::set<std::pair<std::size_t, std::uint64_t>>& saved) {
  const std::uint64_t per_point = units_per_point(s);
  const auto n = static_cast<std::uint64_t>(s.shard.count), index = static_cast<std::uint64_t>(s.shard.index);
  std::vector<WorkUnit> units;
  for (std::size_t p = 0; p < points; ++p) {
    if (skip[p]) continue;
    // The shard's first unit of p, then every N-th: the steps of the round-robin deal.
    const std::uint64_t dealt_before = static_cast<std::uint64_t>(unit_shard(s, p, 0));
    for (std::uint64_t b = (index + n - dealt_before) % n; b < per_point; b += n) {
      const std::uint64_t first = b * s.block;
      if (!saved.count({p, first})) units.push_back({p, first, std::min<std::uint64_t>(s.block, s.replications - first)});
    }
  }
  return units;
}

double count_points(const Scenario& s) {
  double points = 1;
  for (const std::vector<double>& axis : s.values) points *= static_cast<double>(std::max<std::size_t>(axis.size(), 1));
  return points;
}

namespace {

// Resident bytes per host, measured on reduction points of 1e4 to 1e6 hosts (at most 0.6 KiB on
// the model engine; on SimGrid 7.9 KiB at 2^20 hosts, of which 3 KiB are the agent's stack and
// most of the rest SimGrid's records of the host, its links and the messages in flight), rounded
// up.
constexpr double kModelBytesPerHost = 1024;
constexpr double kSimgridBytesPerHost = 10 * 1024;
// A route of a platform file's route table: its cost, its first link, about three links.
constexpr double kBytesPerRoute = 48;

}  // namespace

std::unique_ptr<const PointSettings> point_settings(const Scenario& s, const Point& point) {
  return s.family->settings(point, PointContext{s.written, !s.platform.empty(), &s.algorithms});
}

double unit_memory(const Scenario& s, const PointSettings& settings) {
  const double hosts = settings.hosts;
  const bool simgrid = engine_kind(s.engine) == EngineKind::simgrid;
  double bytes = hosts * (simgrid ? kSimgridBytesPerHost : kModelBytesPerHost);
  if (!s.platform.empty() && (!simgrid || settings.needs_routes)) bytes += kBytesPerRoute * hosts * hosts;
  return bytes + settings.unit_memory;
}

MemoryEstimate estimate_memory(const Scenario& s, double points, double largest_unit) {
  const double algorithms = static_cast<double>(s.algorithms.size());
  const double width = 1.0 + static_cast<double>(s.family->metrics().size());
  const double replications = static_cast<double>(s.replications);
  const double block = std::min(static_cast<double>(s.block), replications);
  const double jobs = s.jobs;
  MemoryEstimate m;
  // A point: its values, its summary rows and its entries in the driver's maps.
  m.points = points * (256 + 64.0 * static_cast<double>(s.family->parameters().size()) + 256 * algorithms);
  // The point in flight: units reach the parent in order, so one point is open at a time. With
  // exact quantiles it holds every replication's value (summarised in place); with p2 a
  // fixed-size summary per series (its first StreamingSummary::kExactCount values and the
  // estimator). Raw rows go to files as each unit comes in.
  const double per_series = s.quantiles == "p2" ? std::min(replications, double(StreamingSummary::kExactCount)) * 8 + 512
                                                : replications * 8;
  m.series = std::min(points, 1.0) * algorithms * width * per_series;
  m.units = points * std::ceil(replications / block) * static_cast<double>(sizeof(WorkUnit));
  // A child holds its unit's values, which the parent reads back whole, and writes as raw text.
  m.children = jobs * (largest_unit + 2 * 8 * block * algorithms * width) +
               (s.raw.empty() ? 0 : block * (32 + 24 * width));
  return m;
}

double physical_memory() {
  return static_cast<double>(::sysconf(_SC_PHYS_PAGES)) * static_cast<double>(::sysconf(_SC_PAGE_SIZE));
}

}  // namespace hetcoll
