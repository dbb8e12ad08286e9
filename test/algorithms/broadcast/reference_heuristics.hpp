#pragma once
/// @file reference_heuristics.hpp
/// @brief The inter-cluster heuristics as they were before the incremental versions
/// (docs/broadcast.md, "Cost"): every step rescans all of A × B, and the lookaheads rescan B × B.
/// Kept here, outside the library, as the specification the library's schedules must reproduce
/// exactly (test_heuristics_sameness.cpp), and as the "before" of bench/bench_broadcast.cpp.
/// O(C³) each.
#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/broadcast/support/inter_schedule.hpp"

namespace hetcoll::reference {

/// argmin over i ∈ A, j ∈ B of RT_i + g_ij + L_ij + lookahead[j] (null: 0); the strict comparison
/// in (i, j) order keeps the smallest (i, j) among equal values.
inline std::pair<int, int> earliest_completion_pair(const ScheduleState& state, const double* lookahead) {
  double best = std::numeric_limits<double>::infinity();
  std::pair<int, int> pair{-1, -1};
  const int C = state.costs->clusters;
  for (int i : state.a) {
    const double rt = state.ready[i];
    const double* row = &state.edge[static_cast<std::size_t>(i) * C];
    for (int j : state.b) {
      const double v = rt + row[j] + (lookahead ? lookahead[j] : 0.0);
      if (v < best) {
        best = v;
        pair = {i, j};
      }
    }
  }
  return pair;
}

inline InterSchedule schedule_fef(const GridCosts& costs, const HeuristicOptions& options) {
  return run_inter_schedule(costs, options, [](const ScheduleState& s) {
    double best = std::numeric_limits<double>::infinity();
    std::pair<int, int> pair{-1, -1};
    const bool full = s.options->fef_full_cost;
    for (int i : s.a)
      for (int j : s.b) {
        const double w = full ? s.cost(i, j) : s.costs->L(i, j);
        if (w < best) {
          best = w;
          pair = {i, j};
        }
      }
    return pair;
  });
}

inline InterSchedule schedule_ecef(const GridCosts& costs, const HeuristicOptions& options) {
  return run_inter_schedule(costs, options,
                            [](const ScheduleState& s) { return earliest_completion_pair(s, nullptr); });
}

inline InterSchedule schedule_ecef_la(const GridCosts& costs, const HeuristicOptions& options) {
  std::vector<double> f(costs.clusters, 0.0);
  return run_inter_schedule(costs, options, [&f](const ScheduleState& s) {
    for (int j : s.b) {
      double best = std::numeric_limits<double>::infinity();
      for (int k : s.b)
        if (k != j && s.cost(j, k) < best) best = s.cost(j, k);
      f[j] = s.b.size() > 1 ? best : 0.0;
    }
    return earliest_completion_pair(s, f.data());
  });
}

inline InterSchedule schedule_ecef_lat(const GridCosts& costs, const HeuristicOptions& options) {
  std::vector<double> f(costs.clusters, 0.0);
  return run_inter_schedule(costs, options, [&f](const ScheduleState& s) {
    for (int j : s.b) {
      double best = std::numeric_limits<double>::infinity();
      for (int k : s.b)
        if (k != j) best = std::min(best, s.cost(j, k) + s.costs->T(k));
      f[j] = s.b.size() > 1 ? best : 0.0;
    }
    return earliest_completion_pair(s, f.data());
  });
}

inline InterSchedule schedule_ecef_lat_max(const GridCosts& costs, const HeuristicOptions& options) {
  std::vector<double> f(costs.clusters, 0.0);
  return run_inter_schedule(costs, options, [&f](const ScheduleState& s) {
    for (int j : s.b) {
      double worst = 0;
      for (int k : s.b)
        if (k != j) worst = std::max(worst, s.cost(j, k) + s.costs->T(k));
      f[j] = worst;
    }
    return earliest_completion_pair(s, f.data());
  });
}

inline InterSchedule schedule_bottomup(const GridCosts& costs, const HeuristicOptions& options) {
  return run_inter_schedule(costs, options, [](const ScheduleState& s) {
    const bool ready = s.options->bottomup_ready;
    double slowest = -std::numeric_limits<double>::infinity();
    std::pair<int, int> pair{-1, -1};
    for (int j : s.b) {
      double fastest = std::numeric_limits<double>::infinity();
      int sender = -1;
      for (int i : s.a) {
        const double v = s.cost(i, j) + s.costs->T(j) + (ready ? s.ready[i] : 0.0);
        if (v < fastest) {
          fastest = v;
          sender = i;
        }
      }
      if (fastest > slowest) {
        slowest = fastest;
        pair = {sender, j};
      }
    }
    return pair;
  });
}

/// @brief A reference heuristic and the library name it must match.
struct Heuristic {
  std::string name;
  InterSchedule (*make)(const GridCosts&, const HeuristicOptions&);
};

/// @brief The six heuristics that rescanned A × B, by their registry names.
inline const std::vector<Heuristic>& heuristics() {
  static const std::vector<Heuristic> all = {
      {"fef", schedule_fef},         {"ecef", schedule_ecef},
      {"ecef-la", schedule_ecef_la}, {"ecef-lat", schedule_ecef_lat},
      {"ecef-lat-max", schedule_ecef_lat_max}, {"bottomup", schedule_bottomup},
  };
  return all;
}

}  // namespace hetcoll::reference
