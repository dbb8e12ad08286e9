#pragma once
/// @file hetreduce_harness.hpp
/// @brief Test helpers for the hetreduce family: random clusters, plans run on an engine with
/// their times set through link settings, and two independent optima (enumeration of EP
/// orders, and a search over all valid schedules that assumes neither EP form nor the root).
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/reduce/factories.hpp"
#include "algorithms/reduce/cluster.hpp"
#include "core/random.hpp"
#include "engine/engine.hpp"
#include "engine/recording_policy.hpp"

namespace hetcoll::hetreduce_test {

/// @brief One run: a plan and the times of the cluster it runs on.
struct PlanRun {
  Plan plan;
  std::vector<double> times;
};

/// @brief Runs `runs` back to back on `engine` (built on `platform`), setting each run's
/// uplinks first, and returns their makespans; `check(i, completions)` sees each schedule.
inline std::vector<double> run_plans(Engine& engine, const Platform& platform, const std::vector<PlanRun>& runs,
                                     const std::function<void(std::size_t, const std::vector<Completion>&)>& check = {}) {
  struct Source final : ReplicationSource {
    const Platform* platform;
    const std::vector<PlanRun>* runs;
    const std::function<void(std::size_t, const std::vector<Completion>&)>* check;
    std::size_t next_run = 0;
    std::unique_ptr<PlanPolicy> policy;
    std::unique_ptr<RecordingPolicy> recorder;
    std::vector<double> makespans;
    Policy* next(std::vector<LinkSetting>& settings) override {
      if (next_run == runs->size()) return nullptr;
      const PlanRun& run = (*runs)[next_run];
      set_uplinks(*platform, run.times, settings);
      policy = std::make_unique<PlanPolicy>(run.plan, message_scale(), nullptr);
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

/// @brief Plan of `algorithm` for `times` (replication stream from `seed`, no `order`).
inline Plan plan_of(const HetreduceAlgorithm& algorithm, const std::vector<double>& times, std::uint64_t seed = 1) {
  RandomStream stream(seed);
  const std::vector<int> order;
  return algorithm.make(HetreduceInput{times, stream, order});
}

/// @brief Random times of n hosts: U[1, spread] on the kTimeGrid.
inline std::vector<double> uniform_times(RandomStream& stream, int n, double spread) {
  std::vector<double> times(n);
  for (double& t : times) t = quantise_time(1 + (spread - 1) * stream.uniform());
  return times;
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
/// while something is running; any host may end with the result. Exponential: n ≤ 6.
inline double unrestricted_optimum(const std::vector<double>& times) {
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
      best = std::min(best, last);
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

}  // namespace hetcoll::hetreduce_test
