// Broadcasts executed as plans (docs/broadcast.md): the measured pLogP of a generated
// cluster, Table 1 against executed trees where the model is exact, SimGrid against the model
// engine, and the family's completion times against its own predictions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "algorithms/broadcast/support/broadcast_plan.hpp"
#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "algorithms/broadcast/support/grid_platform.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "algorithms/broadcast/support/intra_models.hpp"
#include "algorithms/broadcast/support/plogp_measure.hpp"
#include "algorithms/broadcast/broadcast_harness.hpp"
#include "driver/work_dir.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/model/model_probe.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

using test::broadcast_point;
using test::family_values;

constexpr double kOverhead = 2e-5;
constexpr double kMessage = 1048576;

/// P hosts, every pair 50 µs apart: one zone, 1 Gbit/s links.
Platform homogeneous_cluster(int P) {
  LatencyMatrix m;
  m.n = P;
  m.w.assign(static_cast<std::size_t>(P) * P, 50.0);
  for (int h = 0; h < P; ++h) m.at(h, h) = 0;
  return grid_platform(m, GridPlatformSpec{}, "test");
}

PLogP measured_link(const Platform& p) {
  return measure_plogp(*make_model_probe(p), {{0, 1}}, kMessage, kOverhead)[0];
}

std::vector<int> all_hosts(int P) {
  std::vector<int> hosts;
  for (int h = 0; h < P; ++h) hosts.push_back(h);
  return hosts;
}

/// The plan of one strategy on hosts 0..P−1 (segments: k for the segmented chain).
Plan strategy_plan(IntraStrategy s, int P, const PLogP& link, int segments = 1) {
  BroadcastPlanBuilder b(std::vector<double>(P, GridPlatformSpec{}.host_speed));
  const LinkModel same = [&link](int, int) -> const PLogP& { return link; };
  const std::vector<int> hosts = all_hosts(P);
  switch (s) {
    case IntraStrategy::flat: add_tree_broadcast(b, hosts, flat_tree(P), kMessage, same, kOverhead, -1); break;
    case IntraStrategy::chain: add_tree_broadcast(b, hosts, chain_tree(P), kMessage, same, kOverhead, -1); break;
    case IntraStrategy::binary: add_tree_broadcast(b, hosts, binary_tree(P), kMessage, same, kOverhead, -1); break;
    case IntraStrategy::binomial: add_tree_broadcast(b, hosts, binomial_tree(P), kMessage, same, kOverhead, -1); break;
    default: add_segmented_chain(b, hosts, kMessage, segments, link, kOverhead, -1);
  }
  return std::move(b.plan());
}

double model_makespan(const Platform& p, const Plan& plan) {
  return test::run_plans(*make_model_engine(p), {&plan})[0];
}

TEST(BroadcastMeasure, PingPongsGiveTheRouteLatencyAndAnAffineGapOnAGeneratedCluster) {
  const PLogP link = measured_link(homogeneous_cluster(4));
  EXPECT_NEAR(link.latency, 50e-6, 1e-18);
  for (std::size_t i = 0; i < link.sizes.size(); ++i)
    EXPECT_NEAR(link.gaps[i], kOverhead + link.sizes[i] / 1.25e8, 1e-15) << link.sizes[i];
  EXPECT_NEAR(link.gap(3000), kOverhead + 3000 / 1.25e8, 1e-15);
  EXPECT_EQ(link.sizes.back(), kMessage);
}

