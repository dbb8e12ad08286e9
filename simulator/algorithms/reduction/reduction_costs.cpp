#include "algorithms/reduction/reduction_costs.hpp"

namespace hetcoll {

ReductionCosts::ReductionCosts(const ReductionCostParams& params, std::uint64_t seed)
    : params_(params),
      comm_stream_(derive_seed(seed, {0})),
      compute_stream_(derive_seed(seed, {1})) {}

void ReductionCosts::reseed(std::uint64_t seed) {
  comm_stream_ = RandomStream(derive_seed(seed, {0}));
  // Seeding a Mersenne Twister is a sizeable part of a replication (about 0.5 µs of 7 for
  // Tree-dyn on 64 hosts); with ratio 0, compute() returns 0 without touching its stream.
  if (computes()) compute_stream_ = RandomStream(derive_seed(seed, {1}));
}

double ReductionCosts::comm(int, int) {
  return comm_stream_.gamma_mean_cv(params_.comm_mean, params_.cv);
}

double ReductionCosts::compute(int) {
  return compute_stream_.gamma_mean_cv(params_.ratio * params_.comm_mean, params_.cv);
}

}  // namespace hetcoll
