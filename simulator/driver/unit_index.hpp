#pragma once
/// @file unit_index.hpp
/// @brief `hetcoll merge`'s index of the unit records the parts hand over (points that no
/// single shard ran whole).
#include <cstddef>
#include <ios>
#include <map>
#include <string>
#include <vector>

#include "driver/scenario.hpp"
#include "driver/unit_records.hpp"

namespace hetcoll {

/// @brief Where a unit's record lies: which part's units file, and at which byte its result starts.
struct UnitEntry {
  UnitRecord record;
  std::size_t part = 0;
  std::streamoff result = 0;
};

/// @brief "the work unit of point 3 (replications 2000 to 2999)", for messages about a unit.
std::string describe_unit(const WorkUnit& u);

/// @brief The unit records of every part, by point, each point's in replication order: the index a
/// merge reads the points from, one at a time. Refuses (InputError naming the file) a file that
/// is not a units file, a record that is not one of this run's units or not of its part's
/// shard, a unit given twice and a unit missing.
std::map<std::size_t, std::vector<UnitEntry>> index_units(const Scenario& deal, std::size_t points,
                                                          const std::vector<std::string>& files,
                                                          const std::vector<int>& shard_of_file);

}  // namespace hetcoll
