// Asynchronous execution of step schedules (key asynchronous): the schedule's streams without
// their step barriers. Every instant respects δ(v) at each node and k on the backbone, every
// message's pieces are all sent, β is paid once; with k = 1 the streams run one after the other
// (β + Σ w, whatever the schedule); the engines agree, noise or not.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "algorithms/redistribute/support/asynchronous_steps.hpp"
#include "algorithms/redistribute/support/execution.hpp"
#include "algorithms/redistribute/support/inputs.hpp"
#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "algorithms/redistribute/redistribution_harness.hpp"
#include "algorithms/redistribute/support/registry.hpp"
#include "core/random.hpp"
#include "driver/work_dir.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/recording_policy.hpp"

namespace hetcoll {
namespace {

using test::redistribution_point;
using test::unit_metrics;

constexpr std::size_t kWidth = 4;  // value, over_bound, over_link_bound, backbone_shared

struct AsynchronousRun {
  double makespan = 0;
  std::vector<Completion> events;
};

AsynchronousRun run_asynchronous(const Derived& d, const Schedule& schedule) {
  const double base = d.base * kBytesPerMbit;
  std::vector<double> nic;
  for (int ports : d.ports) nic.push_back(ports * base);
  AsynchronousSteps policy;
  policy.reset(d.instance, schedule, base, base, kHostSpeed);
  RecordingPolicy recorder(policy);
  AsynchronousRun run;
  run.makespan = run_single(*make_model_engine(two_cluster_platform(nic, d.instance.k * base)), recorder);
  run.events = recorder.events();
  return run;
}

TEST(RedistributionAsynchronous, EveryInstantRespectsTheNodeAndBackboneLimitsAndEveryPieceIsSent) {
  const Point point = redistribution_point({{"senders", 6}, {"receivers", 5}, {"k", 3}, {"beta", 0.5}});
  const RedistributionPoint setup = resolve_redistribution_point(point);
  for (std::uint64_t r = 0; r < 10; ++r) {
    const Derived d = random_instance(setup.random, RandomStream(91, r));
    const double base = d.base * kBytesPerMbit;
    for (const RedistributionAlgorithm* a : test::scalable_step_algorithms()) {
      const Schedule schedule = *test::schedule_of(*a, d.instance);
      const AsynchronousRun run = run_asynchronous(d, schedule);
      std::map<int, double> sent;  // bytes per (sender, receiver node)
      double set_up_end = -1;
      for (const Completion& c : run.events) {
        if (c.activity.kind == ActivityKind::compute) {
          set_up_end = c.end;
          EXPECT_EQ(c.start, 0.0);
          continue;
        }
        sent[c.activity.host * 1000 + c.activity.peer] += c.activity.amount;
        EXPECT_GE(c.start, set_up_end - 1e-12) << a->name() << ": a stream started before the set-up ended";
        // The streams active just after this one started.
        std::vector<int> at_node(d.instance.delta.size(), 0);
        int active = 0;
        for (const Completion& o : run.events)
          if (o.activity.kind == ActivityKind::comm && o.start <= c.start + 1e-12 && o.end > c.start + 1e-9) {
            ++active;
            ++at_node[o.activity.host];
            ++at_node[o.activity.peer];
          }
        EXPECT_LE(active, d.instance.k) << a->name();
        for (std::size_t v = 0; v < at_node.size(); ++v) EXPECT_LE(at_node[v], d.instance.delta[v]) << a->name();
      }
      EXPECT_GE(set_up_end, 0) << "beta was not paid";
      for (const Message& m : d.instance.messages)
        EXPECT_NEAR(sent[m.sender * 1000 + d.instance.receiver_node(m.receiver)], m.weight * base, 1.0 * 8)
            << a->name() << ": message " << m.sender << "->" << m.receiver;
    }
  }
}

TEST(RedistributionAsynchronous, WithOneStreamAtATimeItTakesBetaPlusEveryWeight) {
  const Point point = redistribution_point({{"senders", 4}, {"receivers", 4}, {"k", 1}, {"beta", 0.75}});
  const RedistributionPoint setup = resolve_redistribution_point(point);
  for (std::uint64_t r = 0; r < 10; ++r) {
    const Derived d = random_instance(setup.random, RandomStream(5, r));
    double total = d.instance.beta;
    for (const Message& m : d.instance.messages) total += m.weight;
    for (const RedistributionAlgorithm* a : test::scalable_step_algorithms())
      EXPECT_NEAR(run_asynchronous(d, *test::schedule_of(*a, d.instance)).makespan, total, 1e-9 * total) << a->name();
  }
}

TEST(RedistributionAsynchronous, TheEnginesAgreeAndTheInstancesAreThoseOfTheStepRuns) {
  const WorkDir dir("hetcoll-jw-async");
  std::vector<std::string> algorithms;
  for (const RedistributionAlgorithm* a : test::scalable_step_algorithms()) algorithms.push_back(a->name());
  algorithms.push_back("lower-bound");
  for (double cv : {0.0, 0.7}) {
    const Point steps = redistribution_point({{"senders", 5}, {"receivers", 4}, {"k", 3}, {"cv", cv}});
    const Point unsynchronised =
        redistribution_point({{"senders", 5}, {"receivers", 4}, {"k", 3}, {"cv", cv}, {"asynchronous", 1}});
    const std::vector<double> synchronous = unit_metrics(algorithms, "model", steps, 4, dir.path());
    const std::vector<double> model = unit_metrics(algorithms, "model", unsynchronised, 4, dir.path());
    const std::vector<double> simgrid = unit_metrics(algorithms, "simgrid", unsynchronised, 4, dir.path());
    ASSERT_EQ(simgrid.size(), model.size());
    ASSERT_EQ(synchronous.size(), model.size());
    for (std::size_t i = 0; i < model.size(); i += kWidth) {
      EXPECT_NEAR(simgrid[i] / model[i], 1.0, 1e-9) << "cv " << cv << " value " << i / kWidth;
      // value / over_bound is the instance's lower bound: the same instance either way.
      EXPECT_NEAR(model[i] / model[i + 1], synchronous[i] / synchronous[i + 1], 1e-9 * model[i]);
    }
  }
}

}  // namespace
}  // namespace hetcoll
