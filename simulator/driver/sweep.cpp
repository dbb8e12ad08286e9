#include "driver/sweep.hpp"

#include <algorithm>
#include <cstring>

#include "core/random.hpp"

namespace hetcoll {

std::vector<Point> expand_points(const Scenario& s) {
  Point base;
  base.lists = s.lists;
  base.texts = s.texts;
  std::vector<Point> points{base};
  for (const std::vector<double>& axis : s.values) {
    std::vector<Point> next;
    next.reserve(points.size() * std::max<std::size_t>(axis.size(), 1));
    for (const Point& p : points) {
      if (axis.empty()) {  // a list or text parameter: no number, no axis
        next.push_back(p);
        next.back().values.push_back(0.0);
      }
      for (double v : axis) {
        Point q = p;
        q.values.push_back(v);
        next.push_back(std::move(q));
      }
    }
    points = std::move(next);
  }
  return points;
}

std::uint64_t point_seed(std::uint64_t seed, const Point& point) {
  std::uint64_t h = mix64(seed);
  auto mix_number = [&h](double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    h = mix64(h ^ bits);
  };
  for (double v : point.values) mix_number(v);
  // Lengths keep [1, 2], [3] apart from [1], [2, 3]; empty entries (other kinds) mix nothing.
  for (const std::vector<double>& list : point.lists) {
    if (!list.empty()) h = mix64(h ^ list.size());
    for (double v : list) mix_number(v);
  }
  for (const std::string& text : point.texts) {
    if (!text.empty()) h = mix64(h ^ text.size());
    for (char c : text) h = mix64(h ^ static_cast<unsigned char>(c));
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
