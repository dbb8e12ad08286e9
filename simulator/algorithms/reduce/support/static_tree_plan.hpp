#pragma once
/// @file static_tree_plan.hpp
/// @brief A reduction along a fixed tree, as a Plan: the execution rules of RR-8315's static
/// trees (§3.2; execution rules: docs/reduce.md), run by Binomial-stat and
/// Fibonacci-stat.
#include <vector>

#include "engine/plan.hpp"

namespace hetcoll {

/// @brief children[r] = the processors that send to r, in the order r receives from them.
/// Every child has a larger index than its parent, and processor 0 is the root.
using ChildrenLists = std::vector<std::vector<int>>;

/// @brief The Plan of a static tree (semantics: docs/reduce.md, "Static-tree semantics").
///
/// Reception j at r (ch_j → r) waits for ch_j to be finished and for reception j−1 at r; without
/// `overlap` it also waits for ⊕ j−1 at r. ⊕ j waits for reception j and ⊕ j−1. A node is finished
/// after its last ⊕, or its last reception when `computes` is false (then the plan holds no
/// computation at all). The receptions that can start at date 0 come first, by receiver, so
/// their cost draws are taken in host order like every other tie. Every cost is drawn, unless
/// `comm_cost` fixes that of every reception.
///
/// With `root` r > 0 the tree is rotated, as MPI's binomial reduction is for a commutative
/// operation: host (v + r) mod n plays processor v, so the result ends at r, every host still
/// sends once, and date-0 ties go by v. Intervals then wrap around the hosts: a non-commutative
/// ⊕ needs r = 0.
Plan static_tree_plan(const ChildrenLists& children, bool computes, bool overlap, double comm_cost = PlanOp::kDrawn,
                      int root = 0);

}  // namespace hetcoll
