// LP for one pair of orders (Beaumont, Marchal, Robert, section 2.2), solved
// with GLPK. Workers the LP leaves without load are reported as not enrolled; they are removed
// from the orders and the LP solved again (order_lp.hpp says why).
// Cost: one simplex on p variables and p (+1 one-port) rows, per removal round.
#include <numeric>

#include "algorithms/divisible/support/order_lp.hpp"
#include "algorithms/divisible/support/factories.hpp"

namespace hetcoll {
namespace {

DivisibleSchedule solve_lp(const Star& star, const SolveOptions& options) {
  check_orders(options, star.workers());
  std::vector<int> send = options.send_order;
  if (send.empty()) {
    send.resize(static_cast<std::size_t>(star.workers()));
    std::iota(send.begin(), send.end(), 0);
  }
  std::vector<int> ret = options.return_order.empty() ? send : options.return_order;
  return lp_schedule(star, std::move(send), std::move(ret), options.port);
}

}  // namespace

std::unique_ptr<DivisiblePolicy> make_lp(const DivisibleSetup& setup) {
  return planned(solve_lp, setup);
}

}  // namespace hetcoll
