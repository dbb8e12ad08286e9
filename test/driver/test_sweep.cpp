// The sweep (driver/sweep.hpp): the cross product of the axes, every combination once in canonical
// order, and point seeds that are a function of the root seed and the point alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "algorithms/family.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver_harness.hpp"

namespace hetcoll {
namespace {

// Three axes of 2, 3 and 2 values, given out of order, over the reduce family's ten numbers.
const std::vector<std::string> kAxes = {"--family", "reduce", "--cluster", "platform", "--processors", "4 2",
                                        "--cv",     "1 0.1 0.3", "--ratio", "0.5 0", "--engine", "model"};

TEST(Sweep, TheCrossProductHoldsEveryCombinationOnceInCanonicalOrder) {
  const Scenario s = resolve_run_arguments(kAxes);
  const std::vector<Point> points = expand_points(s);
  std::size_t product = 1;
  for (const std::vector<double>& axis : s.values) product *= std::max<std::size_t>(axis.size(), 1);
  ASSERT_EQ(points.size(), product);
  EXPECT_EQ(product, 12u);
  EXPECT_EQ(count_points(s), static_cast<double>(product));
  // Each point takes one value of every axis, and no two points take the same ones: with as
  // many points as combinations, every combination is there once.
  std::set<std::vector<double>> distinct;
  for (const Point& p : points) {
    ASSERT_EQ(p.values.size(), s.values.size());
    for (std::size_t k = 0; k < p.values.size(); ++k)
      if (!s.values[k].empty())
        EXPECT_NE(std::find(s.values[k].begin(), s.values[k].end(), p.values[k]), s.values[k].end()) << k;
    distinct.insert(p.values);
  }
  EXPECT_EQ(distinct.size(), points.size());
  // Canonical order: axes ascending, the last parameter varying fastest, so the points are in
  // strictly increasing lexicographic order of their values.
  for (std::size_t i = 1; i < points.size(); ++i) EXPECT_LT(points[i - 1].values, points[i].values) << i;
}

TEST(Sweep, AnAxisOfOneValueOrNoneMultipliesNothing) {
  const Scenario one = resolve_run_arguments(test::with_keys(kAxes, {{"--cv", "0.3"}}));
  EXPECT_EQ(expand_points(one).size(), 4u);
  EXPECT_EQ(count_points(one), 4);
}

TEST(Sweep, PointSeedsAreAFunctionOfTheRootSeedAndThePointAlone) {
  const Scenario s = resolve_run_arguments(kAxes);
  auto point_seed = [&s](std::uint64_t root, const Point& p) {
    return hetcoll::point_seed(root, s.family->parameters(), p, false);
  };
  const std::vector<Point> points = expand_points(s);
  std::set<std::uint64_t> seeds, other_root;
  for (const Point& p : points) {
    const Point copy = p;
    EXPECT_EQ(point_seed(1, p), point_seed(1, copy));
    seeds.insert(point_seed(1, p));
    other_root.insert(point_seed(2, p));
  }
  EXPECT_EQ(seeds.size(), points.size()) << "two points share a seed";
  for (std::uint64_t seed : other_root) EXPECT_EQ(seeds.count(seed), 0u) << "another root seed gives a seed of root 1";
  // A point's seed is the same whatever sweep it is part of: another axis value added, the axes
  // given in another order, or the point alone.
  const Scenario wider =
      resolve_run_arguments(test::with_keys(kAxes, {{"--cv", "0.2 1 0.1 0.3"}, {"--processors", "2 8 4"}}));
  std::map<std::vector<double>, std::uint64_t> in_wider;
  for (const Point& p : expand_points(wider)) in_wider[p.values] = point_seed(1, p);
  EXPECT_EQ(in_wider.size(), 24u);
  for (const Point& p : points) {
    ASSERT_EQ(in_wider.count(p.values), 1u);
    EXPECT_EQ(in_wider[p.values], point_seed(1, p));
  }
  const Point& last = points.back();
  const Scenario alone =
      resolve_run_arguments(test::with_keys(kAxes, {{"--processors", "4"}, {"--cv", "1"}, {"--ratio", "0.5"}}));
  ASSERT_EQ(expand_points(alone).size(), 1u);
  EXPECT_EQ(expand_points(alone)[0].values, last.values);
  EXPECT_EQ(point_seed(1, expand_points(alone)[0]), point_seed(1, last));
}

TEST(Sweep, TheUnitsOfAPointDoNotDependOnTheShardsThatRunThem) {
  // Whatever the number of shards, the units every shard runs put together are the units of one
  // shard: the same (point, first, count) triples, each once.
  Scenario s = resolve_run_arguments(test::with_keys(kAxes, {{"--replications", "7"}, {"--block", "3"}}));
  const std::size_t points = expand_points(s).size();
  using Unit = std::tuple<std::size_t, std::uint64_t, std::uint64_t>;
  std::set<Unit> alone;
  for (const WorkUnit& u : make_units(s, points, std::vector<bool>(points, false))) alone.insert({u.point, u.first, u.count});
  EXPECT_EQ(alone.size(), points * units_per_point(s));
  for (int count : {2, 5, 40}) {
    std::multiset<Unit> dealt;
    for (int shard = 0; shard < count; ++shard) {
      s.shard = {shard, count};
      for (const WorkUnit& u : make_units(s, points, std::vector<bool>(points, false))) dealt.insert({u.point, u.first, u.count});
    }
    EXPECT_EQ(std::set<Unit>(dealt.begin(), dealt.end()), alone)
        << count << " shards";
    EXPECT_EQ(dealt.size(), alone.size()) << count << " shards: a unit dealt twice";
  }
}

TEST(Sweep, ShardsPartitionTheUnitsFairlyAndUnitsCoverEveryReplication) {
  // 3 points of 3 units (the last one short), dealt to fewer, as many and more shards than
  // there are points or units.
  Scenario s = resolve_run_arguments({"--cv", "0.1 0.2 0.3", "--replications", "2500", "--block", "1000"});
  const std::size_t points = 3;
  for (int count : {1, 2, 3, 4, 9, 20}) {
    std::vector<int> covered(points * 2500, 0);
    std::vector<std::size_t> share;
    for (int shard = 0; shard < count; ++shard) {
      s.shard = {shard, count};
      const std::vector<WorkUnit> units = make_units(s, points, std::vector<bool>(points, false));
      share.push_back(units.size());
      for (const WorkUnit& u : units) {
        EXPECT_EQ(unit_shard(s, u.point, u.first / s.block), shard);
        for (std::uint64_t r = u.first; r < u.first + u.count; ++r) ++covered[u.point * 2500 + r];
      }
      for (std::size_t p = 0; p < points; ++p) {
        const auto held = std::count_if(units.begin(), units.end(), [&](const WorkUnit& u) { return u.point == p; });
        // Whole: every unit of the point is here; a point of several units is whole in one
        // shard only when there is one shard.
        EXPECT_EQ(whole_in_shard(s, p), held == 3) << count << " shards, shard " << shard << ", point " << p;
      }
      EXPECT_EQ(whole_points_in_shard(s, points), count == 1 ? points : 0u);
    }
    for (int c : covered) EXPECT_EQ(c, 1) << count << " shards";
    // A fair share: shards differ by one unit at most.
    EXPECT_LE(*std::max_element(share.begin(), share.end()) - *std::min_element(share.begin(), share.end()), 1u)
        << count << " shards";
  }
  // One unit per point: points are dealt round-robin, whole.
  s.replications = 700;
  for (int count : {1, 2, 5}) {
    std::size_t whole = 0;
    for (int shard = 0; shard < count; ++shard) {
      s.shard = {shard, count};
      std::size_t counted = 0;
      for (std::size_t p = 0; p < points; ++p) counted += whole_in_shard(s, p) ? 1 : 0;
      EXPECT_EQ(whole_points_in_shard(s, points), counted);
      whole += counted;
    }
    EXPECT_EQ(whole, points);
  }
  s.replications = 2500;
  // Saved units are left out, and nothing else.
  s.shard = {0, 1};
  EXPECT_EQ(make_units(s, points, std::vector<bool>(points, false), {{1, 1000}, {2, 0}}).size(), 7u);
}

}  // namespace
}  // namespace hetcoll
