// Optimal: the exact optimum of Liu & Wang's reduction problem ("Reduction optimization in
// heterogeneous cluster environments", IPDPS 2000), found over EP schedules; the search is
// hetcoll's (docs/reduce.md).
//
// The paper shows that any valid schedule can be moved earlier into EP form (§3), keeping the
// host it ends at, so the optimum ending at root r is min over orders of the other hosts of
// EP(order); the slowest host only receives in an optimum over every root, which is OPT(slowest). The
// search branches, at each instant where EP starts k senders, on the multiset of times started
// (senders of one instant are interchangeable, and so are hosts of equal time), and prunes
// with the bound below, starting from the SNF schedule as incumbent. Cost: exponential, about
// C(n−1, ⌊n/2⌋)·(⌈n/2⌉−1)! leaves before pruning (55,440 at n = 12, a few ms); limited to
// n ≤ kOptimalMaxProcessors in scenarios.
//
// Bound: the last transmission to start is the only one running when it starts (two running
// transmissions end at two distinct receivers, and nothing starts after the last one, so two
// partial values would remain). So at an instant `now` with remaining senders R, running
// transmissions ending by `busy`, the makespan is at least
//   max(now + max R,  max(busy, now + second largest of R) + min R).
#include <algorithm>
#include <limits>
#include <numeric>

#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {
namespace {

class Search {
 public:
  Search(const std::vector<double>& times, int root) {
    std::vector<double> sorted;
    for (std::size_t p = 0; p < times.size(); ++p)
      if (static_cast<int>(p) != root) sorted.push_back(times[p]);
    std::sort(sorted.rbegin(), sorted.rend());
    for (double t : sorted) {
      if (time_.empty() || time_.back() != t) {
        time_.push_back(t);
        count_.push_back(0);
      }
      ++count_.back();
    }
  }

  /// Best sequence of time types (indices into time_, slowest first) and its makespan.
  void run(double incumbent, std::vector<int> incumbent_types) {
    best_ = incumbent;
    best_types_ = std::move(incumbent_types);
    const int senders = std::accumulate(count_.begin(), count_.end(), 0);
    std::vector<double> running;
    decide(0.0, senders + 1, running, senders, 0.0);
  }

  double best() const { return best_; }
  const std::vector<int>& best_types() const { return best_types_; }
  const std::vector<double>& type_times() const { return time_; }

 private:
  // EP starts min(free / 2, remaining) senders now: enumerate their multisets of types.
  void decide(double now, int free, std::vector<double>& running, int remaining, double last_end) {
    const int k = std::min(free / 2, remaining);
    choose(0, k, now, free - 2 * k, running, remaining - k, last_end);
  }

  void choose(int first_type, int left, double now, int free, std::vector<double>& running, int remaining,
              double last_end) {
    if (left == 0) {
      advance(now, free, running, remaining, last_end);
      return;
    }
    for (int j = first_type; j < static_cast<int>(time_.size()); ++j) {
      if (count_[j] == 0) continue;
      --count_[j];
      types_.push_back(j);
      running.push_back(now + time_[j]);
      choose(j, left - 1, now, free, running, remaining, std::max(last_end, now + time_[j]));
      running.pop_back();
      types_.pop_back();
      ++count_[j];
    }
  }

  // After the starts of an instant: a leaf, or the next instant with two free processors.
  void advance(double now, int free, const std::vector<double>& started, int remaining, double last_end) {
    if (remaining == 0) {
      if (last_end < best_ - kSimultaneity) {
        best_ = last_end;
        best_types_ = types_;
      }
      return;
    }
    std::vector<double> running = started;
    while (free < 2) {
      // The next instant: every completion within kSimultaneity of the earliest, as EP does.
      now = *std::min_element(running.begin(), running.end());
      const auto done = std::remove_if(running.begin(), running.end(),
                                       [now](double end) { return end - now < kSimultaneity; });
      free += static_cast<int>(running.end() - done);
      running.erase(done, running.end());
    }
    if (bound(now, running, remaining, last_end) >= best_ - kSimultaneity) return;
    decide(now, free, running, remaining, last_end);
  }

  double bound(double now, const std::vector<double>& running, int remaining, double last_end) const {
    // Types are sorted by decreasing time: the first two remaining senders are the largest.
    double largest = 0, second = 0, smallest = std::numeric_limits<double>::infinity();
    int seen = 0;
    for (std::size_t j = 0; j < time_.size(); ++j) {
      if (count_[j] == 0) continue;
      if (seen == 0) largest = time_[j];
      if (seen == 1 || (seen == 0 && count_[j] >= 2)) second = time_[j];
      seen += count_[j];
      smallest = time_[j];
    }
    double busy = 0;
    for (double end : running) busy = std::max(busy, end);
    double last_start = busy;
    if (remaining >= 2) last_start = std::max(last_start, now + second);
    return std::max({last_end, now + largest, last_start + smallest});
  }

  std::vector<double> time_;  // distinct times of the senders, decreasing
  std::vector<int> count_;    // senders of each time not started yet
  std::vector<int> types_;    // the current prefix
  double best_ = 0;
  std::vector<int> best_types_;
};

}  // namespace

OptimalSchedule optimal_schedule(const std::vector<double>& times, int root) {
  const int last = planned_root(times, root);
  Search search(times, last);
  // The SNF schedule to the same root is the incumbent: its types are the sorted distinct times,
  // in order.
  const EpSchedule snf = snf_schedule(times, last);
  const std::vector<double>& type_times = search.type_times();
  std::vector<int> snf_types;
  for (int host : snf.sender)
    snf_types.push_back(static_cast<int>(std::find(type_times.begin(), type_times.end(), times[host]) -
                                         type_times.begin()));
  search.run(snf.makespan, snf_types);

  // Hosts of one time are interchangeable: hand them out in host order.
  std::vector<std::vector<int>> hosts(type_times.size());
  for (std::size_t i = 0; i < snf.sender.size(); ++i) hosts[snf_types[i]].push_back(snf.sender[i]);
  for (auto& list : hosts) std::sort(list.begin(), list.end());
  std::vector<std::size_t> next(type_times.size(), 0);
  OptimalSchedule result;
  result.makespan = search.best();
  for (int type : search.best_types()) result.sequence.push_back(hosts[type][next[type]++]);
  return result;
}

namespace {

// The runner's reference is the same optimum: it is searched once per instance and shared.
Plan optimal_plan(const ReducePlanInput& input) {
  const int root = planned_root(input.times, input.root);
  const std::vector<int> sequence =
      input.optimum != nullptr ? input.optimum->sequence : optimal_schedule(input.times, root).sequence;
  return ep_plan(earliest_possible(input.times, root, sequence));
}

}  // namespace

std::unique_ptr<Policy> make_optimal(const ReduceSetup& setup) { return plan_per_instance(setup, optimal_plan); }

}  // namespace hetcoll
