// Planning cost of the reduce family's planners (Google Benchmark), against the targets of the
// issue: SNF on n = 100,000 processors in under 0.2 s (O(n log n)), the exact optimum for
// n = 12 in under 1 s per instance. No BENCHMARK_MAIN here: it links into hetcoll_bench.
//   build/hetcoll_bench --benchmark_filter=ReducePlanner
// And the whole search of docs/reduce.md's "Worst ratio observed" (about two minutes; the tests
// run it small):
//   build/hetcoll_bench --benchmark_filter=ReduceSnfWorstRatioSearch
#include <benchmark/benchmark.h>

#include "algorithms/reduce/support/factories.hpp"
#include "algorithms/reduce/support/cluster.hpp"
#include "../test/algorithms/reduce/snf_ratio_search.hpp"

namespace hetcoll {
namespace {

std::vector<double> uniform_cluster(int n, double spread, std::uint64_t seed) {
  RandomStream stream(seed);
  std::vector<double> times(n);
  for (double& t : times) t = quantise_time(1 + (spread - 1) * stream.uniform());
  return times;
}

// The whole plan: sort, EP with tokens, Lemma 1 destinations and the Plan both engines run.
void ReducePlannerSnfPlan(benchmark::State& state) {
  const std::vector<double> times = uniform_cluster(static_cast<int>(state.range(0)), 10, 1);
  for (auto _ : state) benchmark::DoNotOptimize(ep_plan(snf_schedule(times)));
  state.SetComplexityN(state.range(0));
}
BENCHMARK(ReducePlannerSnfPlan)->RangeMultiplier(10)->Range(1000, 100000)->Unit(benchmark::kMillisecond)->Complexity();

// Distinct times are the search's hardest case (no two senders interchangeable); the state's
// instances are drawn once, so every iteration solves another one of the same size.
void ReducePlannerOptimal(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::uint64_t seed = 1;
  for (auto _ : state) {
    state.PauseTiming();
    const std::vector<double> times = uniform_cluster(n, state.range(1), seed++);
    state.ResumeTiming();
    benchmark::DoNotOptimize(optimal_schedule(times));
  }
}
BENCHMARK(ReducePlannerOptimal)->Args({8, 10})->Args({10, 10})->Args({12, 2})->Args({12, 10})->Args({12, 100})
    ->Unit(benchmark::kMillisecond);

void ReducePlannerLowerBound(benchmark::State& state) {
  const std::vector<double> times = uniform_cluster(static_cast<int>(state.range(0)), 10, 1);
  for (auto _ : state) benchmark::DoNotOptimize(makespan_lower_bound(times));
}
BENCHMARK(ReducePlannerLowerBound)->Arg(1000)->Arg(100000)->Unit(benchmark::kMillisecond);

// An exploration more than a timing: the worst SNF/OPT of each law (counters law0..law5, in
// snf_search_laws() order) and of the climbs, and the worst cluster of all as the label.
void ReduceSnfWorstRatioSearch(benchmark::State& state) {
  test::SnfSearch found;
  for (auto _ : state) found = test::search_snf_ratio(1200000, 300, 300);
  test::SnfWorst worst = found.climbed;
  for (std::size_t law = 0; law < found.by_law.size(); ++law) {
    state.counters["law" + std::to_string(law)] = found.by_law[law].ratio;
    if (found.by_law[law].ratio > worst.ratio) worst = found.by_law[law];
  }
  state.counters["climbed"] = found.climbed.ratio;
  std::string cluster;
  for (double t : worst.times) cluster += (cluster.empty() ? "" : " ") + std::to_string(t);
  state.SetLabel("worst " + std::to_string(worst.ratio) + " on " + cluster);
}
BENCHMARK(ReduceSnfWorstRatioSearch)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
}  // namespace hetcoll
