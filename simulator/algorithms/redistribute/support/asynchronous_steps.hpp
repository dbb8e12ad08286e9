#pragma once
/// @file asynchronous_steps.hpp
/// @brief A step schedule run without its step barriers: each stream starts as soon as its two
/// ends and the backbone allow (docs/redistribute.md, "Asynchronous execution").
///
/// Synchronous steps (schedule_plan) wait for a step's slowest stream, then β, before any stream
/// of the next step starts: under uncertain costs one late stream delays every later one. Here
/// the same streams, in the schedule's order, are list-scheduled: whenever a stream ends, every
/// waiting stream whose sender and receiver have a free port (δ(v) streams at node v) and for
/// which fewer than k streams are active starts, earlier ones first (a later stream may start
/// before an earlier one that does not fit). There are no steps, so β is paid once, before the
/// first stream: the set-up of the whole redistribution.
#include <cstdint>
#include <vector>

#include "algorithms/redistribute/support/instance.hpp"
#include "engine/executor.hpp"

namespace hetcoll {

/// @brief Runs the streams of one schedule asynchronously; reset() swaps in the next one.
class AsynchronousSteps final : public Policy {
 public:
  /// Streams of `schedule` on `instance`, each of piece.amount × bytes_per_second bytes capped
  /// at `rate` bytes/s (0: none); β is a computation of β × host_speed flops on host 0. Sender s
  /// is host s, receiver t host instance.senders + t (two_cluster_platform).
  void reset(const Instance& instance, const Schedule& schedule, double bytes_per_second, double rate,
             double host_speed);
  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;

 private:
  struct Stream {
    int sender;    // node = host
    int receiver;  // node = host
    double bytes;
  };
  static constexpr std::uint64_t kSetUp = ~std::uint64_t{0};  // the tag of β

  void start_what_fits(Executor& executor);

  std::vector<Stream> streams_;    // in the schedule's order
  std::vector<int> limit_;         // δ(v), per node
  int k_ = 1;
  double rate_ = 0;
  double set_up_flops_ = 0;
  // Per replication:
  std::vector<bool> started_;
  std::size_t first_waiting_ = 0;  // streams before it have all started
  std::vector<int> busy_;          // streams active at each node
  int active_ = 0;
};

}  // namespace hetcoll
