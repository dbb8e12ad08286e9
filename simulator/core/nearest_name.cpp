#include "core/nearest_name.hpp"

#include <algorithm>
#include <cstddef>

namespace hetcoll {
namespace {

/// Levenshtein distance: insertions, deletions and substitutions of one character.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string did_you_mean(const std::string& given, const std::vector<std::string>& names) {
  // Two edits: a typo or a hyphen spelt as an underscore, yet not any short name for another.
  // Failing that, a name that contains the given one or is contained in it, the closest in length.
  constexpr std::size_t kMostEdits = 2;
  const std::string* nearest = nullptr;
  std::size_t best = kMostEdits + 1;
  for (const std::string& name : names)
    if (!given.empty() && name != given && edit_distance(given, name) < best)
      best = edit_distance(given, name), nearest = &name;
  if (nearest == nullptr) {
    best = std::string::npos;
    for (const std::string& name : names) {
      if (given.empty() || (name.find(given) == std::string::npos && given.find(name) == std::string::npos)) continue;
      const std::size_t apart = name.size() > given.size() ? name.size() - given.size() : given.size() - name.size();
      if (apart < best) best = apart, nearest = &name;
    }
  }
  return nearest == nullptr ? "" : " (did you mean '" + *nearest + "'?)";
}

}  // namespace hetcoll
