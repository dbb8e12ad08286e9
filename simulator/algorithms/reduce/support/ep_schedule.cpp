// Earliest-possible schedules: P. Liu, D.-W. Wang, "Reduction optimization in heterogeneous
// cluster environments", IPDPS 2000, §3 (Fig. 2) and Lemma 1; the token form of Lemma 1 is
// hetcoll's (docs/reduce.md).
//
// Cost: O(n log n) for a sequence of n − 1 senders (one heap push and pop per transmission, a
// FIFO of tokens); the destinations take one backward pass, O(n). ep_makespan, which needs no
// destinations, keeps one heap entry per run of equal times started together: O(n) plus a heap
// operation per such run.
#include "algorithms/reduce/support/ep_schedule.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

namespace hetcoll {
namespace {

using Pending = std::pair<double, int>;  // (end, transmission index): ties by start order
using MinHeap = std::priority_queue<Pending, std::vector<Pending>, std::greater<Pending>>;

/// Pops the completions of the next instant (all within kSimultaneity of the earliest) into
/// `batch`, in start order, and returns the instant.
double next_instant(MinHeap& active, std::vector<int>& batch) {
  const double instant = active.top().first;
  batch.clear();
  while (!active.empty() && active.top().first - instant < kSimultaneity) {
    batch.push_back(active.top().second);
    active.pop();
  }
  std::sort(batch.begin(), batch.end());
  return instant;
}

}  // namespace

int slowest_host(const std::vector<double>& times) {
  return static_cast<int>(std::max_element(times.begin(), times.end()) - times.begin());
}

int planned_root(const std::vector<double>& times, int root) {
  return root == kAnyRoot ? slowest_host(times) : root;
}

EpSchedule earliest_possible(const std::vector<double>& times, int root, const std::vector<int>& sequence) {
  const int n = static_cast<int>(times.size());
  const int m = n - 1;
  if (static_cast<int>(sequence.size()) != m) throw std::logic_error("earliest_possible: n - 1 senders expected");
  EpSchedule s;
  s.root = root;
  s.sender = sequence;
  s.start.resize(m);
  s.end.resize(m);
  s.after.resize(m);
  s.receiver.assign(m, -1);
  std::vector<int> tokens(n, -1);  // FIFO: tokens[head..] are queued
  tokens.reserve(2 * static_cast<std::size_t>(n));
  std::size_t head = 0;
  MinHeap active;
  std::vector<int> batch;
  double now = 0;
  for (int i = 0; i < m;) {
    while (tokens.size() - head >= 2 && i < m) {
      s.after[i] = {tokens[head], tokens[head + 1]};
      head += 2;
      s.start[i] = now;
      s.end[i] = now + times[sequence[i]];
      active.push({s.end[i], i});
      ++i;
    }
    if (i == m) break;
    now = next_instant(active, batch);
    tokens.insert(tokens.end(), batch.begin(), batch.end());
  }
  // Counting holders of a partial value shows the last sender is then the only transmission
  // left, and no token is queued: its receiver is the root, which ends with the whole value.
  if (active.size() != 1 || tokens.size() != head) throw std::logic_error("earliest_possible: tokens left over");
  s.makespan = s.end[m - 1];
  s.receiver[m - 1] = root;
  // Lemma 1: the first predecessor delivers to the sender, the second to the sender's receiver;
  // both have ended when the sender starts. Receivers are known in decreasing start order.
  for (int i = m - 1; i >= 0; --i) {
    const auto [a, b] = s.after[i];
    if (a >= 0) s.receiver[a] = s.sender[i];
    if (b >= 0) s.receiver[b] = s.receiver[i];
  }
  return s;
}

double ep_makespan(const std::vector<double>& order) {
  // Transmissions that start at the same instant with the same duration end at the same date:
  // the heap holds one entry per such run of the sequence, (end, how many), not one per
  // transmission. The dates are the same sums as earliest_possible()'s (now + time) and an
  // instant frees the same transmissions, so the makespan is bit for bit its own; but a sorted
  // sequence of few distinct times (the rounded clusters of makespan_lower_bound(), a whole
  // ideal cluster) takes one heap entry per instant and distinct time, not per host: at 2^18
  // drawn hosts the bound cost a third of each replication through a heap of every host.
  using Group = std::pair<double, std::size_t>;  // (end, transmissions)
  const std::size_t m = order.size();
  // A min-heap by end alone: groups that end together leave in one step, in any order.
  std::vector<Group> active;
  active.reserve(m);  // at most one group per transmission: one allocation, not one per growth
  const auto later = [](const Group& a, const Group& b) { return a.first > b.first; };
  std::size_t free = m + 1;  // holders of a partial value that are not sending
  double now = 0, makespan = 0;
  for (std::size_t i = 0; i < m;) {
    const std::size_t last = i + std::min(free / 2, m - i);
    free -= 2 * (last - i);
    while (i < last) {
      std::size_t j = i + 1;
      while (j < last && order[j] == order[i]) ++j;
      makespan = std::max(makespan, now + order[i]);
      active.push_back({now + order[i], j - i});
      std::push_heap(active.begin(), active.end(), later);
      i = j;
    }
    if (i == m) break;
    now = active.front().first;
    while (!active.empty() && active.front().first - now < kSimultaneity) {
      free += active.front().second;
      std::pop_heap(active.begin(), active.end(), later);
      active.pop_back();
    }
  }
  return makespan;
}

Plan ep_plan(const EpSchedule& schedule) {
  Plan plan;
  std::vector<int> after;
  for (std::size_t i = 0; i < schedule.sender.size(); ++i) {
    PlanOp op;
    op.kind = ActivityKind::comm;
    op.host = schedule.sender[i];
    op.peer = schedule.receiver[i];
    op.cost = PlanOp::kDrawn;
    after.clear();
    for (int p : schedule.after[i])
      if (p >= 0) after.push_back(p);
    plan.add(op, after);
  }
  return plan;
}

double plan_makespan(const Plan& plan, const std::vector<double>& times, std::vector<double>* start,
                     std::vector<double>* end) {
  const int ops = static_cast<int>(plan.size());
  std::vector<double> begin(ops, 0.0), finish(ops, 0.0);
  double makespan = 0;
  // Dependencies point to earlier ops only, so one pass in index order settles every date.
  for (int i = 0; i < ops; ++i) {
    // A drawn cost is predicted at its mean: one message, which lasts t(sender).
    const double cost = plan.op(i).cost == PlanOp::kDrawn ? 1.0 : plan.op(i).cost;
    finish[i] = begin[i] + cost * times[plan.op(i).host];
    makespan = std::max(makespan, finish[i]);
    for (int next : plan.dependents(i)) begin[next] = std::max(begin[next], finish[i]);
  }
  if (start) *start = std::move(begin);
  if (end) *end = std::move(finish);
  return makespan;
}

}  // namespace hetcoll
