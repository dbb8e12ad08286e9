// Matching in posting order (docs/schedule.md, "Wildcards: matching in posting order"). A
// match walks its queue from the front, as LogGOPSim's list matching does: its cost grows with
// the messages waiting at a rank.
#include "algorithms/schedule/support/goal_matching_policy.hpp"

#include <string>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

GoalMatchingPolicy::GoalMatchingPolicy(const GoalProgram& program, const std::uint64_t* replication)
    : program_(program), replication_(replication) {}

void GoalMatchingPolicy::begin(Executor& executor) {
  const std::size_t n = program_.ops.size(), ranks = static_cast<std::size_t>(program_.ranks);
  waiting_.resize(n);
  state_.assign(n, State::waiting);
  partner_.assign(n, -1);
  next_.assign(n, -1);
  prev_.assign(n, -1);
  receives_.assign(ranks, Queue{});
  unexpected_.assign(ranks, Queue{});
  ready_ = {};
  in_flight_ = 0;
  left_ = n;
  for (std::size_t i = 0; i < n; ++i) {
    const int o = static_cast<int>(i);
    waiting_[i] = program_.ends_needed.size(o) + program_.starts_needed.size(o);
    if (waiting_[i] == 0) ready_.push(o);
  }
  post_ready(executor);
}

void GoalMatchingPolicy::on_complete(Executor& executor, const Completion& done) {
  --in_flight_;
  const int o = static_cast<int>(done.activity.tag);
  end(o);
  if (op(o).kind == GoalOpKind::send) end(partner_[static_cast<std::size_t>(o)]);
  post_ready(executor);
}

void GoalMatchingPolicy::post_ready(Executor& executor) {
  while (!ready_.empty()) {
    const int o = ready_.top();
    ready_.pop();
    post(executor, o);
  }
  if (in_flight_ == 0 && left_ > 0) refuse_deadlock();
}

void GoalMatchingPolicy::post(Executor& executor, int o) {
  state_[static_cast<std::size_t>(o)] = State::posted;
  const GoalOp& p = op(o);
  if (p.kind == GoalOpKind::calc) {
    Activity a;
    a.kind = ActivityKind::compute;
    a.host = p.rank;
    a.amount = p.amount;
    a.tag = static_cast<std::uint64_t>(o);
    executor.start(a);
    ++in_flight_;
  } else if (p.kind == GoalOpKind::send) {
    const int recv = take(receives_[static_cast<std::size_t>(p.peer)], [&](int r) { return goal_accepts(op(r), p); });
    if (recv >= 0)
      match(executor, o, recv);
    else
      append(unexpected_[static_cast<std::size_t>(p.peer)], o);
  } else {
    const int send = take(unexpected_[static_cast<std::size_t>(p.rank)], [&](int s) { return goal_accepts(p, op(s)); });
    if (send >= 0)
      match(executor, send, o);
    else
      append(receives_[static_cast<std::size_t>(p.rank)], o);
  }
  // Posted is started, for every kind: what irequires it may be posted.
  release(program_.start_releases, o);
}

void GoalMatchingPolicy::match(Executor& executor, int send, int recv) {
  const GoalOp &s = op(send), &r = op(recv);
  if (r.amount < s.amount)
    throw InputError(program_.source + ":" + std::to_string(r.line) + ": " + describe_goal_op(r) +
                     " is smaller than the message it matches at replication " + std::to_string(*replication_) + ", " +
                     describe_goal_op(s) + " (line " + std::to_string(s.line) + "): expected a receive of at least " +
                     format_number(s.amount) + " bytes");
  state_[static_cast<std::size_t>(send)] = state_[static_cast<std::size_t>(recv)] = State::matched;
  partner_[static_cast<std::size_t>(send)] = recv;
  partner_[static_cast<std::size_t>(recv)] = send;
  Activity a;
  a.kind = ActivityKind::comm;
  a.host = s.rank;
  a.peer = r.rank;
  a.amount = s.amount;
  a.tag = static_cast<std::uint64_t>(send);
  executor.start(a);
  ++in_flight_;
}

void GoalMatchingPolicy::end(int o) {
  state_[static_cast<std::size_t>(o)] = State::ended;
  --left_;
  release(program_.end_releases, o);
}

void GoalMatchingPolicy::release(const GroupedLists& released, int o) {
  for (const int* d = released.begin(o); d != released.end(o); ++d)
    if (--waiting_[static_cast<std::size_t>(*d)] == 0) ready_.push(*d);
}

int GoalMatchingPolicy::take(Queue& queue, const std::function<bool(int)>& fits) {
  int o = queue.head;
  while (o >= 0 && !fits(o)) o = next_[static_cast<std::size_t>(o)];
  if (o < 0) return -1;
  const int before = prev_[static_cast<std::size_t>(o)], after = next_[static_cast<std::size_t>(o)];
  (before >= 0 ? next_[static_cast<std::size_t>(before)] : queue.head) = after;
  (after >= 0 ? prev_[static_cast<std::size_t>(after)] : queue.tail) = before;
  return o;
}

void GoalMatchingPolicy::append(Queue& queue, int o) {
  prev_[static_cast<std::size_t>(o)] = queue.tail;
  next_[static_cast<std::size_t>(o)] = -1;
  (queue.tail >= 0 ? next_[static_cast<std::size_t>(queue.tail)] : queue.head) = o;
  queue.tail = o;
}

void GoalMatchingPolicy::refuse_deadlock() const {
  // The operation of the earliest line left, and what it waits for.
  std::size_t first = 0;
  while (state_[first] == State::ended) ++first;
  const GoalOp& o = program_.ops[first];
  std::string why;
  if (state_[first] == State::posted) {
    why = o.kind == GoalOpKind::recv
              ? " is never matched: no send to rank " + std::to_string(o.rank) + " that it accepts is posted"
              : " is never matched: no receive of rank " + std::to_string(o.peer) + " that accepts it is posted";
  } else {
    // Waiting: its first dependency not met.
    const int i = static_cast<int>(first);
    for (const int* d = program_.ends_needed.begin(i); why.empty() && d != program_.ends_needed.end(i); ++d)
      if (state_[static_cast<std::size_t>(*d)] != State::ended)
        why = " is never posted: it requires line " + std::to_string(op(*d).line) + ", " + describe_goal_op(op(*d)) +
              ", which never ends";
    for (const int* d = program_.starts_needed.begin(i); why.empty() && d != program_.starts_needed.end(i); ++d)
      if (state_[static_cast<std::size_t>(*d)] == State::waiting)
        why = " is never posted: it irequires line " + std::to_string(op(*d).line) + ", " + describe_goal_op(op(*d)) +
              ", which never starts";
  }
  throw InputError(program_.source + ":" + std::to_string(o.line) + ": " + describe_goal_op(o) + why +
                   " (replication " + std::to_string(*replication_) +
                   " deadlocks: every operation left waits for another; expected a schedule that ends whatever the "
                   "timing)");
}

}  // namespace hetcoll
