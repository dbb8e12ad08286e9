#pragma once
/// @file model_replications.hpp
/// @brief Benchmark support: the per-replication cost of one algorithm of a family at one
/// point on the model engine.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "engine/model/model_engine.hpp"

namespace hetcoll::bench {

/// @brief Endless replications of the runner's first algorithm, one per benchmark iteration.
///
/// The engine pulls replications until the benchmark has timed enough; one engine run for all
/// of them, as in a real work unit, so the figure excludes engine setup.
class EndlessReplications final : public ReplicationSource {
 public:
  EndlessReplications(PointRunner& runner, benchmark::State& state) : runner_(runner), state_(state) {}
  Policy* next(std::vector<LinkSetting>& settings) override {
    if (!state_.KeepRunning()) return nullptr;
    runner_.begin_replication(replication_, settings);
    return runner_.policy(0, replication_++, settings);
  }
  void finished(double makespan) override { benchmark::DoNotOptimize(makespan); }

 private:
  PointRunner& runner_;
  benchmark::State& state_;
  std::uint64_t replication_ = 0;
};

/// @brief The family's point with every key at its default, for a benchmark to change.
inline Point default_point(const Family& family) {
  Point point;
  for (const ParameterSpec& p : family.parameters()) {
    point.values.push_back(p.default_value);
    point.lists.emplace_back();
    point.texts.push_back(p.default_text);
  }
  return point;
}

/// @brief Times replications of `algorithm` at `point` on the model engine of the point's
/// generated platform; items processed are replications.
inline void time_model_replications(benchmark::State& state, const Family& family, const Point& point,
                                    const std::string& algorithm) {
  const Platform platform = family.read_point(point)->platform();
  auto runner = family.prepare_point(point, {algorithm}, platform, 1);
  auto engine = make_model_engine(platform);
  EndlessReplications source(*runner, state);
  engine->run(source);
  state.SetItemsProcessed(state.iterations());
}

}  // namespace hetcoll::bench
