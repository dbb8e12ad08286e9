#pragma once
/// @file no_idle_fifo.hpp
/// @brief The no-idle FIFO recursion behind Theorem 2 (docs/divisible.md), shared by OPT-FIFO,
/// FIFO-INC-C and FIFO-INC-W.
#include <vector>

#include "algorithms/divisible/support/star.hpp"

namespace hetcoll {

/// @brief Loads of a FIFO schedule of the first q workers of an order in which nobody idles.
struct NoIdleFifo {
  std::vector<double> alpha;  //!< per worker; 0 beyond the prefix
  int q = 0;                  //!< workers of the prefix
  std::vector<double> rho;    //!< rho[k] = ρ_{k+1}, the throughput of the prefix of length k+1
};

/// @brief Evaluates every prefix of `order` with the recursion r_1 = 1,
/// r_{i+1} = r_i (w_i + d_i) / (c_{i+1} + w_{i+1}), ρ_q = Σ_{j≤q} r_j / (c_1 + w_1 + Σ_{j≤q} r_j d_j),
/// in O(p); keeps q = argmax ρ_q (the first one) if `best_prefix`, else q = p.
///
/// Every prefix's schedule is feasible under the two-port model, whatever the order. The r_j
/// are rescaled when they grow large, so 100,000 workers neither overflow nor lose a prefix.
NoIdleFifo no_idle_fifo(const Star& star, const std::vector<int>& order, bool best_prefix);

}  // namespace hetcoll
