#pragma once
/// @file grouped_lists.hpp
/// @brief Lists per owner in one array (operation i's: items[first[i] .. first[i + 1])), the
/// form the GOAL compiler and the matching policy keep their dependencies in: a walk reads one
/// contiguous run rather than a vector of its own. With Kahn's order over such lists and the
/// walk that finds an owner on a cycle among those it leaves out.
#include <cstddef>
#include <initializer_list>
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

/// @brief Kahn's order of owners 0 .. n - 1: first those whose lists in `needs` are all empty,
/// then each owner once every owner it needs is in the order (`releases`: the same edges, listed
/// by the owner needed). Owners on or behind a cycle are left out; `waiting` ends with, per owner,
/// how many of those it needs are not in the order (0 for those in it).
inline std::vector<int> kahn_order(std::size_t n, std::initializer_list<const GroupedLists*> needs,
                                   std::initializer_list<const GroupedLists*> releases,
                                   std::vector<std::size_t>& waiting) {
  waiting.assign(n, 0);
  std::vector<int> order;
  order.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (const GroupedLists* needed : needs) waiting[i] += static_cast<std::size_t>(needed->end(i) - needed->begin(i));
    if (waiting[i] == 0) order.push_back(static_cast<int>(i));
  }
  for (std::size_t k = 0; k < order.size(); ++k)
    for (const GroupedLists* released : releases)
      for (const int* d = released->begin(order[k]); d != released->end(order[k]); ++d)
        if (--waiting[static_cast<std::size_t>(*d)] == 0) order.push_back(*d);
  return order;
}

/// @brief An owner on a cycle, where some owner still waits (waiting[i] > 0, as Kahn's order
/// leaves them) and every owner still waiting needs (through `needs`) another still waiting:
/// from the first, follows the first such owner it needs until one repeats.
inline std::size_t owner_on_cycle(const std::vector<std::size_t>& waiting,
                                  std::initializer_list<const GroupedLists*> needs) {
  std::vector<char> seen(waiting.size(), 0);
  std::size_t i = 0;
  while (waiting[i] == 0) ++i;
  while (!seen[i]) {
    seen[i] = 1;
    i = [&] {
      for (const GroupedLists* needed : needs)
        for (const int* d = needed->begin(i); d != needed->end(i); ++d)
          if (waiting[static_cast<std::size_t>(*d)] > 0) return static_cast<std::size_t>(*d);
      return i;  // unreachable: an owner still waiting needs another still waiting
    }();
  }
  return i;
}

}  // namespace hetcoll
