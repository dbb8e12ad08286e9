#pragma once
/// @file checkpoint.hpp
/// @brief OUTPUT.partial: the summary rows of finished points, appended as each point ends, so
/// that `--resume` after a kill recomputes only what is missing.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "driver/scenario.hpp"
#include "driver/sweep.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll {

/// @brief What a finished point contributes to a run's files.
struct SavedPoint {
  std::vector<std::string> rows;  //!< summary rows, one per algorithm, in algorithm order
  /// Files holding its raw lines (each ending in a newline), to be joined in this order, if raw
  /// is asked for: a point's raw rows may be gigabytes and never sit in memory. Their owner
  /// (RunOutputs) removes them once written out.
  std::vector<std::string> raw_files;
  std::uint64_t raw_lines = 0;    //!< how many lines raw_files hold together
  std::string trace;              //!< its trace lines (replication 0 only), if a trace is asked for
};

/// @brief The checkpoint of one run (or one shard of it).
///
/// Its first line is `# hetcoll checkpoint {...}`: the run's identity (manifest.hpp), its shard,
/// and the process and temporary files that wrote it. Then one block per finished point:
/// `@point I ROWS RAW TRACE` (line counts), the lines, and `@end I`; and, for the points this
/// shard shares with others, one unit record (unit_records.hpp) per finished unit. A resume with another
/// identity or shard is refused, naming the first differing key. A block counts only if it is
/// whole (its `@end` line is there, every summary row has its fields in place and numbers
/// where numbers belong); the rest is recomputed, so a kill in the middle of a write costs
/// one point at most.
class Checkpoint {
 public:
  Checkpoint(const Scenario& scenario, const nlohmann::json& identity);

  /// Points already computed, by point index. With `resume`: reads the
  /// file, refuses another run's, and rewrites it with the whole rows only (so appends never
  /// follow a torn line); removes what a killed writer left (its temporary files and work
  /// directory). Without: refuses to overwrite an existing checkpoint. The file is read line by
  /// line, and each kept point's raw lines are copied to a file in `spool_dir`. `fields` holds
  /// each point's CSV parameter cells (point_cells()): a row or unit record of other cells is
  /// not kept. Each unit record kept goes to `saved_unit` (in the order of the file).
  using SavedUnit = std::function<void(const WorkUnit&, const std::string& fields, UnitResult&&)>;
  std::map<std::size_t, SavedPoint> load(const std::vector<std::string>& fields, const std::string& spool_dir,
                                         const SavedUnit& saved_unit);

  /// Records this process as the writer (for a later resume to clean after it).
  void set_writer(const std::string& work_dir, const std::vector<std::string>& temporaries);
  /// Appends a point's block, flushed; opens the file (writing the header) on first use.
  void append(std::size_t point, const SavedPoint& saved);
  /// Appends a unit record (a unit of a point other shards share), flushed.
  void append_unit(const WorkUnit& unit, const std::string& fields, const UnitResult& result);
  /// Removes the file: the run completed.
  void discard();

  const std::string& path() const { return path_; }
  /// Points in the file (loaded and appended).
  std::size_t points_saved() const { return points_saved_; }
  /// Unit records in the file (loaded and appended).
  std::size_t units_saved() const { return units_saved_; }
  /// True if the file is still there: its directory may have been removed during the run.
  bool on_disk() const;
  /// True if a write failed: the file may end in a torn block and is worth nothing new.
  bool broken() const { return broken_; }

 private:
  std::string header() const;
  void write_block(std::ostream& out, std::size_t point, const SavedPoint& saved) const;
  bool valid_row(const std::string& row, const std::string& algorithm, const std::string& fields) const;

  const Scenario& scenario_;
  nlohmann::json identity_;
  std::string path_;
  nlohmann::json writer_;
  std::ofstream file_;
  /// Opens the file for appending, writing the header if this run has not written it yet.
  void open_for_append();
  /// After a failed write: closes the file, marks it broken, throws OutputError.
  [[noreturn]] void write_failed(int error);

  std::size_t points_saved_ = 0;
  std::size_t units_saved_ = 0;
  bool broken_ = false;
};

}  // namespace hetcoll
