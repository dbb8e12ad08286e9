// Lowekamp's clustering (Steffenel, Algorithm 1; docs/broadcast.md): the paper's GRID5000 matrix
// (Table 4 expanded to 88 hosts), the ρ = 0.30 / 0.31 facts, block-structured random matrices, bad
// input.
#include <gtest/gtest.h>

#include <cctype>

#include "algorithms/broadcast/support/latency_matrix.hpp"
#include "algorithms/broadcast/support/lowekamp.hpp"
#include "algorithms/broadcast/broadcast_harness.hpp"
#include "core/error.hpp"
#include "core/random.hpp"

namespace hetcoll {
namespace {

using test::run_hetcoll;

const std::string kGrid5000 = test::kGrid5000Csv;

std::vector<int> range(int first, int count) {
  std::vector<int> v;
  for (int i = 0; i < count; ++i) v.push_back(first + i);
  return v;
}

TEST(Lowekamp, Grid5000AtRho030RecoversTheSixClustersOfTable4) {
  const LatencyMatrix m = read_latency_csv(kGrid5000);
  ASSERT_EQ(m.n, 88);
  const Clusters c = lowekamp_clusters(m, 0.30);
  const Clusters expected = {range(0, 31), range(31, 29), range(60, 6), {66}, {67}, range(68, 20)};
  EXPECT_EQ(c, expected);
}

TEST(Lowekamp, Grid5000AtRho031MergesClustersZeroAndOneBecause6210Over4756Is1306) {
  const Clusters c = lowekamp_clusters(read_latency_csv(kGrid5000), 0.31);
  const Clusters expected = {range(0, 60), range(60, 6), {66}, {67}, range(68, 20)};
  EXPECT_EQ(c, expected);
}

TEST(Lowekamp, HostsThreeAndFourStaySingletonsUpToTheirEdgeRatios) {
  // Their edge to cluster 2 is 60.08 > 1.3 × 35.52 (the subnet's smallest edge), and the edge
  // between them is 242.47 > 1.3 × 60.08: only a tolerance above 242.47/60.08 − 1 joins them.
  const LatencyMatrix m = read_latency_csv(kGrid5000);
  for (double rho : {0.2, 0.3, 0.5, 0.69}) {
    const std::vector<int> of = cluster_index(lowekamp_clusters(m, rho), m.n);
    EXPECT_NE(of[66], of[60]) << rho;
    EXPECT_NE(of[66], of[67]) << rho;
  }
}

/// Random block matrix: `sizes` clusters, latency within cluster c in [base_c, 1.1 base_c),
/// between clusters at least 3 times the larger base.
LatencyMatrix block_matrix(const std::vector<int>& sizes, RandomStream& rng, std::vector<int>& truth) {
  truth.clear();
  for (std::size_t c = 0; c < sizes.size(); ++c) truth.insert(truth.end(), sizes[c], static_cast<int>(c));
  std::vector<double> base;
  for (std::size_t c = 0; c < sizes.size(); ++c) base.push_back(10 + 90 * rng.uniform());
  LatencyMatrix m;
  m.n = static_cast<int>(truth.size());
  m.w.assign(static_cast<std::size_t>(m.n) * m.n, 0.0);
  for (int a = 0; a < m.n; ++a)
    for (int b = a + 1; b < m.n; ++b) {
      const int ca = truth[a], cb = truth[b];
      const double x = ca == cb ? base[ca] * (1 + 0.1 * rng.uniform())
                                : 3 * std::max(base[ca], base[cb]) * (1 + rng.uniform());
      m.at(a, b) = m.at(b, a) = x;
    }
  return m;
}

TEST(Lowekamp, RecoversWellSeparatedBlocksOf500RandomMatricesAtRho020) {
  RandomStream rng(derive_seed(7, {5, 1}));
  std::vector<int> truth;
  for (int trial = 0; trial < 500; ++trial) {
    std::vector<int> sizes;
    const int clusters = 1 + static_cast<int>(rng.below(6));
    for (int c = 0; c < clusters; ++c) sizes.push_back(2 + static_cast<int>(rng.below(6)));
    const LatencyMatrix m = block_matrix(sizes, rng, truth);
    const Clusters found = lowekamp_clusters(m, 0.2);
    ASSERT_EQ(found.size(), sizes.size()) << "trial " << trial;
    const std::vector<int> of = cluster_index(found, m.n);
    for (int a = 0; a < m.n; ++a)
      for (int b = 0; b < m.n; ++b) ASSERT_EQ(of[a] == of[b], truth[a] == truth[b]) << "trial " << trial;
  }
}

TEST(Lowekamp, EveryMergeRespectsTheToleranceOnRandomMatrices) {
  // Whatever the matrix, hosts of one cluster are linked through edges within (1 + ρ) of the
  // cluster's smallest internal edge: the subnet minimum only decreases, so every accepted edge
  // x satisfies x ≤ (1 + ρ) · min edge at both ends, and the result is a partition.
  RandomStream rng(derive_seed(7, {5, 2}));
  for (int trial = 0; trial < 200; ++trial) {
    LatencyMatrix m;
    m.n = 2 + static_cast<int>(rng.below(20));
    m.w.assign(static_cast<std::size_t>(m.n) * m.n, 0.0);
    for (int a = 0; a < m.n; ++a)
      for (int b = a + 1; b < m.n; ++b) m.at(a, b) = m.at(b, a) = 1 + 9 * rng.uniform();
    const double rho = 0.05 + 0.5 * rng.uniform();
    const Clusters c = lowekamp_clusters(m, rho);
    std::vector<int> seen(m.n, 0);
    for (const auto& cluster : c) {
      for (int h : cluster) ++seen[h];
      if (cluster.size() < 2) continue;
      double inner = 1e300;
      for (int a : cluster)
        for (int b : cluster)
          if (a < b) inner = std::min(inner, m.at(a, b));
      // Each member has at least one internal edge within the tolerance of the smallest one.
      for (int a : cluster) {
        double best = 1e300;
        for (int b : cluster)
          if (a != b) best = std::min(best, m.at(a, b));
        EXPECT_LE(best, (1 + rho) * inner * (1 + 1e-12)) << "trial " << trial;
      }
    }
    for (int h = 0; h < m.n; ++h) EXPECT_EQ(seen[h], 1);
  }
}

TEST(Lowekamp, OneHostIsOneClusterAndTwoHostsMerge) {
  EXPECT_EQ(lowekamp_clusters(parse_latency_csv("0\n", "one"), 0.2), (Clusters{{0}}));
  EXPECT_EQ(lowekamp_clusters(parse_latency_csv("0,5\n5,0\n", "two"), 0.2), (Clusters{{0, 1}}));
}

void expect_input_error(const std::string& text, const std::string& fragment) {
  try {
    parse_latency_csv(text, "m.csv");
    FAIL() << "accepted: " << text;
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("m.csv", 0), 0u) << what;
    EXPECT_NE(what.find(fragment), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(LatencyMatrix, BadFilesAreOneLineInputErrorsNamingTheFile) {
  expect_input_error("0,1\n1,0,2\n", "square");
  expect_input_error("0,1,2\n1,0,2\n", "square");
  expect_input_error("0,1\n2,0\n", "symmetric");
  expect_input_error("0,-1\n-1,0\n", "negative");
  expect_input_error("0,\n1,0\n", "missing");
  expect_input_error("0,x\nx,0\n", "number");
  expect_input_error("# nothing\n", "no latency rows");
  EXPECT_THROW(read_latency_csv("/nonexistent/latency.csv"), InputError);
}

TEST(LatencyMatrix, CommentsBlankLinesAndSpacesAreAcceptedAndCsvRoundTrips) {
  const LatencyMatrix m = parse_latency_csv("# header\n\n0, 1.5 ,2\n1.5,0,3\n 2,3,0\n", "m.csv");
  ASSERT_EQ(m.n, 3);
  EXPECT_EQ(m.at(0, 2), 2);
  EXPECT_EQ(parse_latency_csv(latency_csv(m), "again").w, m.w);
}

TEST(Lowekamp, RhoOutsideZeroOneIsAnInputError) {
  const LatencyMatrix m = parse_latency_csv("0,1\n1,0\n", "m.csv");
  for (double rho : {0.0, -0.1, 1.01}) EXPECT_THROW(lowekamp_clusters(m, rho), InputError) << rho;
  EXPECT_NO_THROW(lowekamp_clusters(m, 1.0));
}

TEST(ClusterCommand, PrintsTheSixGrid5000ClustersOneLineEach) {
  std::string out, err;
  ASSERT_EQ(run_hetcoll("cluster " + kGrid5000 + " --rho 0.3", out, err), 0) << err;
  std::string expected;
  for (const auto& c : Clusters{range(0, 31), range(31, 29), range(60, 6), {66}, {67}, range(68, 20)}) {
    for (std::size_t i = 0; i < c.size(); ++i) expected += (i ? " " : "") + std::to_string(c[i]);
    expected += '\n';
  }
  EXPECT_EQ(out, expected);
}

TEST(ClusterCommand, MeasuresTheShippedXmlPlatformOnSimgridAndFindsTheSameClustersByName) {
  // Latencies come from pinging every pair of hosts on the SimGrid engine; a platform's hosts
  // are printed by name (p0 .. p87, the matrix's rows 0 .. 87), a matrix's by index.
  std::string csv, xml, err;
  ASSERT_EQ(run_hetcoll("cluster " + kGrid5000 + " --rho 0.3", csv, err), 0) << err;
  ASSERT_EQ(run_hetcoll("cluster " + test::kGrid5000Xml + " --rho 0.3", xml, err), 0) << err;
  std::string named;
  for (std::size_t i = 0; i < csv.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(csv[i])) && (i == 0 || !std::isdigit(static_cast<unsigned char>(csv[i - 1]))))
      named += 'p';
    named += csv[i];
  }
  EXPECT_EQ(xml, named);
  ASSERT_EQ(run_hetcoll("cluster " + test::kGrid5000Xml + " --rho 0.31", xml, err), 0) << err;
  EXPECT_EQ(std::count(xml.begin(), xml.end(), '\n'), 5);
}

TEST(ClusterCommand, BadInputExitsWithStatusTwoAndOneLineNamingTheProblem) {
  std::string out, err;
  EXPECT_EQ(run_hetcoll("cluster " + kGrid5000 + " --rho 1.5", out, err), 2);
  EXPECT_NE(err.find("--rho"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(run_hetcoll("cluster /nonexistent.csv", out, err), 2);
  EXPECT_NE(err.find("/nonexistent.csv"), std::string::npos) << err;
  EXPECT_EQ(run_hetcoll("cluster", out, err), 2);
  EXPECT_EQ(run_hetcoll("cluster /nonexistent.xml", out, err), 2);
  EXPECT_NE(err.find("/nonexistent.xml"), std::string::npos) << err;
}

}  // namespace
}  // namespace hetcoll
