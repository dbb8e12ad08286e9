#pragma once
/// @file run_outputs.hpp
/// @brief The files one run writes: the summary CSV, the raw and trace files (this shard's),
/// the Paje traces of its points, its GOAL exports and the manifest, each opened before any work
/// (the GOAL exports once the export run has said which algorithms have a plan) and committed
/// together at the end.
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "driver/atomic_file.hpp"
#include "driver/checkpoint.hpp"
#include "driver/manifest.hpp"
#include "driver/scenario.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll {

/// @brief Raw and trace rows are written in point order, whatever order the points complete
/// in, so the files are byte-identical for any number of jobs; summary rows are sorted into
/// canonical order at the end.
class RunOutputs {
 public:
  /// Opens every file (under a temporary name): an unwritable path fails here, before any work.
  explicit RunOutputs(const Scenario& scenario);

  /// False for standard output, a device or a FIFO: then there is no checkpoint or manifest.
  bool beside() const { return beside_; }
  bool wants_raw() const { return raw_ != nullptr; }
  /// Where the raw rows of points not yet written out wait (one file per point and algorithm):
  /// a private directory beside the raw file, on the disk it fills; "" without raw.
  std::string raw_spool() const { return spool_ ? spool_->path() : ""; }
  /// The temporary files being written, for the checkpoint to record.
  std::vector<std::string> temporaries() const;

  /// The points whose rows will come, in any order (those of this shard still to run, and
  /// those a checkpoint already holds).
  void expect(std::size_t point) { pending_.insert(point); }
  /// A point's rows; raw and trace rows go out as soon as every earlier point's have (the raw
  /// rows copied from their files, which are then removed). `still_running(p)` tells whether
  /// point p has yet to complete.
  template <class StillRunning>
  void add(std::size_t point, const SavedPoint& saved, StillRunning still_running) {
    rows_.insert(rows_.end(), saved.rows.begin(), saved.rows.end());
    raw_ready_[point] = saved.raw_files;
    trace_ready_[point] = saved.trace;
    while (!pending_.empty() && !still_running(*pending_.begin()) && raw_ready_.count(*pending_.begin())) {
      flush(*pending_.begin());
      pending_.erase(pending_.begin());
    }
  }

  /// Appends a unit of a point other shards share to the units file (OUTPUT.units), for
  /// `hetcoll merge`; `fields` are the point's parameter columns.
  void add_unit(const WorkUnit& unit, const std::string& fields, const UnitResult& result);

  /// The points whose Paje trace this run writes, in order (none without key `paje`).
  const std::vector<std::size_t>& paje_points() const { return paje_points_; }
  /// Takes the Paje trace of `point` from the file a trace run wrote (in the work directory);
  /// commit() renames it into place with the other files.
  void take_paje(std::size_t point, const std::string& file);
  /// Takes a GOAL export from the file an export run wrote (in the work directory) into `path`,
  /// opened now; commit() renames it into place with the other files.
  void take_goal(const std::string& path, const std::string& file);

  /// Writes the summary and the manifest (with the identity and input digests taken at the
  /// run's start) and commits every file.
  void commit(const nlohmann::json& identity, const std::vector<InputDigest>& inputs);

 private:
  void flush(std::size_t point);

  const Scenario& scenario_;
  bool beside_;
  std::string raw_path_, trace_path_;
  AtomicFile output_;
  std::unique_ptr<AtomicFile> raw_, trace_, manifest_, units_;
  std::unique_ptr<WorkDir> spool_;
  std::vector<std::size_t> paje_points_;
  std::map<std::size_t, std::unique_ptr<AtomicFile>> paje_;  // by point
  std::vector<std::unique_ptr<AtomicFile>> goal_;             // in the order taken
  std::vector<std::string> rows_;
  std::set<std::size_t> pending_;
  std::map<std::size_t, std::vector<std::string>> raw_ready_;
  std::map<std::size_t, std::string> trace_ready_;
};

}  // namespace hetcoll
