#include "driver/scenario.hpp"

#include <filesystem>
#include <sstream>

#include "algorithms/family.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

// Files are written as absolute paths, so the scenario reruns from any directory.
std::string absolute_if_file(const std::string& word) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(word, error)) return word;
  return std::filesystem::absolute(word, error).lexically_normal().string();
}

}  // namespace

std::string KeySources::of(const std::string& key) const {
  return command_line.count(key) || file.empty() ? std::string("command line") : file;
}

std::string to_ini(const Scenario& s) {
  std::ostringstream out;
  out << "family = " << s.family->name() << "\nalgorithms =";
  for (const std::string& a : s.algorithms) out << ' ' << a;
  out << '\n';
  const auto& params = s.family->parameters();
  for (std::size_t i = 0; i < params.size(); ++i) {
    const ParameterSpec& p = params[i];
    // A list or word without a value is left out: `key =` would not read back.
    const bool empty = p.kind == ParameterKind::text ? s.texts[i].empty()
                       : p.kind == ParameterKind::list ? s.lists[i].empty() : s.values[i].empty();
    if (empty) continue;
    std::string value;
    if (p.kind == ParameterKind::text) value = absolute_if_file(s.texts[i]);
    const std::vector<double>& numbers = p.kind == ParameterKind::list ? s.lists[i] : s.values[i];
    const char* separator = p.kind == ParameterKind::list ? "," : " ";
    for (std::size_t k = 0; k < numbers.size(); ++k) value += (k ? separator : "") + format_number(numbers[k]);
    // A key the scenario did not write and left at its default is a comment: written out, a key
    // of another mode (a drawn law's for a cluster of times, say) would be refused on a rerun.
    const std::string default_value = p.kind == ParameterKind::number ? format_number(p.default_value) : p.default_text;
    const bool defaulted = !s.written.count(p.key) && value == default_value;
    out << (defaulted ? "# " : "") << p.key << " = " << value << (defaulted ? " (default)" : "") << '\n';
  }
  out << "replications = " << s.replications << "\nseed = " << s.seed << "\nblock = " << s.block
      << "\nengine = " << s.engine << '\n';
  if (s.quantiles != "exact") out << "quantiles = " << s.quantiles << '\n';
  if (!s.platform.empty()) out << "platform = " << absolute_if_file(s.platform) << '\n';
  if (!s.hosts.empty()) {
    out << "hosts =";
    for (const std::string& h : s.hosts) out << ' ' << h;
    out << '\n';
  }
  for (const std::string& c : s.cfg) out << "cfg = " << c << '\n';
  return out.str();
}

}  // namespace hetcoll
