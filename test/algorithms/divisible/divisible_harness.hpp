#pragma once
/// @file divisible_harness.hpp
/// @brief Test helpers for the divisible family: named algorithms, random stars, brute force
/// over orders with the paper's raw LP (§2.2), and one schedule run on the model engine.
#include <algorithm>
#include <functional>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/divisible/support/order_lp.hpp"
#include "algorithms/divisible/support/registry.hpp"
#include "algorithms/divisible/support/star_plan.hpp"
#include "algorithms/divisible/support/star_platform.hpp"
#include "core/random.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "engine/engine.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/recording_policy.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll::test {

/// Values of one unit (every replication of the scenario's first point), computed by `engine`
/// in a forked child: [replication][algorithm][throughput, normalized, enrolled].
inline std::vector<double> unit_values(Scenario scenario, const std::string& engine, const WorkDir& dir) {
  scenario.engine = engine;
  return test_support::unit_values_in_child(scenario, expand_points(scenario).front(), dir.path());
}

/// What a DivisibleSetup points to, owned by a test as the family's runner owns it: a star, its
/// rates on star_platform(star), an instance counter and the load self-scheduling serves.
struct OwnedInstance {
  explicit OwnedInstance(Star s, double load = 0) : star(std::move(s)), reference_load(load) {
    const Platform platform = star_platform(star);
    std::vector<double> speeds;
    for (const HostSpec& h : platform.hosts) speeds.push_back(h.speed);
    rates = star_rates(star, speeds);
  }
  /// A setup reading this instance, with `options` and self-scheduling's chunk share `chunk`.
  DivisibleSetup setup(const SolveOptions& options = SolveOptions{}, double chunk = 0.01) const {
    return DivisibleSetup{&star, &rates, &instance, &reference_load, options, chunk};
  }
  Star star;
  StarRates rates;
  std::uint64_t instance = 1;
  double reference_load;
};

/// The schedule `algorithm` plans for `star`; a test that asks one of an algorithm that plans
/// nothing is wrong.
inline DivisibleSchedule schedule_of(const DivisibleAlgorithm& algorithm, const Star& star,
                                     const SolveOptions& options) {
  std::optional<DivisibleSchedule> schedule = planned_schedule(algorithm, star, options);
  if (!schedule) throw std::logic_error(algorithm.name() + " plans nothing");
  return *schedule;
}

/// Every algorithm of the table that plans a schedule (all but the demand-driven ones), as its
/// policy says on a star of one worker.
inline std::vector<DivisibleAlgorithm> planners() {
  const Star one_worker{{1}, {1}, {1}};
  std::vector<DivisibleAlgorithm> out;
  for (const DivisibleAlgorithm& a : divisible_algorithms())
    if (planned_schedule(a, one_worker, SolveOptions{})) out.push_back(a);
  return out;
}

inline DivisibleSchedule solve(const std::string& name, const Star& star, PortModel port = PortModel::two_port,
                               bool affine = false) {
  SolveOptions options;
  options.port = port;
  options.affine = affine;
  return schedule_of(divisible_algorithms().at(name), star, options);
}

/// A star with d = z·c and costs uniform in [0.1, 10] (a wide range, so orders matter).
inline Star random_star(RandomStream& random, int workers, double z) {
  Star star;
  for (int i = 0; i < workers; ++i) {
    star.c.push_back(0.1 + 9.9 * random.uniform());
    star.w.push_back(0.1 + 9.9 * random.uniform());
    star.d.push_back(z * star.c.back());
  }
  return star;
}

/// random_star() with start-up costs: L_i and L'_i uniform in [0, max_latency] (seconds, T = 1),
/// drawn after the costs.
inline Star random_latency_star(RandomStream& random, int workers, double z, double max_latency) {
  Star star = random_star(random, workers, z);
  for (int i = 0; i < workers; ++i) {
    star.send_latency.push_back(max_latency * random.uniform());
    star.return_latency.push_back(max_latency * random.uniform());
  }
  return star;
}

inline std::vector<int> identity(int n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  std::iota(v.begin(), v.end(), 0);
  return v;
}

/// Best raw LP value over the pairs (σ, ret(σ)) for every order σ of all workers, where
/// ret(σ) is σ (FIFO), reverse(σ) (LIFO) or every order (all pairs).
enum class Pairs { fifo, lifo, all };
inline double brute_force(const Star& star, PortModel port, Pairs pairs) {
  OrderLp lp(star, port);
  std::vector<int> send = identity(star.workers());
  double best = 0;
  auto value = [&](const std::vector<int>& s, const std::vector<int>& r) {
    const std::vector<double> alpha = lp.solve(s, r);
    return std::accumulate(alpha.begin(), alpha.end(), 0.0);
  };
  do {
    if (pairs == Pairs::fifo) best = std::max(best, value(send, send));
    if (pairs == Pairs::lifo) best = std::max(best, value(send, std::vector<int>(send.rbegin(), send.rend())));
    if (pairs == Pairs::all) {
      std::vector<int> ret = identity(star.workers());
      do best = std::max(best, value(send, ret));
      while (std::next_permutation(ret.begin(), ret.end()));
    }
  } while (std::next_permutation(send.begin(), send.end()));
  return best;
}

/// Best raw LP value over every non-empty subset of the workers and every pair of orders of it
/// (the optimum of the affine model, where a worker without load sends nothing); pairs whose
/// start-up costs alone exceed T are skipped. Independent of `optimal`'s own enumeration.
inline double brute_force_subsets(const Star& star, PortModel port) {
  OrderLp lp(star, port);
  double best = 0;
  const int p = star.workers();
  for (int mask = 1; mask < (1 << p); ++mask) {
    std::vector<int> send;
    for (int i = 0; i < p; ++i)
      if (mask >> i & 1) send.push_back(i);
    do {
      std::vector<int> ret = send;
      std::sort(ret.begin(), ret.end());
      do {
        const std::vector<double> alpha = lp.solve(send, ret);
        if (!alpha.empty()) best = std::max(best, std::accumulate(alpha.begin(), alpha.end(), 0.0));
      } while (std::next_permutation(ret.begin(), ret.end()));
    } while (std::next_permutation(send.begin(), send.end()));
  }
  return best;
}

/// Runs one schedule on the model engine of star_platform(star); returns the makespan and
/// hands the completions to `events` if given.
inline double run_on_model(const Star& star, const DivisibleSchedule& s, PortModel port,
                           std::vector<Completion>* events = nullptr) {
  const Platform platform = star_platform(star);
  std::vector<double> speeds;
  for (const HostSpec& h : platform.hosts) speeds.push_back(h.speed);
  const Plan plan = star_plan(star, s, star_rates(star, speeds), port);
  PlanPolicy policy(plan, CostScale{1, 1}, nullptr);
  RecordingPolicy recorder(policy);
  const double makespan = run_single(*make_model_engine(platform), recorder);
  if (events) *events = recorder.events();
  return makespan;
}

}  // namespace hetcoll::test
