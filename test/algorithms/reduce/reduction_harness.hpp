#pragma once
/// @file reduction_harness.hpp
/// @brief Test helpers: run reduction policies for R replications in one model engine, record
/// makespans and completions (with engine/recording_policy.hpp), and supply hand-made costs.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/reduce/registry.hpp"
#include "core/random.hpp"
#include "engine/engine.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/recording_policy.hpp"
#include "platform/platform.hpp"

namespace hetcoll::test {

/// @brief The ideal cluster's scale: a cost of 1 lasts one second.
inline CostScale ideal_scale() {
  const Platform p = ideal_cluster(1);
  return {p.reference_bandwidth(), p.reference_speed()};
}

/// @brief Seeds of R replications: derive_seed(seed, {r}) for r = 0..R−1.
inline std::vector<std::uint64_t> replication_seeds(std::uint64_t seed, int replications) {
  std::vector<std::uint64_t> seeds;
  for (int r = 0; r < replications; ++r)
    seeds.push_back(derive_seed(seed, {static_cast<std::uint64_t>(r)}));
  return seeds;
}

/// @brief One replication: the policy to run and the seed `costs` is reseeded with first.
struct Replication {
  Policy* policy;
  std::uint64_t seed;
};

/// @brief Supplies a list of runs to one engine, reseeding `costs` before each, and calls
/// `after(i, makespan)` when run i ends.
class RunListSource final : public ReplicationSource {
 public:
  RunListSource(ReductionCosts& costs, std::vector<Replication> runs,
                std::function<void(int, double)> after)
      : costs_(costs), runs_(std::move(runs)), after_(std::move(after)) {}
  Policy* next(std::vector<LinkSetting>&) override {
    if (current_ >= runs_.size()) return nullptr;
    costs_.reseed(runs_[current_].seed);
    return runs_[current_].policy;
  }
  void finished(double makespan) override {
    if (after_) after_(static_cast<int>(current_), makespan);
    ++current_;
  }

 private:
  ReductionCosts& costs_;
  std::vector<Replication> runs_;
  std::function<void(int, double)> after_;
  std::size_t current_ = 0;
};

/// @brief Makespans of a list of runs, in order, all in one engine on `platform`.
inline std::vector<double> run_list(Platform platform, ReductionCosts& costs,
                                    std::vector<Replication> runs) {
  std::vector<double> makespans;
  makespans.reserve(runs.size());
  RunListSource source(costs, std::move(runs), [&](int, double m) { makespans.push_back(m); });
  make_model_engine(std::move(platform))->run(source);
  return makespans;
}

/// @brief Makespans of one policy on `platform`, one replication per seed, in one engine.
inline std::vector<double> run_policy(Platform platform, Policy& policy, ReductionCosts& costs,
                                      const std::vector<std::uint64_t>& seeds) {
  std::vector<Replication> runs;
  for (std::uint64_t seed : seeds) runs.push_back({&policy, seed});
  return run_list(std::move(platform), costs, std::move(runs));
}

/// @brief A setup on the ideal cluster.
inline ReductionSetup ideal_setup(int n, ReductionCosts& costs, bool overlap = true,
                                  CostDraws* draws = nullptr) {
  ReductionSetup setup;
  setup.processors = n;
  setup.scale = ideal_scale();
  setup.costs = &costs;
  setup.static_overlap = overlap;
  setup.draws = draws;
  return setup;
}

/// @brief Makespans of R replications of `algorithm` built from `setup`, on ideal_cluster(n).
inline std::vector<double> run_makespans(const ReductionAlgorithm& algorithm,
                                         const ReductionSetup& setup, std::uint64_t seed,
                                         int replications) {
  auto policy = algorithm.make(setup);
  return run_policy(ideal_cluster(setup.processors), *policy, *setup.costs,
                    replication_seeds(seed, replications));
}

/// @brief Like run_makespans, and hands each replication's completions to `check`.
inline void run_traced(
    const ReductionAlgorithm& algorithm, const ReductionSetup& setup, std::uint64_t seed,
    int replications,
    const std::function<void(int, double, const std::vector<Completion>&)>& check) {
  auto policy = algorithm.make(setup);
  RecordingPolicy recorder(*policy);
  std::vector<Replication> runs;
  for (std::uint64_t s : replication_seeds(seed, replications)) runs.push_back({&recorder, s});
  RunListSource source(*setup.costs, std::move(runs),
                       [&](int r, double m) { check(r, m, recorder.events()); });
  make_model_engine(ideal_cluster(setup.processors))->run(source);
}

/// @brief Hand-made costs: comm(src, dst) from a function, every ⊕ the same cost.
class PairCosts final : public CostDraws {
 public:
  explicit PairCosts(std::function<double(int, int)> comm, double compute = 0)
      : comm_(std::move(comm)), compute_(compute) {}
  double comm(int src, int dst) override { return comm_(src, dst); }
  double compute(int) override { return compute_; }

 private:
  std::function<double(int, int)> comm_;
  double compute_;
};

/// @brief Forwards to other draws and records every value handed out, in call order.
class RecordingDraws final : public CostDraws {
 public:
  explicit RecordingDraws(CostDraws& inner) : inner_(inner) {}
  double comm(int src, int dst) override {
    comms.push_back(inner_.comm(src, dst));
    return comms.back();
  }
  double compute(int host) override {
    computes.push_back(inner_.compute(host));
    return computes.back();
  }
  std::vector<double> comms;
  std::vector<double> computes;

 private:
  CostDraws& inner_;
};

/// The registry entry called `name`; throws if there is none, so a typo fails the test.
inline const ReductionAlgorithm& algorithm(const std::string& name) {
  const ReductionAlgorithm* a = reduction_algorithms().find(name);
  if (a == nullptr) throw std::runtime_error("no algorithm " + name);
  return *a;
}

}  // namespace hetcoll::test
