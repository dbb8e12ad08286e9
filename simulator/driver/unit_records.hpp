#pragma once
/// @file unit_records.hpp
/// @brief Unit records: results of work units kept on disk, in the units file of a shard whose
/// points other shards share (OUTPUT.units, for `hetcoll merge`) and in a checkpoint.
///
/// A record is a text line `@unit POINT FIRST COUNT BYTES fields=FIELDS`, then BYTES bytes of the work
/// runner's encoding of the unit's result (encode_unit_result: its values and trace rows) and a
/// newline. FIELDS are the point's parameter columns as the CSV rows write them, so a merge
/// makes the point's rows without the scenario's inputs. The length ahead of the bytes makes a
/// record torn by a kill recognisable: it is shorter than it says, or lacks its newline.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "driver/scenario.hpp"
#include "driver/sweep.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll {

/// @brief The first line of a units file.
constexpr const char* kUnitsFileHeader = "# hetcoll units 1";

/// @brief A record's head line.
struct UnitRecord {
  WorkUnit unit;
  std::uint64_t bytes = 0;  //!< length of the encoded result that follows
  std::string fields;       //!< the point's parameter columns
};

/// @brief Writes one record (head line, encoded result, newline).
void write_unit_record(std::ostream& out, const WorkUnit& unit, const std::string& fields, const UnitResult& result);

/// @brief The head of a record, or nothing if `line` is not one.
std::optional<UnitRecord> parse_unit_head(const std::string& line);

/// @brief Reads a record's encoded result and its closing newline; false if the record is torn or
/// its result does not hold COUNT replications of `series` values each.
bool read_unit_result(std::istream& in, const UnitRecord& head, std::size_t series, UnitResult& result);

/// @brief True if the record's unit is one the scenario cuts (a point below `points`, a first
/// replication on a block boundary, the block's count of replications).
bool cut_as_scenario(const Scenario& scenario, const UnitRecord& head, std::size_t points);

}  // namespace hetcoll
