// Per-replication cost of the model engine (Google Benchmark). The SimGrid engine allows one
// engine per process, so scripts/bench.sh measures it through the CLI instead.
//   build/hetcoll_bench --benchmark_filter=Model
#include <benchmark/benchmark.h>

#include "algorithms/family.hpp"
#include "model_replications.hpp"

namespace hetcoll {
namespace {

void ModelReduction(benchmark::State& state, const std::string& algorithm) {
  const Family& family = *find_family("reduction");
  Point point;
  point.values = {static_cast<double>(state.range(0)), 1.0, 0.0, 1.0};
  point.lists.resize(4);
  point.texts.resize(4);
  bench::time_model_replications(state, family, point, algorithm);
}

BENCHMARK_CAPTURE(ModelReduction, TreeDyn, std::string("tree-dyn"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(ModelReduction, BinomialStat, std::string("binomial-stat"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(ModelReduction, FibonacciStat, std::string("fibonacci-stat"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(ModelReduction, NonCommutTreeDyn, std::string("non-commut-tree-dyn"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hetcoll

BENCHMARK_MAIN();
