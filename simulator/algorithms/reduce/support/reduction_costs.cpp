#include "algorithms/reduce/support/reduction_costs.hpp"

#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

/// Units (bytes or flops) whose rounding to a whole number moves them by at most kCostPrecision.
constexpr double kPreciseUnits = 50000;  // 0.5 / kCostPrecision
static_assert(kPreciseUnits * kCostPrecision == 0.5);

/// A share as a percentage of two significant digits, for a message.
std::string percent(double share) {
  char text[32];
  std::snprintf(text, sizeof text, 100 * share >= 10 ? "%.0f%%" : "%.2g%%", 100 * share);
  return text;
}

/// "" if a mean of `mean` `unit`s keeps kCostPrecision once the engines round to whole ones,
/// else what happens to it.
std::string rounding_loss(double mean, bool drawn, const std::string& unit) {
  const double whole = nearest_whole(mean);
  const double error = std::abs(whole - mean);
  if (drawn ? mean >= kPreciseUnits : error <= kCostPrecision * mean) return "";
  if (drawn) return " on average, so draws near it round to whole " + unit + " off by up to " + percent(0.5 / mean);
  return " rounds to " + format_number(whole) + " " + unit + " (off by " + percent(error / mean) + ")";
}

}  // namespace

void check_cost_precision(const ReductionCostParams& params, const CostScale& scale, bool computes,
                          const std::string& where) {
  const bool drawn = params.cv > 0;
  const double bytes = params.comm_mean * scale.bytes_per_unit;
  const std::string comm = rounding_loss(bytes, drawn, "bytes");
  if (!comm.empty())
    throw InputError(where + "key 'comm-mean' = " + format_number(params.comm_mean) + ": a message of comm-mean × " +
                     "'message' = " + format_number(bytes) + " B" + comm + " (engines run whole bytes); give " +
                     "comm-mean >= " + format_number(kPreciseUnits / scale.bytes_per_unit) + " (" +
                     format_number(kPreciseUnits) + " B: off by at most " + percent(kCostPrecision) + ")" +
                     (drawn ? "" : ", or one that makes comm-mean × 'message' a whole number"));
  if (!computes || params.ratio == 0) return;
  const double flops = params.ratio * params.comm_mean * scale.flops_per_unit;
  const std::string compute = rounding_loss(flops, drawn, "flops");
  if (!compute.empty())
    throw InputError(where + "key 'ratio' = " + format_number(params.ratio) + ": a ⊕ of ratio × comm-mean × " +
                     format_number(scale.flops_per_unit) + " flop/s = " + format_number(flops) + " flops" + compute +
                     " (engines run whole flops); give ratio = 0, or ratio >= " +
                     format_number(kPreciseUnits / (params.comm_mean * scale.flops_per_unit)) + " (" +
                     format_number(kPreciseUnits) + " flops: off by at most " + percent(kCostPrecision) + ")" +
                     (drawn ? "" : ", or one that makes the ⊕ a whole number of flops"));
}

void check_message_time(double shortest, double comm_mean, const std::string& where) {
  if (shortest >= kShortestTime) return;
  throw InputError(where + "key 'comm-mean' = " + format_number(comm_mean) + ": the shortest message lasts " +
                   format_number(shortest) + " s at mean cost, below the " + format_number(kShortestTime) +
                   " s the family takes for a time (both engines take completions within 1e-9 s as one instant, "
                   "and shorter messages end that close); give comm-mean >= " +
                   format_number(comm_mean * kShortestTime / shortest) + " (more where a route's latency counts)");
}

ReductionCosts::ReductionCosts(const ReductionCostParams& params, std::uint64_t key, bool replayed)
    : params_(params),
      replayed_(replayed),
      comm_law_(GammaLaw::from_mean_cv(params.comm_mean, params.cv)),
      compute_law_(GammaLaw::from_mean_cv(params.ratio * params.comm_mean, params.cv)),
      comm_stream_(key, 0, kCommStream),
      compute_stream_(key, 0, kComputeStream) {}

void ReductionCosts::reposition(std::uint64_t replication) {
  next_comm_ = next_compute_ = 0;
  // The next algorithm of the same replication replays the draws kept; without them, the
  // streams start again and draw the same values.
  if (replayed_ && replication == replication_) return;
  replication_ = replication;
  comm_draws_.clear();
  compute_draws_.clear();
  comm_stream_.reposition(replication);
  compute_stream_.reposition(replication);
}

double ReductionCosts::comm(int, int) {
  // Three algorithms out of four replay: the draw itself stays out of this path.
  if (next_comm_ < comm_draws_.size()) return comm_draws_[next_comm_++];
  return draw_comm();
}

double ReductionCosts::draw_comm() {
  const double draw = comm_stream_.gamma(comm_law_);
  if (replayed_) {
    comm_draws_.push_back(draw);
    ++next_comm_;
  }
  return draw;
}

double ReductionCosts::compute(int) {
  if (next_compute_ < compute_draws_.size()) return compute_draws_[next_compute_++];
  const double draw = compute_stream_.gamma(compute_law_);
  if (replayed_) {
    compute_draws_.push_back(draw);
    ++next_compute_;
  }
  return draw;
}

}  // namespace hetcoll
