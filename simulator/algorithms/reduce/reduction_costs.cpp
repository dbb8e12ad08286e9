#include "algorithms/reduce/reduction_costs.hpp"

namespace hetcoll {

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
