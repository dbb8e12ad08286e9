#pragma once
/// @file plogp.hpp
/// @brief pLogP parameters of a link (Kielmann et al. 2001): latency L and gap g(s) for any size.
#include <vector>

namespace hetcoll {

/// @brief L and g(s) of one link, g given by measured (size, gap) points.
///
/// A message of s bytes keeps its sender busy for g(s) and reaches its receiver g(s) + L after
/// it was started. g between two measured sizes is interpolated linearly, and beyond the last
/// size extrapolated along the last segment (the paper leaves this open; docs/broadcast.md).
struct PLogP {
  double latency = 0;           //!< L (s)
  std::vector<double> sizes;    //!< measured sizes (bytes), ascending, the first one 0
  std::vector<double> gaps;     //!< g at each measured size (s)

  /// g(size) in seconds; size ≥ 0.
  double gap(double size) const;

  /// @brief g(s) = gap0 + s / bandwidth exactly (two points), latency L.
  static PLogP affine(double latency, double gap0, double bandwidth);
};

}  // namespace hetcoll
