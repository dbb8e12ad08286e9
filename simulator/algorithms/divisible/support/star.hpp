#pragma once
/// @file star.hpp
/// @brief The divisible-load star of Beaumont, Marchal, Robert (HiPC 2005): worker costs,
/// the master's port model, and a schedule (send order, return order, loads).
///
/// Worker i (0-based here, P_{i+1} in the paper) receives X load units in X·c_i seconds,
/// computes them in X·w_i and returns the results in X·d_i. A star read from a platform file
/// may add a start-up cost to every message (the affine model, docs/divisible.md): the send
/// then takes L_i + X·c_i and the return L'_i + X·d_i. With T = 1, the throughput ρ of a
/// schedule is its total load.
#include <cstdint>
#include <string>
#include <vector>

#include "core/random.hpp"

namespace hetcoll {

/// @brief Range of c_i and w_i (d_i: from 0), seconds per load unit. A schedule for T = 1
/// gives worker i a load of at most 1/c_i, and every operation carries load × kStarUnit bytes
/// or flops: c_i ≥ 1e-6 keeps that below 1e18, within kMaxAmount (amount_limits.hpp).
inline constexpr double kSmallestCost = 1e-6;
inline constexpr double kLargestCost = 1e6;

/// @brief Costs of the p workers, in seconds per load unit, and the start-up cost of their
/// messages in seconds.
struct Star {
  std::vector<double> c;  //!< master to worker i
  std::vector<double> d;  //!< worker i back to the master
  std::vector<double> w;  //!< computation on worker i
  /// L_i: start-up cost of the master's message to worker i (the route's latency); empty: none.
  std::vector<double> send_latency;
  /// L'_i: start-up cost of worker i's message back to the master; empty: none.
  std::vector<double> return_latency;

  int workers() const { return static_cast<int>(c.size()); }
  /// True if some message has a start-up cost: the closed forms (Theorems 1 and 2) then no
  /// longer apply, and every algorithm takes its loads from the affine LP (order_lp.hpp).
  bool has_latency() const;
  /// L_i and L'_i (0 when the star has none).
  double send_latency_of(int i) const { return send_latency.empty() ? 0.0 : send_latency[i]; }
  double return_latency_of(int i) const { return return_latency.empty() ? 0.0 : return_latency[i]; }
};

/// @brief What the master can do at once (docs/divisible.md, "Port model").
enum class PortModel {
  two_port,  //!< one send and one receive at a time, which may overlap (Theorem 2's reading)
  one_port,  //!< one communication at a time: every send ends before the first return starts
};

/// @brief A schedule for T = 1: who gets how much, in which send and return order.
///
/// `send` and `ret` list the enrolled workers (load > 0) only; `alpha` has one entry per worker.
struct DivisibleSchedule {
  std::vector<int> send;      //!< enrolled workers in the order the master sends to them
  std::vector<int> ret;       //!< enrolled workers in the order the master receives from them
  std::vector<double> alpha;  //!< load of every worker (0: not enrolled)

  /// Total load, i.e. the throughput ρ since T = 1.
  double load() const;
  int enrolled() const { return static_cast<int>(send.size()); }
};

/// @brief Checks that the star is usable (p ≥ 1, lists of equal length, c and w in
/// [kSmallestCost, kLargestCost], d in [0, kLargestCost], latencies empty or one finite value
/// ≥ 0 per worker); throws InputError naming `where` otherwise.
void validate_star(const Star& star, const std::string& where);

/// @brief Workers 0..p−1 sorted by non-decreasing key(i), ties by index (a stable order).
std::vector<int> order_by(int workers, const std::vector<double>& key);

/// @brief Key c_i + d_i of every worker: the order of Theorems 1 and 2.
std::vector<double> c_plus_d(const Star& star);

/// @brief The FIFO or LIFO schedule of `order` with these loads: workers whose load is 0 are
/// left out of both orders.
DivisibleSchedule make_schedule(const std::vector<int>& order, std::vector<double> alpha, bool lifo);

/// @brief The time-reversed star (c and d swapped, and L and L'): a FIFO schedule of it, read
/// backwards, is a FIFO schedule of the original (the z > 1 case of docs/divisible.md).
Star reversed(const Star& star);

/// @brief Largest left-hand side of the paper's LP (§2.2), with the start-up costs of the
/// messages sent, over the enrolled workers (plus the one-port row under one_port): the length
/// the schedule needs, ≤ 1 for a feasible schedule, and the date its execution ends.
double schedule_length(const Star& star, const DivisibleSchedule& s, PortModel port);

/// @brief Draws a star as in Figure 4 (paper §5; docs/divisible.md): c_i = c̄·U[1−s, 1+s], then
/// w_i = w̄·U[1−s, 1+s] for every worker, d_i = z·c_i; all c are drawn before all w, from
/// `stream` (the function's own copy).
Star draw_star(int workers, double c_mean, double w_mean, double spread, double z, RandomStream stream);

}  // namespace hetcoll
