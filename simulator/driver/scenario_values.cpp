#include "driver/scenario_values.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::string item;
  std::istringstream in(text);
  while (in >> item) {
    std::size_t start = 0;
    for (std::size_t comma; (comma = item.find(',', start)) != std::string::npos; start = comma + 1)
      if (comma > start) items.push_back(item.substr(start, comma - start));
    if (start < item.size()) items.push_back(item.substr(start));
  }
  return items;
}

std::vector<double> parse_values(const ParameterSpec& spec, const std::string& text, const std::string& where) {
  const bool list = spec.kind == ParameterKind::list;
  std::vector<double> values;
  for (const std::string& item : split_list(text)) {
    // -0 + 0 is +0: the point seed hashes the bits, and -0 must be the same point as 0.
    const double v = parse_number(item, spec.key, where) + 0.0;
    if (!in_range(spec, v))
      throw InputError(where + ": key '" + spec.key + "' expects " + range_text(spec) + ", got '" + item + "'");
    values.push_back(v);
  }
  if (values.empty()) throw InputError(where + ": key '" + spec.key + "' has no value");
  if (list) return values;  // a list is one value: its order and repeats matter
  if (!spec.axis && values.size() > 1)
    throw InputError(where + ": key '" + spec.key + "' takes one value, not a list");
  // Axes run in ascending order: the canonical point order that `hetcoll merge` restores.
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

Shard parse_shard(const std::string& text, const std::string& where) {
  const std::size_t slash = text.find('/');
  Shard s;
  try {
    if (slash == std::string::npos) throw std::invalid_argument("no slash");
    std::size_t used = 0;
    s.index = std::stoi(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument("index");
    const std::string count = text.substr(slash + 1);
    s.count = std::stoi(count, &used);
    if (used != count.size()) throw std::invalid_argument("count");
  } catch (const std::exception&) {
    throw InputError(where + ": key 'shard' expects i/N, got '" + text + "'");
  }
  if (s.count < 1 || s.index < 0 || s.index >= s.count)
    throw InputError(where + ": key 'shard' expects i/N with 0 <= i < N, got '" + text + "'");
  return s;
}

}  // namespace hetcoll
