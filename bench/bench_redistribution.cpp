// Speed of the redistribution schedulers (Google Benchmark). Issue #5 asks for DGGP on
// 100 + 100 nodes with 5,000 edges and k = 50 in under 1 s; the paper's Figure 7 and 8
// instances (14 + 14, 18 + 18 nodes) show the per-replication cost of a sweep. Issue "scale"
// asks for DGGP on 1,000 + 1,000 nodes and 400,000 edges in under 10 s: RedistributionScale
// times DGGP and OGGP on 100 + 100 / 5k, 300 + 300 / 40k and 1,000 + 1,000 / 400k edges, with
// the library's peeling and with the former one (reference_peeling.hpp, beside this file), which
// gave the same schedules when the library's replaced it, so that one run shows both
// (docs/redistribute.md).
//   build/hetcoll_bench --benchmark_filter=Redistribution
//   build/hetcoll_bench --benchmark_filter='RedistributionScale/(dggp|oggp)/' (without the reference, whose
//   1,000-node runs take minutes)
// No BENCHMARK_MAIN here: it links into hetcoll_bench beside bench_engines.cpp.
#include <benchmark/benchmark.h>

#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/inputs.hpp"
#include "reference_peeling.hpp"

namespace hetcoll {
namespace {

/// One algorithm's solver (factories.hpp) on fresh random instances (ports 1..5, weights 1..20,
/// β = 1), a new one per iteration from a fixed sequence of seeds, so every run times the same
/// instances.
void RedistributionSchedule(benchmark::State& state, Schedule (*schedule)(const Instance&)) {
  RandomSpec spec;
  spec.senders = spec.receivers = static_cast<int>(state.range(0));
  spec.edges = static_cast<int>(state.range(1));
  spec.k = static_cast<int>(state.range(2));
  std::uint64_t seed = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const Instance instance = random_instance(spec, RandomStream(seed++)).instance;
    state.ResumeTiming();
    benchmark::DoNotOptimize(schedule(instance));
  }
}

BENCHMARK_CAPTURE(RedistributionSchedule, dggp, dggp_schedule)
    ->Args({100, 5000, 50})->Args({18, 160, 10})->Args({14, 60, 10})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RedistributionSchedule, oggp, oggp_schedule)
    ->Args({100, 5000, 50})->Args({18, 160, 10})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RedistributionSchedule, ggp, ggp_schedule)->Args({100, 5000, 50})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RedistributionSchedule, greedy, greedy_schedule)
    ->Args({100, 5000, 50})->Unit(benchmark::kMillisecond);

/// One schedule of `schedule` on one random instance (seed 0) of senders = receivers =
/// range(0) nodes, range(1) edges and k = range(2), the family's defaults otherwise (weights
/// 1..20, ports 1..5, β = 1). The same instance at every iteration: the sizes are large enough.
void RedistributionScale(benchmark::State& state, Schedule (*schedule)(const Instance&)) {
  RandomSpec spec;
  spec.senders = spec.receivers = static_cast<int>(state.range(0));
  spec.edges = static_cast<int>(state.range(1));
  spec.k = static_cast<int>(state.range(2));
  const Instance instance = random_instance(spec, RandomStream(0)).instance;
  std::size_t steps = 0;
  for (auto _ : state) {
    const Schedule s = schedule(instance);
    steps = s.size();
    benchmark::DoNotOptimize(s.data());
  }
  state.counters["steps"] = static_cast<double>(steps);
}

#define HETCOLL_SCALE_SIZES ->Args({100, 5000, 50})->Args({300, 40000, 150})->Args({1000, 400000, 500})
BENCHMARK_CAPTURE(RedistributionScale, dggp, dggp_schedule) HETCOLL_SCALE_SIZES->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RedistributionScale, oggp, oggp_schedule) HETCOLL_SCALE_SIZES->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RedistributionScale, dggp_reference, reference::dggp)
    HETCOLL_SCALE_SIZES->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(RedistributionScale, oggp_reference, reference::oggp)
    HETCOLL_SCALE_SIZES->Unit(benchmark::kMillisecond);
#undef HETCOLL_SCALE_SIZES

}  // namespace
}  // namespace hetcoll
