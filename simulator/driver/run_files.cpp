#include "driver/run_files.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>
#include <system_error>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "driver/sweep.hpp"

namespace fs = std::filesystem;

namespace hetcoll {

bool is_stream(const std::string& output) {
  struct stat info {};
  return output == "-" || (::stat(output.c_str(), &info) == 0 && (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode)));
}

std::string checkpoint_path(const std::string& output) { return output + ".partial"; }

std::string manifest_path(const std::string& output) { return output + ".manifest.json"; }

std::string units_path(const std::string& output) { return output + ".units"; }

namespace {

/// `path` with `tag` before the extension of the file name (not of a directory name), so that
/// `r.csv` stays a CSV.
std::string tagged_path(const std::string& path, const std::string& tag) {
  const std::size_t slash = path.find_last_of('/');
  const std::size_t dot = path.find_last_of('.');
  const bool has_extension = dot != std::string::npos && (slash == std::string::npos || dot > slash + 1);
  return has_extension ? path.substr(0, dot) + tag + path.substr(dot) : path + tag;
}

}  // namespace

std::string shard_path(const std::string& path, const Shard& shard) {
  if (shard.count == 1 || path.empty() || path == "-") return path;
  return tagged_path(path, ".shard-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count));
}

std::vector<std::size_t> paje_points(const Scenario& s, std::size_t points) {
  std::vector<std::size_t> traced;
  if (s.paje.empty()) return traced;
  for (std::size_t p = static_cast<std::size_t>(s.shard.index); p < points; p += static_cast<std::size_t>(s.shard.count))
    traced.push_back(p);
  return traced;
}

std::string paje_path(const Scenario& s, std::size_t point, std::size_t points) {
  return points == 1 ? s.paje : tagged_path(s.paje, ".p" + std::to_string(point));
}

std::vector<std::size_t> export_points(const Scenario& s, std::size_t points) {
  std::vector<std::size_t> exported;
  if (s.export_goal.empty()) return exported;
  const auto index = static_cast<std::size_t>(s.shard.index), count = static_cast<std::size_t>(s.shard.count);
  const std::size_t mine = points > index ? (points - 1 - index) / count + 1 : 0;
  if (mine * s.algorithms.size() > kMostExports)
    throw InputError("key 'export-goal': the run would export the plans of " + std::to_string(mine) +
                     (mine == 1 ? " point" : " points") + " and " + std::to_string(s.algorithms.size()) +
                     (s.algorithms.size() == 1 ? " algorithm" : " algorithms") + ", more than " +
                     std::to_string(kMostExports) + " files; sweep fewer values, name fewer algorithms or split the run with --shard");
  for (std::size_t p = index; p < points; p += count) exported.push_back(p);
  return exported;
}

std::string export_path(const Scenario& s, std::size_t point, const std::string& algorithm) {
  std::string path;
  const std::string& pattern = s.export_goal;
  for (std::size_t i = 0; i < pattern.size();) {
    if (pattern.compare(i, 7, "{point}") == 0) {
      path += std::to_string(point);
      i += 7;
    } else if (pattern.compare(i, 11, "{algorithm}") == 0) {
      path += algorithm;
      i += 11;
    } else {
      path += pattern[i++];
    }
  }
  return path;
}

void refuse_colliding_exports(const Scenario& s, const std::vector<std::pair<std::size_t, std::string>>& exports) {
  std::map<std::string, std::size_t> first;  // path -> the export that goes there first
  for (std::size_t e = 0; e < exports.size(); ++e) {
    const auto [place, fresh] = first.emplace(export_path(s, exports[e].first, exports[e].second), e);
    if (fresh) continue;
    const auto& other = exports[place->second];
    throw InputError("key 'export-goal': '" + place->first + "' would hold the plans of " + other.second +
                     " at point " + std::to_string(other.first) + " and of " + exports[e].second + " at point " +
                     std::to_string(exports[e].first) + "; put {point} (plans of several points) and {algorithm} "
                     "(of several algorithms) in the file name");
  }
}

std::vector<NamedPath> input_files(const Scenario& s) {
  std::vector<NamedPath> inputs;
  if (!s.source.empty()) inputs.push_back({"scenario", s.source});
  if (!s.platform.empty()) inputs.push_back({"platform", s.platform});
  const std::vector<ParameterSpec>& params = s.family->parameters();
  for (std::size_t i = 0; i < params.size(); ++i) {
    std::error_code error;
    if (params[i].kind == ParameterKind::text && !s.texts[i].empty() && fs::is_regular_file(s.texts[i], error))
      inputs.push_back({params[i].key, s.texts[i]});
  }
  return inputs;
}

std::vector<NamedPath> output_files(const Scenario& s) {
  std::vector<NamedPath> outputs{{"output", s.output}};
  if (!is_stream(s.output)) {
    outputs.push_back({"output (its checkpoint)", checkpoint_path(s.output)});
    outputs.push_back({"output (its manifest)", manifest_path(s.output)});
    if (shards_split_points(s)) outputs.push_back({"output (its unit results)", units_path(s.output)});
  }
  if (!s.raw.empty()) outputs.push_back({"raw", shard_path(s.raw, s.shard)});
  if (!s.trace.empty()) outputs.push_back({"trace", shard_path(s.trace, s.shard)});
  if (!s.paje.empty()) {
    const auto points = static_cast<std::size_t>(count_points(s));  // the parser bounds the traced points
    for (std::size_t p : paje_points(s, points)) outputs.push_back({"paje", paje_path(s, p, points)});
  }
  if (!s.export_goal.empty()) {
    std::set<std::string> paths;
    for (std::size_t p : export_points(s, static_cast<std::size_t>(count_points(s))))
      for (const std::string& algorithm : s.algorithms)
        if (paths.insert(export_path(s, p, algorithm)).second)
          outputs.push_back({"export-goal", export_path(s, p, algorithm)});
  }
  return outputs;
}

void refuse_unreadable_inputs(const std::vector<NamedPath>& inputs) {
  for (const NamedPath& in : inputs) {
    std::error_code error;
    if (fs::is_directory(in.path, error))
      throw InputError("key '" + in.key + "': '" + in.path + "' is a directory, expected a file");
    if (::access(in.path.c_str(), R_OK) != 0)
      throw InputError("key '" + in.key + "': cannot read '" + in.path + "'");
  }
}

bool same_file(const std::string& a, const std::string& b) {
  if (a == "-" || b == "-") return a == b;
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  // The overloads that report errors: an empty path has no absolute form, and is no other file.
  std::error_code error_a, error_b;
  const fs::path full_a = fs::weakly_canonical(fs::absolute(a, error_a), error_a);
  const fs::path full_b = fs::weakly_canonical(fs::absolute(b, error_b), error_b);
  return !error_a && !error_b && full_a == full_b;
}

void refuse_clashing_paths(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs) {
  for (std::size_t o = 0; o < outputs.size(); ++o) {
    const NamedPath& out = outputs[o];
    for (const NamedPath& in : inputs)
      if (same_file(out.path, in.path))
        throw InputError("key '" + out.key + "': '" + out.path + "' is the " + in.key +
                         " file, an input of this run; choose another path");
    if (same_file(out.path, "/dev/null")) continue;
    for (std::size_t k = 0; k < o; ++k)
      if (same_file(out.path, outputs[k].path))
        throw InputError("key '" + out.key + "': '" + out.path + "' is also written as key '" + outputs[k].key +
                         "'; give each output its own path");
  }
}

}  // namespace hetcoll
