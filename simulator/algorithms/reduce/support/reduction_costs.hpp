#pragma once
/// @file reduction_costs.hpp
/// @brief Random costs of the non-clairvoyant reductions (RR-8315 §6; docs/reduce.md).
#include <cstdint>
#include <string>
#include <vector>

#include "core/random.hpp"
#include "algorithms/reduce/support/cluster.hpp"
#include "engine/activity.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief The random streams of a reduce point (RandomStream's `stream` under the point's seed):
/// one per use, so that no use shares a draw with another.
constexpr std::uint64_t kCommStream = 0;     //!< communication costs (ReductionCosts)
constexpr std::uint64_t kComputeStream = 1;  //!< ⊕ costs (ReductionCosts)
constexpr std::uint64_t kClusterStream = 2;  //!< a drawn cluster's per-host times
constexpr std::uint64_t kPlannerStream = 3;  //!< random planners (random-order)

/// @brief Cost distribution of one sweep point: gamma laws given by their mean and CV.
struct ReductionCostParams {
  double comm_mean = 1;  //!< μ_d: mean abstract cost of one communication
  double cv = 0;         //!< CV of every cost (σ_c/μ_c = σ_d/μ_d); 0: fixed costs
  double ratio = 0;      //!< μ_c/μ_d; 0: ⊕ is free and no computation activity exists
};

/// @brief Largest relative error a mean cost may take when the engines round it to whole bytes or
/// flops (CostScale): 1e-5, the precision below which a CV counts as none (amount_limits.hpp).
inline constexpr double kCostPrecision = 1e-5;

/// @brief Refuses (InputError, prefixed by `where`) mean costs the engines' whole bytes and flops
/// would change by more than kCostPrecision: a message of comm_mean·bytes_per_unit bytes and, with
/// `computes` and ratio > 0, a ⊕ of ratio·comm_mean·flops_per_unit flops. With cv = 0 every cost
/// is its mean, which must round to a whole number within kCostPrecision of itself; with cv > 0
/// the mean must be at least 0.5 / kCostPrecision (50,000) units, so that draws near it keep that
/// precision (draws far below it still round, as the gamma law's small values always do). The
/// message names the key and the smallest value that keeps the precision.
void check_cost_precision(const ReductionCostParams& params, const CostScale& scale, bool computes,
                          const std::string& where);

/// @brief Refuses (InputError, prefixed by `where`) a point whose shortest message at mean cost,
/// `shortest` seconds, lasts less than kShortestTime (1e-7 s, cluster.hpp), the shortest time the
/// family takes: both engines take completions within kSimultaneity as one instant, which
/// reorders what happens (a binomial tree of times 1e-7 to 3e-7 s took 5.6e-10 s with comm-mean
/// 1e-3 instead of 6.1e-10). The message names key 'comm-mean' and the value that would lift a
/// message without latency to kShortestTime.
void check_message_time(double shortest, double comm_mean, const std::string& where);

/// @brief The cost draws of one replication, with common random numbers across algorithms.
///
/// Communications and computations come from two independent streams, so the k-th
/// communication started takes the k-th communication draw and the k-th ⊕ the k-th
/// computation draw, whatever the algorithm and however the two kinds interleave. Costs are
/// not tied to the (src, dst) pair: heterogeneity belongs to the platform.
class ReductionCosts final : public CostDraws {
 public:
  /// Costs under `key` (the point's seed), positioned at replication 0. With `replayed` (more
  /// than one algorithm per replication), the draws of a replication are kept for the next
  /// algorithm; without, none is kept (at 2^20 hosts they were 8 MB for one algorithm).
  explicit ReductionCosts(const ReductionCostParams& params, std::uint64_t key = 0, bool replayed = true);

  /// Restarts both streams at `replication`: RandomStream(key, replication, kCommStream) feeds
  /// communications, kComputeStream computations. A counter reset, O(1). Repositioning to the
  /// replication in use rewinds: the draws already made are replayed from memory (or, without
  /// `replayed`, drawn again), so the algorithms of one replication share one set of draws.
  void reposition(std::uint64_t replication);

  /// Gamma(mean μ_d, cv): the next communication draw; the pair is ignored.
  double comm(int src, int dst) override;
  /// Gamma(mean ratio·μ_d, cv): the next computation draw; the host is ignored. Always 0, and
  /// no draw, when ratio is 0.
  double compute(int host) override;

  /// Whether ⊕ is an activity at all (ratio > 0). Algorithms start no computation otherwise.
  bool computes() const { return params_.ratio > 0; }
  const ReductionCostParams& params() const { return params_; }

 private:
  [[gnu::noinline]] double draw_comm();  // the next draw, kept for the algorithms after (replayed_)

  ReductionCostParams params_;
  bool replayed_;         // keep the draws for the next algorithm of the replication
  GammaLaw comm_law_;     // gamma(mean μ_d, cv), its constants worked out once
  GammaLaw compute_law_;  // gamma(mean ratio·μ_d, cv)
  std::uint64_t replication_ = 0;
  RandomStream comm_stream_;
  RandomStream compute_stream_;
  std::vector<double> comm_draws_;     // with replayed_: every draw of this replication so far
  std::vector<double> compute_draws_;
  std::size_t next_comm_ = 0;          // rank of the next draw to hand out
  std::size_t next_compute_ = 0;
};

}  // namespace hetcoll
