// Speed of the broadcast family (Google Benchmark): one inter-cluster schedule of each heuristic
// on C = 100 to 3,000 clusters with Table 3's random costs (targets: 1,000 clusters in under 1 s,
// ECEF-LAt at 3,000 in under 3 s), the same schedule by the O(C³) scans the heuristics replaced
// (`BroadcastScheduleScan/`, the reference kept in the tests, so "before" and "after" come from
// one run of one binary), and one replication of a random-cost point on the model engine (draw,
// schedule, plan, run), the unit of Figure 8.
//   build/hetcoll_bench --benchmark_filter=Broadcast
#include <benchmark/benchmark.h>

#include "algorithms/broadcast/support/broadcast_family.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "algorithms/broadcast/support/random_grid.hpp"
#include "model_replications.hpp"
// The scans, outside the library on purpose (one algorithm per file there), and the grid that
// reads a row's schedule alone.
#include "../test/algorithms/broadcast/reference_heuristics.hpp"
#include "../test/algorithms/broadcast/row_schedules.hpp"

namespace hetcoll {
namespace {

/// Table 3's random costs on C clusters, the same instance for every heuristic.
GridCosts bench_grid(int clusters) {
  RandomStream stream(derive_seed(1, {static_cast<std::uint64_t>(clusters)}));
  return draw_grid(clusters, 0, GridRanges{}, stream);
}

/// One schedule of the row's algorithm per iteration: its policy, built once, schedules again
/// whenever the instance counter moves (a dynamic algorithm: its schedule with exact costs).
void BroadcastSchedule(benchmark::State& state, const BroadcastAlgorithm* row) {
  const GridCosts costs = bench_grid(static_cast<int>(state.range(0)));
  const test::SchedulesOnly grid;
  std::uint64_t instance = 0;
  const std::unique_ptr<BroadcastPolicy> policy = row->make(BroadcastSetup{&costs, &instance, {}, &grid});
  for (auto _ : state) {
    ++instance;
    benchmark::DoNotOptimize(policy->predicted());
  }
}

using MakeSchedule = InterSchedule (*)(const GridCosts&, const HeuristicOptions&);

void BroadcastScheduleScan(benchmark::State& state, MakeSchedule make) {
  const GridCosts costs = bench_grid(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(make(costs, HeuristicOptions{}).makespan);
}

/// The family's default point (Table 3's random costs) on `clusters` clusters.
Point random_point(int clusters) {
  const Family& family = broadcast_family();
  Point point = bench::default_point(family);
  point.values[static_cast<std::size_t>(family.parameter_index("clusters"))] = clusters;
  return point;
}

void BroadcastReplication(benchmark::State& state, const std::string& name) {
  bench::time_model_replications(state, broadcast_family(), random_point(static_cast<int>(state.range(0))), name);
}

void register_all() {
  // The rows of another kind of point (the MPI libraries' algorithms, `costs = platform` only)
  // have no schedule on random costs.
  const auto random = broadcast_family().read_point(random_point(10));
  for (const BroadcastAlgorithm& h : broadcast_algorithms()) {
    if (random->other_kind.count(h.name()) > 0) continue;
    benchmark::RegisterBenchmark(("BroadcastSchedule/" + h.name()).c_str(), BroadcastSchedule, &h)
        ->Arg(10)
        ->Arg(50)
        ->Arg(100)
        ->Arg(300)
        ->Arg(1000)
        ->Arg(3000)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BroadcastReplication/" + h.name()).c_str(), BroadcastReplication, h.name())
        ->Arg(10)
        ->Arg(50)
        ->Unit(benchmark::kMicrosecond);
  }
}

void register_scans() {
  for (const reference::Heuristic& h : reference::heuristics())
    benchmark::RegisterBenchmark(("BroadcastScheduleScan/" + h.name).c_str(), BroadcastScheduleScan, h.make)
        ->Arg(10)
        ->Arg(50)
        ->Arg(100)
        ->Arg(300)
        ->Arg(1000)
        ->Arg(3000)
        ->Unit(benchmark::kMillisecond);
}

const bool registered = (register_all(), register_scans(), true);

}  // namespace
}  // namespace hetcoll
