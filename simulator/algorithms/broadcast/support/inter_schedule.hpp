#pragma once
/// @file inter_schedule.hpp
/// @brief Inter-cluster broadcast schedules (Steffenel §4.5–5; docs/broadcast.md): the common
/// A/B loop with ready times, and the heuristics that pick each (sender, receiver) pair.
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hetcoll {

/// @brief One inter-cluster instance: C clusters, the root's cluster, g_ij(m) and L_ij between
/// coordinators (C×C, row = sender) and each cluster's internal broadcast time T_c, in seconds.
struct GridCosts {
  int clusters = 0;
  int root = 0;
  std::vector<double> gap;      //!< g_ij(m), row-major
  std::vector<double> latency;  //!< L_ij, row-major
  std::vector<double> intra;    //!< T_c

  double g(int i, int j) const { return gap[static_cast<std::size_t>(i) * clusters + j]; }
  double L(int i, int j) const { return latency[static_cast<std::size_t>(i) * clusters + j]; }
  double T(int c) const { return intra[c]; }
};

/// @brief The readings the sources leave open (docs/broadcast.md); the defaults follow the paper.
struct HeuristicOptions {
  bool busy_until_arrival = false;  //!< sender busy for g + L (Bhat) instead of g (pLogP)
  bool fef_full_cost = false;       //!< FEF edge weight g + L instead of L
  bool bottomup_ready = false;      //!< BottomUp adds RT_i inside its min over A
};

/// @brief One inter-cluster message: `from` starts sending at `start`, `to` has it at `arrival`.
struct InterSend {
  int from = 0;
  int to = 0;
  double start = 0;
  double arrival = 0;
};

/// @brief A schedule and its predicted times.
struct InterSchedule {
  std::vector<InterSend> sends;  //!< in the order the heuristic chose them
  std::vector<double> ready;     //!< RT_c at the end: c may start its internal broadcast
  double makespan = 0;           //!< max_c RT_c + T_c
};

/// @brief What a heuristic sees when it picks the next pair.
struct ScheduleState {
  const GridCosts* costs = nullptr;
  const HeuristicOptions* options = nullptr;
  std::vector<int> a;          //!< clusters holding the message, ascending
  std::vector<int> b;          //!< clusters still waiting, ascending
  std::vector<double> ready;   //!< RT_c of every cluster in A
  std::vector<double> edge;    //!< g_ij + L_ij, row-major
  int step = 0;                //!< pairs chosen so far

  double cost(int i, int j) const { return edge[static_cast<std::size_t>(i) * costs->clusters + j]; }
};

/// @brief A heuristic's rule: the next (i ∈ A, j ∈ B).
using PairChooser = std::function<std::pair<int, int>(const ScheduleState&)>;

/// @brief The common loop (Steffenel §4.5): |B| times, the chooser picks (i, j); the send starts at
/// RT_i, arrives at RT_i + g_ij + L_ij; RT_i becomes start + g_ij (start + g_ij + L_ij with
/// busy_until_arrival) and RT_j the arrival; j moves to A. Makespan max_c RT_c + T_c.
InterSchedule run_inter_schedule(const GridCosts& costs, const HeuristicOptions& options, const PairChooser& choose);

/// @brief The common loop from a state reached while a broadcast runs: the clusters of `informed`
/// (ascending) hold the message or will, from `ready[c]` on; those of `waiting` (ascending) still
/// need it; the others take no part. Returns the sends the chooser adds (its `ready` and
/// `makespan` cover those clusters only). For re-planning on observed times (dynamic_ecef.cpp).
InterSchedule run_inter_schedule_from(const GridCosts& costs, const HeuristicOptions& options, const PairChooser& choose,
                                      std::vector<int> informed, std::vector<int> waiting, std::vector<double> ready);

/// @brief Makespan of a list of sends replayed with the common loop's timing: each send starts at
/// its sender's ready time. For checking schedules independently of the heuristics.
double replay_makespan(const GridCosts& costs, const HeuristicOptions& options, const std::vector<InterSend>& sends);

// The heuristics' schedules over the clusters, each in its algorithm's file (flat.cpp, ...): the
// solvers their factories (registry.hpp) run, and the tests check against closed forms.
InterSchedule schedule_flat(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_fef(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef_la(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef_lat(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_ecef_lat_max(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_bottomup(const GridCosts& costs, const HeuristicOptions& options);
InterSchedule schedule_binomial(const GridCosts& costs, const HeuristicOptions& options);

}  // namespace hetcoll
