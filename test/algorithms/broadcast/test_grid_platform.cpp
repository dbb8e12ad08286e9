// The hierarchical platform of Table 4 (§7): zones from the latency matrix, the shipped XML, the
// multi-zone SimGrid writer (routes read back through SimGrid equal the model's), and pinging
// on SimGrid recovering the matrix.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "algorithms/broadcast/support/grid_platform.hpp"
#include "algorithms/broadcast/support/plogp_measure.hpp"
#include "algorithms/broadcast/broadcast_harness.hpp"
#include "core/error.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/engine_factory.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"

namespace hetcoll {
namespace {

Platform grid5000() { return grid_platform(read_latency_csv(test::kGrid5000Csv), GridPlatformSpec{}, "grid5000"); }

TEST(GridPlatform, Grid5000HasTheSixZonesOfTable4AndEveryRouteLatencyIsTheMatrixEntry) {
  const LatencyMatrix m = read_latency_csv(test::kGrid5000Csv);
  const Platform p = grid5000();
  ASSERT_EQ(p.host_count(), 88);
  std::vector<int> sizes(6, 0);
  for (const HostSpec& h : p.hosts) {
    ASSERT_LT(h.zone, 6);
    ++sizes[h.zone];
  }
  EXPECT_EQ(sizes, (std::vector<int>{31, 29, 6, 1, 1, 20}));
  for (int a = 0; a < 88; ++a)
    for (int b = 0; b < 88; ++b)
      if (a != b) EXPECT_NEAR(p.route(a, b).latency / (m.at(a, b) * 1e-6), 1, 1e-12) << a << "->" << b;
}

TEST(GridPlatform, WanBandwidthIsTheTcpWindowOverTheRoundTripTimeCappedByTheLan) {
  const Platform p = grid5000();
  // Orsay (host 0) to IDPOT (host 60): RTT = 2 × 12181.52 µs; Orsay to Orsay: the LAN.
  EXPECT_NEAR(p.route(0, 60).bandwidth, 65536 / (2 * 12181.52e-6), 1e-6);
  EXPECT_EQ(p.route(0, 31).bandwidth, 1.25e8);
  EXPECT_EQ(p.route(0, 1).bandwidth, 1.25e8);
}

TEST(GridPlatform, TheShippedXmlIsTheGeneratorsOutput) {
  std::ostringstream generated;
  write_simgrid_xml(grid5000(), generated);
  std::ifstream in(test::kGrid5000Xml);
  std::stringstream shipped;
  shipped << in.rdbuf();
  EXPECT_EQ(shipped.str(), generated.str())
      << "regenerate platforms/grid5000-88.xml from platforms/grid5000-88-latency.csv (docs/broadcast.md)";
}

TEST(GridPlatform, SimgridReadsTheMultiZoneXmlWithTheModelsRoutes) {
  const WorkDir dir("hetcoll-broadcast-test");
  const Platform p = grid5000();
  const std::string text = run_in_child(dir.path(), [&] {
    const Platform read = SimgridSession(test::kGrid5000Xml, {}).describe(true);
    std::ostringstream out;
    double worst = 0;
    for (int a = 0; a < 88; ++a)
      for (int b = 0; b < 88; ++b)
        if (a != b) {
          worst = std::max(worst, std::abs(read.route(a, b).latency / p.route(a, b).latency - 1));
          worst = std::max(worst, std::abs(read.route(a, b).bandwidth / p.route(a, b).bandwidth - 1));
        }
    out << read.host_count() << ' ' << worst;
    return out.str();
  });
  std::istringstream in(text);
  int hosts = 0;
  double worst = 1;
  in >> hosts >> worst;
  EXPECT_EQ(hosts, 88);
  EXPECT_LT(worst, 1e-12);
}

TEST(GridPlatform, PingingEveryPairOnSimgridRecoversTheLatencyMatrix) {
  const WorkDir dir("hetcoll-broadcast-test");
  const LatencyMatrix m = read_latency_csv(test::kGrid5000Csv);
  const LatencyMatrix pinged = parse_latency_csv(run_in_child(dir.path(), [&] {
    const std::unique_ptr<PlatformProbe> platform = open_platform_probe("simgrid", test::kGrid5000Xml, {});
    return latency_csv(ping_latencies(platform->probe(), platform->hosts()));
  }), "child");
  for (int a = 0; a < 88; ++a)
    for (int b = 0; b < 88; ++b)
      if (a != b) EXPECT_NEAR(pinged.at(a, b) / (m.at(a, b) * 1e-6), 1, 1e-9) << a << "->" << b;
}

TEST(GridPlatform, HostsSeeingTheSameLatenciesShareAZoneAndOthersDoNot) {
  // Hosts 0, 1 see host 2 at 5 and each other at 1; host 3 differs from 2 only towards 0.
  const LatencyMatrix m = parse_latency_csv("0,1,5,6\n1,0,5,6\n5,5,0,9\n6,6,9,0\n", "m");
  EXPECT_EQ(equivalent_host_zones(m), (std::vector<int>{0, 0, 1, 2}));
  const LatencyMatrix tight = parse_latency_csv("0,10,1\n10,0,10\n1,10,0\n", "tight.csv");
  // Hosts 0 and 2 form a zone with internal latency 1; host 1 is 10 from both: WAN 10 − 0.5.
  EXPECT_NEAR(grid_platform(tight, GridPlatformSpec{}, "t").route(0, 1).latency, 10e-6, 1e-18);
  const LatencyMatrix impossible = parse_latency_csv("0,10,1,1\n10,0,1,1\n1,1,0,10\n1,1,10,0\n", "bad.csv");
  // Zones {0,1} and {2,3} have internal latency 10 but are 1 apart: no WAN latency fits.
  try {
    grid_platform(impossible, GridPlatformSpec{}, "bad.csv");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("bad.csv", 0), 0u) << e.what();
  }
}

TEST(SimgridXml, TheSingleZoneOutputIsUnchanged) {
  std::ostringstream out;
  write_simgrid_xml(ideal_cluster(2, 1e7, 1e7), out);
  EXPECT_EQ(out.str(),
            "<?xml version='1.0'?>\n"
            "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
            "<platform version=\"4.1\">\n"
            "<zone id=\"world\" routing=\"Full\">\n"
            "  <zone id=\"cluster\" routing=\"Cluster\">\n"
            "    <host id=\"p0\" speed=\"10000000f\"/>\n"
            "    <host id=\"p1\" speed=\"10000000f\"/>\n"
            "    <link id=\"p0_UP\" bandwidth=\"10000000Bps\" latency=\"0s\"/>\n"
            "    <link id=\"p0_DOWN\" bandwidth=\"10000000Bps\" latency=\"0s\"/>\n"
            "    <link id=\"p1_UP\" bandwidth=\"10000000Bps\" latency=\"0s\"/>\n"
            "    <link id=\"p1_DOWN\" bandwidth=\"10000000Bps\" latency=\"0s\"/>\n"
            "    <host_link id=\"p0\" up=\"p0_UP\" down=\"p0_DOWN\"/>\n"
            "    <host_link id=\"p1\" up=\"p1_UP\" down=\"p1_DOWN\"/>\n"
            "  </zone>\n"
            "</zone>\n"
            "</platform>\n");
}

TEST(SimgridXml, MultiZoneWriterRejectsBackbonesAndZonesWithoutExactlyOneLink) {
  Platform p = grid5000();
  std::ostringstream out;
  Platform backbone = p;
  backbone.between[0][0] = {0};
  EXPECT_THROW(write_simgrid_xml(backbone, out), InputError);
  Platform two = p;
  two.between[0][1] = {two.between[0][1][0], two.between[0][2][0]};
  EXPECT_THROW(write_simgrid_xml(two, out), InputError);
  Platform gap = p;
  for (HostSpec& h : gap.hosts.edit_all())
    if (h.zone == 5) h.zone = 6;
  EXPECT_THROW(write_simgrid_xml(gap, out), InputError);
}

}  // namespace
}  // namespace hetcoll
