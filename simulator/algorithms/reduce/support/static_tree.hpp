#pragma once
/// @file static_tree.hpp
/// @brief Static reduction trees: the Binomial-stat and Fibonacci-stat trees (each in its
/// algorithm's file) and the policy that executes an ordered tree under random costs
/// (docs/reduce.md, "Static-tree semantics"); the plan itself is in static_tree_plan.hpp.
#include <memory>
#include <vector>

#include "algorithms/reduce/support/registry.hpp"
#include "algorithms/reduce/support/static_tree_plan.hpp"

namespace hetcoll {

/// @brief Binomial tree on n processors (RR-8315 §3.2): r receives from r+1, r+2, r+4, … while
/// 2^k divides r and r + 2^(k-1) < n.
ChildrenLists binomial_children(int n);

/// @brief Fibonacci tree of the smallest order k with F_(k+2) ≥ n, truncated to the first n
/// processors (prefix-closed numbering, docs/reduce.md): P0 receives from 1, 2, 3, 5, 8, …
ChildrenLists fibonacci_children(int n);

/// @brief A policy that runs the plan of the tree `children(n)` with the setup's costs, rooted
/// at P0, or at the setup's root (the tree rotated: static_tree_plan()), through PlannedPolicy:
/// the plan is made when first run and reused by every replication.
std::unique_ptr<Policy> make_static_tree_policy(ChildrenLists (*children)(int), const ReduceSetup& setup);

}  // namespace hetcoll
