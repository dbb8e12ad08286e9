// The GOAL compiler (docs/schedule.md, "Matching and ordering"): linear in the schedule's size
// but for the sorts of the matching and the numbering, O(n log n).
#include "algorithms/schedule/support/goal_plan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <queue>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "algorithms/amount_limits.hpp"
#include "algorithms/schedule/support/grouped_lists.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {


using Lists = GroupedLists;

/// Dependencies the expansion of irequires may hold, per operation and dependency of the file.
constexpr std::size_t kMostExpandedPerOperation = 16;

class Compiler {
 public:
  Compiler(const GoalSchedule& s, CalcUnit unit, const std::vector<double>& speeds)
      : s_(s), unit_(unit), speeds_(speeds), node_of_(s.ops.size(), -1), partner_(s.ops.size(), -1) {}

  Plan compile() {
    match();
    make_nodes();
    expand_dependencies();
    return number();
  }

 private:
  [[noreturn]] void fail(std::uint64_t line, const std::string& what) const {
    throw InputError(s_.source + ":" + std::to_string(line) + ": " + what);
  }
  const GoalOp& op(int i) const { return s_.ops[static_cast<std::size_t>(i)]; }

  /// The k-th send from a to b with tag t meets the k-th receive b posts from a with tag t.
  void match() {
    std::vector<int> sends, recvs;
    for (std::size_t i = 0; i < s_.ops.size(); ++i) {
      if (s_.ops[i].kind == GoalOpKind::send) sends.push_back(static_cast<int>(i));
      if (s_.ops[i].kind == GoalOpKind::recv) recvs.push_back(static_cast<int>(i));
    }
    // The channel of a message: (from, to, tag); a stable sort keeps each rank's block order.
    auto channel = [this](int i) {
      const GoalOp& o = op(i);
      return o.kind == GoalOpKind::send ? std::make_tuple(o.rank, o.peer, o.tag)
                                        : std::make_tuple(o.peer, o.rank, o.tag);
    };
    auto by_channel = [&channel](int a, int b) { return channel(a) < channel(b); };
    std::stable_sort(sends.begin(), sends.end(), by_channel);
    std::stable_sort(recvs.begin(), recvs.end(), by_channel);
    int unmatched = -1;  // the unmatched operation of the earliest line
    auto note = [&](int i) {
      if (unmatched < 0 || op(i).line < op(unmatched).line) unmatched = i;
    };
    std::size_t a = 0, b = 0;
    while (a < sends.size() || b < recvs.size()) {
      if (b == recvs.size() || (a < sends.size() && channel(sends[a]) < channel(recvs[b]))) {
        note(sends[a++]);
      } else if (a == sends.size() || channel(recvs[b]) < channel(sends[a])) {
        note(recvs[b++]);
      } else {
        partner_[static_cast<std::size_t>(sends[a])] = recvs[b];
        partner_[static_cast<std::size_t>(recvs[b])] = sends[a];
        const GoalOp &send = op(sends[a]), &recv = op(recvs[b]);
        if (recv.amount < send.amount)
          fail(recv.line, describe_goal_op(recv) + " is smaller than the message it matches, " +
                              describe_goal_op(send) + " (line " + std::to_string(send.line) +
                              "): expected a receive of at least " + format_number(send.amount) + " bytes");
        ++a, ++b;
      }
    }
    if (unmatched >= 0) {
      const GoalOp& o = op(unmatched);
      const bool send = o.kind == GoalOpKind::send;
      fail(o.line, describe_goal_op(o) + " is never matched: expected " + (send ? "a recv from " : "a send to ") +
                       std::to_string(o.rank) + " with tag " + std::to_string(o.tag) + " in rank " +
                       std::to_string(o.peer) + "'s block for it (the k-th " + (send ? "send" : "receive") +
                       " of a channel meets the k-th " + (send ? "receive" : "send") + ")");
    }
  }

