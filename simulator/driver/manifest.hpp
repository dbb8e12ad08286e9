#pragma once
/// @file manifest.hpp
/// @brief The manifest beside every output (OUTPUT.manifest.json): what was run, with what, and
/// a hash of everything that determines the numbers, so that resumed and merged parts can be
/// checked to belong together.
#include <nlohmann/json.hpp>

#include <string>

#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief Everything that determines a run's numbers: family, algorithms, every key's resolved
/// value, replications, seed, block, engine, SimGrid settings, the SHA-256 of the platform and
/// of every input file (not their paths: a moved file gives the same numbers), and the hetcoll
/// and SimGrid versions. Not the outputs, jobs, shard or progress settings.
nlohmann::json run_identity(const Scenario& scenario);

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
};

/// @brief The whole manifest of a run or of one shard of it, with the SHA-256 of each file it
/// wrote (call it once they are in place), so that a merge notices a part changed since.
nlohmann::json make_manifest(const Scenario& scenario, const ManifestFiles& files);

/// @brief Reads a manifest; throws InputError naming the file if it is missing or not one.
nlohmann::json read_manifest(const std::string& path);

/// @brief "key 'seed' is 2 here and 1 in <where>" for the first key on which two identities
/// differ, or "" if they are the same.
std::string identity_difference(const nlohmann::json& here, const nlohmann::json& there, const std::string& where);

/// @brief The hetcoll revision this binary was built from (git short hash, or "unknown").
std::string hetcoll_revision();

}  // namespace hetcoll
