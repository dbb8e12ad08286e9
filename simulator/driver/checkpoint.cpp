#include "driver/checkpoint.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/error.hpp"
#include "driver/atomic_file.hpp"
#include "driver/csv_output.hpp"
#include "driver/json_text.hpp"
#include "driver/manifest.hpp"
#include "driver/owned_temporary.hpp"
#include "driver/run_files.hpp"
#include "driver/sweep.hpp"
#include "driver/unit_records.hpp"

using nlohmann::json;

namespace hetcoll {
namespace {

constexpr const char* kHeaderPrefix = "# hetcoll checkpoint ";

/// Reads one line; false at the end of the file or for a last line without its newline, which a
/// kill cut.
bool whole_line(std::istream& in, std::string& line) { return std::getline(in, line) && !in.eof(); }

/// Removes what a killed run left, if it ran on this host and is gone.
void clean_after(const json& writer) {
  if (!writer.is_object() || writer.value("host", "") != host_name()) return;
  const int pid = writer.value("pid", 0);
  if (pid <= 0 || pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) return;
  std::error_code ignored;
  for (const json& t : writer.value("temporaries", json::array()))
    if (t.is_string()) std::filesystem::remove_all(t.get<std::string>(), ignored);  // files, and the raw spool directory
  const std::string work_dir = writer.value("work_dir", "");
  if (!work_dir.empty()) std::filesystem::remove_all(work_dir, ignored);
}

}  // namespace

Checkpoint::Checkpoint(const Scenario& scenario, const json& identity)
    : scenario_(scenario), identity_(identity), path_(checkpoint_path(scenario.output)) {}

std::string Checkpoint::header() const {
  const json h{{"hash", identity_hash(identity_)},
               {"identity", identity_},
               {"shard", {{"index", scenario_.shard.index}, {"count", scenario_.shard.count}}},
               {"writer", writer_},
               {"raw", !scenario_.raw.empty()},
               {"trace", !scenario_.trace.empty()}};
  return kHeaderPrefix + dump_json(h);
}

std::map<std::size_t, SavedPoint> Checkpoint::load(const std::vector<std::string>& fields, const std::string& spool_dir,
                                                   const SavedUnit& saved_unit) {
  std::map<std::size_t, SavedPoint> done;
  std::error_code error;
  if (!std::filesystem::exists(path_, error)) return done;
  // Only a file can be a checkpoint: a directory there would take the rows of the whole run and
  // fail at its end.
  if (!std::filesystem::is_regular_file(path_, error))
    throw InputError("key 'output': '" + path_ + "', where its checkpoint goes, is " +
                     (std::filesystem::is_directory(path_, error) ? "a directory" : "not a regular file") +
                     "; remove it or choose another output");
  if (!scenario_.resume)
    throw InputError(path_ + ": the checkpoint of an interrupted run is there; add --resume to finish it, or remove it");
  // Read line by line: with raw rows, a checkpoint may hold gigabytes.
  std::ifstream in(path_, std::ios::binary);
  std::string first;
  const bool first_whole = whole_line(in, first);
  const std::string prefix = kHeaderPrefix;
  // A kill while the header was being written leaves part of it: nothing was saved yet.
  const bool torn_header = !first_whole &&
                           (first.size() < prefix.size() ? prefix.rfind(first, 0) == 0 : first.rfind(prefix, 0) == 0);
  if (torn_header) {
    in.close();
    file_.open(path_, std::ios::binary | std::ios::trunc);
    file_ << header() << '\n' << std::flush;
    return done;
  }
  if (first.rfind(prefix, 0) != 0 || !first_whole)
    throw InputError(path_ + ": not a hetcoll checkpoint (no '" + prefix + "' line); remove it");
  const json saved = parse_json(first.substr(prefix.size()));
  if (saved.is_discarded() || !saved.is_object() || !saved.contains("identity"))
    throw InputError(path_ + ": the checkpoint's first line is damaged; remove the file to start again");
  const std::string difference = identity_difference(identity_, saved["identity"], path_);
  if (!difference.empty())
    throw InputError(path_ + ": written by another run: " + difference + " (remove it or drop --resume)");
  const json shard{{"index", scenario_.shard.index}, {"count", scenario_.shard.count}};
  if (saved.value("shard", json()) != shard)
    throw InputError(path_ + ": written by shard " + saved.value("shard", json()).dump() + ", not by this shard " +
                     shard.dump());
  clean_after(saved.value("writer", json()));

  // Whole blocks only: a kill can cut the last one anywhere. A block that is not whole is
  // skipped by its `@point` line alone, and the scan goes on from the next line.
  const Family& family = *scenario_.family;
  // Blocks hold the raw and trace lines only if the run that wrote them asked for those files.
  const bool same_side_files = saved.value("raw", false) == !scenario_.raw.empty() &&
                               saved.value("trace", false) == !scenario_.trace.empty();
  // Unit records are checked here and copied from the file below: their values never sit in
  // memory together. Unit records of another trace setting hold other trace rows.
  const bool same_trace = saved.value("trace", false) == !scenario_.trace.empty();
  const std::size_t series = scenario_.algorithms.size() * (1 + family.metrics().size());
  std::map<std::pair<std::size_t, std::uint64_t>, std::streampos> kept_units;  // unit -> its record
  std::string line;
  for (std::streampos start = in.tellg(); whole_line(in, line); start = in.tellg()) {
    if (const std::optional<UnitRecord> record = parse_unit_head(line)) {
      const WorkUnit& u = record->unit;
      const std::streampos after_head = in.tellg();
      UnitResult result;
      if (same_trace && cut_as_scenario(scenario_, *record, fields.size()) && !whole_in_shard(scenario_, u.point) &&
          unit_shard(scenario_, u.point, u.first / scenario_.block) == scenario_.shard.index &&
          read_unit_result(in, *record, series, result) && record->fields == fields[u.point]) {
        kept_units.emplace(std::make_pair(u.point, u.first), start);
        continue;
      }
      in.clear();
      in.seekg(after_head);
      continue;
    }
    std::istringstream head(line);
    std::string tag;
    std::size_t point = 0, rows = 0, raw = 0, trace = 0;
    if (!(head >> tag >> point >> rows >> raw >> trace) || tag != "@point") continue;
    const std::streampos after_head = in.tellg();
    if (!(point < fields.size() && whole_in_shard(scenario_, point) && rows == scenario_.algorithms.size() &&
          same_side_files))
      continue;
    SavedPoint block;
    bool whole = true;
    for (std::size_t r = 0; r < rows && whole; ++r) {
      whole = whole_line(in, line);
      block.rows.push_back(line);
    }
    std::string spool;
    if (whole && raw > 0) {
      // One file per block: a later block of the same point may turn out torn or invalid.
      spool = spool_dir + "/checkpoint-raw-p" + std::to_string(point) + "-" + std::to_string(static_cast<long long>(std::streamoff(after_head)));
      std::ofstream out(spool, std::ios::binary | std::ios::trunc);
      for (std::size_t r = 0; r < raw && whole; ++r)
        if ((whole = whole_line(in, line))) out << line << '\n';
      if (!out.flush()) throw OutputError("key 'raw': cannot write '" + spool + "' (the raw rows of a saved point)");
      block.raw_files.push_back(spool);
      block.raw_lines = raw;
    }
    for (std::size_t r = 0; r < trace && whole; ++r)
      if ((whole = whole_line(in, line))) block.trace += line + '\n';
    whole = whole && whole_line(in, line) && line == "@end " + std::to_string(point);
    if (!whole) {
      if (!spool.empty()) std::remove(spool.c_str());
      in.clear();
      in.seekg(after_head);
      continue;
    }
    bool valid = true;
    for (std::size_t r = 0; r < rows && valid; ++r) valid = valid_row(block.rows[r], scenario_.algorithms[r], fields[point]);
    if (!valid) {
      if (!spool.empty()) std::remove(spool.c_str());
      continue;
    }
    if (done.count(point))
      for (const std::string& file : done[point].raw_files) std::remove(file.c_str());
    done[point] = std::move(block);
  }
  in.close();
  // Rewritten with the kept rows, so that new rows never follow a torn one.
  AtomicFile rewritten(path_, "output (its checkpoint)");
  rewritten.stream() << header() << '\n';
  for (const auto& [point, kept] : done) write_block(rewritten.stream(), point, kept);
  std::ifstream records(path_, std::ios::binary);
  for (const auto& entry : kept_units) {
    records.seekg(entry.second);
    std::getline(records, line);
    const UnitRecord record = *parse_unit_head(line);
    UnitResult result;
    if (!read_unit_result(records, record, series, result))
      throw OutputError("key 'output': the checkpoint '" + path_ + "' changed while it was read");
    write_unit_record(rewritten.stream(), record.unit, record.fields, result);
    saved_unit(record.unit, record.fields, std::move(result));
  }
  records.close();
  rewritten.commit();
  file_.open(path_, std::ios::binary | std::ios::app);
  points_saved_ = done.size();
  units_saved_ = kept_units.size();
  return done;
}

void Checkpoint::set_writer(const std::string& work_dir, const std::vector<std::string>& temporaries) {
  writer_ = {{"host", host_name()}, {"pid", ::getpid()}, {"work_dir", work_dir}, {"temporaries", temporaries}};
}

void Checkpoint::write_block(std::ostream& out, std::size_t point, const SavedPoint& saved) const {
  out << "@point " << point << ' ' << saved.rows.size() << ' ' << saved.raw_lines << ' '
      << std::count(saved.trace.begin(), saved.trace.end(), '\n') << '\n';
  for (const std::string& row : saved.rows) out << row << '\n';
  for (const std::string& file : saved.raw_files) append_file(file, out, "output (its checkpoint)");
  out << saved.trace << "@end " << point << '\n';
}

bool Checkpoint::valid_row(const std::string& row, const std::string& algorithm, const std::string& fields) const {
  const std::string prefix = algorithm + ',' + fields + ',' + std::to_string(scenario_.replications) + ',';
  // A trailing comma is an empty last field, never a number (split_csv_row would drop it).
  if (row.rfind(prefix, 0) != 0 || row.back() == ',') return false;
  return summary_statistics_valid(*scenario_.family, split_csv_row(row.substr(prefix.size())));
}

void Checkpoint::open_for_append() {
  if (file_.is_open()) return;
  file_.open(path_, std::ios::binary | std::ios::trunc);
  file_ << header() << '\n';
}

void Checkpoint::write_failed(int error) {
  file_.close();
  broken_ = true;
  throw OutputError("key 'output': cannot write the checkpoint '" + path_ + "': " + std::strerror(error ? error : EIO));
}

void Checkpoint::append(std::size_t point, const SavedPoint& saved) {
  if (is_stream(scenario_.output)) return;
  // errno is the reason of the first write that failed, in the block or in its flush: a
  // failed stream makes no system call after it.
  errno = 0;
  open_for_append();
  write_block(file_, point, saved);
  if (!file_.flush()) write_failed(errno);
  ++points_saved_;
}

void Checkpoint::append_unit(const WorkUnit& unit, const std::string& fields, const UnitResult& result) {
  if (is_stream(scenario_.output)) return;
  errno = 0;  // as in append()
  open_for_append();
  write_unit_record(file_, unit, fields, result);
  if (!file_.flush()) write_failed(errno);
  ++units_saved_;
}

bool Checkpoint::on_disk() const {
  std::error_code error;
  return std::filesystem::is_regular_file(path_, error);
}

void Checkpoint::discard() {
  if (file_.is_open()) file_.close();
  std::remove(path_.c_str());
}

}  // namespace hetcoll
