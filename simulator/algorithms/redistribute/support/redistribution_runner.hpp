#pragma once
/// @file redistribution_runner.hpp
/// @brief The PointRunner of the `redistribute` family (docs/redistribute.md, "Execution").
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/family.hpp"

namespace hetcoll {

/// @brief Runs `algorithms` (names of redistribution_algorithms()) at `point` on `platform`:
/// the point's matrix, or a random instance per replication drawn from `seed` (on the family's
/// own platform with drawn NIC speeds, on a file with its speeds); steps capped at the base
/// speed unless `uncapped`, without barriers if `asynchronous`, streams drawn if `cv` > 0.
/// Throws InputError for a point the platform cannot run (resolve_redistribution_point).
std::unique_ptr<PointRunner> make_redistribution_runner(const Point& point, const std::vector<std::string>& algorithms,
                                                        const Platform& platform, std::uint64_t seed);

}  // namespace hetcoll
