#pragma once
/// @file manifest.hpp
/// @brief The manifest beside every output (OUTPUT.manifest.json): what was run, with what, and
/// a hash of everything that determines the numbers, so that resumed and merged parts can be
/// checked to belong together.
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief An input file of a run (run_files.hpp's input_files) with the SHA-256 of its bytes.
struct InputDigest {
  std::string key;     //!< the key that names it ("scenario", "platform", a family key)
  std::string path;
  std::string sha256;
};

/// @brief Every input file of the run, each read and hashed once, at the start: the identity
/// and the manifest both record these digests, so a file changed during the run cannot make
/// them disagree.
std::vector<InputDigest> digest_inputs(const Scenario& scenario);

/// @brief Everything that determines a run's numbers: family, algorithms, every key's resolved
/// value, replications, seed, block, engine, SimGrid settings, the SHA-256 of the platform and
/// of every input file (not their paths: a moved file gives the same numbers), and the hetcoll
/// and SimGrid versions. Not the outputs, jobs, shard or progress settings.
nlohmann::json run_identity(const Scenario& scenario, const std::vector<InputDigest>& inputs);

/// @brief SHA-256 of the identity's canonical text (keys sorted, numbers in shortest form).
std::string identity_hash(const nlohmann::json& identity);

/// @brief The files one run wrote: output (or merged output), and raw and trace if any, as
/// written; `raw_requested`/`trace_requested` are the unsharded names a merge writes to.
struct ManifestFiles {
  std::string output;
  std::string raw;
  std::string trace;
  std::string raw_requested;
  std::string trace_requested;
  std::string units;  //!< a shard's unit results (OUTPUT.units), if its points are shared
  /// Where the bytes of a file above are, if not at its path yet: its temporary (AtomicFile's
  /// content()), so that the manifest is written before any output is renamed into place.
  std::map<std::string, std::string> content;
};

/// @brief The `files` object of a manifest: absolute paths, and the SHA-256 of each file written
/// (call it once they are in place), so that a merge notices a part changed since.
nlohmann::json manifest_files(const ManifestFiles& files);

/// @brief The whole manifest of a run or of one shard of it, with the identity and input digests
/// taken at its start.
nlohmann::json make_manifest(const Scenario& scenario, const nlohmann::json& identity,
                             const std::vector<InputDigest>& inputs, const ManifestFiles& files);

/// @brief Reads a manifest; throws InputError naming the file if it is missing or not one.
nlohmann::json read_manifest(const std::string& path);
/// @brief The manifest in `text`, read from `where`; throws InputError naming it if it is not one.
nlohmann::json parse_manifest(const std::string& text, const std::string& where);

/// @brief For a manifest rerun: throws InputError naming the key and the file if an input its
/// run read (`scenario.recorded_inputs`) is gone or its SHA-256 differs from the one in
/// `inputs` (this run's, digest_inputs()).
void refuse_changed_inputs(const Scenario& scenario, const std::vector<InputDigest>& inputs);

/// @brief "key 'seed' is 2 here and 1 in <where>" for the first key on which two identities
/// differ, or "" if they are the same.
std::string identity_difference(const nlohmann::json& here, const nlohmann::json& there, const std::string& where);

/// @brief The hetcoll revision this binary was built from (git short hash, or "unknown").
std::string hetcoll_revision();

}  // namespace hetcoll
