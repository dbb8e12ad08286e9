#pragma once
/// @file self_scheduling.hpp
/// @brief Demand-driven self-scheduling: the dynamic counterpart a practitioner would use where
/// the star's costs are not known (docs/divisible.md, "Self-scheduling").
///
/// The master cuts the load into chunks and sends the next one to whichever worker asks; every
/// worker asks at the start and again as soon as it has computed its chunk, and its result goes
/// back as soon as the master's return port is free, in the order the results are ready. It
/// plans nothing and reads no cost: under uncertain costs it adapts by construction.
#include <deque>
#include <utility>
#include <vector>

#include "algorithms/divisible/support/star.hpp"
#include "algorithms/divisible/support/star_platform.hpp"
#include "engine/executor.hpp"

namespace hetcoll {

/// @brief Runs self-scheduling of `load` units in chunks of `chunk` units (the last one smaller)
/// on the star of worker i = host i + 1. Ports as in the plans (star_plan.hpp): one send at a
/// time, one return at a time; under one-port, one of the two at a time, returns first (they
/// free a result the master is waiting for). Requests are served first come, first served;
/// workers ask at the start in index order.
class SelfScheduling final : public Policy {
 public:
  /// Amounts as in star_plan: a chunk of x units is x·c_i·down_i bytes sent, x·w_i·speed_i flops
  /// computed and x·d_i·up_i bytes returned (CostScale{1, 1}, rounded to whole numbers).
  void reset(const Star& star, const StarRates& rates, PortModel port, double load, double chunk);
  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;
  /// Workers that received at least one chunk in the last run.
  int enrolled() const;

 private:
  enum Kind : std::uint64_t { kSend, kCompute, kReturn };
  static std::uint64_t tag(Kind kind, int worker) { return static_cast<std::uint64_t>(worker) * 3 + kind; }

  void serve(Executor& executor);

  Star star_;
  StarRates rates_;
  PortModel port_ = PortModel::two_port;
  double load_ = 0;
  double chunk_ = 0;
  // Per run:
  double left_ = 0;                 // load not yet sent
  std::deque<int> asking_;          // workers waiting for a chunk, in the order they asked
  std::deque<std::pair<int, double>> ready_;  // (worker, chunk) of results waiting for the return port
  std::vector<double> holding_;     // the chunk each worker is receiving or computing
  std::vector<bool> served_;
  bool sending_ = false, receiving_ = false;
};

}  // namespace hetcoll
