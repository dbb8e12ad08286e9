#include "driver/manifest.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/sha256.hpp"
#include "driver/json_text.hpp"
#include "driver/run_files.hpp"
#include "driver/sweep.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "hetcoll_revision.h"  // generated at build time (simulator/driver/revision.cmake)

namespace fs = std::filesystem;
using nlohmann::json;

namespace hetcoll {
namespace {

constexpr const char* kFormat = "hetcoll-manifest-1";

/// A path as an absolute one, so a manifest can be read from another directory.
std::string absolute(const std::string& path) {
  if (path.empty() || path == "-") return path;
  std::error_code error;
  const fs::path p = fs::absolute(path, error);
  return error ? path : p.lexically_normal().string();
}

/// The digest of the input named by `key`, or "".
std::string digest_of(const std::vector<InputDigest>& inputs, const std::string& key) {
  for (const InputDigest& in : inputs)
    if (in.key == key) return "sha256:" + in.sha256;
  return "";
}

/// The value of key `i` as the identity sees it: numbers, a list, a word, or the SHA-256 of the
/// file a word names.
json parameter_value(const Scenario& s, std::size_t i, const std::vector<InputDigest>& inputs) {
  const ParameterSpec& p = s.family->parameters()[i];
  switch (p.kind) {
    case ParameterKind::number:
      return s.values[i];
    case ParameterKind::list:
      return s.lists[i];
    case ParameterKind::text: {
      const std::string digest = digest_of(inputs, p.key);
      return digest.empty() ? json(s.texts[i]) : json(digest);
    }
  }
  return nullptr;
}

}  // namespace

std::string hetcoll_revision() { return HETCOLL_REVISION; }

std::vector<InputDigest> digest_inputs(const Scenario& s) {
  std::vector<InputDigest> digests;
  for (const NamedPath& in : input_files(s)) {
    // The scenario as the parser read it: a pipe would read empty the second time.
    const bool read = in.key == "scenario" && !s.source_sha256.empty();
    digests.push_back({in.key, in.path, read ? s.source_sha256 : sha256_file(in.path)});
  }
  return digests;
}

void refuse_changed_inputs(const Scenario& s, const std::vector<InputDigest>& inputs) {
  for (const RecordedInput& recorded : s.recorded_inputs) {
    const auto now = std::find_if(inputs.begin(), inputs.end(), [&](const InputDigest& in) {
      return in.key == recorded.key && absolute(in.path) == recorded.path;
    });
    const std::string again = "give --" + recorded.key + " '" + recorded.path +
                              "' on the command line to run on it as it is now";
    if (now == inputs.end())
      throw InputError(s.source + ": key '" + recorded.key + "': '" + recorded.path +
                       "', an input of the run it records, is no longer a file; " + again);
    if (now->sha256 != recorded.sha256)
      throw InputError(s.source + ": key '" + recorded.key + "': '" + recorded.path +
                       "' changed since the run it records (its SHA-256 was " + recorded.sha256.substr(0, 12) +
                       "..., is " + now->sha256.substr(0, 12) + "...); " + again);
  }
}

json run_identity(const Scenario& s, const std::vector<InputDigest>& inputs) {
  json parameters = json::object();
  for (std::size_t i = 0; i < s.family->parameters().size(); ++i)
    parameters[s.family->parameters()[i].key] = parameter_value(s, i, inputs);
  return {{"family", s.family->name()},
          {"algorithms", s.algorithms},
          {"parameters", parameters},
          {"replications", s.replications},
          {"seed", s.seed},
          {"block", s.block},
          {"engine", s.engine},
          {"quantiles", s.quantiles},
          {"cfg", s.cfg},
          {"platform", s.platform.empty() ? std::string("built-in") : digest_of(inputs, "platform")},
          {"hosts", s.hosts},
          {"hetcoll_revision", hetcoll_revision()},
          {"simgrid_version", SimgridSession::version()}};
}

std::string identity_hash(const json& identity) { return sha256_hex(dump_json(identity)); }

namespace {

/// SHA-256 of a file this run wrote ("" for standard output, a device or nothing), read where
/// `files.content` says its bytes are.
std::string written_sha256(const ManifestFiles& files, const std::string& path) {
  const auto moved = files.content.find(path);
  const std::string& bytes = moved == files.content.end() ? path : moved->second;
  std::error_code error;
  return !path.empty() && fs::is_regular_file(bytes, error) ? sha256_file(bytes) : "";
}

}  // namespace

json manifest_files(const ManifestFiles& files) {
  json listed{{"output", absolute(files.output)},
          {"raw", absolute(files.raw)},
          {"trace", absolute(files.trace)},
          {"raw_requested", absolute(files.raw_requested)},
          {"trace_requested", absolute(files.trace_requested)},
          {"output_sha256", written_sha256(files, files.output)},
          {"raw_sha256", written_sha256(files, files.raw)},
          {"trace_sha256", written_sha256(files, files.trace)}};
  if (!files.units.empty()) {
    listed["units"] = absolute(files.units);
    listed["units_sha256"] = written_sha256(files, files.units);
  }
  return listed;
}

json make_manifest(const Scenario& s, const json& identity, const std::vector<InputDigest>& inputs,
                   const ManifestFiles& files) {
  json recorded = json::array();
  for (const InputDigest& in : inputs)
    recorded.push_back({{"key", in.key}, {"path", absolute(in.path)}, {"sha256", in.sha256}});
  return {{"format", kFormat},
          {"command_line", s.command_line},
          {"hetcoll_revision", hetcoll_revision()},
          {"simgrid_version", SimgridSession::version()},
          {"engine", s.engine},
          {"seed", s.seed},
          {"cfg", s.cfg},
          {"platform", absolute(s.platform)},
          {"inputs", recorded},
          {"shard", {{"index", s.shard.index}, {"count", s.shard.count}}},
          {"points", static_cast<std::uint64_t>(count_points(s))},
          {"files", manifest_files(files)},
          {"scenario", to_ini(s)},
          {"identity", identity},
          {"hash", identity_hash(identity)}};
}

json read_manifest(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (!in || (!(text << in.rdbuf()) && in.peek() != std::char_traits<char>::eof()))
    throw InputError(path + ": cannot read the manifest (every hetcoll output has one beside it)");
  return parse_manifest(text.str(), path);
}

json parse_manifest(const std::string& text, const std::string& path) {
  json manifest = parse_json(text);
  if (manifest.is_discarded() || !manifest.is_object() || manifest.value("format", "") != kFormat ||
      !manifest.contains("identity") || !manifest.contains("hash") || !manifest.contains("shard"))
    throw InputError(path + ": not a hetcoll manifest (expected JSON with format " + kFormat + ")");
  return manifest;
}

std::string identity_difference(const json& here, const json& there, const std::string& where) {
  auto shown = [](const json& v) {
    std::string text = v.is_null() ? "absent" : dump_json(v);
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
  };
  auto differ = [&](const std::string& key, const json& a, const json& b) {
    return "key '" + key + "' is " + shown(a) + " here and " + shown(b) + " in " + where;
  };
  const json none;
  for (const json* side : {&here, &there})
    for (const auto& item : side->items()) {
      const json& a = here.contains(item.key()) ? here[item.key()] : none;
      const json& b = there.contains(item.key()) ? there[item.key()] : none;
      if (a == b) continue;
      if (item.key() == "parameters" && a.is_object() && b.is_object())
        for (const json* inner : {&a, &b})
          for (const auto& p : inner->items()) {
            const json& pa = a.contains(p.key()) ? a[p.key()] : none;
            const json& pb = b.contains(p.key()) ? b[p.key()] : none;
            if (pa != pb) return differ(p.key(), pa, pb);
          }
      return differ(item.key(), a, b);
    }
  return "";
}

}  // namespace hetcoll
