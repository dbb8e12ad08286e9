#include "driver/scenario_file.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/sha256.hpp"
#include "driver/json_text.hpp"
#include "driver/manifest.hpp"

namespace hetcoll {
namespace {

/// The inputs a manifest records (key "inputs"), but the scenario file and those whose key
/// `given` says the command line gives again.
std::vector<RecordedInput> recorded_inputs(const nlohmann::json& manifest, const std::string& path,
                                           const std::function<bool(const std::string&)>& given) {
  std::vector<RecordedInput> inputs;
  const nlohmann::json listed = manifest.value("inputs", nlohmann::json::array());
  for (const nlohmann::json& in : listed.is_array() ? listed : nlohmann::json::array()) {
    if (!in.is_object() || !in.value("key", nlohmann::json()).is_string() ||
        !in.value("path", nlohmann::json()).is_string() || !in.value("sha256", nlohmann::json()).is_string())
      throw InputError(path + ": key \"inputs\" expects objects with a key, a path and a sha256, got " + dump_json(in));
    const std::string key = in["key"].get<std::string>();
    if (key != "scenario" && !given(key))
      inputs.push_back({key, in["path"].get<std::string>(), in["sha256"].get<std::string>()});
  }
  return inputs;
}

}  // namespace

std::string read_scenario_file(Scenario& s, bool& manifest_source,
                               const std::function<bool(const std::string&)>& given) {
  const std::string& path = s.source;
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InputError(path + ": is a directory, not a scenario file (KEY = VALUE lines)");
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  if (!file || (!(text << file.rdbuf()) && file.peek() != std::char_traits<char>::eof()))
    throw InputError(path + ": cannot read the scenario file");
  std::string content = text.str();
  s.source_sha256 = sha256_hex(content);
  if (content.compare(0, 3, "\xEF\xBB\xBF") == 0) content.erase(0, 3);
  // A run's manifest (OUTPUT.manifest.json) reruns the run: its resolved scenario is inside.
  const std::size_t first = content.find_first_not_of(" \t\r\n");
  manifest_source = first != std::string::npos && content[first] == '{';
  if (manifest_source) {
    const nlohmann::json manifest = parse_manifest(content, path);
    if (!manifest.contains("scenario") || !manifest["scenario"].is_string())
      throw InputError(path + ": a manifest without its scenario (expected key \"scenario\")");
    s.recorded_inputs = recorded_inputs(manifest, path, given);
    return manifest["scenario"].get<std::string>();
  }
  return content;
}

}  // namespace hetcoll
