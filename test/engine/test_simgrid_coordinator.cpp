// The SimGrid engine's coordinator (a callback in SimGrid's maestro, run from a kernel timer:
// docs/design.md, "SimGrid engine") on the paths no family takes: replications without any
// activity (first, in the middle, last, or all of them), activities of zero duration started
// from a delivery, and errors from a policy or the driver's source while agents are busy or
// were just handed a command. Each script runs on both engines: SimGrid must deliver what the
// model engine delivers, end with the error the script raised, and end its simulation cleanly
// (SimGrid reports actors left blocked as a deadlock on stderr). SimGrid runs in a forked child.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/engine.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/platform.hpp"

namespace hetcoll {
namespace {

constexpr double kSecond = 8388608;  // bytes or flops of one second on the ideal cluster

Activity comm(int from, int to, double seconds) { return {ActivityKind::comm, from, to, seconds * kSecond, 0, 0}; }
Activity compute(int host, double seconds) { return {ActivityKind::compute, host, -1, seconds * kSecond, 0, 0}; }

/// A policy made of two callbacks, which writes every completion it is given into a log.
struct ScriptPolicy final : Policy {
  std::function<void(Executor&)> on_begin;
  std::function<void(Executor&, const Completion&)> on_done;
  std::string* log = nullptr;
  void begin(Executor& e) override {
    if (on_begin) on_begin(e);
  }
  void on_complete(Executor& e, const Completion& c) override {
    *log += "c" + std::to_string(c.id) + "@" + format_number(c.end) + " ";
    if (on_done) on_done(e, c);
  }
};

/// Hands out the script's policies in order, logging each makespan; throws from next() or
/// finished() at the replication given.
struct ScriptSource final : ReplicationSource {
  std::vector<ScriptPolicy> policies;
  std::size_t given = 0;
  int throw_in_next_at = -1;
  int throw_in_finished_at = -1;
  std::string* log = nullptr;
  Policy* next(std::vector<LinkSetting>&) override {
    if (static_cast<int>(given) == throw_in_next_at) throw InputError("the source's next failed");
    if (given == policies.size()) return nullptr;
    *log += "| ";
    return &policies[given++];
  }
  void finished(double makespan) override {
    *log += "m=" + format_number(makespan) + " ";
    if (static_cast<int>(given) - 1 == throw_in_finished_at) throw InputError("the source's finished failed");
  }
};

using Script = std::function<void(ScriptSource&)>;

/// What `engine` delivers of the script, then the error it ends with, if any.
std::string run_script(Engine& engine, const Script& script) {
  std::string log;
  ScriptSource source;
  source.log = &log;
  script(source);
  for (ScriptPolicy& p : source.policies) p.log = &log;
  try {
    engine.run(source);
  } catch (const std::exception& e) {
    log += std::string("error: ") + e.what();
  }
  return log;
}

/// Runs the script on both engines over `hosts` hosts of the ideal cluster and compares; returns
/// what the model engine delivered.
std::string expect_engines_agree(int hosts, const Script& script) {
  const std::string model = run_script(*make_model_engine(ideal_cluster(hosts)), script);
  const WorkDir dir("hetcoll-test");
  const std::string simgrid = run_in_child(dir.path(), [&] {
    SimgridSession session(ideal_cluster(hosts), {});
    return run_script(*session.engine(hosts), script);
  });
  EXPECT_EQ(simgrid, model);
  std::ifstream log(dir.path() + "/probe.log");
  const std::string messages{std::istreambuf_iterator<char>(log), std::istreambuf_iterator<char>()};
  EXPECT_EQ(messages.find("Oops"), std::string::npos) << messages;
  return model;
}

TEST(SimgridCoordinator, RunsReplicationsWithoutActivitiesWhereverTheyCome) {
  expect_engines_agree(2, [](ScriptSource&) {});
  expect_engines_agree(2, [](ScriptSource& s) { s.policies.resize(3); });
  expect_engines_agree(4, [](ScriptSource& s) {
    s.policies.resize(4);
    s.policies[1].on_begin = [](Executor& e) {
      e.start(comm(0, 1, 1));
      e.start(compute(2, 2));
    };
    s.policies[2].on_begin = [](Executor& e) { e.start(comm(1, 0, 0)); };
  });
}

TEST(SimgridCoordinator, DeliversActivitiesOfZeroDurationStartedFromADeliveryInLaterBatches) {
  expect_engines_agree(4, [](ScriptSource& s) {
    s.policies.resize(2);
    s.policies[0].on_begin = [](Executor& e) {
      e.start(compute(0, 0));
      e.start(comm(1, 2, 0));
      e.start(comm(3, 2, 1));
    };
    s.policies[0].on_done = [](Executor& e, const Completion& c) {
      if (c.id >= 6) return;
      const int host = c.activity.owner();
      e.start(compute(host, 0));
      e.start(comm(host, (host + 1) % 4, 0));
    };
    s.policies[1].on_begin = [](Executor& e) { e.start(compute(0, 0)); };
  });
}

TEST(SimgridCoordinator, AnErrorEndsTheRunWhileAgentsAreBusyOrJustCommanded) {
  // In the middle of a batch of two, with a long comm and a computation under way, after
  // handing new commands to idle and new agents.
  expect_engines_agree(6, [](ScriptSource& s) {
    s.policies.resize(2);
    s.policies[0].on_begin = [](Executor& e) {
      e.start(comm(0, 1, 10));
      e.start(compute(2, 1));
      e.start(compute(3, 1));
      e.start(compute(5, 7));
    };
    s.policies[0].on_done = [](Executor& e, const Completion& c) {
      if (c.id != 1) return;
      e.start(comm(2, 4, 3));
      e.start(compute(2, 1));
      throw InputError("the policy failed");
    };
  });
  // In begin(), after starting activities.
  expect_engines_agree(4, [](ScriptSource& s) {
    s.policies.resize(2);
    s.policies[0].on_begin = [](Executor& e) { e.start(comm(0, 1, 1)); };
    s.policies[1].on_begin = [](Executor& e) {
      e.start(comm(0, 1, 2));
      e.start(compute(3, 1));
      throw InputError("the policy's begin failed");
    };
  });
  // In the source, between replications.
  for (bool in_next : {true, false})
    expect_engines_agree(4, [in_next](ScriptSource& s) {
      s.policies.resize(3);
      for (ScriptPolicy& p : s.policies)
        p.on_begin = [](Executor& e) {
          e.start(comm(0, 1, 1));
          e.start(compute(2, 3));
        };
      (in_next ? s.throw_in_next_at : s.throw_in_finished_at) = 2;
    });
}

TEST(SimgridCoordinator, AnActivityWithoutFiniteDurationEndsTheRunWithTheModelEnginesMessage) {
  // Each started after a comm is under way; a rate cap too small for the size, negative or NaN
  // is refused like an amount; an infinite cap is no cap, and runs on both, as does a negative
  // cap on no bytes (its duration, 0 / cap, is zero).
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<Activity> activities = {
      {ActivityKind::comm, 0, 1, inf, 0, 0},     {ActivityKind::comm, 0, 1, nan, 0, 0},
      {ActivityKind::comm, 0, 1, -1, 0, 0},      {ActivityKind::compute, 1, -1, inf, 0, 0},
      {ActivityKind::compute, 1, -1, nan, 0, 0}, {ActivityKind::compute, 1, -1, -1, 0, 0},
      {ActivityKind::comm, 0, 1, 1e10, -1, 0},   {ActivityKind::comm, 0, 1, 1e10, nan, 0},
      {ActivityKind::comm, 0, 1, 1e10, 1e-300, 0}, {ActivityKind::comm, 0, 1, kSecond, inf, 0},
      {ActivityKind::comm, 0, 1, 0, -1, 0}};
  for (const Activity& bad : activities) {
    const std::string log = expect_engines_agree(3, [bad](ScriptSource& s) {
      s.policies.resize(1);
      s.policies[0].on_begin = [bad](Executor& e) {
        e.start(comm(2, 0, 1));
        e.start(bad);
      };
    });
    const bool refused = !(bad.rate == inf || bad.amount == 0);
    EXPECT_EQ(log.find("has no finite duration") != std::string::npos, refused) << log;
  }
}

}  // namespace
}  // namespace hetcoll
