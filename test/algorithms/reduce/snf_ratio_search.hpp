#pragma once
/// @file snf_ratio_search.hpp
/// @brief The search for clusters on which SNF is furthest from the optimum (docs/reduce.md,
/// "Worst ratio observed"): random clusters of n = 3..12 processors from six laws, then hill
/// climbing on a grid of sixteenths. test_reduce_search.cpp runs it small and checks its bound;
/// bench/bench_reduce_planners.cpp runs the whole search the doc reports.
#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <vector>

#include "algorithms/reduce/support/cluster.hpp"
#include "algorithms/reduce/support/factories.hpp"
#include "core/random.hpp"

namespace hetcoll::test {

/// @brief SNF's makespan over the optimum's on a cluster of times.
inline double snf_ratio(const std::vector<double>& times) {
  return snf_schedule(times).makespan / optimal_schedule(times).makespan;
}

/// @brief The largest ratio offered and its cluster (times in non-increasing order).
struct SnfWorst {
  double ratio = 1;
  std::vector<double> times;
  void offer(const std::vector<double>& t, double r) {
    if (r > ratio + 1e-12) {
      ratio = r;
      times = t;
      std::sort(times.rbegin(), times.rend());
    }
  }
};

/// @brief The six laws of the random clusters, in the order the search cycles through them.
inline const std::array<std::string, 6>& snf_search_laws() {
  static const std::array<std::string, 6> laws = {"uniform [1, s], s in [1, 10]", "two types, x in (1, 2) on 1/64",
                                                  "three types on 1/64",          "gamma, CV in [0.2, 2.2]",
                                                  "quarters in [1, 2.75]",        "integers 1..4"};
  return laws;
}

/// @brief What a search found: the worst cluster of each law, the worst climbed to, and the
/// smallest ratio met (never below 1: SNF is an EP schedule, which the optimum ranges over).
struct SnfSearch {
  std::array<SnfWorst, 6> by_law;
  SnfWorst climbed;
  double least = std::numeric_limits<double>::infinity();
};

/// @brief `random_clusters` random clusters (law i % 6 for the i-th), then `climbs` hill climbs of
/// `steps` steps each (change one or two times, keep the change unless the ratio drops), all
/// drawn from stream 2: a smaller search makes the first clusters of a larger one.
inline SnfSearch search_snf_ratio(int random_clusters, int climbs, int steps) {
  SnfSearch found;
  RandomStream stream(2);
  auto ratio_of = [&found](const std::vector<double>& t) {
    const double r = snf_ratio(t);
    found.least = std::min(found.least, r);
    return r;
  };
  for (int i = 0; i < random_clusters; ++i) {
    const int n = 3 + static_cast<int>(stream.below(10));
    const int law = i % 6;
    std::vector<double> t(n);
    if (law == 0) {
      const double s = 1 + 9 * stream.uniform();
      for (double& x : t) x = quantise_time(1 + (s - 1) * stream.uniform());
    } else if (law == 1) {
      const double x = 1 + static_cast<double>(stream.below(64)) / 64;
      const int slow = static_cast<int>(stream.below(n + 1));
      for (int p = 0; p < n; ++p) t[p] = p < slow ? x : 1;
    } else if (law == 2) {
      const double a = 1 + static_cast<double>(stream.below(64)) / 64, b = 1 + static_cast<double>(stream.below(64)) / 32;
      for (double& x : t) {
        const auto k = stream.below(3);
        x = k == 0 ? 1 : k == 1 ? a : b;
      }
    } else if (law == 3) {
      const double cv = 0.2 + 2 * stream.uniform();
      for (double& x : t) x = quantise_time(stream.gamma_mean_cv(1, cv));
    } else if (law == 4) {
      for (double& x : t) x = 1 + static_cast<double>(stream.below(8)) / 4;
    } else {
      for (double& x : t) x = 1 + static_cast<double>(stream.below(4));
    }
    found.by_law[law].offer(t, ratio_of(t));
  }
  for (int start = 0; start < climbs; ++start) {
    const int n = 4 + static_cast<int>(stream.below(9));
    std::vector<double> t(n);
    for (double& x : t) x = 1 + static_cast<double>(stream.below(64)) / 16;
    double ratio = ratio_of(t);
    for (int step = 0; step < steps; ++step) {
      std::vector<double> u = t;
      for (int m = 1 + static_cast<int>(stream.below(2)); m > 0; --m)
        u[stream.below(n)] = 1 + static_cast<double>(stream.below(64)) / 16;
      const double r = ratio_of(u);
      if (r >= ratio) {
        ratio = r;
        t = u;
      }
    }
    found.climbed.offer(t, ratio);
  }
  return found;
}

}  // namespace hetcoll::test
