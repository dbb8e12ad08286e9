// Speed of the divisible family (Google Benchmark), against the targets: opt-fifo and
// opt-lifo on 100,000 workers in under 0.1 s; a Figure 4 replication (100 workers, four
// heuristics solved and executed on the model engine) cheap enough for 3 x 13 x 1,000 of them
// in under a minute on 2 cores. With latency (a star read from a platform file), every algorithm
// takes its loads from the affine LP: one LP of 100 workers, and the algorithms on 100 workers.
// No BENCHMARK_MAIN here: it links into hetcoll_bench.
//   build/hetcoll_bench --benchmark_filter=Divisible
#include <benchmark/benchmark.h>

#include "algorithms/divisible/support/order_lp.hpp"
#include "algorithms/divisible/support/registry.hpp"
#include "algorithms/family.hpp"
#include "core/random.hpp"
#include "engine/model/model_engine.hpp"
#include "model_replications.hpp"

namespace hetcoll {
namespace {

void DivisibleSolve(benchmark::State& state, const std::string& algorithm) {
  const int workers = static_cast<int>(state.range(0));
  const Star star = draw_star(workers, 1, 3, 0.5, 0.8, RandomStream(1));
  const DivisibleAlgorithm& solver = divisible_algorithms().at(algorithm);
  for (auto _ : state) benchmark::DoNotOptimize(planned_schedule(solver, star, SolveOptions{})->load());
  state.SetItemsProcessed(state.iterations() * workers);
}

BENCHMARK_CAPTURE(DivisibleSolve, OptFifo, std::string("opt-fifo"))->Arg(100)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(DivisibleSolve, OptLifo, std::string("opt-lifo"))->Arg(100)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(DivisibleSolve, FifoIncC, std::string("fifo-inc-c"))->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(DivisibleSolve, Optimal, std::string("optimal"))->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

/// A Figure 4 star (w/c = 3, z = 0.8) with start-up costs: L_i, L'_i uniform in [0, 1e-3] s,
/// about 1% of a message to one of 100 workers (the two-site platform's WAN link: 5.6 ms against
/// 0.1-0.2 s messages).
Star latency_star(int workers) {
  Star star = draw_star(workers, 1, 3, 0.5, 0.8, RandomStream(1));
  RandomStream random(2);
  for (int i = 0; i < workers; ++i) {
    star.send_latency.push_back(1e-3 * random.uniform());
    star.return_latency.push_back(1e-3 * random.uniform());
  }
  return star;
}

// One affine LP: the FIFO pair of all workers in the c + d order, solved from scratch.
void DivisibleAffineLp(benchmark::State& state) {
  const int workers = static_cast<int>(state.range(0));
  const Star star = latency_star(workers);
  const std::vector<int> order = order_by(workers, c_plus_d(star));
  for (auto _ : state) {
    OrderLp lp(star, PortModel::two_port);
    benchmark::DoNotOptimize(lp.solve(order, order).size());
  }
}
BENCHMARK(DivisibleAffineLp)->Arg(10)->Arg(100)->Arg(300)->Unit(benchmark::kMillisecond);

void DivisibleSolveWithLatency(benchmark::State& state, const std::string& algorithm) {
  const int workers = static_cast<int>(state.range(0));
  const Star star = latency_star(workers);
  const DivisibleAlgorithm& solver = divisible_algorithms().at(algorithm);
  for (auto _ : state) benchmark::DoNotOptimize(planned_schedule(solver, star, SolveOptions{})->load());
}
BENCHMARK_CAPTURE(DivisibleSolveWithLatency, OptFifo, std::string("opt-fifo"))->Arg(100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(DivisibleSolveWithLatency, OptLifo, std::string("opt-lifo"))->Arg(100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(DivisibleSolveWithLatency, FifoIncC, std::string("fifo-inc-c"))->Arg(100)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(DivisibleSolveWithLatency, Optimal, std::string("optimal"))->Arg(5)->Unit(benchmark::kMillisecond);

/// Endless replications of a Figure 4 point: every algorithm of replication r, then r + 1.
class Figure4Source final : public ReplicationSource {
 public:
  Figure4Source(PointRunner& runner, std::size_t algorithms, benchmark::State& state)
      : runner_(runner), algorithms_(algorithms), state_(state), metrics_(algorithms * 3) {}
  Policy* next(std::vector<LinkSetting>& settings) override {
    if (algorithm_ == 0 && !state_.KeepRunning()) return nullptr;
    if (algorithm_ == 0) runner_.begin_replication(replication_, settings);
    return runner_.policy(algorithm_, replication_, settings);
  }
  void finished(double makespan) override {
    runner_.record(algorithm_, makespan, &metrics_[algorithm_ * 3]);
    if (++algorithm_ < algorithms_) return;
    runner_.complete_replication(metrics_.data(), 3);
    algorithm_ = 0;
    ++replication_;
  }

 private:
  PointRunner& runner_;
  std::size_t algorithms_;
  benchmark::State& state_;
  std::vector<double> metrics_;
  std::size_t algorithm_ = 0;
  std::uint64_t replication_ = 0;
};

void DivisibleFigure4Replication(benchmark::State& state) {
  const Family& family = *find_family("divisible");
  Point point = bench::default_point(family);
  point.values[family.parameter_index("workers")] = 100;
  point.values[family.parameter_index("z")] = 0.8;
  point.values[family.parameter_index("wc-ratio")] = static_cast<double>(state.range(0));
  point.values[family.parameter_index("c-mean")] = 1;
  point.values[family.parameter_index("spread")] = 0.5;
  point.texts[family.parameter_index("port")] = "two-port";
  const std::vector<std::string> algorithms = {"opt-fifo", "opt-lifo", "fifo-inc-c", "fifo-inc-w"};
  const Platform platform = family.read_point(point)->platform();
  auto runner = family.prepare_point(point, algorithms, platform, 1);
  Figure4Source source(*runner, algorithms.size(), state);
  make_model_engine(platform)->run(source);
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(DivisibleFigure4Replication)->Arg(1)->Arg(100)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hetcoll
