/// @file test_goal_writer.cpp
/// @brief The GOAL writer (engine/goal_writer.hpp): a plan as it ran, written and read back by a
/// reader of its own here (MPI's matching: the k-th send from a to b meets the k-th receive b
/// posts from a), is the same plan: its operations, hosts, amounts as started and dependencies.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "engine/goal_writer.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/noisy_policy.hpp"
#include "engine/plan.hpp"
#include "engine/recording_policy.hpp"

namespace hetcoll {
namespace {

const CostScale kUnit{ideal_cluster(1).reference_bandwidth(), ideal_cluster(1).reference_speed()};

/// A plan as a GOAL text says it: per operation (by the index its labels carry), its activity
/// and its dependencies.
struct ReadBack {
  std::vector<Activity> ops;
  std::vector<std::set<int>> before;
  int ranks = 0;
};

int index_of(const std::string& label) { return std::stoi(label.substr(label.find_first_of("0123456789"))); }

ReadBack read_goal(const std::string& text) {
  ReadBack back;
  std::istringstream in(text);
  std::string line;
  int rank = -1;
  // Posted sends and receives per (sender, receiver), in block order, by the index their label carries.
  std::map<std::pair<int, int>, std::vector<int>> sends, receives;
  std::map<int, Activity> ops;
  std::map<int, std::set<int>> before;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string first, second, third;
    words >> first;
    if (first.empty() || first.rfind("//", 0) == 0 || first == "}") continue;
    if (first == "num_ranks") {
      words >> back.ranks;
    } else if (first == "rank") {
      words >> rank;
    } else if (words >> second && (second == "requires")) {
      words >> third;
      before[index_of(first)].insert(index_of(third));
    } else {
      const int op = index_of(first.substr(0, first.size() - 1));
      std::string size, to_or_from;
      int peer = -1;
      words >> size;
      Activity& a = ops[op];
      if (second == "calc") {
        a.kind = ActivityKind::compute;
        a.host = rank;
        a.amount = std::stod(size);
        continue;
      }
      words >> to_or_from >> peer;
      EXPECT_EQ(size.back(), 'b') << line;
      a.kind = ActivityKind::comm;
      a.amount = std::stod(size.substr(0, size.size() - 1));
      if (second == "send") {
        a.host = rank;
        a.peer = peer;
        sends[{rank, peer}].push_back(op);
      } else {
        receives[{peer, rank}].push_back(op);
      }
    }
  }
  // MPI's order matches each send with the receive of the same operation.
  for (const auto& [pair, posted] : sends) EXPECT_EQ(posted, receives[pair]) << pair.first << " -> " << pair.second;
  for (const auto& [op, a] : ops) {
    EXPECT_EQ(op, static_cast<int>(back.ops.size())) << "operations are numbered from 0 without a gap";
    back.ops.push_back(a);
    back.before.push_back(before[op]);
  }
  return back;
}

/// A random plan on `hosts` hosts whose every dependency is on an operation that shares a host
/// with the one that waits (what GOAL can say).
Plan random_plan(std::mt19937& draw, int hosts, int size) {
  Plan plan;
  std::uniform_int_distribution<int> host(0, hosts - 1), coin(0, 2);
  std::uniform_real_distribution<double> cost(0.1, 2.0);
  std::vector<PlanOp> ops;
  for (int i = 0; i < size; ++i) {
    const int from = host(draw);
    int to = host(draw);
    if (to == from) to = (to + 1) % hosts;
    const PlanOp op = coin(draw) == 0 ? compute_op(from, cost(draw)) : comm_op(from, to, cost(draw));
    auto shares = [&](const PlanOp& other) {
      auto in = [&](int h) { return other.host == h || (other.kind == ActivityKind::comm && other.peer == h); };
      return in(op.host) || (op.kind == ActivityKind::comm && in(op.peer));
    };
    std::vector<int> after;
    for (int j = 0; j < i; ++j)
      if (shares(ops[j]) && coin(draw) == 0) after.push_back(j);
    plan.add(op, after);
    ops.push_back(op);
  }
  return plan;
}

std::vector<Completion> run_recorded(const Plan& plan, int hosts, double cv = 0) {
  PlanPolicy policy(plan, kUnit, nullptr);
  NoisyPolicy noisy(Noise{cv});
  Policy* inner = &policy;
  if (cv > 0) {
    noisy.wrap(policy, 7, 0);
    inner = &noisy;
  }
  RecordingPolicy recorder(*inner);
  auto engine = make_model_engine(ideal_cluster(hosts));
  run_single(*engine, recorder);
  return recorder.events();
}

void expect_same_plan(const Plan& plan, const std::vector<Activity>& started, const ReadBack& back) {
  ASSERT_EQ(back.ops.size(), plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    SCOPED_TRACE("operation " + std::to_string(i));
    EXPECT_EQ(back.ops[i].kind, started[i].kind);
    EXPECT_EQ(back.ops[i].host, started[i].host);
    if (started[i].kind == ActivityKind::comm) EXPECT_EQ(back.ops[i].peer, started[i].peer);
    EXPECT_EQ(back.ops[i].amount, started[i].amount);
    std::set<int> before;
    for (std::size_t j = 0; j < i; ++j)
      for (int after : plan.dependents(static_cast<int>(j)))
        if (after == static_cast<int>(i)) before.insert(static_cast<int>(j));
    EXPECT_EQ(back.before[i], before);
  }
}

}  // namespace

