#pragma once
/// @file found_cells.hpp
/// @brief The CSV parameter cells of a run's points, with the cells the run finds measured.
#include <string>
#include <vector>

#include "driver/work_runner.hpp"

namespace hetcoll {

/// @brief The CSV parameter cells of every point of `setup`, as the run writes them in every
/// file: a key that does not apply to the point is empty, and a cell the family finds
/// (PointSettings::found_cells) is measured on the point's platform, once per point and before any
/// unit runs, in a forked child (SimGrid allows one engine per process) with its files in the
/// work directory. Throws what the child throws (InputError, a worker's failure, Interrupted).
std::vector<std::string> point_cells(const RunSetup& setup);

}  // namespace hetcoll
