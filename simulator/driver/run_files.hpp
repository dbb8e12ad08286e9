#pragma once
/// @file run_files.hpp
/// @brief The files a run reads and writes, and the rule that no output lands on an input or on
/// another output.
#include <string>
#include <vector>

#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief A path and the key that named it, for error messages.
struct NamedPath {
  std::string key;
  std::string path;
};

/// @brief True for standard output (`-`), a character device or a FIFO: written as a stream,
/// with no checkpoint or manifest beside it.
bool is_stream(const std::string& output);

/// @brief Checkpoint of an interrupted run: OUTPUT.partial.
std::string checkpoint_path(const std::string& output);
/// @brief Manifest beside an output: OUTPUT.manifest.json.
std::string manifest_path(const std::string& output);
/// @brief Unit results of a shard whose points other shards share: OUTPUT.units
/// (unit_records.hpp), which `hetcoll merge` summarises.
std::string units_path(const std::string& output);
/// @brief The file a shard writes for a side output (raw, trace) of a sharded run:
/// `r.csv` becomes `r.shard-1-of-3.csv`, so shards never write one file. Unchanged for an
/// unsharded run or for standard output.
std::string shard_path(const std::string& path, const Shard& shard);

/// @brief The points whose Paje trace this run writes (key `paje`): points p with p mod N = i
/// for shard i of N (dealt by point, not by work unit: a trace is one replication of a point),
/// none without `paje`. `points` is the sweep's point count.
std::vector<std::size_t> paje_points(const Scenario& scenario, std::size_t points);
/// @brief Where the Paje trace of `point` goes: `paje` itself for a sweep of one point;
/// otherwise `.pN` (N the point's index in canonical order) before the extension of the file
/// name, `run.trace` becoming `run.p3.trace`, so every point, in any shard, has a file of its own.
std::string paje_path(const Scenario& scenario, std::size_t point, std::size_t points);

/// @brief The points whose static plans this run exports as GOAL (key `export-goal`): those
/// paje_points() would trace, none without `export-goal`. Throws InputError naming the key if
/// they and the run's algorithms make more than kMostExports (point, algorithm) pairs.
std::vector<std::size_t> export_points(const Scenario& scenario, std::size_t points);
/// @brief Most (point, algorithm) pairs one run (or shard) may export: each is a file held open
/// until the end of the run.
inline constexpr std::size_t kMostExports = 256;
/// @brief Where the GOAL export of `algorithm` at `point` goes: `export-goal` with every
/// `{point}` replaced by the point's index in canonical order and every `{algorithm}` by the
/// algorithm's name.
std::string export_path(const Scenario& scenario, std::size_t point, const std::string& algorithm);
/// @brief Throws InputError (one line naming the key, the file and both plans) if two of
/// `exports` (point, algorithm) would go to one file.
void refuse_colliding_exports(const Scenario& scenario,
                              const std::vector<std::pair<std::size_t, std::string>>& exports);

/// @brief The files a run reads: the scenario file, the platform file and every text key of the
/// family that names an existing file (a matrix, a latency table).
std::vector<NamedPath> input_files(const Scenario& scenario);
/// @brief The files a run writes: output, its checkpoint and manifest, raw and trace (as this
/// shard writes them), the Paje traces of this shard's points and the files the GOAL exports
/// may go to (each distinct path export_path() gives a pair of export_points() and an algorithm).
std::vector<NamedPath> output_files(const Scenario& scenario);

/// @brief Throws InputError naming the key if an input is a directory or cannot be read.
void refuse_unreadable_inputs(const std::vector<NamedPath>& inputs);

/// @brief True if the two paths name the same file: the same inode when both exist, the same
/// normalised absolute path otherwise; `-` (standard output) is the same as `-`.
bool same_file(const std::string& a, const std::string& b);

/// @brief Throws InputError (one line naming both keys) if an output is an input, or if two
/// outputs are the same file; /dev/null may take any number of outputs.
void refuse_clashing_paths(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

}  // namespace hetcoll
