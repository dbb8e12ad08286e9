#pragma once
/// @file divisible_family.hpp
/// @brief The `divisible` family: divisible load with return messages on a heterogeneous star
/// (Beaumont, Marchal, Robert, HiPC 2005; docs/divisible.md).
#include "algorithms/family.hpp"

namespace hetcoll {

/// @brief The family as the driver sees it (registered in algorithms/family.cpp).
const Family& divisible_family();

}  // namespace hetcoll
