// Per-replication cost of the model engine (Google Benchmark). The SimGrid engine allows one
// engine per process, so scripts/bench.sh measures it through the CLI instead.
//   build/hetcoll_bench --benchmark_filter=Model
#include <benchmark/benchmark.h>

#include "algorithms/family.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "model_replications.hpp"

namespace hetcoll {
namespace {

void ModelReduction(benchmark::State& state, const std::string& algorithm) {
  // RR-8315's setting: n equal hosts, costs of CV 1, a free ⊕.
  const Scenario scenario = resolve_run_arguments({"--family", "reduce", "--cluster", "platform", "--processors",
                                                   std::to_string(state.range(0)), "--cv", "1", "--ratio", "0"});
  bench::time_model_replications(state, *scenario.family, expand_points(scenario).front(), algorithm);
}

// 2^16 hosts: the per-host cost once the engine's arrays no longer fit in cache (issue 13).
BENCHMARK_CAPTURE(ModelReduction, TreeDyn, std::string("tree-dyn"))->Arg(64)->Arg(1024)->Arg(65536)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(ModelReduction, BinomialStat, std::string("binomial-stat"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(ModelReduction, FibonacciStat, std::string("fibonacci-stat"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(ModelReduction, NonCommutTreeDyn, std::string("non-commut-tree-dyn"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);

void ModelReductionOnDrawnCluster(benchmark::State& state, const std::string& algorithm) {
  // A cluster drawn per replication (times gamma of CV 1): every replication sets each host's
  // UP link and computes its cluster's makespan lower bound (docs/performance.md, "Drawn clusters").
  const Scenario scenario =
      resolve_run_arguments({"--family", "reduce", "--algorithms", algorithm, "--cluster", "gamma", "--cluster-cv", "1",
                             "--processors", std::to_string(state.range(0)), "--cv", "1", "--ratio", "0"});
  bench::time_model_replications(state, *scenario.family, expand_points(scenario).front(), algorithm);
}

BENCHMARK_CAPTURE(ModelReductionOnDrawnCluster, TreeDyn, std::string("tree-dyn"))->Arg(64)->Arg(1024)->Arg(65536)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hetcoll

BENCHMARK_MAIN();
