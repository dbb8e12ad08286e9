#pragma once
/// @file redistribution_family.hpp
/// @brief The `redistribution` family: scheduling messages between two clusters through a
/// backbone (Jeannot & Wagner; ALGORITHMS.md §1).
#include "algorithms/family.hpp"
#include "algorithms/redistribution/inputs.hpp"

namespace hetcoll {

/// @brief Keys: senders, receivers, edges, k, beta, uncapped (sweep axes and CSV columns);
/// delta-max, weight-min, weight-max (random instances); matrix, nic, backbone (a given
/// redistribution). Value: the simulated time; metric `ratio`: value / lower bound.
const Family& redistribution_family();

/// @brief What a point asks for, checked: a fixed instance from a matrix file and speeds, or
/// a random instance per replication.
struct RedistributionPoint {
  bool from_matrix = false;
  Derived fixed;            //!< the instance, if from_matrix
  RandomSpec random;        //!< the generator's settings otherwise
  bool uncapped = false;    //!< run step schedules without rate caps
};

/// @brief Reads and checks a point of the family; throws a one-line InputError naming the key
/// or file at fault (shape of the matrix against senders/receivers, speeds, k, edges).
RedistributionPoint resolve_redistribution_point(const Point& point);

}  // namespace hetcoll