  /// One node per calc and per matched message, in file order of the calc or the send.
  void make_nodes() {
    for (std::size_t i = 0; i < s_.ops.size(); ++i) {
      const GoalOp& o = s_.ops[i];
      if (o.kind == GoalOpKind::recv) continue;
      node_of_[i] = static_cast<int>(nodes_.size());
      if (o.kind == GoalOpKind::send) node_of_[static_cast<std::size_t>(partner_[i])] = node_of_[i];
      nodes_.push_back(static_cast<int>(i));
    }
  }

  /// pre(g): the nodes that end before g is posted: those g requires, and pre(h) of each h g
  /// irequires (h started = h's own dependencies ended). A node waits for pre of its sides.
  void expand_dependencies() {
    const std::size_t n = s_.ops.size();
    std::vector<std::pair<int, int>> requires_pairs, irequires_pairs, irequired_by;
    for (const GoalDependency& d : s_.dependencies) {
      (d.started ? irequires_pairs : requires_pairs).emplace_back(d.op, d.on);
      if (d.started) irequired_by.emplace_back(d.on, d.op);
    }
    // Per operation: those it requires to have ended, those it requires to have started.
    const Lists ended = group_by_owner(n, requires_pairs), started = group_by_owner(n, irequires_pairs),
                by = group_by_owner(n, irequired_by);
    // pre(h) before pre(g) whenever g irequires h: Kahn's order over the irequires edges.
    std::vector<std::size_t> waiting;
    const std::vector<int> order = kahn_order(n, {&started}, {&by}, waiting);
    if (order.size() < n) {
      const GoalOp& o = s_.ops[owner_on_cycle(waiting, {&started})];
      fail(o.line,
           describe_goal_op(o) + " is on a cycle of 'irequires': expected none (each would start after itself)");
    }
    std::vector<std::size_t> pre_first(n), pre_last(n);
    std::vector<int> pre, one;
    // A chain of irequires whose links each require something more makes the lists grow with
    // the chain: their total is bounded, so a pathological file is refused rather than exhaust
    // the memory (docs/schedule.md).
    const std::size_t most = kMostExpandedPerOperation * (n + s_.dependencies.size()) + (std::size_t{1} << 20);
    for (int gi : order) {
      const auto g = static_cast<std::size_t>(gi);
      one.clear();
      for (const int* b = ended.begin(g); b != ended.end(g); ++b)
        one.push_back(node_of_[static_cast<std::size_t>(*b)]);
      for (const int* h = started.begin(g); h != started.end(g); ++h) {
        const auto first = pre_first[static_cast<std::size_t>(*h)], last = pre_last[static_cast<std::size_t>(*h)];
        if (pre.size() + one.size() + (last - first) > most)
          fail(s_.ops[g].line, describe_goal_op(s_.ops[g]) + ": its 'irequires' expand to more than " +
                                   std::to_string(most) + " dependencies in all: expected a schedule whose " +
                                   "'irequires' chains stay short");
        one.insert(one.end(), pre.begin() + static_cast<std::ptrdiff_t>(first),
                   pre.begin() + static_cast<std::ptrdiff_t>(last));
      }
      std::sort(one.begin(), one.end());
      one.erase(std::unique(one.begin(), one.end()), one.end());
      pre_first[g] = pre.size();
      pre.insert(pre.end(), one.begin(), one.end());
      pre_last[g] = pre.size();
    }
    std::vector<std::pair<int, int>> node_deps;
    for (std::size_t v = 0; v < nodes_.size(); ++v) {
      one.clear();
      for (int side : {nodes_[v], partner_[static_cast<std::size_t>(nodes_[v])]}) {
        if (side < 0) continue;
        const auto g = static_cast<std::size_t>(side);
        one.insert(one.end(), pre.begin() + static_cast<std::ptrdiff_t>(pre_first[g]),
                   pre.begin() + static_cast<std::ptrdiff_t>(pre_last[g]));
      }
      std::sort(one.begin(), one.end());
      one.erase(std::unique(one.begin(), one.end()), one.end());
      for (int u : one) node_deps.emplace_back(static_cast<int>(v), u);
    }
    deps_ = group_by_owner(nodes_.size(), node_deps);
  }

