#pragma once
/// @file reduction_family.hpp
/// @brief The `reduction` family: non-clairvoyant reductions under gamma costs (RR-8315).
#include "algorithms/family.hpp"

namespace hetcoll {

/// @brief Keys: processors, cv, ratio (sweep axes and CSV columns), comm-mean.
const Family& reduction_family();

}  // namespace hetcoll
