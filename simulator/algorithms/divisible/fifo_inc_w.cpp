// FIFO-INC-W (Beaumont, Marchal, Robert, section 5): FIFO with all workers, sent by
// non-decreasing w_i (faster workers first). Cost: O(p log p).
#include "algorithms/divisible/support/factories.hpp"

namespace hetcoll {
namespace {

DivisibleSchedule solve_fifo_inc_w(const Star& star, const SolveOptions& options) {
  return fifo_all_workers(star, order_by(star.workers(), star.w), options);
}

}  // namespace

std::unique_ptr<DivisiblePolicy> make_fifo_inc_w(const DivisibleSetup& setup) {
  return planned(solve_fifo_inc_w, setup);
}

}  // namespace hetcoll