  /// Topological order by key (op<K> or the line), then the plan.
  Plan number() {
    const std::size_t m = nodes_.size();
    std::vector<std::pair<int, int>> dependents_pairs;
    std::vector<std::size_t> waiting(m);
    for (std::size_t v = 0; v < m; ++v) {
      waiting[v] = static_cast<std::size_t>(deps_.end(v) - deps_.begin(v));
      for (const int* u = deps_.begin(v); u != deps_.end(v); ++u)
        dependents_pairs.emplace_back(*u, static_cast<int>(v));
    }
    const Lists dependents = group_by_owner(m, dependents_pairs);
    using Key = std::tuple<std::int64_t, std::uint64_t, int>;
    auto key = [this](int v) {
      const GoalOp& o = op(nodes_[static_cast<std::size_t>(v)]);
      return Key{s_.numbered ? o.label_number : static_cast<std::int64_t>(o.line), o.line, v};
    };
    std::priority_queue<Key, std::vector<Key>, std::greater<>> ready;
    for (std::size_t v = 0; v < m; ++v)
      if (waiting[v] == 0) ready.push(key(static_cast<int>(v)));
    std::vector<int> index(m, -1);
    Plan plan;
    std::vector<int> after;
    while (!ready.empty()) {
      const auto v = static_cast<std::size_t>(std::get<2>(ready.top()));
      ready.pop();
      after.clear();
      for (const int* u = deps_.begin(v); u != deps_.end(v); ++u) after.push_back(index[static_cast<std::size_t>(*u)]);
      std::sort(after.begin(), after.end());
      index[v] = plan.add(plan_op(op(nodes_[v])), after);
      for (const int* w = dependents.begin(v); w != dependents.end(v); ++w)
        if (--waiting[static_cast<std::size_t>(*w)] == 0) ready.push(key(*w));
    }
    if (plan.size() < m) {
      // A node is numbered once the last it waits for is: those left still wait.
      const std::size_t v = owner_on_cycle(waiting, {&deps_});
      const GoalOp& o = op(nodes_[v]);
      std::string what = describe_goal_op(o);
      if (o.kind == GoalOpKind::send)
        what += " (its recv on line " + std::to_string(op(partner_[static_cast<std::size_t>(nodes_[v])]).line) + ")";
      fail(o.line, what + " is on a dependency cycle: the schedule deadlocks (each operation of the cycle waits for "
                          "another), expected none");
    }
    return plan;
  }

  PlanOp plan_op(const GoalOp& o) const {
    if (o.kind == GoalOpKind::send) return comm_op(o.rank, o.peer, o.amount);
    return compute_op(o.rank, goal_calc_flops(s_.source, o, unit_, speeds_));
  }

  const GoalSchedule& s_;
  CalcUnit unit_;
  const std::vector<double>& speeds_;
  std::vector<int> node_of_;  // per GOAL operation: its node (a recv: its message's)
  std::vector<int> partner_;  // per send or recv: the other side of its message
  std::vector<int> nodes_;    // per node: its calc or send
  Lists deps_;                // per node: the nodes it waits for
};

}  // namespace

double goal_calc_flops(const std::string& source, const GoalOp& calc, CalcUnit unit,
                       const std::vector<double>& speeds) {
  const std::string where = source + ":" + std::to_string(calc.line) + ": " + describe_goal_op(calc);
  if (unit == CalcUnit::flops) {
    if (calc.amount > kMaxGoalBytes || calc.amount != std::floor(calc.amount))
      throw InputError(where + ": with calc-unit = flops, expected a whole number of flops in [0, 2^53]");
    return calc.amount;
  }
  const double speed = speeds[static_cast<std::size_t>(calc.rank)];
  const double flops = nearest_whole(calc.amount * speed);
  check_amount(flops, where + " s at " + format_number(speed) + " flop/s", "flops");
  return flops;
}

Plan compile_goal(const GoalSchedule& schedule, CalcUnit unit, const std::vector<double>& speeds) {
  if (schedule.wildcards) throw std::logic_error("compile_goal: a schedule with wildcards has no static plan");
  return Compiler(schedule, unit, speeds).compile();
}

}  // namespace hetcoll
