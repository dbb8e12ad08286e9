#include "driver/sweep.hpp"

#include <cstring>

#include "core/random.hpp"

namespace hetcoll {

std::vector<Point> expand_points(const Scenario& s) {
  std::vector<Point> points{Point{}};
  for (const std::vector<double>& axis : s.values) {
    std::vector<Point> next;
    next.reserve(points.size() * axis.size());
    for (const Point& p : points)
      for (double v : axis) {
        Point q = p;
        q.values.push_back(v);
        next.push_back(std::move(q));
      }
    points = std::move(next);
  }
  return points;
}

std::uint64_t point_seed(std::uint64_t seed, const Point& point) {
  std::uint64_t h = mix64(seed);
  for (double v : point.values) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    h = mix64(h ^ bits);
  }
  return h;
}

bool in_shard(const Scenario& s, std::size_t index) {
  return static_cast<int>(index % static_cast<std::size_t>(s.shard.count)) == s.shard.index;
}

std::vector<WorkUnit> make_units(const Scenario& s, std::size_t points, const std::vector<bool>& skip) {
  std::vector<WorkUnit> units;
  for (std::size_t p = 0; p < points; ++p) {
    if (!in_shard(s, p) || skip[p]) continue;
    for (std::uint64_t first = 0; first < s.replications; first += s.block)
      units.push_back({p, first, std::min<std::uint64_t>(s.block, s.replications - first)});
  }
  return units;
}

}  // namespace hetcoll