TEST(BroadcastMeasure, TheMessageSentAndEverySegmentSizeTriedAreMeasured) {
  // For m = 2^k the sizes of every earlier version: 0, 1, 2, 4, ..., m.
  EXPECT_EQ(plogp_sizes(1), (std::vector<double>{0, 1}));
  EXPECT_EQ(plogp_sizes(8), (std::vector<double>{0, 1, 2, 4, 8}));
  // Otherwise m itself and each m / 2^i, in whole bytes, ascending.
  const double m = 1e6;
  const std::vector<double> sizes = plogp_sizes(m);
  EXPECT_EQ(sizes.front(), 0);
  EXPECT_EQ(sizes.back(), m);
  for (int i = 0; std::ldexp(m, -i) >= 1; ++i)
    EXPECT_NE(std::find(sizes.begin(), sizes.end(), std::ceil(std::ldexp(m, -i))), sizes.end()) << i;
  EXPECT_TRUE(std::is_sorted(sizes.begin(), sizes.end()));
  EXPECT_EQ(std::adjacent_find(sizes.begin(), sizes.end()), sizes.end());
  const PLogP link = measure_plogp(*make_model_probe(homogeneous_cluster(3)), {{0, 1}}, m, kOverhead)[0];
  EXPECT_EQ(link.sizes, sizes);
  EXPECT_NEAR(link.gap(m), kOverhead + m / 1.25e8, 1e-15);
}

TEST(BroadcastExecution, FlatChainAndSegmentedChainTakeExactlyTheirTable1Time) {
  for (int P : {2, 3, 5, 8, 13}) {
    const Platform p = homogeneous_cluster(P);
    const PLogP link = measured_link(p);
    for (IntraStrategy s : {IntraStrategy::flat, IntraStrategy::chain}) {
      const double model = intra_time(s, P, kMessage, kMessage, link);
      EXPECT_NEAR(model_makespan(p, strategy_plan(s, P, link)) / model, 1, 1e-9) << intra_strategy_info(s).name << P;
    }
    for (int k : {1, 4, 64}) {
      const double model = intra_time(IntraStrategy::segmented_chain, P, kMessage, kMessage / k, link);
      EXPECT_NEAR(model_makespan(p, strategy_plan(IntraStrategy::segmented_chain, P, link, k)) / model, 1, 1e-9)
          << "P " << P << " k " << k;
    }
  }
}

TEST(BroadcastExecution, BinomialTakesItsTable1TimeOnPowersOfTwoAndBinaryStaysUnderItsBound) {
  for (int P : {2, 4, 8, 16}) {
    const Platform p = homogeneous_cluster(P);
    const PLogP link = measured_link(p);
    EXPECT_NEAR(model_makespan(p, strategy_plan(IntraStrategy::binomial, P, link)) /
                    intra_time(IntraStrategy::binomial, P, kMessage, kMessage, link),
                1, 1e-9)
        << P;
  }
  for (int P = 2; P <= 20; ++P) {
    const Platform p = homogeneous_cluster(P);
    const PLogP link = measured_link(p);
    EXPECT_LE(model_makespan(p, strategy_plan(IntraStrategy::binary, P, link)),
              intra_time(IntraStrategy::binary, P, kMessage, kMessage, link) * (1 + 1e-12))
        << P;
  }
}

TEST(BroadcastExecution, EveryTreeTakesItsPlogpPredictionOnTheModelEngine) {
  for (int P : {3, 6, 11, 31}) {
    const Platform p = homogeneous_cluster(P);
    const PLogP link = measured_link(p);
    const LinkModel same = [&link](int, int) -> const PLogP& { return link; };
    for (const auto& [strategy, tree] : std::vector<std::pair<IntraStrategy, TreeChildren>>{
             {IntraStrategy::flat, flat_tree(P)}, {IntraStrategy::chain, chain_tree(P)},
             {IntraStrategy::binary, binary_tree(P)}, {IntraStrategy::binomial, binomial_tree(P)}})
      EXPECT_NEAR(model_makespan(p, strategy_plan(strategy, P, link)) /
                      predict_tree_broadcast(all_hosts(P), tree, kMessage, same),
                  1, 1e-9)
          << intra_strategy_info(strategy).name << " P " << P;
  }
}

