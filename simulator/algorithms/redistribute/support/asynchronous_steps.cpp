// Asynchronous execution of a step schedule (docs/redistribute.md, "Asynchronous execution"):
// the schedule's streams, list-scheduled under the δ(v) and k limits. Cost per event: a scan of
// the waiting streams, O(pieces); a replication O(pieces²) at worst, far below the schedules'
// own computation.
#include "algorithms/redistribute/support/asynchronous_steps.hpp"

#include <cmath>

namespace hetcoll {

void AsynchronousSteps::reset(const Instance& instance, const Schedule& schedule, double bytes_per_second,
                              double rate, double host_speed) {
  streams_.clear();
  for (const Step& step : schedule)
    for (const Piece& piece : step) {
      const Message& m = instance.messages[piece.message];
      streams_.push_back({m.sender, instance.receiver_node(m.receiver), std::nearbyint(piece.amount * bytes_per_second)});
    }
  limit_ = instance.delta;
  k_ = instance.k;
  rate_ = rate;
  set_up_flops_ = std::nearbyint(instance.beta * host_speed);
}

void AsynchronousSteps::begin(Executor& executor) {
  started_.assign(streams_.size(), false);
  first_waiting_ = 0;
  busy_.assign(limit_.size(), 0);
  active_ = 0;
  Activity set_up;
  set_up.kind = ActivityKind::compute;
  set_up.host = 0;
  set_up.amount = set_up_flops_;
  set_up.tag = kSetUp;
  executor.start(set_up);
}

void AsynchronousSteps::on_complete(Executor& executor, const Completion& done) {
  if (done.activity.tag != kSetUp) {
    --busy_[done.activity.host];
    --busy_[done.activity.peer];
    --active_;
  }
  start_what_fits(executor);
}

void AsynchronousSteps::start_what_fits(Executor& executor) {
  while (first_waiting_ < streams_.size() && started_[first_waiting_]) ++first_waiting_;
  for (std::size_t i = first_waiting_; i < streams_.size() && active_ < k_; ++i) {
    const Stream& s = streams_[i];
    if (started_[i] || busy_[s.sender] >= limit_[s.sender] || busy_[s.receiver] >= limit_[s.receiver]) continue;
    started_[i] = true;
    ++busy_[s.sender];
    ++busy_[s.receiver];
    ++active_;
    Activity comm;
    comm.kind = ActivityKind::comm;
    comm.host = s.sender;
    comm.peer = s.receiver;
    comm.amount = s.bytes;
    comm.rate = rate_;
    comm.tag = i;
    executor.start(comm);
  }
}

}  // namespace hetcoll
