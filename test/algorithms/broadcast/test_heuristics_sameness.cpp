// The incremental heuristics (FEF, ECEF, ECEF-LA, ECEF-LAt, ECEF-LAT, BottomUp; docs/broadcast.md,
// "Cost") against the scans they replaced (reference_heuristics.hpp): the same sends in the same
// order at the same dates, to the last bit, on random grids of 2 to 60 clusters under every option.
// Most grids are made of ties: small integers, multiples of 0.1 (sums that round), and costs of
// two scales 1e16 apart, where adding a lookahead rounds different completion times to one value
// and only the scans' (i, j) order decides.
#include <gtest/gtest.h>

#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/broadcast/support/random_grid.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "reference_heuristics.hpp"
#include "row_schedules.hpp"

namespace hetcoll {
namespace {

/// One cost drawn by a generator: the value of a cell of g, L or T.
using Draw = std::function<double(RandomStream&)>;

struct Generator {
  std::string name;
  Draw gap, latency, intra;
  bool symmetric;
};

Draw integers(int low, int high) {
  return [=](RandomStream& r) { return static_cast<double>(low + static_cast<int>(r.below(high - low + 1))); };
}

Draw tenths(int low, int high) {
  return [=](RandomStream& r) { return 0.1 * static_cast<double>(low + static_cast<int>(r.below(high - low + 1))); };
}

/// Mostly small values, sometimes one of two huge ones: sums with a huge term round the small
/// ones away.
Draw two_scales() {
  return [](RandomStream& r) {
    const std::uint64_t k = r.below(10);
    if (k == 0) return 1e16;
    if (k == 1) return 3e16;
    return 0.1 * static_cast<double>(k);
  };
}

const std::vector<Generator>& generators() {
  static const std::vector<Generator> all = {
      {"small integers", integers(0, 3), integers(0, 2), integers(0, 4), true},
      {"small integers, asymmetric", integers(1, 3), integers(0, 1), integers(0, 3), false},
      {"tenths", tenths(1, 6), tenths(0, 2), tenths(0, 30), true},
      {"two scales, huge T", tenths(0, 5), tenths(0, 1), two_scales(), false},
      {"two scales everywhere", two_scales(), tenths(0, 2), two_scales(), false},
  };
  return all;
}

GridCosts make_grid(const Generator& gen, int clusters, RandomStream& r) {
  GridCosts c;
  c.clusters = clusters;
  c.root = static_cast<int>(r.below(clusters));
  const std::size_t cells = static_cast<std::size_t>(clusters) * clusters;
  c.gap.assign(cells, 0.0);
  c.latency.assign(cells, 0.0);
  for (int i = 0; i < clusters; ++i)
    for (int j = gen.symmetric ? i + 1 : 0; j < clusters; ++j) {
      if (i == j) continue;
      const std::size_t ij = static_cast<std::size_t>(i) * clusters + j;
      const std::size_t ji = static_cast<std::size_t>(j) * clusters + i;
      c.gap[ij] = gen.gap(r);
      c.latency[ij] = gen.latency(r);
      if (gen.symmetric) c.gap[ji] = c.gap[ij], c.latency[ji] = c.latency[ij];
    }
  c.intra.resize(clusters);
  for (double& t : c.intra) t = gen.intra(r);
  return c;
}

/// Empty when the schedules are the same to the last bit, else where they first differ.
std::string difference(const InterSchedule& expected, const InterSchedule& got) {
  std::ostringstream out;
  out.precision(17);
  const std::size_t n = std::min(expected.sends.size(), got.sends.size());
  for (std::size_t k = 0; k < n; ++k) {
    const InterSend& e = expected.sends[k];
    const InterSend& g = got.sends[k];
    if (e.from != g.from || e.to != g.to || e.start != g.start || e.arrival != g.arrival) {
      out << "send " << k << ": expected " << e.from << "->" << e.to << " (" << e.start << ", " << e.arrival
          << "), got " << g.from << "->" << g.to << " (" << g.start << ", " << g.arrival << ")";
      return out.str();
    }
  }
  if (expected.sends.size() != got.sends.size()) return "a different number of sends";
  if (expected.ready != got.ready) return "different ready times";
  if (expected.makespan != got.makespan) return "a different makespan";
  return "";
}

/// Both sender-busy readings, each with FEF's and BottomUp's own options off and on (each
/// heuristic reads only its own).
std::vector<HeuristicOptions> every_option() {
  std::vector<HeuristicOptions> all;
  for (int bits = 0; bits < 4; ++bits) {
    HeuristicOptions o;
    o.busy_until_arrival = bits & 1;
    o.fef_full_cost = o.bottomup_ready = bits & 2;
    all.push_back(o);
  }
  return all;
}

/// Runs every reference heuristic and its library version on `grid` under every option.
void expect_same_schedules(const GridCosts& grid, const std::string& what) {
  for (const reference::Heuristic& h : reference::heuristics()) {
    const BroadcastAlgorithm& incremental = broadcast_algorithms().at(h.name);
    for (const HeuristicOptions& o : every_option()) {
      const std::string diff = difference(h.make(grid, o), test::schedule_of(incremental, grid, o));
      ASSERT_EQ(diff, "") << h.name << " on " << what << " (C = " << grid.clusters << ", root " << grid.root
                          << ", busy g+L " << o.busy_until_arrival << ", fef g+L and bottomup ready "
                          << o.fef_full_cost << ")";
    }
  }
}

TEST(IncrementalHeuristics, SameSchedulesAsTheScansOnGridsFullOfTies) {
  for (const Generator& gen : generators()) {
    RandomStream r(derive_seed(2024, {std::hash<std::string>{}(gen.name)}));
    for (int grid = 0; grid < 160; ++grid) {
      const int clusters = 2 + static_cast<int>(r.below(59));  // 2..60
      expect_same_schedules(make_grid(gen, clusters, r), gen.name + " #" + std::to_string(grid));
    }
  }
}

TEST(IncrementalHeuristics, SameSchedulesAsTheScansOnTable3Draws) {
  RandomStream r(derive_seed(7, {}));
  for (int grid = 0; grid < 120; ++grid) {
    const int clusters = 2 + static_cast<int>(r.below(59));
    const int root = static_cast<int>(r.below(clusters));
    expect_same_schedules(draw_grid(clusters, root, GridRanges{}, r), "Table 3 draw #" + std::to_string(grid));
  }
}

TEST(IncrementalHeuristics, SameSchedulesWhenEveryCostIsEqual) {
  // Every pair ties at every step: only the (i, j) rules decide.
  for (int clusters : {2, 3, 17, 60}) {
    GridCosts c;
    c.clusters = clusters;
    c.root = clusters / 2;
    c.gap.assign(static_cast<std::size_t>(clusters) * clusters, 1.0);
    c.latency.assign(c.gap.size(), 0.5);
    c.intra.assign(clusters, 2.0);
    expect_same_schedules(c, "equal costs");
  }
}

}  // namespace
}  // namespace hetcoll
