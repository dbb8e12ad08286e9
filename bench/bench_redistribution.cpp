// Speed of the redistribution schedulers (Google Benchmark). Issue #5 asks for DGGP on
// 100 + 100 nodes with 5,000 edges and k = 50 in under 1 s; the paper's Figure 7 and 8
// instances (14 + 14, 18 + 18 nodes) show the per-replication cost of a sweep.
//   build/hetcoll_bench --benchmark_filter=Redistribution
// No BENCHMARK_MAIN here: it links into hetcoll_bench beside bench_engines.cpp.
#include <benchmark/benchmark.h>

#include "algorithms/redistribute/inputs.hpp"
#include "algorithms/redistribute/registry.hpp"

namespace hetcoll {
namespace {

/// One algorithm of the table on fresh random instances (ports 1..5, weights 1..20, β = 1), a
/// new one per iteration from a fixed sequence of seeds, so every run times the same instances.
void RedistributionSchedule(benchmark::State& state, const char* algorithm) {
  const auto schedule = redistribution_algorithms().at(algorithm).make;
  RandomSpec spec;
  spec.senders = spec.receivers = static_cast<int>(state.range(0));
  spec.edges = static_cast<int>(state.range(1));
  spec.k = static_cast<int>(state.range(2));
  std::uint64_t seed = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const Instance instance = random_instance(spec, seed++).instance;
    state.ResumeTiming();
    benchmark::DoNotOptimize(schedule(instance));
  }
}

BENCHMARK_CAPTURE(RedistributionSchedule, dggp, "dggp")
    ->Args({100, 5000, 50})->Args({18, 160, 10})->Args({14, 60, 10})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RedistributionSchedule, oggp, "oggp")
    ->Args({100, 5000, 50})->Args({18, 160, 10})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RedistributionSchedule, ggp, "ggp")->Args({100, 5000, 50})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RedistributionSchedule, greedy, "greedy")
    ->Args({100, 5000, 50})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hetcoll
