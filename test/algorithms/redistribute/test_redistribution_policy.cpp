// The policies the table's factories make (redistribution_policy.hpp): each follows the runner's
// instance through its counter, making its schedule and plan again when the counter moves and
// only then, runs what it says it runs, and records the value its row stands for.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/redistribute/redistribution_harness.hpp"
#include "algorithms/redistribute/support/execution.hpp"
#include "algorithms/redistribute/support/inputs.hpp"
#include "algorithms/redistribute/support/registry.hpp"
#include "algorithms/redistribute/support/schedule_policy.hpp"
#include "core/random.hpp"
#include "engine/model/model_engine.hpp"

namespace hetcoll {
namespace {

/// Two random instances of one shape, and a platform that runs both at their capped cost: every
/// NIC carries delta-max streams at base speed, the backbone k.
struct TwoInstances {
  Instance first, second;
  double base_bytes = kRandomBase * kBytesPerMbit;
  Platform platform;
};

TwoInstances two_instances(int k) {
  RandomSpec spec;
  spec.senders = 4;
  spec.receivers = 3;
  spec.k = k;
  spec.delta_max = 3;
  spec.weight_max = 6;
  spec.beta = 0.5;
  TwoInstances t;
  t.first = random_instance(spec, RandomStream(31, 0)).instance;
  t.second = random_instance(spec, RandomStream(31, 1)).instance;
  t.platform = two_cluster_platform(std::vector<double>(spec.senders + spec.receivers, spec.delta_max * t.base_bytes),
                                    k * t.base_bytes);
  return t;
}

/// What the runner hands a factory: `current` and its counter `id`, at t's base speed.
RedistributionSetup setup_of(const TwoInstances& t, const Instance& current, const std::uint64_t& id) {
  RedistributionSetup setup;
  setup.instance = &current;
  setup.instance_id = &id;
  setup.base_bytes = t.base_bytes;
  setup.host_speed = kHostSpeed;
  return setup;
}

/// The makespan of `policy` alone on the model engine.
double run(const Platform& platform, Policy& policy) { return run_single(*make_model_engine(platform), policy); }

void expect_same(const Schedule& a, const Schedule& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (std::size_t s = 0; s < a.size(); ++s) {
    ASSERT_EQ(a[s].size(), b[s].size()) << what << ", step " << s;
    for (std::size_t i = 0; i < a[s].size(); ++i) {
      EXPECT_EQ(a[s][i].message, b[s][i].message) << what;
      EXPECT_EQ(a[s][i].amount, b[s][i].amount) << what;
    }
  }
}

TEST(RedistributionPolicy, EveryRowFollowsItsInstanceThroughTheCounterAndOnlyThroughIt) {
  TwoInstances t = two_instances(2);
  ASSERT_NE(schedule_cost(t.first, *test::schedule_of(redistribution_algorithms().at("ggp"), t.first)),
            schedule_cost(t.second, *test::schedule_of(redistribution_algorithms().at("ggp"), t.second)));
  int scheduled = 0;
  for (const RedistributionAlgorithm& a : redistribution_algorithms()) {
    if (a.work_bound() != nullptr) continue;  // a search: the tiny instances of its own tests
    Instance current = t.first;
    std::uint64_t id = 0;
    const std::unique_ptr<RedistributionPolicy> policy = a.make(setup_of(t, current, id));
    const std::optional<Schedule> first = test::schedule_of(a, t.first), second = test::schedule_of(a, t.second);
    const double ran_first = run(t.platform, *policy);
    current = t.second;  // the counter has not moved: what the policy made from the instance stands
    if (first) expect_same(*policy->schedule(), *first, a.name() + ", counter not moved");
    const double ran_again = run(t.platform, *policy);
    ++id;
    if (second) expect_same(*policy->schedule(), *second, a.name() + ", counter moved");
    const double ran_second = run(t.platform, *policy);
    if (a.analytic()) {
      EXPECT_EQ(policy->value(ran_second), lower_bound(t.second)) << a.name();
      EXPECT_EQ(ran_second, 0) << a.name() << ": an analytic row runs nothing";
      continue;
    }
    EXPECT_EQ(policy->value(ran_second), ran_second) << a.name();
    if (!first) continue;  // a dynamic algorithm reads the instance as it runs
    EXPECT_EQ(ran_again, ran_first) << a.name() << ": planned again without the counter moving";
    if (a.ignores_limits()) continue;
    ++scheduled;
    EXPECT_NEAR(ran_first, schedule_cost(t.first, *first), 1e-9 * ran_first) << a.name();
    EXPECT_NEAR(ran_second, schedule_cost(t.second, *second), 1e-9 * ran_second) << a.name();
  }
  EXPECT_GT(scheduled, 0);
}

// Without barriers, with one stream at a time, a step schedule takes β + Σ w whatever its
// steps: the streams the policy holds are those of the instance the counter says.
TEST(RedistributionPolicy, AsynchronousStepsFollowTheCounterToo) {
  TwoInstances t = two_instances(1);
  auto serial = [](const Instance& g) {
    double total = g.beta;
    for (const Message& m : g.messages) total += m.weight;
    return total;
  };
  ASSERT_NE(serial(t.first), serial(t.second));
  for (const RedistributionAlgorithm* a : test::scalable_step_algorithms()) {
    Instance current = t.first;
    std::uint64_t id = 0;
    RedistributionSetup setup = setup_of(t, current, id);
    setup.asynchronous = true;
    const std::unique_ptr<RedistributionPolicy> policy = a->make(setup);
    EXPECT_NEAR(run(t.platform, *policy), serial(t.first), 1e-9 * serial(t.first)) << a->name();
    current = t.second;
    ++id;
    EXPECT_NEAR(run(t.platform, *policy), serial(t.second), 1e-9 * serial(t.second)) << a->name();
  }
}

TEST(SchedulePolicy, AnInvalidScheduleStopsTheRunNamingTheAlgorithm) {
  const Instance g = test::running_example();
  const std::uint64_t id = 0;
  RedistributionSetup setup;
  setup.instance = &g;
  setup.instance_id = &id;
  // Every message but the last: its weight is never sent.
  const Solver short_one = [](const Instance& instance) {
    Schedule s = {{}};
    for (std::size_t e = 0; e + 1 < instance.messages.size(); ++e)
      s[0].push_back({static_cast<int>(e), instance.messages[e].weight});
    return s;
  };
  SchedulePolicy policy(setup, "short-one", short_one, ScheduleRun{});
  try {
    policy.schedule();
    ADD_FAILURE() << "no error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("short-one gave an invalid schedule"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace hetcoll
