// A lower bound on the optimal makespan of Liu & Wang's reduction problem, for clusters too
// large for the exact search (docs/reduce.md derives it).
//
// (1) Among the two slowest hosts at least one sends, so OPT ≥ the second largest time.
// (2) Making hosts faster never hurts (a valid schedule stays valid when windows shrink:
//     2A + C only decreases), so OPT(P) ≥ OPT(P_c), where P_c rounds every time down to
//     c·2^k (c ≤ t_min). P_c is a power-of-2 cluster up to the factor c, on which SNF is
//     optimal (Theorem 1): OPT(P) ≥ SNF(P_c). Since P_c ≥ P/2 pointwise, the bound is within a
//     factor 2 of OPT, and SNF(P) ≤ 2·SNF(P_c) (Theorem 2's argument).
// Cost: 8 bases c = t_min·2^(−j/8), j = 0..7, each an SNF makespan: O(n log n).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {

double round_down_to_power_of_two_times(double t, double base) {
  // q = t / base ≥ 1 is a normal double: keeping only its exponent bits gives 2^floor(log2 q)
  // exactly, and base times a power of 2 is exact. This replaced log2 and exp2, bit for bit
  // (log2 is exact at powers of 2 and monotone), which cost a sixth of a 64-host replication
  // on a drawn cluster (8 bases times 64 hosts); libm's frexp and ldexp still cost a fifth.
  const double q = t / base;
  std::uint64_t bits = 0;
  std::memcpy(&bits, &q, sizeof bits);
  bits &= 0x7ff0000000000000ULL;
  double power = 0;
  std::memcpy(&power, &bits, sizeof power);
  const double r = base * power;
  return r > t ? r / 2 : r;  // t / base rounded up to a power of 2: stay below the time
}

double makespan_lower_bound(const std::vector<double>& times) {
  std::vector<double> sorted = times;
  std::sort(sorted.rbegin(), sorted.rend());
  double bound = sorted.size() >= 2 ? sorted[1] : 0;
  if (sorted.size() < 2) return bound;
  const double fastest = sorted.back();
  constexpr int kBases = 8;
  std::vector<double> rounded(sorted.size() - 1);
  for (int j = 0; j < kBases; ++j) {
    const double base = fastest * std::exp2(-static_cast<double>(j) / kBases);
    // The root is the slowest host before and after rounding (rounding down keeps the order),
    // and the senders stay sorted by non-increasing time: the SNF order. So each sender's
    // base·2^k is its predecessor's halved until it is not above the sender's time: halving is
    // exact, and the largest base·2^k ≤ t is what round_down_to_power_of_two_times() gives, bit
    // for bit, without a division per sender (those were a tenth of a drawn 64-host
    // replication).
    double level = round_down_to_power_of_two_times(sorted[1], base);
    for (std::size_t i = 1; i < sorted.size(); ++i) {
      while (sorted[i] < level) level /= 2;
      rounded[i - 1] = level;
    }
    bound = std::max(bound, ep_makespan(rounded));
  }
  return bound;
}

double reduction_lower_bound(const std::vector<double>& fastest) {
  // Faster processors never hurt (point 2 above): a schedule whose messages last longer than
  // `fastest` keeps its start dates with shorter windows and stays valid in Liu & Wang's model.
  if (static_cast<int>(fastest.size()) <= kOptimalMaxProcessors) return optimal_schedule(fastest).makespan;
  return makespan_lower_bound(fastest);
}

}  // namespace hetcoll
