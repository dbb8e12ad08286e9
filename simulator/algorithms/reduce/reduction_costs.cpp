#include "algorithms/reduce/reduction_costs.hpp"

namespace hetcoll {

ReductionCosts::ReductionCosts(const ReductionCostParams& params, std::uint64_t seed)
    : params_(params),
      seed_(seed),
      comm_stream_(derive_seed(seed, {0})),
      compute_stream_(derive_seed(seed, {1})) {}

void ReductionCosts::reseed(std::uint64_t seed) {
  next_comm_ = next_compute_ = 0;
  if (seed == seed_) return;  // the next algorithm of the same replication: replay
  seed_ = seed;
  comm_draws_.clear();
  compute_draws_.clear();
  comm_stream_ = RandomStream(derive_seed(seed, {0}));
  // Seeding a Mersenne Twister is a sizeable part of a replication (about 0.5 µs of 7 for
  // Tree-dyn on 64 hosts); with ratio 0, compute() returns 0 without touching its stream.
  if (computes()) compute_stream_ = RandomStream(derive_seed(seed, {1}));
}

double ReductionCosts::comm(int, int) {
  if (next_comm_ == comm_draws_.size()) comm_draws_.push_back(comm_stream_.gamma_mean_cv(params_.comm_mean, params_.cv));
  return comm_draws_[next_comm_++];
}

double ReductionCosts::compute(int) {
  if (next_compute_ == compute_draws_.size())
    compute_draws_.push_back(compute_stream_.gamma_mean_cv(params_.ratio * params_.comm_mean, params_.cv));
  return compute_draws_[next_compute_++];
}

}  // namespace hetcoll
