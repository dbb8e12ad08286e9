// Shared links on the model engine (docs/design.md, "When links are shared"), Google Benchmark.
// scripts/bench.sh --sharing compares the same cases with the SimGrid engine through the CLI.
//   build/hetcoll_bench --benchmark_filter=Shar
// No BENCHMARK_MAIN here: it links into hetcoll_bench beside bench_engines.cpp.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "core/random.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "engine/model/max_min_sharing.hpp"
#include "model_replications.hpp"

namespace hetcoll {
namespace {

// The ripple: all-at-once sends state.range(0)^2 messages of random sizes at once from
// range(0) senders to range(0) receivers through one backbone; each end re-solves the rest.
void SharedBackboneAllAtOnce(benchmark::State& state) {
  const std::string side = std::to_string(state.range(0));
  const Scenario scenario = resolve_run_arguments(
      {"--family", "redistribute", "--algorithms", "all-at-once", "--senders", side, "--receivers", side, "--edges",
       std::to_string(state.range(0) * state.range(0)), "--engine", "model"});
  bench::time_model_replications(state, *scenario.family, expand_points(scenario).front(), "all-at-once");
}
BENCHMARK(SharedBackboneAllAtOnce)->Arg(8)->Arg(32)->Unit(benchmark::kMillisecond);

// The solver alone: range(0) flows from 32 senders to 32 receivers through one backbone, of
// route latencies drawn in [1, 10] µs; one solve per flow removed, as each end of the ripple.
void SharingSolveAsFlowsEnd(benchmark::State& state) {
  const int flows = static_cast<int>(state.range(0));
  RandomStream random(27);
  for (auto _ : state) {
    state.PauseTiming();
    MaxMinSharing sharing;
    for (int l = 0; l < 64; ++l) sharing.add_link(1.25e9, true);
    const int backbone = sharing.add_link(1e10, true);
    std::vector<int> ids;
    for (int f = 0; f < flows; ++f)
      ids.push_back(sharing.add_flow({f % 32, backbone, 32 + (f / 32) % 32}, 1e-6 * (1 + 9 * random.uniform()), 1.25e9));
    state.ResumeTiming();
    for (int id : ids) {
      sharing.solve();
      sharing.remove_flow(id);
    }
  }
  state.SetItemsProcessed(state.iterations() * flows);
}
BENCHMARK(SharingSolveAsFlowsEnd)->Arg(64)->Arg(1024)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hetcoll