TEST(GoalWriter, RandomPlansReadBackAsThemselves) {
  std::mt19937 draw(2010);
  for (int round = 0; round < 40; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const int hosts = 2 + round % 5;
    const Plan plan = random_plan(draw, hosts, 5 + round);
    const std::vector<Activity> started = activities_by_operation(plan, run_recorded(plan, hosts));
    ASSERT_EQ(goal_refusal(plan, started), "");
    std::ostringstream out;
    write_goal(out, plan, started, hosts + 1, {"a comment"});
    const ReadBack back = read_goal(out.str());
    EXPECT_EQ(back.ranks, hosts + 1);
    expect_same_plan(plan, started, back);
  }
}

// Amounts are those the activities started with: under noise, the drawn ones.
TEST(GoalWriter, AmountsAreTheDrawnOnes) {
  std::mt19937 draw(31);
  const Plan plan = random_plan(draw, 4, 20);
  const std::vector<Activity> nominal = activities_by_operation(plan, run_recorded(plan, 4));
  const std::vector<Activity> drawn = activities_by_operation(plan, run_recorded(plan, 4, 0.5));
  std::ostringstream out;
  write_goal(out, plan, drawn, 4, {});
  const ReadBack back = read_goal(out.str());
  expect_same_plan(plan, drawn, back);
  std::size_t moved = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) moved += back.ops[i].amount != nominal[i].amount;
  EXPECT_GT(moved, plan.size() / 2);
}

TEST(GoalWriter, ADependencyNoHostOfTheOperationTakesPartInIsRefused) {
  Plan plan;
  const int barrier = plan.add(compute_op(0, 1.0));
  plan.add(comm_op(1, 2, 1.0), {barrier});
  const std::vector<Activity> started = activities_by_operation(plan, run_recorded(plan, 3));
  const std::string why = goal_refusal(plan, started);
  EXPECT_NE(why.find("operation 1 (a comm from host 1 to host 2) waits for operation 0 (a computation on host 0)"),
            std::string::npos)
      << why;
  // The same dependency on the receiver's side can be said.
  Plan sayable;
  sayable.add(compute_op(2, 1.0));
  sayable.add(comm_op(1, 2, 1.0), {0});
  EXPECT_EQ(goal_refusal(sayable, activities_by_operation(sayable, run_recorded(sayable, 3))), "");
}

TEST(GoalWriter, ARateCapIsRefused) {
  Plan plan;
  plan.add(comm_op(0, 1, 1.0, 1e6));
  const std::string why = goal_refusal(plan, activities_by_operation(plan, run_recorded(plan, 2)));
  EXPECT_NE(why.find("capped at 1000000 bytes/s"), std::string::npos) << why;
}

TEST(GoalWriter, ARunThatMissedAnOperationIsABug) {
  Plan plan;
  plan.add(compute_op(0, 1.0));
  plan.add(compute_op(1, 1.0));
  std::vector<Completion> ran = run_recorded(plan, 2);
  ran.pop_back();
  EXPECT_THROW(activities_by_operation(plan, ran), std::logic_error);
}

}  // namespace hetcoll