TEST(BroadcastExecution, SimgridExecutesEveryStrategyLikeTheModelEngine) {
  const WorkDir dir("hetcoll-broadcast-test");
  const int P = 9;
  const Platform p = homogeneous_cluster(P);
  const std::string file = dir.path() + "/cluster.xml";
  write_simgrid_xml_file(p, file);
  const PLogP link = measured_link(p);
  std::vector<Plan> plans;
  for (IntraStrategy s : executable_intra_strategies()) plans.push_back(strategy_plan(s, P, link, 16));
  std::vector<const Plan*> pointers;
  for (const Plan& plan : plans) pointers.push_back(&plan);
  const std::vector<double> model = test::run_plans(*make_model_engine(p), pointers);
  const std::vector<double> simgrid = test_support::values_in_child(dir.path(), [&] {
    SimgridSession session(file, {});
    return test::run_plans(*session.engine(P), pointers);
  });
  ASSERT_EQ(simgrid.size(), model.size());
  for (std::size_t i = 0; i < model.size(); ++i) EXPECT_NEAR(simgrid[i] / model[i], 1, 1e-9) << i;
}

/// Every algorithm of the table that runs with costs = platform, or without `platform` with
/// abstract costs.
std::vector<std::string> algorithm_names(bool platform) {
  std::vector<std::string> names;
  for (const BroadcastAlgorithm& h : broadcast_algorithms())
    if (platform ? h.runs_on_platforms() : h.runs_on_abstract_costs()) names.push_back(h.name());
  return names;
}

TEST(BroadcastExecution, OnGrid5000WithSendersBusyForGPlusLSimgridModelAndPredictionAgree) {
  // Busy for g + L, a coordinator starts nothing while its wide-area message is in flight, so no
  // two messages ever share a link: SimGrid must time every plan exactly as the model engine,
  // which must meet the framework's prediction (each cluster's best strategy is exact here).
  // MPI's binomial keeps pLogP's busy-for-g: its messages overlap and share links, on both
  // engines alike, so it may end after the prediction.
  const WorkDir dir("hetcoll-broadcast-test");
  const Point point = broadcast_point({{"costs", "platform"}, {"latency-file", test::kGrid5000Csv}, {"rho", "0.3"},
                                       {"clusters", "6"}, {"message", "1048576"}, {"sender-busy", "g+L"}});
  const std::vector<std::string> names = algorithm_names(true);
  const std::size_t w = test::value_width();
  const std::vector<double> simgrid = family_values(point, "simgrid", 1, names, dir);
  ASSERT_EQ(simgrid.size(), w * names.size());
  for (std::size_t a = 0; a < names.size(); ++a) {
    const std::vector<double> model = test::model_values(point, names[a], dir);
    const bool grid_aware = broadcast_algorithms().at(names[a]).grid_aware();
    ASSERT_EQ(model.size(), w) << names[a];
    EXPECT_NEAR(simgrid[w * a] / model[0], 1, 1e-9) << names[a] << ": SimGrid vs model engine";
    if (grid_aware) EXPECT_NEAR(model[0] / model[1], 1, 1e-9) << names[a] << ": model engine vs prediction";
    // An MPI library's prediction is pLogP with one message at a time per host, no bound.
    else if (broadcast_algorithms().at(names[a]).runs_on_abstract_costs())
      EXPECT_GE(model[0], model[1] * (1 - 1e-9)) << names[a] << ": sharing only delays";
  }
}

