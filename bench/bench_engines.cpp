// Per-replication cost of the model engine (Google Benchmark). The SimGrid engine allows one
// engine per process, so scripts/bench.sh measures it through the CLI instead.
//   build/hetcoll_bench --benchmark_filter=Model
#include <benchmark/benchmark.h>

#include "algorithms/family.hpp"
#include "engine/model/model_engine.hpp"

namespace hetcoll {
namespace {

/// Endless replications of one algorithm at one point, until the benchmark has enough.
class BenchSource final : public ReplicationSource {
 public:
  BenchSource(PointRunner& runner, benchmark::State& state) : runner_(runner), state_(state) {}
  Policy* next(std::vector<LinkSetting>& settings) override {
    if (!state_.KeepRunning()) return nullptr;
    return runner_.policy(0, replication_++, settings);
  }
  void finished(double makespan) override { benchmark::DoNotOptimize(makespan); }

 private:
  PointRunner& runner_;
  benchmark::State& state_;
  std::uint64_t replication_ = 0;
};

void ModelReduction(benchmark::State& state, const std::string& algorithm) {
  const Family& family = *find_family("reduction");
  Point point;
  point.values = {static_cast<double>(state.range(0)), 1.0, 0.0, 1.0};
  point.lists.resize(4);
  point.texts.resize(4);
  const Platform platform = family.platform_for(point);
  auto runner = family.prepare(point, {algorithm}, platform, 1);
  auto engine = make_model_engine(platform);
  BenchSource source(*runner, state);
  engine->run(source);
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK_CAPTURE(ModelReduction, TreeDyn, std::string("tree-dyn"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(ModelReduction, BinomialStat, std::string("binomial-stat"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(ModelReduction, FibonacciStat, std::string("fibonacci-stat"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(ModelReduction, NonCommutTreeDyn, std::string("non-commut-tree-dyn"))->Arg(64)->Arg(1024)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hetcoll

BENCHMARK_MAIN();
