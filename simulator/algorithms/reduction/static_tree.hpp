#pragma once
/// @file static_tree.hpp
/// @brief Static reduction trees: the trees of Binomial-stat and Fibonacci-stat, and the Plan
/// that executes an ordered tree under random costs (ALGORITHMS.md §4.4).
#include <memory>
#include <vector>

#include "algorithms/reduction/registry.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief children[r] = the processors that send to r, in the order r receives from them.
/// Every child has a larger index than its parent, and processor 0 is the root.
using ChildrenLists = std::vector<std::vector<int>>;

/// @brief Binomial tree on n processors (§4.2): r receives from r+1, r+2, r+4, … while
/// 2^k divides r and r + 2^(k-1) < n.
ChildrenLists binomial_children(int n);

/// @brief Fibonacci tree of the smallest order k with F_(k+2) ≥ n, truncated to the first n
/// processors (§4.3, prefix-closed numbering): P0 receives from 1, 2, 3, 5, 8, …
ChildrenLists fibonacci_children(int n);

/// @brief The Plan of a static tree (§4.4).
///
/// Reception j at r (ch_j → r) waits for ch_j to be finished and for reception j−1 at r; without
/// `overlap` it also waits for ⊕ j−1 at r. ⊕ j waits for reception j and ⊕ j−1. A node is finished
/// after its last ⊕, or its last reception when `computes` is false (then the plan holds no
/// computation at all). The receptions that can start at date 0 come first, by receiver, so
/// their cost draws are taken in host order like every other tie.
Plan static_tree_plan(const ChildrenLists& children, bool computes, bool overlap);

/// @brief A policy that runs the plan of `children` with the setup's costs; the plan is built
/// once here and reused by every replication.
std::unique_ptr<Policy> make_static_tree_policy(const ChildrenLists& children,
                                                const ReductionSetup& setup);

}  // namespace hetcoll
