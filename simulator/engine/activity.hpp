#pragma once
/// @file activity.hpp
/// @brief What an algorithm asks an engine to do, and what the engine reports back.
#include <cmath>
#include <cstdint>

namespace hetcoll {

/// @brief The two kinds of operations every family is built from.
enum class ActivityKind : std::uint8_t { comm, compute };

/// @brief A communication between two hosts or a computation on one host.
struct Activity {
  ActivityKind kind = ActivityKind::comm;  //!< comm or compute
  int host = 0;           //!< sender of a comm, or the host that computes
  int peer = -1;          //!< receiver of a comm; -1 for a computation
  double amount = 0;      //!< bytes (comm) or flops (compute), whole numbers
  double rate = 0;        //!< comm only: rate cap in bytes/s (Comm::set_rate); 0 or infinity means none
  std::uint64_t tag = 0;  //!< the algorithm's own label, echoed back in the completion

  /// Host whose state the completion changes first: the receiver of a comm, the computing host.
  /// Completions at the same instant are delivered in (owner, start order): ties at the same
  /// instant are broken by host index (docs/design.md, "One algorithm, two engines").
  int owner() const { return kind == ActivityKind::comm ? peer : host; }
};

/// @brief A finished activity, with its dates relative to the start of the replication.
struct Completion {
  std::uint64_t id = 0;   //!< rank of the activity in start order within the replication
  Activity activity;      //!< the activity as started
  double start = 0;       //!< seconds since the replication began
  double end = 0;         //!< seconds since the replication began
};

/// @brief std::nearbyint, without the library call for the costs of the hot path (positive and
/// below 2^52): adding and removing 2^52 leaves the nearest whole number, rounded as the current
/// rounding mode rounds (to even by default), exactly as nearbyint does, and fabs turns the -0
/// that rounding down gives into nearbyint's +0; anything else goes to nearbyint. (The call was
/// 1.7 % of RR-8315's Figure 4.)
inline double nearest_whole(double x) {
  constexpr double two_52 = 4503599627370496.0;
  if (x > 0 && x < two_52) return std::fabs((x + two_52) - two_52);
  return std::nearbyint(x);
}

/// @brief Converts the papers' abstract costs (time on the platform's reference host or link)
/// into bytes and flops, the units engines execute.
///
/// docs/design.md, principle 2: a communication of cost d is d × bandwidth bytes, a computation of
/// cost c is c × speed flops; heterogeneity stays in the platform. Bytes are whole numbers, so
/// they are rounded here, once, and both engines see the same message.
struct CostScale {
  double bytes_per_unit = 1;  //!< reference bandwidth (bytes/s)
  double flops_per_unit = 1;  //!< reference speed (flops/s)

  Activity comm(int src, int dst, double cost, std::uint64_t tag = 0) const {
    Activity a;
    a.kind = ActivityKind::comm;
    a.host = src;
    a.peer = dst;
    a.amount = nearest_whole(cost * bytes_per_unit);
    a.tag = tag;
    return a;
  }
  Activity compute(int host, double cost, std::uint64_t tag = 0) const {
    Activity a;
    a.kind = ActivityKind::compute;
    a.host = host;
    a.amount = nearest_whole(cost * flops_per_unit);
    a.tag = tag;
    return a;
  }
};

}  // namespace hetcoll
