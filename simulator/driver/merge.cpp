#include "driver/merge.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <cstdio>
#include <memory>
#include <fstream>
#include <map>
#include <set>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/sha256.hpp"
#include "driver/atomic_file.hpp"
#include "driver/csv_output.hpp"
#include "driver/json_text.hpp"
#include "driver/manifest.hpp"
#include "driver/point_collector.hpp"
#include "driver/run_files.hpp"
#include "driver/side_file_merge.hpp"
#include "driver/sweep.hpp"
#include "driver/unit_index.hpp"
#include "driver/unit_records.hpp"
#include "driver/work_dir.hpp"

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
    for (std::size_t c = 1; c <= columns; ++c) point.push_back(parameter_order_value(f[c], "column " + std::to_string(c + 1), where));
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

std::string file_of(const nlohmann::json& manifest, const char* which) {
  return manifest["files"].value(which, "");
}

/// The numbers of a CSV row's parameter columns, as the side files' readers order them.
std::vector<double> point_values(const std::string& fields, const std::string& where) {
  std::vector<double> values;
  // Every cell, an empty last one too, which split_csv_row drops: it drops the comma added here.
  for (const std::string& f : split_csv_row(fields + ','))
    values.push_back(parameter_order_value(f, "a point's parameters", where));
  return values;
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
                                    {file_of(manifests[i], "trace"), "trace_sha256"},
                                    {file_of(manifests[i], "units"), "units_sha256"}})
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
  const std::vector<std::string> unit_files = side_files("units");
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
  // A run of one shard writes raw and trace to the paths asked for (no shard tag): the merge
  // rewrites them in place, through a temporary file, and leaves them there.
  for (const std::string& r : raws)
    if (!(shards == 1 && same_file(r, raw_target))) inputs.push_back({"part's raw", r});
  for (const std::string& t : traces)
    if (!(shards == 1 && same_file(t, trace_target))) inputs.push_back({"part's trace", t});
  for (const std::string& u : unit_files) inputs.push_back({"part's unit results", u});
  if (!is_stream(request.output)) outputs.push_back({"output (its manifest)", manifest_path(request.output)});
  if (!raw_target.empty()) outputs.push_back({"raw", raw_target});
  if (!trace_target.empty()) outputs.push_back({"trace", trace_target});
  refuse_clashing_paths(inputs, outputs);

  // The keys the deal of units and the rows depend on, from the identity the parts share: what
  // a run gives its PointCollector, so a merged point's rows are the single run's bytes.
  const nlohmann::json& identity = first["identity"];
  Scenario deal;
  deal.family = find_family(identity.value("family", ""));
  if (deal.family == nullptr) throw InputError(manifest_path(request.parts.front()) + ": names no family of this hetcoll");
  deal.algorithms = identity.value("algorithms", std::vector<std::string>{});
  deal.replications = identity.value("replications", std::uint64_t{0});
  deal.block = identity.value("block", std::uint64_t{0});
  deal.quantiles = identity.value("quantiles", "exact");
  deal.shard.count = shards;
  if (deal.replications == 0 || deal.block == 0 || deal.algorithms.empty())
    throw InputError(manifest_path(request.parts.front()) + ": its identity lacks replications, block or algorithms");
  const bool counted = first.contains("points") && first["points"].is_number_unsigned();
  if (!unit_files.empty() && !counted)
    throw InputError(manifest_path(request.parts.front()) + ": has unit results but no count of points (key \"points\")");
  const std::size_t points = counted ? first["points"].get<std::size_t>() : 0;
  std::vector<int> shard_of_file;
  for (const nlohmann::json& m : manifests)
    if (!file_of(m, "units").empty()) shard_of_file.push_back(m["shard"].value("index", -1));
  const std::map<std::size_t, std::vector<UnitEntry>> shared_points =
      index_units(deal, points, unit_files, shard_of_file);

  std::string header;
  std::vector<std::string> rows;
  for (std::size_t i = 0; i < request.parts.size(); ++i) {
    const std::string& part = request.parts[i];
    auto [part_header, part_rows] = read_csv(part);
    if (header.empty()) header = part_header;
    else if (part_header != header) throw InputError(part + ": header differs from " + request.parts.front() + "'s");
    if (counted) {
      // A part holds the rows of the points whole in its shard, one per algorithm.
      Scenario shard = deal;
      shard.shard.index = manifests[i]["shard"].value("index", 0);
      const std::size_t whole = whole_points_in_shard(shard, points);
      if (part_rows.size() != whole * deal.algorithms.size())
        throw InputError(part + ": " + std::to_string(part_rows.size()) + " rows, expected " +
                         std::to_string(whole * deal.algorithms.size()) + " (" + std::to_string(whole) +
                         " points whole in shard " + std::to_string(shard.shard.index) + ")");
    }
    rows.insert(rows.end(), part_rows.begin(), part_rows.end());
  }
  const std::vector<std::string> columns = split_csv_row(header);
  const auto replications = std::find(columns.begin(), columns.end(), "replications");
  if (columns.empty() || columns[0] != "algorithm" || replications == columns.end())
    throw InputError(request.parts.front() + ": expected a header 'algorithm,<parameters>,replications,...'");
  const auto parameter_columns = static_cast<std::size_t>(replications - columns.begin()) - 1;

  AtomicFile out(request.output, "output");
  std::unique_ptr<AtomicFile> raw, trace, manifest;
  std::unique_ptr<WorkDir> spool;
  if (!raw_target.empty()) {
    raw = std::make_unique<AtomicFile>(raw_target, "raw");
    if (!shared_points.empty()) {
      // A point's raw rows wait beside the raw file, on the disk they fill, as in a run.
      const std::string beside = raw->temporary().empty() ? temporary_directory()
                                                           : std::filesystem::path(raw->temporary()).parent_path().string();
      try {
        spool = std::make_unique<WorkDir>(beside.empty() ? "." : beside, "hetcoll-merge.spool");
      } catch (const std::runtime_error& e) {
        throw OutputError(raw->temporary().empty()
                              ? temporary_directory_name() + ": cannot make a directory there for the rows in progress: " +
                                    e.what()
                              : "key 'raw': cannot create a directory beside '" + raw_target +
                                    "' for the rows in progress: " + e.what());
      }
    }
  }
  if (!trace_target.empty()) trace = std::make_unique<AtomicFile>(trace_target, "trace");
  if (!is_stream(request.output)) manifest = std::make_unique<AtomicFile>(manifest_path(request.output), "output (its manifest)");
  std::unique_ptr<SideFileMerge> raw_merge, trace_merge;
  if (raw) raw_merge = std::make_unique<SideFileMerge>(raws, parameter_columns, raw->stream());
  if (trace) trace_merge = std::make_unique<SideFileMerge>(traces, parameter_columns, trace->stream());

  // Points shared by shards, one at a time in canonical order: their units, read in replication
  // order, go through the PointCollector a run uses, so p2's estimates see the values in the
  // single run's order; the point's raw and trace rows go out between those of the whole points.
  const std::size_t series = deal.algorithms.size() * (1 + deal.family->metrics().size());
  for (const auto& [point, entries] : shared_points) {
    const std::string& fields = entries.front().record.fields;
    std::vector<WorkUnit> units;
    for (const UnitEntry& e : entries) units.push_back(e.record.unit);
    PointCollector collector(deal, [&](std::size_t) { return fields; }, units, spool ? spool->path() : "");
    std::optional<SavedPoint> saved;
    for (const UnitEntry& e : entries) {
      std::ifstream in(unit_files[e.part], std::ios::binary);
      in.seekg(e.result);
      UnitResult result;
      if (!read_unit_result(in, e.record, series, result))
        throw InputError(unit_files[e.part] + ": " + describe_unit(e.record.unit) + " is damaged (expected " +
                         std::to_string(e.record.unit.count * series) + " values)");
      saved = collector.add(e.record.unit, std::move(result));
    }
    const std::vector<double> at = point_values(fields, unit_files[entries.front().part]);
    if (raw_merge) {
      raw_merge->copy_until(&at);
      for (const std::string& file : saved->raw_files) {
        append_file(file, raw->stream(), "raw");
        std::remove(file.c_str());
      }
    }
    if (trace_merge) {
      trace_merge->copy_until(&at);
      trace->stream() << saved->trace;
    }
    rows.insert(rows.end(), saved->rows.begin(), saved->rows.end());
  }
  if (raw_merge) raw_merge->copy_until(nullptr);
  if (trace_merge) trace_merge->copy_until(nullptr);

  out.stream() << header << '\n';
  for (const std::string& row : canonical_order(rows, parameter_columns, "merge")) out.stream() << row << '\n';
  // Every file is written out and synced before any is renamed into place (run_outputs.cpp).
  for (AtomicFile* file : {raw.get(), trace.get(), &out})
    if (file) file->finish();
  if (manifest) {
    nlohmann::json merged = first;
    merged["shard"] = {{"index", 0}, {"count", 1}};
    merged["merged_from"] = nlohmann::json::array();
    for (std::size_t i = 0; i < request.parts.size(); ++i)
      merged["merged_from"].push_back({{"path", request.parts[i]},
                                       {"shard", manifests[i]["shard"]},
                                       {"removed", request.remove_parts}});
    merged["merge_command_line"] = request.command_line;
    ManifestFiles written{request.output, raw_target, trace_target, file_of(first, "raw_requested"),
                          file_of(first, "trace_requested")};
    for (AtomicFile* file : {raw.get(), trace.get(), &out})
      if (file) written.content[file->path()] = file->content();
    merged["files"] = manifest_files(written);
    manifest->stream() << dump_json(merged, 2) << '\n';
    manifest->finish();
  }
  for (AtomicFile* file : {raw.get(), trace.get(), &out, manifest.get()})
    if (file) file->commit();
  if (spool) spool->remove_abandoned();  // those of killed merges
  if (request.remove_parts)
    for (const NamedPath& in : inputs) std::remove(in.path.c_str());
}

}  // namespace hetcoll
