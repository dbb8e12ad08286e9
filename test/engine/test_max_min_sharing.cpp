/// @file test_max_min_sharing.cpp
/// @brief MaxMinSharing (engine/model/max_min_sharing.hpp) against closed forms, SimGrid's
/// measured weighting, and the weighted max-min conditions on random instances.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/random.hpp"
#include "engine/model/max_min_sharing.hpp"

namespace hetcoll {
namespace {

constexpr double kTight = 1e-12;

TEST(MaxMinSharing, FlowsOfEqualPenaltyShareALinkEqually) {
  for (int n = 1; n <= 6; ++n) {
    MaxMinSharing sharing;
    const int link = sharing.add_link(1e8, true);
    std::vector<int> flows;
    for (int i = 0; i < n; ++i) flows.push_back(sharing.add_flow({link}, 1e-4, -1));
    sharing.solve();
    for (int f : flows) EXPECT_NEAR(sharing.rate(f), 1e8 / n, 1e8 * kTight) << n << " flows";
  }
}

// SimGrid 3.32 (CM02, weight-S 0): two flows through one 100 MB/s link with routes of 2 ms and
// 10 ms latency get 5/6 and 1/6 of it (they end at 1.2004 s and 2.002 s, docs/design.md).
TEST(MaxMinSharing, AFlowsShareIsInverseToItsPenaltyAsInCm02) {
  MaxMinSharing sharing;
  const int shared = sharing.add_link(1e8, true);
  const int near = sharing.add_flow({shared}, 0.002, 1e8);
  const int far = sharing.add_flow({shared}, 0.010, 1e8);
  sharing.solve();
  EXPECT_NEAR(sharing.rate(near), 1e8 * 5 / 6, 1e8 * kTight);
  EXPECT_NEAR(sharing.rate(far), 1e8 / 6, 1e8 * kTight);
}

TEST(MaxMinSharing, ABoundBelowTheShareIsTakenAndTheOthersShareTheRest) {
  MaxMinSharing sharing;
  const int link = sharing.add_link(90, true);
  const int capped = sharing.add_flow({link}, 1, 10);
  const int a = sharing.add_flow({link}, 1, -1);
  const int b = sharing.add_flow({link}, 1, -1);
  sharing.solve();
  EXPECT_DOUBLE_EQ(sharing.rate(capped), 10);
  EXPECT_NEAR(sharing.rate(a), 40, 40 * kTight);
  EXPECT_NEAR(sharing.rate(b), 40, 40 * kTight);
}

// A FATPIPE link bounds each flow alone, but SimGrid levels its flows as it does a shared
// link's: the level is bandwidth / max(weight / penalty), and each flow gets level / penalty. So
// flows of equal penalty each get the whole link, and with routes of 2 ms and 10 ms through a
// 100 MB/s FATPIPE link the second gets 20 MB/s while the first sends: on SimGrid 3.32 they end
// at 1.002 s and 1.8036 s (the second's 1e8 bytes: 0.992 s at 2e7 B/s, then 0.8016 s alone).
TEST(MaxMinSharing, AFatpipeLevelsItsFlowsAsSimgridDoes) {
  MaxMinSharing sharing;
  const int fat = sharing.add_link(1e8, false);
  const int a = sharing.add_flow({fat}, 0.002, 1e8);
  const int b = sharing.add_flow({fat}, 0.002, 1e8);
  sharing.solve();
  EXPECT_NEAR(sharing.rate(a), 1e8, 1e8 * kTight);
  EXPECT_NEAR(sharing.rate(b), 1e8, 1e8 * kTight);
  sharing.set_penalty(b, 0.010);
  sharing.solve();
  EXPECT_NEAR(sharing.rate(a), 1e8, 1e8 * kTight);
  EXPECT_NEAR(sharing.rate(b), 2e7, 2e7 * kTight);
}

// SimGrid's System::expand() adds a second crossing's weight on a shared link and takes the
// larger one on a FATPIPE link.
TEST(MaxMinSharing, ASharedLinkCrossedTwiceCountsTwiceAFatpipeOnce) {
  MaxMinSharing sharing;
  const int thin = sharing.add_link(60, true);
  const int fat = sharing.add_link(60, false);
  const int twice = sharing.add_flow({thin, thin}, 1, -1);
  const int fat_twice = sharing.add_flow({fat, fat}, 1, -1);
  sharing.solve();
  EXPECT_NEAR(sharing.rate(twice), 30, 30 * kTight);
  EXPECT_NEAR(sharing.rate(fat_twice), 60, 60 * kTight);
}

TEST(MaxMinSharing, AFlowPayingItsLatencyTakesNothingAndARemovedFlowLeavesNoTrace) {
  MaxMinSharing sharing;
  const int link = sharing.add_link(100, true);
  const int waiting = sharing.add_flow({link}, 0, -1);
  const int sending = sharing.add_flow({link}, 1, -1);
  sharing.solve();
  EXPECT_EQ(sharing.rate(waiting), 0);
  EXPECT_NEAR(sharing.rate(sending), 100, 100 * kTight);
  sharing.set_penalty(waiting, 1);
  sharing.solve();
  EXPECT_NEAR(sharing.rate(waiting), 50, 50 * kTight);
  sharing.remove_flow(sending);
  sharing.solve();
  EXPECT_NEAR(sharing.rate(waiting), 100, 100 * kTight);
}

// The parking lot: a long flow across two links, one short flow on each; equal penalties give
// each link's flows half of it, the long flow the smaller half.
TEST(MaxMinSharing, TheParkingLotGivesTheLongFlowItsBottlenecksShare) {
  MaxMinSharing sharing;
  const int first = sharing.add_link(100, true), second = sharing.add_link(60, true);
  const int long_flow = sharing.add_flow({first, second}, 1, -1);
  const int short1 = sharing.add_flow({first}, 1, -1);
  const int short2 = sharing.add_flow({second}, 1, -1);
  sharing.solve();
  EXPECT_NEAR(sharing.rate(long_flow), 30, 30 * kTight);
  EXPECT_NEAR(sharing.rate(short2), 30, 30 * kTight);
  EXPECT_NEAR(sharing.rate(short1), 70, 70 * kTight);
}

// Weighted max-min, checked on random instances of shared links by its definition: the rates are
// feasible, and every active flow is at its bound or has a bottleneck, a full link on its route
// where no flow has a larger level p·rate.
TEST(MaxMinSharing, RandomInstancesAreFeasibleAndEveryFlowHasABottleneck) {
  RandomStream random(27);
  auto between = [&](double low, double high) { return low + (high - low) * random.uniform(); };
  for (int instance = 0; instance < 3000; ++instance) {
    SCOPED_TRACE(instance);
    MaxMinSharing sharing;
    const int link_count = 1 + static_cast<int>(random.uniform() * 8);
    std::vector<double> bandwidth;
    std::vector<bool> shared;
    for (int l = 0; l < link_count; ++l) {
      bandwidth.push_back(std::pow(10.0, between(6, 10)));
      shared.push_back(true);
      sharing.add_link(bandwidth.back(), shared.back());
    }
    const int flow_count = 1 + static_cast<int>(random.uniform() * 14);
    std::vector<std::vector<int>> routes;
    std::vector<double> penalty, bound;
    for (int f = 0; f < flow_count; ++f) {
      std::vector<int> route;
      const int hops = 1 + static_cast<int>(random.uniform() * std::min(link_count, 4));
      for (int h = 0; h < hops; ++h) route.push_back(static_cast<int>(random.uniform() * link_count));
      routes.push_back(route);
      penalty.push_back(random.uniform() < 0.1 ? 0 : std::pow(10.0, between(-6, -2)));
      bound.push_back(random.uniform() < 0.3 ? std::pow(10.0, between(6, 10)) : -1);
      sharing.add_flow(route, penalty.back(), bound.back());
    }
    sharing.solve();
    std::vector<double> load(static_cast<std::size_t>(link_count), 0);
    for (int f = 0; f < flow_count; ++f) {
      const double rate = sharing.rate(f);
      if (penalty[f] == 0) {
        EXPECT_EQ(rate, 0) << "flow " << f << " pays its latency";
        continue;
      }
      EXPECT_GT(rate, 0) << "flow " << f;
      if (bound[f] > 0) EXPECT_LE(rate, bound[f] * (1 + 1e-9)) << "flow " << f;
      for (int l : routes[f]) {
        if (shared[l]) load[l] += rate;
        else EXPECT_LE(rate * static_cast<double>(std::count(routes[f].begin(), routes[f].end(), l)),
                       bandwidth[l] * (1 + 1e-9)) << "flow " << f << " on FATPIPE link " << l;
      }
    }
    for (int l = 0; l < link_count; ++l)
      if (shared[l]) EXPECT_LE(load[l], bandwidth[l] * (1 + 1e-9)) << "link " << l;
    for (int f = 0; f < flow_count; ++f) {
      if (penalty[f] == 0) continue;
      const double rate = sharing.rate(f);
      bool explained = bound[f] > 0 && rate >= bound[f] * (1 - 1e-6);
      for (int l : routes[f]) {
        if (explained) break;
        const double crossings = static_cast<double>(std::count(routes[f].begin(), routes[f].end(), l));
        if (!shared[l]) {
          explained = rate * crossings >= bandwidth[l] * (1 - 1e-6);
          continue;
        }
        if (load[l] < bandwidth[l] * (1 - 1e-6)) continue;
        bool largest = true;
        for (int g = 0; g < flow_count; ++g)
          if (penalty[g] > 0 && std::count(routes[g].begin(), routes[g].end(), l) > 0 &&
              penalty[g] * sharing.rate(g) > penalty[f] * rate * (1 + 1e-6))
            largest = false;
        explained = largest;
      }
      EXPECT_TRUE(explained) << "flow " << f << " at " << rate << " has no bottleneck";
    }
  }
}

// A solve after a change solves again only the flows connected to it: the rates equal those of
// a system built afresh with the flows left, over random sequences of adds, removals and
// penalty changes.
TEST(MaxMinSharing, ASolveAfterAChangeGivesTheRatesOfAFreshSolve) {
  RandomStream random(28);
  auto between = [&](double low, double high) { return low + (high - low) * random.uniform(); };
  for (int sequence = 0; sequence < 200; ++sequence) {
    SCOPED_TRACE(sequence);
    const int link_count = 2 + static_cast<int>(random.uniform() * 10);
    std::vector<double> bandwidth;
    std::vector<bool> shared;
    MaxMinSharing incremental;
    for (int l = 0; l < link_count; ++l) {
      bandwidth.push_back(std::pow(10.0, between(6, 9)));
      shared.push_back(random.uniform() < 0.8);
      incremental.add_link(bandwidth.back(), shared.back());
    }
    struct Live {
      int id;
      std::vector<int> route;
      double penalty, bound;
    };
    std::vector<Live> live;
    for (int step = 0; step < 30; ++step) {
      const double u = random.uniform();
      if (u < 0.5 || live.empty()) {
        std::vector<int> route;
        const int hops = 1 + static_cast<int>(random.uniform() * 3);
        for (int h = 0; h < hops; ++h) route.push_back(static_cast<int>(random.uniform() * link_count));
        const double penalty = random.uniform() < 0.2 ? 0 : std::pow(10.0, between(-6, -3));
        const double bound = random.uniform() < 0.3 ? std::pow(10.0, between(6, 9)) : -1;
        live.push_back({incremental.add_flow(route, penalty, bound), route, penalty, bound});
      } else if (u < 0.8) {
        const std::size_t k = static_cast<std::size_t>(random.uniform() * static_cast<double>(live.size()));
        incremental.remove_flow(live[k].id);
        live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
      } else {
        Live& changed = live[static_cast<std::size_t>(random.uniform() * static_cast<double>(live.size()))];
        changed.penalty = std::pow(10.0, between(-6, -3));
        incremental.set_penalty(changed.id, changed.penalty);
      }
      incremental.solve();
      MaxMinSharing fresh;
      for (int l = 0; l < link_count; ++l) fresh.add_link(bandwidth[l], shared[l]);
      std::vector<int> fresh_ids;
      for (const Live& f : live) fresh_ids.push_back(fresh.add_flow(f.route, f.penalty, f.bound));
      fresh.solve();
      for (std::size_t k = 0; k < live.size(); ++k)
        EXPECT_NEAR(incremental.rate(live[k].id), fresh.rate(fresh_ids[k]), 1e-12 * fresh.rate(fresh_ids[k]))
            << "step " << step << ", flow " << k;
    }
  }
}

}  // namespace
}  // namespace hetcoll
