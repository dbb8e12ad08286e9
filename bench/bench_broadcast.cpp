// Speed of the broadcast family (Google Benchmark): one inter-cluster schedule of each heuristic
// on C clusters (the target: 1,000 clusters in under 1 s), and one replication of a
// random-cost point on the model engine (draw, schedule, plan, run), the unit of Figure 8.
//   build/hetcoll_bench --benchmark_filter=Broadcast
#include <benchmark/benchmark.h>

#include "algorithms/broadcast/broadcast_family.hpp"
#include "algorithms/broadcast/heuristics.hpp"
#include "algorithms/broadcast/random_grid.hpp"
#include "engine/model/model_engine.hpp"

namespace hetcoll {
namespace {

void BroadcastSchedule(benchmark::State& state, const std::string& name) {
  const int C = static_cast<int>(state.range(0));
  RandomStream stream(derive_seed(1, {static_cast<std::uint64_t>(C)}));
  const GridCosts costs = draw_grid(C, 0, GridRanges{}, stream);
  const InterHeuristic& heuristic = *find_inter_heuristic(name);
  for (auto _ : state) benchmark::DoNotOptimize(heuristic.schedule(costs, HeuristicOptions{}).makespan);
}

/// Endless replications of one heuristic at one point.
class Replications final : public ReplicationSource {
 public:
  Replications(PointRunner& runner, benchmark::State& state) : runner_(runner), state_(state) {}
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

void BroadcastReplication(benchmark::State& state, const std::string& name) {
  const Family& family = broadcast_family();
  Point point;
  for (const ParameterSpec& p : family.parameters()) {
    point.values.push_back(p.key == "clusters" ? static_cast<double>(state.range(0)) : p.default_value);
    point.lists.emplace_back();
    point.texts.push_back(p.default_text);
  }
  const Platform platform = family.platform_for(point);
  auto runner = family.prepare(point, {name}, platform, 1);
  auto engine = make_model_engine(platform);
  Replications source(*runner, state);
  engine->run(source);
  state.SetItemsProcessed(state.iterations());
}

void register_all() {
  for (const InterHeuristic& h : inter_heuristics()) {
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
