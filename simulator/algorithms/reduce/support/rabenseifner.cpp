// Rabenseifner's reduction (reduce-scatter by recursive halving, then a binomial gather to the
// root) as Open MPI 4.1 (coll_base_reduce.c, ompi_coll_base_reduce_intra_redscat_gather) and
// MPICH 4 (src/mpi/coll/reduce/reduce_intra_reduce_scatter_gather.c) write it. Both fold the
// p - p' extra ranks (p' the largest power of two <= p) into their even neighbours first, and
// number the p' others newrank = rank / 2 below 2(p - p'), rank - (p - p') above.
#include <algorithm>
#include <cmath>
#include <vector>

#include "algorithms/reduce/support/mpi_reduce_program.hpp"

namespace hetcoll {
namespace {

// Bytes of the window a rank keeps and the one it sends at each halving step.
struct Halving {
  std::vector<double> kept, sent;
};

// The windows of newrank `v`. Open MPI halves the window by bytes (the lower rank keeps
// floor(w/2)); MPICH cuts the vector into p' blocks (floor(count/p'), one more byte for the
// first count mod p') and halves the window by blocks.
Halving halving(int v, int pof2, double count, RabenseifnerVariant variant) {
  Halving h;
  if (variant == RabenseifnerVariant::ompi) {
    double window = count;
    for (int mask = 1; mask < pof2; mask <<= 1) {
      const double lower = std::floor(window / 2), upper = window - lower;
      const bool low = v < (v ^ mask);
      h.kept.push_back(low ? lower : upper);
      h.sent.push_back(low ? upper : lower);
      window = h.kept.back();
    }
    return h;
  }
  const double base = std::floor(count / pof2), extra = count - base * pof2;
  auto bytes = [&](int first, int last) {  // blocks [first, last): one more byte below `extra`
    return (last - first) * base + std::max(0.0, std::min<double>(last, extra) - std::min<double>(first, extra));
  };
  int first = 0, last = pof2;
  for (int mask = 1; mask < pof2; mask <<= 1) {
    const int middle = (first + last) / 2;
    const bool low = v < (v ^ mask);
    h.kept.push_back(low ? bytes(first, middle) : bytes(middle, last));
    h.sent.push_back(low ? bytes(middle, last) : bytes(first, middle));
    if (low) last = middle; else first = middle;
  }
  return h;
}

}  // namespace

void rabenseifner_reduce(MpiReduceProgram& program, int root, RabenseifnerVariant variant) {
  const int p = program.ranks();
  const double count = program.count();
  if (p == 1) return;
  int pof2 = 1;
  while (pof2 * 2 <= p) pof2 *= 2;
  if (variant == RabenseifnerVariant::ompi && (pof2 < 2 || count < pof2)) {
    ompi_reduce_linear(program, root);
    return;
  }
  const int rem = p - pof2;
  RankProgram& calls = program.calls();
  auto real = [rem](int v) { return v < rem ? 2 * v : v + rem; };
  int steps = 0;
  while ((1 << steps) < pof2) ++steps;
  // An odd root below 2·rem sat out the halving: it takes newrank 0's place for the gather.
  const bool root_stands_in = root < 2 * rem && root % 2 != 0;
  const int new_root = root < 2 * rem ? (root_stands_in ? 0 : root / 2) : root - rem;
  const double lower_half = std::floor(count / 2), upper_half = count - lower_half;
  for (int me = 0; me < p; ++me) {
    int v = me >= 2 * rem ? me - rem : (me % 2 == 0 ? me / 2 : -1);
    if (me < 2 * rem) {  // fold the extra ranks into their even neighbours
      const bool odd = me % 2 != 0;
      if (variant == RabenseifnerVariant::ompi) {
        if (odd) {
          calls.sendrecv(me, me - 1, lower_half, me - 1, upper_half);
          program.combine(me, upper_half);
          calls.send(me, me - 1, upper_half);
        } else {
          calls.sendrecv(me, me + 1, upper_half, me + 1, lower_half);
          program.combine(me, lower_half);
          calls.recv(me, me + 1, upper_half);
        }
      } else if (odd) {
        calls.send(me, me - 1, count);
      } else {
        calls.recv(me, me + 1, count);
        program.combine(me, count);
      }
    }
    if (v >= 0) {  // reduce-scatter: exchange halves of the window, keep one, combine it
      const Halving h = halving(v, pof2, count, variant);
      for (int step = 0; step < steps; ++step) {
        const int partner = real(v ^ (1 << step));
        calls.sendrecv(me, partner, h.sent[step], partner, h.kept[step]);
        program.combine(me, h.kept[step]);
      }
    }
    const double zero_block = root_stands_in ? halving(0, pof2, count, variant).kept.back() : 0;
    if (root_stands_in && me == 0) {
      calls.send(me, root, zero_block);
      v = -1;
    } else if (root_stands_in && me == root) {
      calls.recv(me, 0, zero_block);
      v = 0;
    }
    if (v < 0) continue;
    // Gather: from the largest distance down, send the window to the partner on the root's
    // side and stop, or receive the partner's window and go on.
    const Halving h = halving(v, pof2, count, variant);
    for (int step = steps - 1; step >= 0; --step) {
      const int partner_v = v ^ (1 << step);
      const int partner = partner_v == 0 && root_stands_in ? root : real(partner_v);
      if ((partner_v >> step) == (new_root >> step)) {
        calls.send(me, partner, h.kept[step]);
        break;
      }
      calls.recv(me, partner, h.sent[step]);
    }
  }
}

}  // namespace hetcoll
