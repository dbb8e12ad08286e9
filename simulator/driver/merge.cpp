#include "driver/merge.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <fstream>
#include <map>
#include <set>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/sha256.hpp"
#include "driver/atomic_file.hpp"
#include "driver/csv_output.hpp"
#include "driver/manifest.hpp"
#include "driver/run_files.hpp"

namespace hetcoll {

std::vector<std::string> canonical_order(const std::vector<std::string>& rows, std::size_t columns,
                                         const std::string& where) {
  struct Keyed {
    std::vector<double> point;
    std::size_t algorithm_rank;
    const std::string* row;
  };
  std::map<std::string, std::size_t> rank;  // algorithm -> order of first appearance
  std::set<std::pair<std::vector<double>, std::string>> seen;
  std::vector<Keyed> keyed;
  for (const std::string& row : rows) {
    const std::vector<std::string> f = split_csv_row(row);
    if (f.size() < columns + 1) throw InputError(where + ": a row has too few columns: '" + row + "'");
    std::vector<double> point;
    for (std::size_t c = 1; c <= columns; ++c) point.push_back(parse_number(f[c], "column " + std::to_string(c + 1), where));
    if (!seen.insert({point, f[0]}).second)
      throw InputError(where + ": algorithm " + f[0] + " appears twice at one point (overlapping shards?)");
    const std::size_t r = rank.emplace(f[0], rank.size()).first->second;
    keyed.push_back({std::move(point), r, &row});
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    return a.point != b.point ? a.point < b.point : a.algorithm_rank < b.algorithm_rank;
  });
  std::vector<std::string> out;
  for (const Keyed& k : keyed) out.push_back(*k.row);
  return out;
}

namespace {

/// A CSV's header and its non-empty rows; InputError naming the file if it cannot be read.
std::pair<std::string, std::vector<std::string>> read_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot read the CSV file");
  std::string header, line;
  if (!std::getline(in, header)) throw InputError(path + ": empty file, expected a hetcoll CSV header");
  std::vector<std::string> rows;
  while (std::getline(in, line))
    if (!line.empty()) rows.push_back(line);
  return {header, rows};
}

/// One part's side file, read a row at a time with the point its row belongs to.
class SideFileReader {
 public:
  SideFileReader(const std::string& path, std::size_t parameter_columns) : path_(path), columns_(parameter_columns), in_(path) {
    if (!in_) throw InputError(path + ": cannot read the CSV file");
    if (!std::getline(in_, header_)) throw InputError(path + ": empty file, expected a hetcoll CSV header");
    advance();
  }
  const std::string& header() const { return header_; }
  bool done() const { return done_; }
  const std::vector<double>& point() const { return point_; }
  const std::string& row() const { return row_; }

  /// The next non-empty row; a part's rows must come in point order, as a run writes them.
  void advance() {
    std::vector<double> previous = std::move(point_);
    for (;;) {
      if (!std::getline(in_, row_)) {
        done_ = true;
        return;
      }
      if (!row_.empty()) break;
    }
    const std::vector<std::string> f = split_csv_row(row_);
    if (f.size() <= columns_) throw InputError(path_ + ": a row has too few columns: '" + row_ + "'");
    point_.clear();
    for (std::size_t c = 1; c <= columns_; ++c)
      point_.push_back(parse_number(f[c], "column " + std::to_string(c + 1), path_));
    if (!previous.empty() && point_ < previous)
      throw InputError(path_ + ": rows are not in point order (a hetcoll run writes them so): '" + row_ + "'");
  }

 private:
  std::string path_;
  std::size_t columns_;
  std::ifstream in_;
  std::string header_, row_;
  std::vector<double> point_;
  bool done_ = false;
};

/// Rows of side files (raw, trace) of all parts, in point order: within a point they keep the
/// order the single run writes them in. Each part is in point order already, so this is a
/// merge of sorted files, streamed: raw files of gigabytes never sit in memory.
void merge_side_files(const std::vector<std::string>& paths, std::size_t parameter_columns, std::ostream& out) {
  std::vector<std::unique_ptr<SideFileReader>> parts;
  for (const std::string& path : paths) {
    parts.push_back(std::make_unique<SideFileReader>(path, parameter_columns));
    if (parts.back()->header() != parts.front()->header())
      throw InputError(path + ": header differs from " + paths.front() + "'s");
  }
  out << parts.front()->header() << '\n';
  for (;;) {
    SideFileReader* next = nullptr;  // the first part (in the order given) at the smallest point
    for (const auto& part : parts)
      if (!part->done() && (next == nullptr || part->point() < next->point())) next = part.get();
    if (next == nullptr) break;
    const std::vector<double> point = next->point();
    while (!next->done() && next->point() == point) {
      out << next->row() << '\n';
      next->advance();
    }
  }
}

std::string file_of(const nlohmann::json& manifest, const char* which) {
  return manifest["files"].value(which, "");
}

}  // namespace

