#include "engine/goal_writer.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace hetcoll {
namespace {

bool takes_part(const Activity& a, int host) {
  return a.host == host || (a.kind == ActivityKind::comm && a.peer == host);
}

std::string described(const Activity& a) {
  return a.kind == ActivityKind::comm
             ? "a comm from host " + std::to_string(a.host) + " to host " + std::to_string(a.peer)
             : "a computation on host " + std::to_string(a.host);
}

/// Operation `op`'s label on `rank`, one of its hosts: `opK` for a calc and a send (the family
/// `schedule` numbers a file whose every send and calc has one by K: docs/schedule.md), `rK` for
/// a receive (the send's, where a host sends to itself and the caller asks for either).
std::string label(int op, const Activity& a, int rank, bool receive = false) {
  const bool is_receive = a.kind == ActivityKind::comm && (receive || a.host != rank);
  return (is_receive ? "r" : "op") + std::to_string(op);
}

/// A whole amount in digits: GOAL's sizes and times are integers (LogGOPSim reads 64 bits);
/// an amount is at most 2^63 (Noise::max_amount), so it converts exactly.
std::string whole(double amount) { return std::to_string(static_cast<std::uint64_t>(amount)); }

/// The dependencies of every operation, in increasing order.
std::vector<std::vector<int>> dependencies(const Plan& plan) {
  std::vector<std::vector<int>> before(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i)
    for (int after : plan.dependents(static_cast<int>(i))) before[after].push_back(static_cast<int>(i));
  return before;
}

}  // namespace

std::vector<Activity> activities_by_operation(const Plan& plan, const std::vector<Completion>& ran) {
  std::vector<Activity> started(plan.size());
  std::vector<bool> seen(plan.size(), false);
  for (const Completion& c : ran) {
    const std::uint64_t op = c.activity.tag;
    if (op >= plan.size() || seen[op]) throw std::logic_error("GOAL export: a completion that is no operation of the plan");
    seen[op] = true;
    started[op] = c.activity;
  }
  if (ran.size() != plan.size()) throw std::logic_error("GOAL export: the plan's run missed operations");
  return started;
}

std::string goal_refusal(const Plan& plan, const std::vector<Activity>& started) {
  const std::vector<std::vector<int>> before = dependencies(plan);
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const Activity& a = started[i];
    if (a.kind == ActivityKind::comm && a.rate > 0 && std::isfinite(a.rate))
      return "operation " + std::to_string(i) + " (" + described(a) + ") is capped at " + whole(a.rate) +
             " bytes/s, which GOAL cannot say";
    for (int d : before[i]) {
      const Activity& b = started[d];
      const bool said = takes_part(b, a.host) || (a.kind == ActivityKind::comm && takes_part(b, a.peer));
      if (!said)
        return "operation " + std::to_string(i) + " (" + described(a) + ") waits for operation " + std::to_string(d) +
               " (" + described(b) + "), which " +
               (a.kind == ActivityKind::comm ? "neither of its hosts takes" : "its host does not take") +
               " part in: GOAL says a dependency within one rank only";
    }
  }
  return "";
}

void write_goal(std::ostream& out, const Plan& plan, const std::vector<Activity>& started, int ranks,
                const std::vector<std::string>& comments) {
  const std::vector<std::vector<int>> before = dependencies(plan);
  // Each rank's part of every operation, in the plan's order: (operation, is the receive).
  std::vector<std::vector<std::pair<int, bool>>> parts(static_cast<std::size_t>(ranks));
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const Activity& a = started[i];
    parts.at(static_cast<std::size_t>(a.host)).push_back({static_cast<int>(i), false});
    if (a.kind == ActivityKind::comm) parts.at(static_cast<std::size_t>(a.peer)).push_back({static_cast<int>(i), true});
  }
  for (const std::string& line : comments) out << "// " << line << '\n';
  out << "num_ranks " << ranks << '\n';
  for (int r = 0; r < ranks; ++r) {
    out << "rank " << r << " {\n";
    for (const auto& [op, receive] : parts[static_cast<std::size_t>(r)]) {
      const Activity& a = started[static_cast<std::size_t>(op)];
      const std::string own = label(op, a, r, receive);
      if (a.kind == ActivityKind::compute)
        out << own << ": calc " << whole(a.amount) << '\n';
      else if (receive)
        out << own << ": recv " << whole(a.amount) << "b from " << a.host << '\n';
      else
        out << own << ": send " << whole(a.amount) << "b to " << a.peer << '\n';
      for (int d : before[static_cast<std::size_t>(op)])
        if (takes_part(started[static_cast<std::size_t>(d)], r))
          out << own << " requires " << label(d, started[static_cast<std::size_t>(d)], r) << '\n';
    }
    out << "}\n";
  }
}

}  // namespace hetcoll
