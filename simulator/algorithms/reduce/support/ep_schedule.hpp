#pragma once
/// @file ep_schedule.hpp
/// @brief Earliest-possible (EP) reduction schedules of Liu & Wang (IPDPS 2000, §3, Fig. 2):
/// start times for a sender sequence, the destinations of Lemma 1, and the Plan both engines run.
#include <array>
#include <vector>

#include "algorithms/root.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief The root of a reduction: the slowest host (the lowest index among equally slow ones).
int slowest_host(const std::vector<double>& times);

/// @brief The host an EP planner ends at: `root`, or with kAnyRoot the slowest host, Liu & Wang's
/// choice (the slowest processor only receives, so it is never waited for).
int planned_root(const std::vector<double>& times, int root);

/// @brief An EP schedule: who sends when, to whom, and after which transmissions.
struct EpSchedule {
  int root = -1;                   //!< the host that only receives
  std::vector<int> sender;         //!< hosts in start order (every host but the root, once)
  std::vector<double> start;       //!< start date of sender[i]
  std::vector<double> end;         //!< start[i] + t(sender[i])
  std::vector<int> receiver;       //!< host that receives sender[i]'s value (Lemma 1)
  /// The two tokens sender[i] consumed: indices of the transmissions whose completion freed
  /// the processors it uses (-1: a processor free from the start). sender[i] starts when both
  /// have completed, and receives from the first.
  std::vector<std::array<int, 2>> after;
  double makespan = 0;             //!< the last end
};

/// @brief The EP schedule of `sequence` (Fig. 2 of the paper) with the token destination
/// assignment of Lemma 1 (docs/reduce.md).
///
/// `sequence` lists every host but `root` once. Free processors are tokens in a FIFO queue:
/// n at date 0; a completing transmission adds one (its receiver, which now holds the partial
/// value); whenever two tokens are queued the next sender of the sequence takes them and
/// starts. Completions less than kSimultaneity apart count as one instant, taken in start
/// order, like the engines' batches. O(n log n).
EpSchedule earliest_possible(const std::vector<double>& times, int root, const std::vector<int>& sequence);

/// @brief Makespan of the EP schedule of sender times taken in `order` on n = order.size() + 1
/// processors: the same dates as earliest_possible(), bit for bit, without destinations. O(n)
/// plus O(log n) per run of equal times started at one instant (O(n log n) at worst).
double ep_makespan(const std::vector<double>& order);

/// @brief The Plan of an EP schedule: op i is sender[i] → receiver[i], its cost drawn when it
/// starts (a message of draw d lasts d·t(sender) on the platform; at the mean, one message lasts
/// t(sender)), started once the transmissions in after[i] have ended. With fixed costs of 1
/// both engines then reproduce the schedule's dates.
Plan ep_plan(const EpSchedule& schedule);

/// @brief Dates a Plan of comms gets when every op starts as soon as its dependencies end and
/// lasts t(sender): the plan's own prediction, whatever algorithm built it. Returns the
/// makespan and fills `start` / `end` (per op) if given.
double plan_makespan(const Plan& plan, const std::vector<double>& times, std::vector<double>* start = nullptr,
                     std::vector<double>* end = nullptr);

}  // namespace hetcoll
