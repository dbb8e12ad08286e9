// The schedule family at scale (docs/schedule.md, "Scale"), Google Benchmark: a binomial
// broadcast of 1 KiB from rank 0 as GOAL text, read, compiled, and run on the model engine, for
// 2^16 and 2^20 ranks (issue 30 asks for a 2^20-rank GOAL broadcast in 10 s and 2 GB).
//   build/hetcoll_bench --benchmark_filter=Schedule
// No BENCHMARK_MAIN here: it links into hetcoll_bench beside bench_engines.cpp.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "algorithms/schedule/support/goal_plan.hpp"
#include "algorithms/schedule/support/goal_reader.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "model_replications.hpp"

namespace hetcoll {
namespace {

/// A binomial broadcast from rank 0 over `ranks` ranks: each rank receives from the rank its
/// highest bit away, then sends to the ranks a higher power of two away, every send requiring
/// the receive (Schedgen's binomial tree, messages of 1024 bytes).
std::string binomial_broadcast(int ranks) {
  std::string text = "num_ranks " + std::to_string(ranks) + "\n";
  for (int r = 0; r < ranks; ++r) {
    text += "rank " + std::to_string(r) + " {\n";
    int mask = 1;
    if (r > 0) {
      while (mask * 2 <= r) mask *= 2;
      text += "r: recv 1024b from " + std::to_string(r - mask) + "\n";
      mask *= 2;
    }
    for (int k = 0; r + mask < ranks; ++k, mask *= 2) {
      const std::string label = "s" + std::to_string(k);
      text += label + ": send 1024b to " + std::to_string(r + mask) + "\n";
      if (r > 0) text += label + " requires r\n";
    }
    text += "}\n";
  }
  return text;
}

void ScheduleRead(benchmark::State& state) {
  const std::string text = binomial_broadcast(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(read_goal_text(text, "bench.goal").ops.data());
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(ScheduleRead)->Arg(1 << 16)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

void ScheduleCompile(benchmark::State& state) {
  const GoalSchedule schedule = read_goal_text(binomial_broadcast(static_cast<int>(state.range(0))), "bench.goal");
  const std::vector<double> speeds(static_cast<std::size_t>(schedule.ranks), 8388608);
  for (auto _ : state) benchmark::DoNotOptimize(compile_goal(schedule, CalcUnit::seconds, speeds).size());
}
BENCHMARK(ScheduleCompile)->Arg(1 << 16)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

// One replication on the model engine's ideal cluster, the file read and compiled beforehand.
void ScheduleReplication(benchmark::State& state) {
  const std::string path = std::string(P_tmpdir) + "/hetcoll-bench-" + std::to_string(state.range(0)) + ".goal";
  std::ofstream(path) << binomial_broadcast(static_cast<int>(state.range(0)));
  const Scenario scenario = resolve_run_arguments({"--family", "schedule", "--goal", path, "--engine", "model"});
  bench::time_model_replications(state, *scenario.family, expand_points(scenario).front(), "goal");
  std::remove(path.c_str());
}
BENCHMARK(ScheduleReplication)->Arg(1 << 16)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hetcoll
