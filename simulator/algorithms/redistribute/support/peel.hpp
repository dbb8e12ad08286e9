#pragma once
/// @file peel.hpp
/// @brief The generic graph peeling shared by GGP, OGGP and DGGP (Jeannot & Wagner, IPDPS 2004;
/// docs/redistribute.md): weights normalised by β, padding to total weight k·R, dummy nodes that
/// make the graph R-regular with exactly k real edges per perfect matching, then peeling perfect
/// matchings.
#include <cstdint>
#include <utility>
#include <vector>

#include "algorithms/redistribute/support/instance.hpp"

namespace hetcoll {

/// @brief A bipartite graph with whole weights (units of β), as the peeling sees it.
struct UnitGraph {
  struct Edge {
    int left = 0;
    int right = 0;
    std::int64_t units = 0;  //!< ≥ 1
    int message = -1;        //!< the instance's message this edge carries part of
  };
  int left = 0;              //!< left nodes 0..left−1
  int right = 0;             //!< right nodes 0..right−1
  std::vector<Edge> edges;   //!< at most one edge per (left, right) pair
};

/// @brief One step in units: a (message, units) piece per stream.
using UnitStep = std::vector<std::pair<int, std::int64_t>>;

/// @brief Which perfect matching each peel takes.
enum class MatchingRule {
  any,         //!< GGP: the previous matching repaired by augmenting paths, in node order
  bottleneck,  //!< OGGP: one whose smallest weight is as large as possible
};

/// @brief The unit weights are normalised to: β, or one second when β = 0 (hetcoll's choice,
/// docs/redistribute.md).
double normalisation_unit(const Instance& instance);

/// @brief w' = ⌈w / unit⌉ (the normalisation step), at least 1 for a positive weight. A quotient
/// within 1e-9 of a whole number counts as that number, so rounding noise never adds a unit.
std::int64_t to_units(double weight, double unit);

/// @brief The instance's messages as a unit graph: senders on the left, receivers on the right.
UnitGraph message_graph(const Instance& instance);

/// @brief The peeling after normalisation, on `graph` with backbone limit `k`: k ← min(k, left,
/// right); R = max(max node weight, ⌈P/k⌉); padding by the north-west corner rule (senders, then
/// receivers in index order); left dummies for the receivers' deficits and right dummies for the
/// senders', filled the same way; then peel perfect matchings chosen by `rule`, each taking d = its
/// smallest weight. A matched real edge sends min(d, its real units left): the fictitious padding
/// is consumed last. Steps carrying nothing real are dropped. There are at most R peels and at most
/// as many as edges.
std::vector<UnitStep> peel(const UnitGraph& graph, int k, MatchingRule rule);

/// @brief Back from units to seconds: each message's weight is consumed in step order, each
/// piece taking min(weight left, units × unit); a message's last piece takes exactly what is
/// left, so the pieces add up to the weight.
Schedule to_schedule(const Instance& instance, const std::vector<UnitStep>& steps);

}  // namespace hetcoll
