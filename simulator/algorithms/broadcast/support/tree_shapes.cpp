// Broadcast tree shapes of Table 1 (Steffenel 2006; Kielmann et al. 2001). Each is O(P).
#include "algorithms/broadcast/support/tree_shapes.hpp"

#include <cstddef>

namespace hetcoll {

TreeChildren flat_tree(int P) {
  TreeChildren c(P);
  for (int r = 1; r < P; ++r) c[0].push_back(r);
  return c;
}

TreeChildren chain_tree(int P) {
  TreeChildren c(P);
  for (int r = 0; r + 1 < P; ++r) c[r].push_back(r + 1);
  return c;
}

TreeChildren binary_tree(int P) {
  TreeChildren c(P);
  for (int r = 0; r < P; ++r)
    for (int child : {2 * r + 1, 2 * r + 2})
      if (child < P) c[r].push_back(child);
  return c;
}

TreeChildren binomial_tree(int P) {
  TreeChildren c(P);
  int top = 1;
  while (top < P) top <<= 1;
  for (int r = 0; r < P; ++r) {
    const int low = r == 0 ? top : (r & -r);
    for (int mask = low >> 1; mask > 0; mask >>= 1)
      if (r + mask < P) c[r].push_back(r + mask);
  }
  return c;
}

std::vector<std::pair<int, int>> tree_sends(const TreeChildren& children) {
  std::vector<std::pair<int, int>> sends;
  std::vector<int> queue = {0};
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int r = queue[head];
    for (int child : children[r]) {
      sends.emplace_back(r, child);
      queue.push_back(child);
    }
  }
  return sends;
}

}  // namespace hetcoll