void merge_parts(const MergeRequest& request) {
  if (request.parts.empty()) throw InputError("merge: no input file given");
  // Every part must come from one run: same identity, same shard count, each shard once.
  std::vector<nlohmann::json> manifests;
  for (const std::string& part : request.parts) manifests.push_back(read_manifest(manifest_path(part)));
  const nlohmann::json& first = manifests.front();
  const int shards = first["shard"].value("count", 0);
  std::map<int, std::string> shard_parts;
  for (std::size_t i = 0; i < manifests.size(); ++i) {
    const nlohmann::json& m = manifests[i];
    const std::string where = manifest_path(request.parts[i]);
    if (m["hash"] != first["hash"])
      throw InputError(where + ": not a part of the run of " + request.parts.front() + ": " +
                       identity_difference(first["identity"], m["identity"], where));
    const int index = m["shard"].value("index", -1), count = m["shard"].value("count", 0);
    if (count != shards)
      throw InputError(where + ": shard " + std::to_string(index) + " of " + std::to_string(count) + ", but " +
                       request.parts.front() + " is one of " + std::to_string(shards) + " shards");
    if (!shard_parts.emplace(index, request.parts[i]).second)
      throw InputError(where + ": shard " + std::to_string(index) + " of " + std::to_string(count) +
                       " is given twice (also " + shard_parts[index] + ")");
  }
  // Each part's files as its run wrote them: not overwritten since by another run of the same names.
  for (std::size_t i = 0; i < manifests.size(); ++i)
    for (const auto& [file, sha] : {std::pair<std::string, std::string>{request.parts[i], "output_sha256"},
                                    {file_of(manifests[i], "raw"), "raw_sha256"},
                                    {file_of(manifests[i], "trace"), "trace_sha256"}})
      if (!file.empty() && sha256_file(file) != file_of(manifests[i], sha.c_str()))
        throw InputError(file + ": changed since the run of " + request.parts[i] +
                         " wrote it (its SHA-256 differs from the manifest's)");
  for (int k = 0; k < shards; ++k)
    if (!shard_parts.count(k))
      throw InputError("merge: shard " + std::to_string(k) + " of " + std::to_string(shards) +
                       " is missing (give one part per shard)");

  // Side files: all parts have them or none; merged where the run was asked to write them.
  auto side_files = [&](const char* which) {
    std::vector<std::string> files;
    for (const nlohmann::json& m : manifests)
      if (!file_of(m, which).empty()) files.push_back(file_of(m, which));
    for (std::size_t i = 0; i < manifests.size() && !files.empty() && files.size() < manifests.size(); ++i)
      if (file_of(manifests[i], which).empty())
        throw InputError(manifest_path(request.parts[i]) + ": this part has no " + which + " file, others have");
    return files;
  };
  const std::vector<std::string> raws = side_files("raw"), traces = side_files("trace");
  const std::string raw_target = raws.empty() ? "" : request.raw.empty() ? file_of(first, "raw_requested") : request.raw;
  const std::string trace_target =
      traces.empty() ? "" : request.trace.empty() ? file_of(first, "trace_requested") : request.trace;
  if (!request.raw.empty() && raws.empty()) throw InputError("merge: key 'raw': the parts have no raw file to merge");
  if (!request.trace.empty() && traces.empty())
    throw InputError("merge: key 'trace': the parts have no trace file to merge");

  std::vector<NamedPath> inputs, outputs{{"output", request.output}};
  for (std::size_t i = 0; i < request.parts.size(); ++i) {
    inputs.push_back({"part", request.parts[i]});
    inputs.push_back({"part's manifest", manifest_path(request.parts[i])});
  }
  for (const std::string& r : raws) inputs.push_back({"part's raw", r});
  for (const std::string& t : traces) inputs.push_back({"part's trace", t});
  if (!is_stream(request.output)) outputs.push_back({"output (its manifest)", manifest_path(request.output)});
  if (!raw_target.empty()) outputs.push_back({"raw", raw_target});
  if (!trace_target.empty()) outputs.push_back({"trace", trace_target});
  refuse_clashing_paths(inputs, outputs);

  std::string header;
  std::vector<std::string> rows;
  for (const std::string& part : request.parts) {
    auto [part_header, part_rows] = read_csv(part);
    if (header.empty()) header = part_header;
    else if (part_header != header) throw InputError(part + ": header differs from " + request.parts.front() + "'s");
    rows.insert(rows.end(), part_rows.begin(), part_rows.end());
  }
  const std::vector<std::string> columns = split_csv_row(header);
  const auto replications = std::find(columns.begin(), columns.end(), "replications");
  if (columns.empty() || columns[0] != "algorithm" || replications == columns.end())
    throw InputError(request.parts.front() + ": expected a header 'algorithm,<parameters>,replications,...'");
  const auto parameter_columns = static_cast<std::size_t>(replications - columns.begin()) - 1;
  const std::vector<std::string> ordered = canonical_order(rows, parameter_columns, "merge");

  AtomicFile out(request.output, "output");
  std::unique_ptr<AtomicFile> raw, trace, manifest;
  if (!raw_target.empty()) raw = std::make_unique<AtomicFile>(raw_target, "raw");
  if (!trace_target.empty()) trace = std::make_unique<AtomicFile>(trace_target, "trace");
  if (!is_stream(request.output)) manifest = std::make_unique<AtomicFile>(manifest_path(request.output), "output (its manifest)");
  out.stream() << header << '\n';
  for (const std::string& row : ordered) out.stream() << row << '\n';
  if (raw) merge_side_files(raws, parameter_columns, raw->stream());
  if (trace) merge_side_files(traces, parameter_columns, trace->stream());
  if (raw) raw->commit();
  if (trace) trace->commit();
  out.commit();
  if (manifest) {
    nlohmann::json merged = first;
    merged["shard"] = {{"index", 0}, {"count", 1}};
    merged["merged_from"] = nlohmann::json::array();
    for (std::size_t i = 0; i < request.parts.size(); ++i)
      merged["merged_from"].push_back({{"path", request.parts[i]},
                                       {"shard", manifests[i]["shard"]},
                                       {"removed", request.remove_parts}});
    merged["merge_command_line"] = request.command_line;
    merged["files"] = manifest_files({request.output, raw_target, trace_target, file_of(first, "raw_requested"),
                                      file_of(first, "trace_requested")});
    manifest->stream() << merged.dump(2) << '\n';
    manifest->commit();
  }
  if (request.remove_parts)
    for (const NamedPath& in : inputs) std::remove(in.path.c_str());
}

}  // namespace hetcoll
