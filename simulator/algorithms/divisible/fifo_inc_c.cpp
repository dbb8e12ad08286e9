// FIFO-INC-C (Beaumont, Marchal, Robert, section 5): FIFO with all workers, sent by
// non-decreasing c_i (faster links first). Cost: O(p log p).
#include "algorithms/divisible/support/factories.hpp"

namespace hetcoll {
namespace {

DivisibleSchedule solve_fifo_inc_c(const Star& star, const SolveOptions& options) {
  return fifo_all_workers(star, order_by(star.workers(), star.c), options);
}

}  // namespace

std::unique_ptr<DivisiblePolicy> make_fifo_inc_c(const DivisibleSetup& setup) {
  return planned(solve_fifo_inc_c, setup);
}

}  // namespace hetcoll
