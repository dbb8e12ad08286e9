#pragma once
/// @file grouped_lists.hpp
/// @brief Lists per owner in one array (operation i's: items[first[i] .. first[i + 1])), the
/// form the GOAL compiler and the matching policy keep their dependencies in: a walk reads one
/// contiguous run rather than a vector of its own.
#include <cstddef>
#include <utility>
#include <vector>

namespace hetcoll {

/// @brief Lists per owner, in one array: owner i's items are items[first[i] .. first[i + 1]).
struct GroupedLists {
  std::vector<std::size_t> first;
  std::vector<int> items;
  const int* begin(std::size_t i) const { return items.data() + first[i]; }
  const int* end(std::size_t i) const { return items.data() + first[i + 1]; }
  const int* begin(int i) const { return begin(static_cast<std::size_t>(i)); }
  const int* end(int i) const { return end(static_cast<std::size_t>(i)); }
  std::size_t size(int i) const { return first[static_cast<std::size_t>(i) + 1] - first[static_cast<std::size_t>(i)]; }
};

/// @brief Groups (owner, item) pairs by owner, keeping their order within an owner.
inline GroupedLists group_by_owner(std::size_t owners, const std::vector<std::pair<int, int>>& pairs) {
  GroupedLists lists;
  lists.first.assign(owners + 1, 0);
  for (const auto& p : pairs) ++lists.first[static_cast<std::size_t>(p.first) + 1];
  for (std::size_t i = 0; i < owners; ++i) lists.first[i + 1] += lists.first[i];
  lists.items.resize(pairs.size());
  std::vector<std::size_t> next(lists.first.begin(), lists.first.end() - 1);
  for (const auto& p : pairs) lists.items[next[static_cast<std::size_t>(p.first)]++] = p.second;
  return lists;
}

}  // namespace hetcoll
