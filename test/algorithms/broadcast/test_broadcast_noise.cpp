// Uncertain costs in the broadcast family (key cv): the heuristics schedule on the nominal
// costs, the trees run on drawn ones. On random grids the engines agree, the predictions (on the
// nominal grid) do not change with cv while the executed times do; with costs = platform the
// draws alone make the replications differ. (That a plan ends at its critical path over the
// drawn durations is NoisyPolicy's test, on any plan.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "algorithms/broadcast/broadcast_harness.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "driver/work_dir.hpp"

namespace hetcoll {
namespace {

using test::broadcast_point;
using test::family_values;
using test::value_width;

/// Every algorithm of the table that runs with costs = random.
std::vector<std::string> every_algorithm() {
  std::vector<std::string> names;
  for (const BroadcastAlgorithm& a : broadcast_algorithms())
    if (a.runs_on_abstract_costs()) names.push_back(a.name());
  return names;
}

TEST(BroadcastNoise, RandomGridsAreTheSameForEveryCvAndTheEnginesAgreeOnTheDrawnCosts) {
  const WorkDir dir("hetcoll-broadcast-noise");
  const std::vector<std::string> heuristics = every_algorithm();
  const std::uint64_t replications = 4;
  const Point nominal = broadcast_point({{"clusters", "6"}});
  const Point noisy = broadcast_point({{"clusters", "6"}, {"cv", "0.5"}});
  const std::vector<double> zero = family_values(nominal, "model", replications, heuristics, dir);
  const std::vector<double> model = family_values(noisy, "model", replications, heuristics, dir);
  const std::vector<double> simgrid = family_values(noisy, "simgrid", replications, heuristics, dir);
  const std::size_t w = value_width();
  ASSERT_EQ(model.size(), replications * heuristics.size() * w);
  ASSERT_EQ(zero.size(), model.size());
  ASSERT_EQ(simgrid.size(), model.size());
  std::size_t moved = 0;
  for (std::size_t i = 0; i < model.size(); i += w) {
    EXPECT_NEAR(simgrid[i] / model[i], 1.0, 1e-9) << "value " << i / w;
    EXPECT_EQ(model[i + 1], zero[i + 1]) << "the prediction is made on the nominal grid";
    EXPECT_NEAR(zero[i], zero[i + 1], 1e-9 * zero[i]) << "at cv = 0 the execution is the prediction";
    moved += model[i] != zero[i];
  }
  EXPECT_EQ(moved, model.size() / w) << "every executed time should move under noise";
}

TEST(BroadcastNoise, OnAPlatformTheReplicationsDifferByTheirDrawsOnly) {
  const WorkDir dir("hetcoll-broadcast-noise");
  const Point fixed = broadcast_point({{"costs", "platform"}, {"cluster-hosts", "8"}});
  const Point noisy = broadcast_point({{"costs", "platform"}, {"cluster-hosts", "8"}, {"cv", "1"}});
  const std::vector<std::string> algorithms = {"ecef", "binomial"};
  const std::vector<double> zero = family_values(fixed, "simgrid", 3, algorithms, dir);
  const std::vector<double> drawn = family_values(noisy, "simgrid", 3, algorithms, dir);
  const std::size_t w = value_width();
  ASSERT_EQ(drawn.size(), zero.size());
  std::set<long long> values;  // in ns: apart by more than the clock's rounding
  for (std::size_t i = 0; i < drawn.size(); i += w) {
    // The clock runs on across replications, so the same schedule ends within its rounding.
    EXPECT_NEAR(zero[i], zero[i % (algorithms.size() * w)], 1e-9 * zero[i]) << "cv = 0: every replication is the same";
    EXPECT_EQ(drawn[i + 1], zero[i + 1]) << "the prediction does not see the draws";
    values.insert(std::llround(drawn[i] * 1e9));
  }
  EXPECT_EQ(values.size(), drawn.size() / w) << "each replication and algorithm meets its own draws";
}

TEST(BroadcastDynamicEcef, WithExactCostsItRunsStaticEcefsScheduleAndTheEnginesAgreeOnDrawnOnes) {
  const WorkDir dir("hetcoll-broadcast-noise");
  const std::vector<std::string> pair = {"ecef", "dynamic-ecef"};
  const std::size_t w = value_width();
  for (const char* sender_busy : {"g", "g+L"}) {
    const std::vector<double> exact =
        family_values(broadcast_point({{"clusters", "9"}, {"sender-busy", sender_busy}}), "model", 6, pair, dir);
    for (std::size_t r = 0; r < 6; ++r) {
      const double* ecef = &exact[r * 2 * w];
      const double* dynamic = ecef + w;
      EXPECT_NEAR(dynamic[0], ecef[0], 1e-9 * ecef[0]) << "replication " << r << ", sender busy for " << sender_busy;
      EXPECT_EQ(dynamic[1], ecef[1]) << "its prediction is static ECEF's";
    }
  }
  const Point noisy = broadcast_point({{"clusters", "9"}, {"cv", "0.8"}});
  const std::vector<double> model = family_values(noisy, "model", 6, pair, dir);
  const std::vector<double> simgrid = family_values(noisy, "simgrid", 6, pair, dir);
  ASSERT_EQ(simgrid.size(), model.size());
  std::size_t differ = 0;
  for (std::size_t i = 0; i < model.size(); i += w) EXPECT_NEAR(simgrid[i] / model[i], 1.0, 1e-9) << i / w;
  for (std::size_t r = 0; r < 6; ++r) differ += model[r * 2 * w] != model[r * 2 * w + w];
  EXPECT_GT(differ, 0u) << "re-planning on drawn costs never changed a tree";
}

TEST(BroadcastDynamicEcef, CostsFromAPlatformAreRefusedNamingTheKey) {
  std::string out, err;
  EXPECT_EQ(test::run_hetcoll("run --family broadcast --costs platform --cluster-hosts 8 --algorithms dynamic-ecef "
                              "--quiet --output -",
                              out, err),
            2);
  EXPECT_NE(err.find("dynamic-ecef"), std::string::npos) << err;
  EXPECT_NE(err.find("costs = random or given"), std::string::npos) << err;
  EXPECT_TRUE(out.empty()) << out;
}

}  // namespace
}  // namespace hetcoll
