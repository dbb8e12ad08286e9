// Key `root` in the reduce family: every algorithm of the registry ends at the root it is given,
// the optimum for a fixed root is the best schedule ending there (brute force), no algorithm
// beats it, and the free root (`any`) is the best fixed one (docs/reduce.md, "Where the result
// ends").
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/reduce/support/cluster.hpp"
#include "algorithms/reduce/support/factories.hpp"
#include "algorithms/reduce/support/reduce_runner.hpp"
#include "algorithms/reduce/support/schedule_check.hpp"
#include "driver/csv_output.hpp"
#include "engine/model/model_engine.hpp"
#include "reduce_harness.hpp"
#include "support/hetcoll_output.hpp"

namespace hetcoll {
namespace {

using reduce_test::ideal_setup;
using reduce_test::non_clairvoyant;
using reduce_test::plan_of;
using reduce_test::planners;
using reduce_test::PlanRun;
using reduce_test::predicted_makespan;
using reduce_test::run_plans;
using reduce_test::run_policy;
using reduce_test::run_traced;
using reduce_test::uniform_times;
using reduce_test::unrestricted_optimum;

constexpr double kTol = 1e-9;

/// Where a reduction's result ended, read from its completions alone: the one host that never
/// sent (-1 if none, -2 if several).
int result_holder(int n, const std::vector<Completion>& events) {
  std::vector<bool> sent(n, false);
  for (const Completion& c : events)
    if (c.activity.kind == ActivityKind::comm) sent[c.activity.host] = true;
  int holder = -1;
  for (int p = 0; p < n; ++p)
    if (!sent[p]) holder = holder == -1 ? p : -2;
  return holder;
}

TEST(ReduceRoot, EveryNonClairvoyantAlgorithmEndsAtTheRootItIsGiven) {
  for (const ReduceAlgorithm& a : non_clairvoyant())
    for (int n : {1, 2, 3, 5, 8, 13})
      for (int root = 0; root < n; ++root)
        for (double level : {0.0, 0.5}) {
          SCOPED_TRACE(a.name() + " n=" + std::to_string(n) + " root=" + std::to_string(root) +
                       " cv=ratio=" + std::to_string(level));
          ReductionCosts costs({1, 2 * level, level});
          ReduceSetup setup = ideal_setup(n, costs);
          setup.root = root;
          run_traced(a, setup, 31, 4, [&](int r, double, const std::vector<Completion>& events) {
            // A rotated static tree wraps its intervals around the hosts (static_tree_plan.hpp).
            EXPECT_EQ(check_reduction_schedule(n, events, a.handles_non_commutative() && root == 0), "")
                << "replication " << r;
            EXPECT_EQ(result_holder(n, events), root) << "replication " << r;
          });
        }
}

TEST(ReduceRoot, NonCommutTreeDynCombinesAdjacentIntervalsForEveryRoot) {
  const ReduceAlgorithm& a = reduce_test::algorithm("non-commut-tree-dyn");
  for (int n : {2, 5, 9, 16})
    for (int root = 0; root < n; ++root) {
      ReductionCosts costs({1, 1, 0.5});
      ReduceSetup setup = ideal_setup(n, costs);
      setup.root = root;
      run_traced(a, setup, 7, 6, [&](int r, double, const std::vector<Completion>& events) {
        EXPECT_EQ(check_reduction_schedule(n, events, true), "") << "n=" << n << " root=" << root << " r=" << r;
      });
    }
}

TEST(ReduceRoot, EveryPlannerEndsAtTheRootItIsGivenOrWithAnyAtTheSlowestHost) {
  RandomStream stream(21);
  const Platform platform = cluster_platform(std::vector<double>(12, 1.0), kDefaultMessageBytes);
  for (const ReduceAlgorithm& a : planners()) {
    std::vector<PlanRun> runs;
    std::vector<int> expected;
    for (int trial = 0; trial < 48; ++trial) {
      const int n = 2 + static_cast<int>(stream.below(9));
      const std::vector<double> times = trial % 4 == 3 ? std::vector<double>(n, 1.0) : uniform_times(stream, n, 6);
      const int root = trial % 3 == 0 ? kAnyRoot : static_cast<int>(stream.below(n));
      runs.push_back({plan_of(a, times, trial, root), times});
      expected.push_back(root == kAnyRoot ? slowest_host(times) : root);
    }
    auto engine = make_model_engine(platform);
    run_plans(*engine, platform, runs, [&](std::size_t i, const std::vector<Completion>& events) {
      const int n = static_cast<int>(runs[i].times.size());
      EXPECT_EQ(check_reduction_schedule(n, events, false), "") << a.name() << " run " << i;
      EXPECT_EQ(result_holder(n, events), expected[i]) << a.name() << " run " << i;
    });
  }
}

TEST(OptimalPlanner, EqualsTheOptimumOverAllValidSchedulesEndingAtEachRoot) {
  RandomStream stream(23);
  for (int trial = 0; trial < 24; ++trial) {
    const int n = 2 + static_cast<int>(stream.below(5));
    std::vector<double> times(n);
    // Small integers make ties, where EP's instants and the search's types matter most.
    for (double& t : times) t = trial % 2 == 0 ? 1 + static_cast<double>(stream.below(4)) : 1 + 3 * stream.uniform();
    for (int root = 0; root < n; ++root)
      EXPECT_NEAR(optimal_schedule(times, root).makespan, unrestricted_optimum(times, root), kTol)
          << "trial " << trial << " root " << root;
  }
}

TEST(OptimalPlanner, TheFreeRootIsTheBestFixedRoot) {
  RandomStream stream(24);
  for (int trial = 0; trial < 150; ++trial) {
    const int n = 2 + static_cast<int>(stream.below(9));
    const std::vector<double> times = uniform_times(stream, n, 1 + 9 * stream.uniform());
    const double free_root = optimal_schedule(times).makespan;
    double best = std::numeric_limits<double>::infinity();
    for (int root = 0; root < n; ++root) {
      const double fixed = optimal_schedule(times, root).makespan;
      EXPECT_LE(free_root, fixed + kTol) << "trial " << trial << " root " << root;
      best = std::min(best, fixed);
    }
    EXPECT_NEAR(free_root, best, kTol) << "trial " << trial;
  }
}

// cv = 0 and a free ⊕ (Liu & Wang's model), where the optimum is a true lower bound: every
// algorithm of the registry with one message per host, given a root, takes at least the
// brute-force optimum ending there.
TEST(ReduceRoot, NoAlgorithmBeatsTheOptimumForItsRoot) {
  RandomStream stream(25);
  for (int trial = 0; trial < 16; ++trial) {
    const int n = 2 + static_cast<int>(stream.below(5));
    const std::vector<double> times = uniform_times(stream, n, 5);
    const Platform platform = cluster_platform(times, kDefaultMessageBytes);
    for (int root = 0; root < n; ++root) {
      const double optimum = unrestricted_optimum(times, root);
      for (const ReduceAlgorithm& a : reduce_algorithms()) {
        // The MPI rows split vectors (segments, Rabenseifner's halves): the model's one message
        // per host does not bound them.
        if (a.sends_point_to_point()) continue;
        ReductionCosts costs({1, 0, 0});
        const CostScale scale{kDefaultMessageBytes, platform.reference_speed()};
        const reduce_test::ClusterSetup cluster(times, costs, scale, trial, root);
        auto policy = a.make(cluster.setup);
        const double makespan = run_policy(platform, *policy, costs, {1}).front();
        EXPECT_GE(makespan, optimum * (1 - kTol)) << a.name() << " trial " << trial << " root " << root;
      }
    }
  }
}

// A reduction that ends at host 1 whatever root it is given: every other host sends to it.
class EndsAtHostOne final : public Policy {
 public:
  explicit EndsAtHostOne(const ReduceSetup& setup) : n_(setup.processors), scale_(setup.scale) {}
  void begin(Executor& executor) override {
    for (int p = 0; p < n_; ++p)
      if (p != 1) executor.start(scale_.comm(p, 1, 1.0));
  }
  void on_complete(Executor&, const Completion&) override {}

