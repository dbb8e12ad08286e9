#pragma once
/// @file tree_shapes.hpp
/// @brief Broadcast trees on ranks 0..P−1 (rank 0 the root): children of every rank, in the order
/// the rank sends to them. Flat, chain, binary and binomial trees of Table 1.
#include <vector>

namespace hetcoll {

/// @brief children[r] = ranks r sends to, in sending order.
using TreeChildren = std::vector<std::vector<int>>;

/// @brief The root sends to 1, 2, …, P−1.
TreeChildren flat_tree(int P);
/// @brief r sends to r + 1.
TreeChildren chain_tree(int P);
/// @brief Heap order: r sends to 2r + 1, then 2r + 2.
TreeChildren binary_tree(int P);
/// @brief MPI's binomial tree: r receives from r − lowbit(r) and sends to r + 2^j for
/// 2^j < lowbit(r) (every 2^j < P for the root), largest subtree first.
TreeChildren binomial_tree(int P);

/// @brief (parent, child) pairs in breadth-first order: every parent receives before it sends.
std::vector<std::pair<int, int>> tree_sends(const TreeChildren& children);

}  // namespace hetcoll
