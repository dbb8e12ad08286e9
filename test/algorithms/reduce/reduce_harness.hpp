#pragma once
/// @file reduce_harness.hpp
/// @brief Test helpers of the reduce family. Non-clairvoyant algorithms: run policies for R
/// replications in one model engine, record makespans and completions (with
/// engine/recording_policy.hpp), supply hand-made costs. Planners: random clusters, plans run on
/// an engine with their times set through link settings, each plan's own prediction at mean
/// costs, and two independent optima (enumeration of EP orders, and a search over all valid
/// schedules that assumes neither EP form nor the root).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/reduce/support/cluster.hpp"
#include "algorithms/reduce/support/factories.hpp"
#include "algorithms/reduce/support/reduce_family.hpp"
#include "algorithms/reduce/support/registry.hpp"
#include "core/random.hpp"
#include "driver/scenario_resolution.hpp"
#include "engine/engine.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/recording_policy.hpp"
#include "platform/platform.hpp"

namespace hetcoll::reduce_test {

// ---- The family through its keys --------------------------------------------------------------

/// Values per algorithm and replication in a unit's output: the makespan, then one per metric.
inline std::size_t unit_width() { return 1 + reduce_family().metrics().size(); }

/// `args` as `hetcoll run --family reduce ARGS` parses them.
inline Scenario parsed(std::vector<std::string> args) {
  args.insert(args.begin(), {"--family", "reduce"});
  return resolve_run_arguments(args);
}

// ---- The registry -----------------------------------------------------------------------------

/// The registry entry called `name`; throws if there is none, so a typo fails the test.
inline const ReduceAlgorithm& algorithm(const std::string& name) {
  const ReduceAlgorithm* a = reduce_algorithms().find(name);
  if (a == nullptr) throw std::runtime_error("no algorithm " + name);
  return *a;
}

/// The non-clairvoyant algorithms of the family's model (one message per host, which may compute
/// ⊕ and need no cluster of times), in table order (`for (const ReduceAlgorithm& a : ...)`): every
/// row but the planners and the MPI libraries' point-to-point programs (mpi_rows()).
inline std::vector<std::reference_wrapper<const ReduceAlgorithm>> non_clairvoyant() {
  std::vector<std::reference_wrapper<const ReduceAlgorithm>> out;
  for (const ReduceAlgorithm& a : reduce_algorithms())
    if (!a.needs_free_op() && !a.sends_point_to_point()) out.push_back(a);
  return out;
}

/// The MPI libraries' algorithms and selectors (rows of point-to-point programs), in table order.
inline std::vector<std::reference_wrapper<const ReduceAlgorithm>> mpi_rows() {
  std::vector<std::reference_wrapper<const ReduceAlgorithm>> out;
  for (const ReduceAlgorithm& a : reduce_algorithms())
    if (a.sends_point_to_point()) out.push_back(a);
  return out;
}

/// The planners of Liu & Wang's model (rows that assume a free ⊕), in table order.
inline std::vector<std::reference_wrapper<const ReduceAlgorithm>> planners() {
  std::vector<std::reference_wrapper<const ReduceAlgorithm>> out;
  for (const ReduceAlgorithm& a : reduce_algorithms())
    if (a.needs_free_op()) out.push_back(a);
  return out;
}

// ---- Non-clairvoyant policies on the ideal cluster ----------------------------------------------

/// @brief The ideal cluster's scale: a cost of 1 lasts one second.
inline CostScale ideal_scale() {
  const Platform p = ideal_cluster(1);
  return {p.reference_bandwidth(), p.reference_speed()};
}

/// @brief R unrelated replication numbers (RandomStream counters): derive_seed(seed, {r}) for r = 0..R−1.
inline std::vector<std::uint64_t> replication_seeds(std::uint64_t seed, int replications) {
  std::vector<std::uint64_t> seeds;
  for (int r = 0; r < replications; ++r) seeds.push_back(derive_seed(seed, {static_cast<std::uint64_t>(r)}));
  return seeds;
}

/// @brief One replication: the policy to run and the replication `costs` is repositioned to first.
struct Replication {
  Policy* policy;
  std::uint64_t seed;
};

/// @brief Supplies a list of runs to one engine, repositioning `costs` before each, and calls
/// `after(i, makespan)` when run i ends.
class RunListSource final : public ReplicationSource {
 public:
  RunListSource(ReductionCosts& costs, std::vector<Replication> runs, std::function<void(int, double)> after)
      : costs_(costs), runs_(std::move(runs)), after_(std::move(after)) {}
  Policy* next(std::vector<LinkSetting>&) override {
    if (current_ >= runs_.size()) return nullptr;
    costs_.reposition(runs_[current_].seed);
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
inline std::vector<double> run_list(Platform platform, ReductionCosts& costs, std::vector<Replication> runs) {
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
inline ReduceSetup ideal_setup(int n, ReductionCosts& costs, bool overlap = true, CostDraws* draws = nullptr) {
  ReduceSetup setup;
  setup.processors = n;
  setup.scale = ideal_scale();
  setup.costs = &costs;
  setup.static_overlap = overlap;
  setup.draws = draws;
  return setup;
}

/// @brief Makespans of R replications of `algorithm` built from `setup`, on ideal_cluster(n).
inline std::vector<double> run_makespans(const ReduceAlgorithm& algorithm, const ReduceSetup& setup,
                                         std::uint64_t seed, int replications) {
  auto policy = algorithm.make(setup);
  return run_policy(ideal_cluster(setup.processors), *policy, *setup.costs, replication_seeds(seed, replications));
}

/// @brief Like run_makespans, and hands each replication's completions to `check`.
inline void run_traced(const ReduceAlgorithm& algorithm, const ReduceSetup& setup, std::uint64_t seed,
                       int replications,
                       const std::function<void(int, double, const std::vector<Completion>&)>& check) {
  auto policy = algorithm.make(setup);
  RecordingPolicy recorder(*policy);
  std::vector<Replication> runs;
  for (std::uint64_t s : replication_seeds(seed, replications)) runs.push_back({&recorder, s});
  RunListSource source(*setup.costs, std::move(runs), [&](int r, double m) { check(r, m, recorder.events()); });
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

// ---- Planners on clusters of times --------------------------------------------------------------

/// @brief `plan` with every drawn comm cost fixed at `mean` (other ops unchanged), same
/// dependencies. plan_makespan() of it is the plan's own prediction at mean costs: see
/// ReducePlanners.PlanMakespanTimesADrawnCommAsOneMeanMessage for why the tests do not hand
/// plan_makespan() a drawn plan directly.
inline Plan at_mean_costs(const Plan& plan, double mean = 1) {
  const int ops = static_cast<int>(plan.size());
  std::vector<std::vector<int>> after(ops);
  for (int i = 0; i < ops; ++i)
    for (int next : plan.dependents(i)) after[next].push_back(i);
  Plan fixed;
  for (int i = 0; i < ops; ++i) {
    PlanOp op = plan.op(i);
    if (op.kind == ActivityKind::comm && op.cost == PlanOp::kDrawn) op.cost = mean;
    fixed.add(op, after[i]);
  }
  return fixed;
}

/// @brief The plan's own prediction of its makespan on `times` when every message costs one
/// mean message (lasting t(sender)).
inline double predicted_makespan(const Plan& plan, const std::vector<double>& times) {
  return plan_makespan(at_mean_costs(plan), times);
}

/// @brief One run: a plan and the times of the cluster it runs on.
struct PlanRun {
  Plan plan;
  std::vector<double> times;
};

/// @brief Runs `runs` back to back on `engine` (built on `platform`), setting each run's
/// uplinks first, every drawn cost one mean message (cv = 0), and returns their makespans;
/// `check(i, completions)` sees each schedule.
inline std::vector<double> run_plans(Engine& engine, const Platform& platform, const std::vector<PlanRun>& runs,
                                     const std::function<void(std::size_t, const std::vector<Completion>&)>& check = {}) {
  struct Source final : ReplicationSource {
    const Platform* platform;
    const std::vector<PlanRun>* runs;
    const std::function<void(std::size_t, const std::vector<Completion>&)>* check;
    ReductionCosts costs{ReductionCostParams{1, 0, 0}};
    std::size_t next_run = 0;
    std::unique_ptr<PlanPolicy> policy;
    std::unique_ptr<RecordingPolicy> recorder;
    std::vector<double> makespans;
    Policy* next(std::vector<LinkSetting>& settings) override {
      if (next_run == runs->size()) return nullptr;
      const PlanRun& run = (*runs)[next_run];
      set_uplinks(uplinks(*platform, static_cast<int>(run.times.size())), run.times, kDefaultMessageBytes, settings);
      costs.reposition(0);
      policy = std::make_unique<PlanPolicy>(run.plan, CostScale{kDefaultMessageBytes, platform->reference_speed()}, &costs);
      recorder = std::make_unique<RecordingPolicy>(*policy);
      return recorder.get();
    }
    void finished(double makespan) override {
      makespans.push_back(makespan);
      if (*check) (*check)(next_run, recorder->events());
      ++next_run;
    }
  } source;
  source.platform = &platform;
  source.runs = &runs;
  source.check = &check;
  engine.run(source);
  return source.makespans;
}

/// @brief A setup for a cluster of `times`, as the family's runner makes it: its instance (with
/// `order`), replication `replication` of a point of seed `seed`, ending at `root`. It holds the
/// instance and the replication counter, so it must outlive the policies built from `setup`.
struct ClusterSetup {
  ClusterSetup(const std::vector<double>& times, ReductionCosts& costs, const CostScale& scale,
               std::uint64_t seed = 1, int root = kAnyRoot, std::uint64_t replication_index = 0,
               const std::vector<int>& order = {})
      : instance(std::make_shared<ReduceInstance>()), replication(replication_index) {
    instance->times = times;
    instance->order = order;
    setup.processors = static_cast<int>(times.size());
    setup.scale = scale;
    setup.costs = &costs;
    setup.root = root;
    setup.instance = instance;
    setup.replication = &replication;
    setup.seed = seed;
  }
  ClusterSetup(const ClusterSetup&) = delete;  // setup points at replication
  ClusterSetup& operator=(const ClusterSetup&) = delete;

  std::shared_ptr<ReduceInstance> instance;
  std::uint64_t replication;
  ReduceSetup setup;
};

/// @brief Plan of planner `algorithm` for `times`, as its policy makes it in replication
/// `replication` of a point of seed `seed` (the stream random-order draws from), with key
/// `order`, ending at `root` (kAnyRoot: the planner's choice). Throws if the algorithm's policy
/// is not planned (PlannedPolicy) or has no plan of a cluster.
inline Plan plan_of(const ReduceAlgorithm& algorithm, const std::vector<double>& times, std::uint64_t seed = 1,
                    int root = kAnyRoot, std::uint64_t replication = 0, const std::vector<int>& order = {}) {
  ReductionCosts costs(ReductionCostParams{1, 0, 0});
  const ClusterSetup cluster(times, costs, CostScale{kDefaultMessageBytes, 1}, seed, root, replication, order);
  const std::unique_ptr<Policy> policy = algorithm.make(cluster.setup);
  auto* planned = dynamic_cast<PlannedPolicy*>(policy.get());
  if (planned == nullptr) throw std::runtime_error(algorithm.name() + " is not a planner");
  return planned->plan();
}

/// @brief Random times of n hosts: U[1, spread] on the kTimeGrid.
inline std::vector<double> uniform_times(RandomStream& stream, int n, double spread) {
  std::vector<double> times(n);
  for (double& t : times) t = quantise_time(1 + (spread - 1) * stream.uniform());
  return times;
}

/// @brief Makespan of the binomial tree of binomial-stat (RR-8315 §3.2; ⊕ free, receptions in
/// child order) on a cluster of times, every message one mean message lasting t(sender):
/// node r's reception from child c starts once c holds its subtree and r's previous reception
/// has ended. Computed from the times by recursion, independently of any Plan.
inline double binomial_makespan(const std::vector<double>& times) {
  const int n = static_cast<int>(times.size());
  std::function<double(int)> ready = [&](int r) {  // date r holds its whole subtree
    double last = 0;
    for (long long half = 1; r + half < n && r % (2 * half) == 0; half *= 2) {
      const int child = static_cast<int>(r + half);
      last = std::max(last, ready(child)) + times[child];
    }
    return last;
  };
  return ready(0);
}

/// @brief OPT by enumerating every distinct order of the non-root times (EP form, slowest root).
inline double enumerated_optimum(const std::vector<double>& times) {
  std::vector<double> senders = times;
  senders.erase(senders.begin() + slowest_host(times));
  std::sort(senders.begin(), senders.end());
  double best = std::numeric_limits<double>::infinity();
  do best = std::min(best, ep_makespan(senders));
  while (std::next_permutation(senders.begin(), senders.end()));
  return best;
}

/// @brief OPT over every valid schedule (a cross-check that assumes no EP form): at date 0 and at
/// each completion, any set of disjoint (sender, receiver) pairs of idle holders may start, or none
/// while something is running; the result ends at `root`, or at any host with kAnyRoot.
/// Exponential: n ≤ 6.
inline double unrestricted_optimum(const std::vector<double>& times, int root = kAnyRoot) {
  const int n = static_cast<int>(times.size());
  struct Running {
    int receiver;
    double end;
  };
  double best = std::numeric_limits<double>::infinity();
  // idle: holders of a partial value that neither send nor receive now.
  std::function<void(double, unsigned, std::vector<Running>&, double)> event;
  std::function<void(double, unsigned, unsigned, std::vector<Running>&, double)> pick;
  event = [&](double now, unsigned idle, std::vector<Running>& running, double last) {
    if (running.empty() && __builtin_popcount(idle) == 1) {
      if (root == kAnyRoot || idle == 1u << root) best = std::min(best, last);
      return;
    }
    if (last >= best) return;
    pick(now, idle, idle, running, last);
  };
  // The lowest candidate either stays idle, or sends to, or receives from, a later candidate;
  // once every candidate is settled, time moves to the next completion.
  pick = [&](double now, unsigned idle, unsigned candidates, std::vector<Running>& running, double last) {
    if (candidates == 0) {
      if (running.empty()) return;  // nothing started and nothing running: a dead end
      const double next = std::min_element(running.begin(), running.end(), [](const Running& a, const Running& b) {
                            return a.end < b.end;
                          })->end;
      unsigned freed = idle;
      std::vector<Running> still;
      for (const Running& r : running) {
        if (r.end - next < 1e-12) freed |= 1u << r.receiver;
        else still.push_back(r);
      }
      event(next, freed, still, last);
      return;
    }
    const int low = __builtin_ctz(candidates);
    const unsigned rest = candidates & ~(1u << low);
    pick(now, idle, rest, running, last);
    for (int other = 0; other < n; ++other) {
      if (!(rest >> other & 1u)) continue;
      const unsigned busy = (1u << low) | (1u << other);
      for (int direction = 0; direction < 2; ++direction) {
        const int sender = direction == 0 ? low : other;
        const int receiver = direction == 0 ? other : low;
        running.push_back({receiver, now + times[sender]});
        pick(now, idle & ~busy, rest & ~busy, running, std::max(last, now + times[sender]));
        running.pop_back();
      }
    }
  };
  std::vector<Running> none;
  event(0.0, (1u << n) - 1, none, 0.0);
  return best;
}

}  // namespace hetcoll::reduce_test