 private:
  int n_;
  CostScale scale_;
};

std::unique_ptr<Policy> make_ends_at_host_one(const ReduceSetup& setup) {
  return std::make_unique<EndsAtHostOne>(setup);
}

// The runner reads every algorithm's result host the same way and checks it against a fixed
// root: a row whose result ends elsewhere stops the run rather than be reported at its root,
// and with `any` its host is the row's value.
TEST(ReduceRoot, TheRunnerRefusesAResultAwayFromTheRootAndReportsItWithAny) {
  const ReduceAlgorithm wrong =
      ReduceAlgorithm("ends-at-host-one").description("test").reference("test").make(make_ends_at_host_one);
  const std::vector<double> times = {2, 1, 3, 1};
  const Platform platform = cluster_platform(times, kDefaultMessageBytes);
  for (int root : {0, 1, kAnyRoot}) {
    ReduceRunnerInputs settings;
    settings.law.kind = ClusterKind::times;
    settings.law.processors = static_cast<int>(times.size());
    settings.times = times;
    settings.costs = ReductionCostParams{1, 0, 0};
    settings.scale = CostScale{kDefaultMessageBytes, platform.reference_speed()};
    settings.message = kDefaultMessageBytes;
    settings.root = root;
    const std::unique_ptr<PointRunner> runner = make_reduce_runner(settings, {&wrong}, platform);
    std::vector<LinkSetting> links;
    runner->begin_replication(0, links);
    ReductionCosts costs({1, 0, 0});
    run_policy(platform, *runner->policy(0, 0, links), costs, {0});
    std::vector<double> metrics(reduce_test::unit_width(), 1.0);
    if (root == 0) {
      EXPECT_THROW(runner->complete_replication(metrics.data(), metrics.size()), std::logic_error);
    } else {
      runner->complete_replication(metrics.data(), metrics.size());
      EXPECT_EQ(metrics[3], 1) << "root " << root;  // the root metric
    }
  }
}

/// The `root` column of `hetcoll run --family reduce ARGS` on the model engine, by algorithm.
std::map<std::string, std::string> root_column(const std::string& args) {
  const std::string text = test_support::hetcoll_output("run --family reduce --engine model --quiet " + args);
  std::map<std::string, std::string> roots;
  std::size_t column = 0;
  for (std::size_t start = 0, end; start < text.size(); start = end + 1) {
    end = text.find('\n', start);
    const std::vector<std::string> fields = split_csv_row(text.substr(start, end - start));
    if (start == 0) column = std::find(fields.begin(), fields.end(), "root") - fields.begin();
    else roots[fields.at(0)] = fields.at(column);
  }
  return roots;
}

// Each row says where its algorithm's result ended: the fixed root for every algorithm; with
// `any`, the slowest host for the planners, one of the hosts or `varies` for the others; and the
// papers' choices: P0 for RR-8315's static trees, and for its dynamic algorithms the last
// receiver, which the draws move from one replication to the next.
TEST(ReduceRoot, EachRowSaysWhereItsResultEnded) {
  for (const auto& [name, root] : root_column("--times 2,5,10,4 --replications 3 --root 3"))
    EXPECT_EQ(root, "3") << name;
  const auto any = root_column("--times 2,5,10,4 --replications 40 --cv 1 --root any");
  EXPECT_EQ(any.size(), reduce_algorithms().infos().size());
  const std::set<std::string> hosts_or_varies = {"0", "1", "2", "3", kVariesField};
  for (const ReduceAlgorithm& a : reduce_algorithms()) {
    const std::string& root = any.at(a.name());
    if (a.needs_free_op()) EXPECT_EQ(root, "2") << a.name();
    else EXPECT_EQ(hosts_or_varies.count(root), 1u) << a.name() << ": " << root;
  }
  for (const std::string name : {"binomial-stat", "fibonacci-stat"}) EXPECT_EQ(any.at(name), "0") << name;
  for (const std::string name : {"tree-dyn", "non-commut-tree-dyn"}) EXPECT_EQ(any.at(name), kVariesField) << name;
}

}  // namespace
}  // namespace hetcoll
