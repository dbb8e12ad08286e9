#pragma once
/// @file sweep_checks.hpp
/// @brief The rules of a sweep's points, checked once its points are final (the platform file's
/// host counts in them): the algorithms' documented limits, the family's rules of several keys,
/// and the memory the run needs, which sizes the default `jobs`.
#include <string>
#include <vector>

#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief The documented limits of the algorithms (Family::algorithm_limit), on every point: a
/// listed algorithm that cannot run a point is refused now, before anything runs; one that came
/// with the family's default list is left out, and the note saying so is returned. Sweeps too
/// large to expand here are left to the work units.
std::vector<std::string> apply_algorithm_limits(Scenario& scenario);

/// @brief The family's rules of several keys, point by point (Family::check_point,
/// Family::check_written_keys, where keys apply), and the memory the run needs: a default `jobs`
/// shrinks until the estimate fits, and a run whose estimate still exceeds the machine's share is
/// refused naming the keys of its largest part. Throws InputError naming where the keys came from.
void check_sweep(Scenario& scenario);

}  // namespace hetcoll
