// A GOAL schedule with wildcards as a program (docs/schedule.md, "Wildcards: matching in posting
// order"): the checks no timing changes, O(n log n) in the schedule's size for the sorts.
#include "algorithms/schedule/support/goal_program.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>

#include "core/error.hpp"

namespace hetcoll {
namespace {

[[noreturn]] void fail(const GoalProgram& p, const GoalOp& op, const std::string& what) {
  throw InputError(p.source + ":" + std::to_string(op.line) + ": " + describe_goal_op(op) + what);
}

/// Refuses a cycle of the file's own dependencies, `requires` and `irequires` alike: each
/// operation of it waits for another to start or end, whatever the matching.
void refuse_dependency_cycle(const GoalProgram& p) {
  std::vector<std::size_t> waiting;
  if (kahn_order(p.ops.size(), {&p.ends_needed, &p.starts_needed}, {&p.end_releases, &p.start_releases}, waiting)
          .size() == p.ops.size())
    return;
  const std::size_t i = owner_on_cycle(waiting, {&p.ends_needed, &p.starts_needed});
  fail(p, p.ops[i], " is on a cycle of 'requires' and 'irequires': the schedule deadlocks whatever the matching "
                    "(each operation of the cycle waits for another), expected none");
}

/// A kind of message a destination receives: (destination, source or -1 for all, tag or
/// kGoalAnyTag for all).
using Kind = std::tuple<int, int, std::uint64_t>;

/// The kinds `op` counts in: its own (destination, source, tag), with each field it gives
/// (a wildcard gives none) in turn replaced by "all".
void kinds_of(const GoalOp& op, int index, std::vector<std::pair<Kind, int>>& out) {
  const bool send = op.kind == GoalOpKind::send;
  const int to = send ? op.peer : op.rank, from = send ? op.rank : op.peer;
  for (int from_all : {0, 1})
    for (int tag_all : {0, 1}) {
      if ((from_all && from == kGoalAnySource) || (tag_all && op.tag == kGoalAnyTag)) continue;
      out.push_back({Kind{to, from_all ? kGoalAnySource : from, tag_all ? kGoalAnyTag : op.tag}, index});
    }
}

std::string kind_text(const Kind& k) {
  const auto [to, from, tag] = k;
  std::string text;
  if (from != kGoalAnySource) text += " from rank " + std::to_string(from);
  if (tag != kGoalAnyTag) text += std::string(text.empty() ? "" : " and") + " with tag " + std::to_string(tag);
  return text;
}

/// Refuses what no run can match. A run that ends matches every receive of a destination to a
/// send it accepts, one to one; so for each kind, the receives that accept only messages of that
/// kind are at most the sends of that kind, and a destination's sends and receives are as many.
/// (Complete unless a destination has receives from -1 with a tag and receives from a rank with
/// tag -1 both; the run's deadlock line covers the rest.)
void refuse_unmatchable(const GoalProgram& p) {
  std::vector<std::pair<Kind, int>> sends, recvs;
  for (std::size_t i = 0; i < p.ops.size(); ++i) {
    const GoalOp& op = p.ops[i];
    if (op.kind != GoalOpKind::calc) kinds_of(op, static_cast<int>(i), op.kind == GoalOpKind::send ? sends : recvs);
  }
  std::sort(sends.begin(), sends.end());  // by kind, then file order
  std::sort(recvs.begin(), recvs.end());
  auto count = [](const std::vector<std::pair<Kind, int>>& v, const Kind& k) {
    const auto range = std::equal_range(v.begin(), v.end(), std::make_pair(k, 0),
                                        [](const auto& a, const auto& b) { return a.first < b.first; });
    return std::make_pair(range.first, static_cast<std::size_t>(range.second - range.first));
  };
  int first = -1;  // the operation of the earliest line left unmatched
  std::string why;
  int given = -1;  // the fields its kind gives: the reason of the narrowest kind is named
  auto note = [&](int op, const Kind& k, const std::string& reason) {
    const int fields = (std::get<1>(k) != kGoalAnySource) + (std::get<2>(k) != kGoalAnyTag);
    if (first < 0 || op < first || (op == first && fields > given)) first = op, why = reason, given = fields;
  };
  for (auto k = recvs.cbegin(); k != recvs.cend();) {
    const auto [at, many] = count(recvs, k->first);
    const std::size_t senders = count(sends, k->first).second;
    if (many > senders) {
      const std::string kind = kind_text(k->first);
      note(at[static_cast<std::ptrdiff_t>(senders)].second, k->first,
           ": rank " + std::to_string(std::get<0>(k->first)) + " posts " + std::to_string(many) + " receive" +
               (many == 1 ? "" : "s") + (kind.empty() ? "" : " for a send" + kind + " only") + ", and " +
               std::to_string(senders) + (kind.empty() ? "" : " such") + " send" + (senders == 1 ? " is" : "s are") +
               " addressed to it");
    }
    k = at + static_cast<std::ptrdiff_t>(many);
  }
  for (auto k = sends.cbegin(); k != sends.cend();) {
    const auto [at, many] = count(sends, k->first);
    const auto [to, from, tag] = k->first;
    const std::size_t receivers = count(recvs, k->first).second;
    if (from == kGoalAnySource && tag == kGoalAnyTag && many > receivers)
      note(at[static_cast<std::ptrdiff_t>(receivers)].second, k->first,
           ": " + std::to_string(many) + " sends are addressed to rank " + std::to_string(to) + ", and it posts " +
               std::to_string(receivers) + " receive" + (receivers == 1 ? "" : "s"));
    k = at + static_cast<std::ptrdiff_t>(many);
  }
  if (first >= 0)
    fail(p, p.ops[static_cast<std::size_t>(first)], " is never matched, whatever the timing" + why);
}

}  // namespace

GoalProgram prepare_goal_program(GoalSchedule schedule, CalcUnit unit, const std::vector<double>& speeds) {
  GoalProgram p;
  p.source = std::move(schedule.source);
  p.ranks = schedule.ranks;
  const std::size_t n = schedule.ops.size();
  std::vector<std::pair<int, int>> ends, starts, end_releases, start_releases;
  for (const GoalDependency& d : schedule.dependencies) {
    (d.started ? starts : ends).emplace_back(d.op, d.on);
    (d.started ? start_releases : end_releases).emplace_back(d.on, d.op);
  }
  schedule.dependencies = {};
  p.ends_needed = group_by_owner(n, ends);
  p.starts_needed = group_by_owner(n, starts);
  p.end_releases = group_by_owner(n, end_releases);
  p.start_releases = group_by_owner(n, start_releases);
  p.ops = std::move(schedule.ops);
  refuse_dependency_cycle(p);
  refuse_unmatchable(p);
  for (GoalOp& op : p.ops)
    if (op.kind == GoalOpKind::calc) op.amount = goal_calc_flops(p.source, op, unit, speeds);
  return p;
}

}  // namespace hetcoll
