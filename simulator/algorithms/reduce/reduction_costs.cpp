#include "algorithms/reduce/reduction_costs.hpp"

namespace hetcoll {

ReductionCosts::ReductionCosts(const ReductionCostParams& params, std::uint64_t key)
    : params_(params),
      comm_law_(GammaLaw::from_mean_cv(params.comm_mean, params.cv)),
      compute_law_(GammaLaw::from_mean_cv(params.ratio * params.comm_mean, params.cv)),
      comm_stream_(key, 0, kCommStream),
      compute_stream_(key, 0, kComputeStream) {}

void ReductionCosts::reposition(std::uint64_t replication) {
  next_comm_ = next_compute_ = 0;
  if (replication == replication_) return;  // the next algorithm of the same replication: replay
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
  comm_draws_.push_back(comm_stream_.gamma(comm_law_));
  return comm_draws_[next_comm_++];
}

double ReductionCosts::compute(int) {
  if (next_compute_ == compute_draws_.size())
    compute_draws_.push_back(compute_stream_.gamma(compute_law_));
  return compute_draws_[next_compute_++];
}

}  // namespace hetcoll