TEST(BroadcastExecution, OnGrid5000BothEnginesShareLinksAlikeAndOnlyAddContention) {
  // Busy for g, a coordinator's next messages share its uplink with its last wide-area one for
  // about one WAN latency: both engines share it alike, at most 5 % after the prediction.
  const WorkDir dir("hetcoll-broadcast-test");
  const Point point = broadcast_point({{"costs", "platform"}, {"latency-file", test::kGrid5000Csv}, {"rho", "0.3"},
                                       {"clusters", "6"}});
  const std::vector<std::string> names = algorithm_names(true);
  const std::size_t w = test::value_width();
  const std::vector<double> simgrid = family_values(point, "simgrid", 1, names, dir);
  for (std::size_t a = 0; a < names.size(); ++a) {
    const double predicted = simgrid[w * a + 1];
    const std::vector<double> model = test::model_values(point, names[a], dir);
    ASSERT_EQ(model.size(), w) << names[a];
    EXPECT_NEAR(model[0] / simgrid[w * a], 1, 1e-9) << names[a] << ": model engine vs SimGrid";
    EXPECT_EQ(model[1], predicted) << names[a] << ": the prediction depends on the engine";
    // The MPI libraries' programs post several messages of a host at once, which share its
    // links where pLogP sends one at a time: their prediction is no bound (test_mpi_broadcast.cpp).
    const bool mpi = !broadcast_algorithms().at(names[a]).runs_on_abstract_costs();
    if (!mpi) EXPECT_GE(simgrid[w * a], predicted * (1 - 1e-9)) << names[a];
    if (!mpi) EXPECT_LE(simgrid[w * a], predicted * 1.05) << names[a];
    EXPECT_EQ(simgrid[w * a + 2], prediction_error(simgrid[w * a], predicted)) << names[a];
    EXPECT_EQ(simgrid[w * a + 3], 6) << names[a] << ": clusters found";
  }
}

TEST(BroadcastExecution, RandomCostsRunTheScheduleTheHeuristicPredictsInEveryReplication) {
  const WorkDir dir("hetcoll-broadcast-test");
  const std::vector<std::string> names = algorithm_names(false);
  const std::size_t w = test::value_width();
  for (const char* busy : {"g", "g+L"})
    for (const char* clusters : {"1", "2", "7", "25"}) {
      const Point point = broadcast_point({{"clusters", clusters}, {"sender-busy", busy}});
      const std::vector<double> v = family_values(point, "model", 40, names, dir);
      ASSERT_EQ(v.size(), 40 * names.size() * w);
      for (std::size_t i = 0; i < v.size(); i += w) {
        EXPECT_NEAR(v[i] / v[i + 1], 1, 1e-9) << "C " << clusters << " busy " << busy << " at " << i;
        EXPECT_EQ(v[i + 2], prediction_error(v[i], v[i + 1])) << "C " << clusters << " at " << i;
        EXPECT_EQ(v[i + 2], 0) << "C " << clusters << " at " << i << ": the model engine is the prediction";
        EXPECT_EQ(v[i + 3], std::stod(clusters)) << "C " << clusters << " at " << i;
        EXPECT_EQ(broadcast_chosen_words().at(static_cast<std::size_t>(v[i + 4])), names[i / w % names.size()])
            << "C " << clusters << " at " << i << ": every row runs itself";
        EXPECT_EQ(v[i + 5], -1) << "C " << clusters << " at " << i << ": no MPI library's segment";
        EXPECT_EQ(v[i + 6], 0) << "C " << clusters << " at " << i << ": the source, root 0 by default";
      }
    }
}

TEST(BroadcastExecution, RandomCostsOnSimgridAgreeWithTheModelEngine) {
  const WorkDir dir("hetcoll-broadcast-test");
  const std::vector<std::string> names = algorithm_names(false);
  const Point point = broadcast_point({{"clusters", "6"}});
  const std::vector<double> model = family_values(point, "model", 8, names, dir);
  const std::vector<double> simgrid = family_values(point, "simgrid", 8, names, dir);
  ASSERT_EQ(model.size(), simgrid.size());
  // The relative error is a difference of nearly equal times: compared to the times, not to itself.
  const std::size_t w = test::value_width();
  // The source (metric `root`, last), the algorithm run and its segment (before it) are the
  // same on both.
  for (std::size_t i = 0; i < model.size(); ++i)
    if (i % w == 2) EXPECT_NEAR(simgrid[i], model[i], 1e-9) << i;
    else if (i % w >= w - 3) EXPECT_EQ(simgrid[i], model[i]) << i;
    else EXPECT_NEAR(simgrid[i] / model[i], 1, 1e-9) << i;
}

}  // namespace
}  // namespace hetcoll
