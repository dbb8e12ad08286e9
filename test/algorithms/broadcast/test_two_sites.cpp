// The broadcast family on a hand-written multi-zone SimGrid file (platforms/two-sites.xml: a
// <cluster> with a backbone, a zone of hosts behind two routers, a WAN link), its hosts chosen
// with key `hosts`: Lowekamp finds the sites, `hetcoll cluster` names their hosts, every
// heuristic runs on both engines (or the model engine refuses flows that share a link), and the
// prediction error is what its column says.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "algorithms/broadcast/broadcast_harness.hpp"
#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "driver/work_dir.hpp"

namespace hetcoll {
namespace {

using test::broadcast_point;
using test::family_values;
using test::run_hetcoll;

/// Lyon's eight hosts, then nancy's three on its first switch: the two sites.
const std::vector<std::string> kTwoSites = {"zone:lyon", "n-1", "n-2", "n-3"};
constexpr int kTwoSitesHosts = 11;

/// The error column's definition, written out: (simulated − predicted) / simulated, and 0 for
/// times closer than the engines' simultaneity threshold of 1e-9 s (the same instant).
double expected_error(double simulated, double predicted) {
  return std::abs(simulated - predicted) <= 1e-9 ? 0 : (simulated - predicted) / simulated;
}

/// Rows of a summary CSV as column -> text, keyed by algorithm.
std::map<std::string, std::map<std::string, std::string>> rows_of(const std::string& csv) {
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header;
  std::istringstream names(line);
  for (std::string cell; std::getline(names, cell, ',');) header.push_back(cell);
  std::map<std::string, std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::map<std::string, std::string> cells;
    for (std::size_t i = 0; i < header.size(); ++i) std::getline(row, cells[header[i]], ',');
    rows[cells["algorithm"]] = cells;
  }
  return rows;
}

TEST(TwoSites, HetcollClusterNamesTheHostsOfEachSiteAndOfEachOfNancysSwitches) {
  // Every host of the file, pinged on SimGrid: lyon's hosts are 600 µs apart (their backbone's
  // latency), nancy's 40 µs on the first switch and 200 µs on the second, 170 µs across its two
  // switches; no tolerance merges nancy's switches (170 > 2 × 40), so nancy is two clusters.
  std::string out, err;
  ASSERT_EQ(run_hetcoll("cluster " + test::kTwoSitesXml + " --rho 0.3", out, err), 0) << err;
  EXPECT_EQ(out,
            "a-0.lyon a-1.lyon a-2.lyon a-3.lyon a-4.lyon a-5.lyon a-6.lyon a-7.lyon\n"
            "n-1 n-2 n-3\n"
            "n-4 n-5 n-6\n");
}

TEST(TwoSites, LowekampFindsTheTwoSitesOfTheSelectedHostsAndNeedsNoHostCount) {
  // No cluster-hosts: key `hosts` gives the family its count of hosts (the selection's), and
  // the run reports the clusters it found. The root is the first host selected.
  for (const std::string& hosts : {std::string("zone:lyon n-1 n-2 n-3"), std::string("n-2 n-1 n-3 a-*.lyon")}) {
    std::string out, err;
    ASSERT_EQ(run_hetcoll("run --family broadcast --engine simgrid --costs platform --platform " + test::kTwoSitesXml +
                              " --hosts '" + hosts + "' --rho 0.3 --clusters 2 --algorithms ecef --message 65536 "
                              "--replications 1 --quiet",
                          out, err),
              0)
        << hosts << ": " << err;
    const auto rows = rows_of(out);
    ASSERT_EQ(rows.size(), 1u) << out;
    EXPECT_EQ(rows.at("ecef").at("cluster_hosts"), std::to_string(kTwoSitesHosts)) << hosts;
    EXPECT_EQ(rows.at("ecef").at("clusters_found_mean"), "2") << hosts;
    // `hetcoll cluster` with the same selection names the clusters the run found, by the same
    // measurement: one line per cluster, every selected host once.
    ASSERT_EQ(run_hetcoll("cluster " + test::kTwoSitesXml + " --rho 0.3 --hosts '" + hosts + "'", out, err), 0) << err;
    std::istringstream lines(out);
    std::multiset<std::string> sites;
    std::size_t named = 0;
    for (std::string line; std::getline(lines, line);) {
      sites.insert(line.substr(0, 1));  // a-*.lyon or n-*
      std::istringstream words(line);
      for (std::string w; words >> w;) ++named;
    }
    EXPECT_EQ(std::to_string(sites.size()), rows.at("ecef").at("clusters_found_mean")) << out;
    EXPECT_EQ(sites, (std::multiset<std::string>{"a", "n"})) << out;
    EXPECT_EQ(named, static_cast<std::size_t>(kTwoSitesHosts)) << out;
  }
}

TEST(TwoSites, EveryHeuristicRunsOnBothEnginesAlike) {
  // Both engines execute a plan under pLogP and share links where flows meet (with senders busy
  // for g, lyon's coordinator sends its first local message while its wide-area one still
  // crosses its uplink), never faster than predicted but for rounding, and at the same date; the
  // error column is (simulated − predicted) / simulated. With chains inside the clusters and senders busy for g + L no two grid-aware
  // messages ever meet and Table 1 is exact: the model engine then runs every grid-aware
  // heuristic, and it, SimGrid and the prediction agree.
  const WorkDir dir("hetcoll-broadcast-test");
  std::vector<std::string> names;
  for (const BroadcastAlgorithm& a : broadcast_algorithms())
    if (a.runs_on_platforms()) names.push_back(a.name());
  const std::size_t w = test::value_width();
  for (const bool apart : {false, true}) {
    std::map<std::string, std::string> keys = {{"costs", "platform"},
                                               {"cluster-hosts", std::to_string(kTwoSitesHosts)},
                                               {"rho", "0.3"},
                                               {"clusters", "2"},
                                               {"message", "1048576"}};
    if (apart) keys.insert({{"intra", "chain"}, {"sender-busy", "g+L"}});
    const Point point = broadcast_point(keys);
    const std::vector<double> simgrid =
        family_values(point, "simgrid", 1, names, dir, test::kTwoSitesXml, kTwoSites);
    ASSERT_EQ(simgrid.size(), w * names.size());
    for (std::size_t a = 0; a < names.size(); ++a) {
      SCOPED_TRACE(names[a] + (apart ? ", chains and senders busy for g + L" : ""));
      const double time = simgrid[w * a], predicted = simgrid[w * a + 1];
      EXPECT_TRUE(std::isfinite(time) && time > 0);
      // An MPI library's program sends several messages of a host at once, which pLogP sends
      // one at a time: its prediction is no bound (test_mpi_broadcast.cpp).
      const bool framework = broadcast_algorithms().at(names[a]).runs_on_abstract_costs();
      if (framework) EXPECT_GE(time, predicted * (1 - 1e-9)) << "SimGrid beats pLogP";
      EXPECT_EQ(simgrid[w * a + 2], expected_error(time, predicted));
      EXPECT_EQ(simgrid[w * a + 3], 2) << "clusters found";
      const bool grid_aware = broadcast_algorithms().at(names[a]).grid_aware();
      if (apart && grid_aware) EXPECT_NEAR(time / predicted, 1, 1e-9) << "SimGrid vs prediction";
      const std::vector<double> model = test::model_values(point, names[a], dir, test::kTwoSitesXml, kTwoSites);
      ASSERT_EQ(model.size(), w);
      EXPECT_EQ(model[1], predicted) << "the prediction depends on the engine";
      // The model engine executes the plan under pLogP: Table 1 is exact for chains, and for
      // the binomial tree of P = 3 hosts (nancy's switch) one gap short.
      if (apart && grid_aware) EXPECT_NEAR(model[0] / predicted, 1, 1e-9) << "the model engine is pLogP executed";
      if (framework) EXPECT_GE(model[0], predicted * (1 - 1e-9)) << "Table 1 is exact or optimistic";
      EXPECT_NEAR(model[0] / time, 1, 1e-9) << "the engines share links alike";
    }
  }
}

TEST(TwoSites, ThePredictionErrorIsZeroOnlyWithinTheSimultaneityThreshold) {
  EXPECT_EQ(prediction_error(2, 1), 0.5);
  EXPECT_EQ(prediction_error(1, 1.5), -0.5);
  EXPECT_EQ(prediction_error(0, 0), 0);
  EXPECT_EQ(prediction_error(1, 1 + 1e-10), 0);
  EXPECT_NEAR(prediction_error(1, 1 - 2e-9), 2e-9, 1e-16);
}

TEST(TwoSites, ThePredictionErrorColumnIsSimulatedMinusPredictedOverSimulated) {
  // The whole file, three clusters (lyon, nancy's two switches), root a-0.lyon: the summary row
  // of every heuristic carries its error beside its prediction.
  std::string out, err;
  ASSERT_EQ(run_hetcoll("run --family broadcast --engine simgrid --costs platform --platform " + test::kTwoSitesXml +
                            " --hosts 'zone:lyon zone:nancy' --rho 0.3 --message 1048576 --replications 1 --quiet",
                        out, err),
            0)
      << err;
  const auto rows = rows_of(out);
  std::size_t on_platforms = 0;  // the default list: every heuristic but those of abstract costs
  for (const BroadcastAlgorithm& a : broadcast_algorithms()) on_platforms += a.runs_on_platforms();
  ASSERT_EQ(rows.size(), on_platforms) << out;
  for (const auto& [name, row] : rows) {
    const double mean = std::stod(row.at("mean")), predicted = std::stod(row.at("predicted_mean"));
    EXPECT_EQ(std::stod(row.at("prediction_error_mean")), expected_error(mean, predicted)) << name;
    // The framework's plans; the MPI libraries' programs share links their prediction may
    // or may not miss, row by row (test_mpi_broadcast.cpp).
    if (broadcast_algorithms().at(name).runs_on_abstract_costs())
      EXPECT_NE(std::stod(row.at("prediction_error_mean")), 0) << name << ": SimGrid shares links pLogP does not see";
    EXPECT_EQ(row.at("clusters_found_mean"), "3") << name;
    EXPECT_EQ(row.at("cluster_hosts"), "14") << name;
  }
}

}  // namespace
}  // namespace hetcoll
