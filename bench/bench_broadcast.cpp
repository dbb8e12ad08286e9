// Speed of the broadcast family (Google Benchmark): one inter-cluster schedule of each heuristic
// on C clusters (the target: 1,000 clusters in under 1 s), and one replication of a
// random-cost point on the model engine (draw, schedule, plan, run), the unit of Figure 8.
//   build/hetcoll_bench --benchmark_filter=Broadcast
#include <benchmark/benchmark.h>

#include "algorithms/broadcast/broadcast_family.hpp"
#include "algorithms/broadcast/registry.hpp"
#include "algorithms/broadcast/random_grid.hpp"
#include "model_replications.hpp"

namespace hetcoll {
namespace {

void BroadcastSchedule(benchmark::State& state, const std::string& name) {
  const int C = static_cast<int>(state.range(0));
  RandomStream stream(derive_seed(1, {static_cast<std::uint64_t>(C)}));
  const GridCosts costs = draw_grid(C, 0, GridRanges{}, stream);
  const BroadcastAlgorithm& heuristic = broadcast_algorithms().at(name);
  for (auto _ : state) benchmark::DoNotOptimize(heuristic.make(costs, HeuristicOptions{}).makespan);
}

void BroadcastReplication(benchmark::State& state, const std::string& name) {
  const Family& family = broadcast_family();
  Point point;
  for (const ParameterSpec& p : family.parameters()) {
    point.values.push_back(p.key == "clusters" ? static_cast<double>(state.range(0)) : p.default_value);
    point.lists.emplace_back();
    point.texts.push_back(p.default_text);
  }
  bench::time_model_replications(state, family, point, name);
}

void register_all() {
  for (const BroadcastAlgorithm& h : broadcast_algorithms()) {
    benchmark::RegisterBenchmark(("BroadcastSchedule/" + h.name).c_str(), BroadcastSchedule, h.name)
        ->Arg(50)
        ->Arg(1000)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BroadcastReplication/" + h.name).c_str(), BroadcastReplication, h.name)
        ->Arg(10)
        ->Arg(50)
        ->Unit(benchmark::kMicrosecond);
  }
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace hetcoll
