#include "algorithms/reduce/support/schedule_check.hpp"

#include <algorithm>

#include "engine/executor.hpp"

namespace hetcoll {
namespace {

std::string at(const Completion& c) {
  const Activity& a = c.activity;
  std::string what = a.kind == ActivityKind::comm
                         ? "comm " + std::to_string(a.host) + "->" + std::to_string(a.peer)
                         : "compute on " + std::to_string(a.host);
  return what + " (id " + std::to_string(c.id) + ", start " + std::to_string(c.start) + ")";
}

bool by_id(const Completion& a, const Completion& b) { return a.id < b.id; }

// Engines treat dates closer than kSimultaneity as one instant, so "a starts before b ends"
// needs more than that margin; both engines then give the same verdict.
bool before(double start, double end) { return start < end - kSimultaneity; }

// Per host: receptions do not overlap, ⊕ do not overlap, and the k-th ⊕ (by start) begins after
// the k-th reception (by end) has ended, so every received value is reduced once, after arrival.
std::string check_host(int host, std::vector<const Completion*>& receptions,
                       std::vector<const Completion*>& computes, bool computing) {
  auto by_start = [](const Completion* a, const Completion* b) {
    return a->start != b->start ? a->start < b->start : a->id < b->id;
  };
  std::sort(receptions.begin(), receptions.end(), by_start);
  std::sort(computes.begin(), computes.end(), by_start);
  for (std::size_t k = 1; k < receptions.size(); ++k)
    if (before(receptions[k]->start, receptions[k - 1]->end))
      return "host " + std::to_string(host) +
             " receives two values at a time: " + at(*receptions[k]);
  for (std::size_t k = 1; k < computes.size(); ++k)
    if (before(computes[k]->start, computes[k - 1]->end))
      return "host " + std::to_string(host) + " runs two ⊕ at a time: " + at(*computes[k]);
  if (!computing) return "";
  if (computes.size() != receptions.size())
    return "host " + std::to_string(host) + " received " + std::to_string(receptions.size()) +
           " values but ran " + std::to_string(computes.size()) + " ⊕";
  // Receptions are sequential, so their start order is also their end order.
  for (std::size_t k = 0; k < computes.size(); ++k)
    if (before(computes[k]->start, receptions[k]->end))
      return at(*computes[k]) + " starts before its reception ends";
  return "";
}

}  // namespace

std::string check_reduction_schedule(int n, const std::vector<Completion>& events,
                                     bool neighbours_only) {
  std::vector<Completion> comms, computes;
  for (const Completion& c : events) {
    const Activity& a = c.activity;
    if (a.host < 0 || a.host >= n) return at(c) + ": host out of range";
    if (a.kind == ActivityKind::comm) {
      if (a.peer < 0 || a.peer >= n || a.peer == a.host) return at(c) + ": bad receiver";
      comms.push_back(c);
    } else {
      computes.push_back(c);
    }
  }
  if (static_cast<int>(comms.size()) != n - 1)
    return std::to_string(comms.size()) + " comms instead of n-1 = " + std::to_string(n - 1);
  const bool computing = !computes.empty();
  if (computing && static_cast<int>(computes.size()) != n - 1)
    return std::to_string(computes.size()) +
           " computes instead of 0 or n-1 = " + std::to_string(n - 1);

  // Sorted before the per-host lists point into it.
  std::sort(comms.begin(), comms.end(), by_id);
  std::vector<std::vector<const Completion*>> receptions(n), reductions(n);
  for (const Completion& c : comms) receptions[c.activity.peer].push_back(&c);
  for (const Completion& c : computes) reductions[c.activity.host].push_back(&c);
  for (int h = 0; h < n; ++h) {
    const std::string reason = check_host(h, receptions[h], reductions[h], computing);
    if (!reason.empty()) return reason;
  }

  // Replay the comms in start order, moving values with their senders. Each host starts with
  // [h, h]; `count` is the number of values it holds (a set in the commutative case).
  std::vector<int> lo(n), hi(n), count(n, 1);
  std::vector<bool> sent(n, false);
  for (int h = 0; h < n; ++h) lo[h] = hi[h] = h;
  for (const Completion& c : comms) {
    const int s = c.activity.host;
    const int r = c.activity.peer;
    if (sent[s]) return at(c) + ": host " + std::to_string(s) + " sends twice";
    if (sent[r]) return at(c) + ": host " + std::to_string(r) + " receives after sending";
    for (const Completion* in : receptions[s])
      if (before(c.start, in->end)) return at(c) + " starts before " + at(*in) + " ends";
    for (const Completion* op : reductions[s])
      if (before(c.start, op->end)) return at(c) + " starts before " + at(*op) + " ends";
    if (neighbours_only && hi[r] + 1 != lo[s] && hi[s] + 1 != lo[r])
      return at(c) + " joins non-adjacent [" + std::to_string(lo[s]) + "," + std::to_string(hi[s]) +
             "] and [" + std::to_string(lo[r]) + "," + std::to_string(hi[r]) + "]";
    sent[s] = true;
    count[r] += count[s];
    lo[r] = std::min(lo[r], lo[s]);
    hi[r] = std::max(hi[r], hi[s]);
  }
  for (int h = 0; h < n; ++h)
    if (!sent[h] && count[h] != n)
      return "final holder " + std::to_string(h) + " holds " + std::to_string(count[h]) +
             " values instead of " + std::to_string(n);
  return "";
}

}  // namespace hetcoll
