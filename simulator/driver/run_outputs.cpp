#include "driver/run_outputs.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "algorithms/family.hpp"
#include "driver/csv_output.hpp"
#include "driver/json_text.hpp"
#include "driver/manifest.hpp"
#include "driver/merge.hpp"
#include "driver/run_files.hpp"
#include "driver/sweep.hpp"
#include "driver/unit_records.hpp"

namespace hetcoll {

RunOutputs::RunOutputs(const Scenario& s)
    : scenario_(s),
      beside_(!is_stream(s.output)),
      raw_path_(shard_path(s.raw, s.shard)),
      trace_path_(shard_path(s.trace, s.shard)),
      output_(s.output, "output") {
  if (!s.raw.empty()) {
    raw_ = std::make_unique<AtomicFile>(raw_path_, "raw");
    // Beside the raw file's temporary (its own directory), or in $TMPDIR for a stream.
    const std::filesystem::path beside = std::filesystem::path(raw_->temporary()).parent_path();
    const std::string name = std::filesystem::path(raw_path_).filename().string();
    try {
      spool_ = raw_->temporary().empty()
                   ? std::make_unique<WorkDir>("hetcoll-raw")
                   : std::make_unique<WorkDir>(beside.empty() ? "." : beside.string(), name + ".spool");
    } catch (const OutputError&) {
      throw;  // in $TMPDIR, for a stream: the message names TMPDIR
    } catch (const std::runtime_error&) {
      throw OutputError("key 'raw': cannot create a directory beside '" + raw_path_ + "' for the rows in progress");
    }
  }
  if (!s.trace.empty()) trace_ = std::make_unique<AtomicFile>(trace_path_, "trace");
  if (beside_) manifest_ = std::make_unique<AtomicFile>(manifest_path(s.output), "output (its manifest)");
  if (beside_ && shards_split_points(s)) {
    units_ = std::make_unique<AtomicFile>(units_path(s.output), "output (its unit results)");
    units_->stream() << kUnitsFileHeader << '\n';
  }
  const auto points = static_cast<std::size_t>(count_points(s));
  paje_points_ = hetcoll::paje_points(s, points);
  for (std::size_t p : paje_points_) paje_[p] = std::make_unique<AtomicFile>(paje_path(s, p, points), "paje");
  if (raw_) raw_->stream() << raw_header(*s.family) << '\n';
  if (trace_) trace_->stream() << trace_header(*s.family) << '\n';
}

std::vector<std::string> RunOutputs::temporaries() const {
  std::vector<std::string> files;
  std::vector<const AtomicFile*> all{&output_, raw_.get(), trace_.get(), manifest_.get(), units_.get()};
  for (const auto& entry : paje_) all.push_back(entry.second.get());
  for (const auto& goal : goal_) all.push_back(goal.get());
  for (const AtomicFile* f : all)
    if (f && !f->temporary().empty()) files.push_back(f->temporary());
  if (spool_) files.push_back(spool_->path());
  return files;
}

void RunOutputs::flush(std::size_t point) {
  for (const std::string& file : raw_ready_[point]) {
    append_file(file, raw_->stream(), "raw");
    std::remove(file.c_str());
  }
  if (trace_) trace_->stream() << trace_ready_[point];
  raw_ready_.erase(point);
  trace_ready_.erase(point);
}

void RunOutputs::add_unit(const WorkUnit& unit, const std::string& fields, const UnitResult& result) {
  write_unit_record(units_->stream(), unit, fields, result);
}

void RunOutputs::take_paje(std::size_t point, const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostream& out = paje_.at(point)->stream();
  // An empty trace would make `out << rdbuf()` set failbit: SimGrid always writes a header.
  if (!in || !(out << in.rdbuf()))
    throw OutputError("key 'paje': cannot copy the trace of point " + std::to_string(point) + " from " + file);
  in.close();
  std::remove(file.c_str());
}

void RunOutputs::take_goal(const std::string& path, const std::string& file) {
  goal_.push_back(std::make_unique<AtomicFile>(path, "export-goal"));
  append_file(file, goal_.back()->stream(), "export-goal");
  std::remove(file.c_str());
}

void RunOutputs::commit(const nlohmann::json& identity, const std::vector<InputDigest>& inputs) {
  const Family& family = *scenario_.family;
  output_.stream() << summary_header(family) << '\n';
  const std::string columns = parameter_header(family);
  const std::size_t parameter_columns = static_cast<std::size_t>(std::count(columns.begin(), columns.end(), ',')) + 1;
  for (const std::string& row : canonical_order(rows_, parameter_columns, scenario_.output))
    output_.stream() << row << '\n';
  // Every file is written out and synced, the manifest last (it holds their SHA-256), before
  // any is renamed into place: a full disk leaves every old file as it was.
  std::vector<AtomicFile*> files{raw_.get(), trace_.get(), units_.get(), &output_};
  for (const auto& entry : paje_) files.push_back(entry.second.get());
  for (const auto& goal : goal_) files.push_back(goal.get());
  for (AtomicFile* file : files)
    if (file) file->finish();
  if (manifest_) {
    const Scenario& s = scenario_;
    ManifestFiles written{s.output, raw_path_, trace_path_, s.raw, s.trace, units_ ? units_path(s.output) : ""};
    for (AtomicFile* file : files)
      if (file) written.content[file->path()] = file->content();
    manifest_->stream() << dump_json(make_manifest(s, identity, inputs, written), 2) << '\n';
    manifest_->finish();
    files.push_back(manifest_.get());
  }
  for (AtomicFile* file : files)
    if (file) file->commit();
  // Every output is written: the raw spools of killed runs can go (their files went with each
  // commit()).
  if (spool_) spool_->remove_abandoned();
}

}  // namespace hetcoll
