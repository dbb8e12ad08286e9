// The engine factory: the one place the `--engine` word becomes an engine, and the probes it
// hands to families that measure their platform.
#include <gtest/gtest.h>

#include <fstream>
#include <tuple>

#include "core/error.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/engine_factory.hpp"
#include "platform/simgrid_xml.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

/// Ping-pongs on every ordered pair of a 3-host ideal cluster, of 0 and 1000 bytes.
std::vector<PingPong> some_pings() {
  std::vector<PingPong> pings;
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b)
      if (a != b)
        for (double bytes : {0.0, 1000.0}) pings.push_back({a, b, bytes});
  return pings;
}

/// A unit's engine of `word` on the generated 3-host ideal cluster.
EngineRequest ideal_request(const std::string& word) {
  EngineRequest r;
  r.engine = word;
  r.generated = [] { return ideal_cluster(3); };
  r.host_count = 3;
  return r;
}

TEST(EngineFactory, AnUnknownEngineWordIsAnInputErrorNamingIt) {
  for (const std::string word : {"", "SimGrid", "models", "ns-3"}) {
    try {
      engine_kind(word);
      ADD_FAILURE() << "'" << word << "' was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + word + "'"), std::string::npos) << e.what();
    }
    EXPECT_THROW(open_engine(ideal_request(word)), InputError) << word;
    EXPECT_THROW(open_platform_probe(word, "/nonexistent.xml", {}), InputError) << word;
  }
}

TEST(EngineFactory, EveryEngineWordNamesAnEngine) {
  for (const std::string& word : engine_words()) EXPECT_NO_THROW(engine_kind(word)) << word;
}

TEST(EngineFactory, AModelProbeMeasuresOnAFreshClockEveryTime) {
  const std::unique_ptr<EngineRun> run = open_engine(ideal_request("model"));
  const std::vector<double> first = run->probe().round_trips(some_pings());
  EXPECT_EQ(run->probe().round_trips(some_pings()), first);
  // 1000 bytes each way at 2^23 B/s on top of the empty message's round trip.
  EXPECT_EQ(first[1] - first[0], 2 * 1000 / 8388608.0);
}

TEST(EngineFactory, EveryEnginesUnitProbeAndTheSimgridProbeOfAFileAgree) {
  const WorkDir dir("hetcoll-factory-test");
  std::vector<std::vector<double>> measured;
  for (const std::string& word : engine_words())
    measured.push_back(test_support::values_in_child(dir.path(), [&] {
      return open_engine(ideal_request(word))->probe().round_trips(some_pings());
    }));
  const std::string file = dir.path() + "/ideal3.xml";
  write_simgrid_xml_file(ideal_cluster(3), file);
  measured.push_back(test_support::values_in_child(dir.path(), [&] {
    const std::unique_ptr<PlatformProbe> platform = open_platform_probe("simgrid", file, {});
    EXPECT_EQ(platform->hosts(), 3);
    return platform->probe().round_trips(some_pings());
  }));
  for (const std::vector<double>& m : measured) EXPECT_EQ(m, measured.front());
}

/// Four clusters of `n` hosts (a0.., b0.., c0.., d0..), routes between zones a-b, b-c, c-d and
/// d-a only: a0 cannot reach c0. Beyond 64 hosts the SimGrid engine checks a ring of host
/// pairs (a16 -> b0, ..., d16 -> a0, all routed) and one pair per pair of zones.
std::string four_zones_without_a_c(int n) {
  std::string xml = "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                    "<platform version=\"4.1\">\n<zone id=\"world\" routing=\"Full\">\n";
  for (const std::string z : {"a", "b", "c", "d"})
    xml += "  <cluster id=\"" + z + "\" prefix=\"" + z + "\" suffix=\"\" radical=\"0-" + std::to_string(n - 1) +
           "\" speed=\"1e7f\" bw=\"1e7Bps\" lat=\"0s\" router_id=\"" + z + "_router\"/>\n";
  const std::vector<std::string> pairs = {"ab", "bc", "cd", "da"};
  for (const std::string& pair : pairs) xml += "  <link id=\"" + pair + "\" bandwidth=\"1e7Bps\" latency=\"0s\"/>\n";
  for (const std::string& pair : pairs) {
    const std::string a(1, pair[0]), b(1, pair[1]);
    xml += "  <zoneRoute src=\"" + a + "\" dst=\"" + b + "\" gw_src=\"" + a + "_router\" gw_dst=\"" + b +
           "_router\"><link_ctn id=\"" + pair + "\"/></zoneRoute>\n";
  }
  return xml + "</zone>\n</platform>\n";
}

// Item 2 of issue 11: two hosts of a file without a route between them (here: two zones without
// a zoneRoute) are refused by both engines when the unit's engine opens, before any replication,
// in one line naming the file and both hosts.
TEST(EngineFactory, TwoHostsWithoutARouteAreRefusedBeforeAnyReplicationNamingTheFileAndTheHosts) {
  const WorkDir dir("hetcoll-factory-test");
  const std::string file = dir.path() + "/split.xml";
  std::ofstream(file) << R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Full">
    <zone id="left" routing="Full"><host id="host0" speed="1e7f"/></zone>
    <zone id="right" routing="Full"><host id="host1" speed="1e7f"/></zone>
  </zone>
</platform>
)";
  const std::string large = dir.path() + "/four-zones.xml";
  std::ofstream(large) << four_zones_without_a_c(17);
  for (const auto& [path, hosts, pair] : {std::tuple<std::string, int, std::string>{file, 2, "host0 to host1"},
                                          {large, 68, "a0 to c0"}})
    for (const std::string& word : engine_words()) {
      EngineRequest r;
      r.engine = word;
      r.platform_file = path;
      r.host_count = hosts;
      try {
        run_in_child(dir.path(), [&] {
          open_engine(r);
          return std::string();
        });
        ADD_FAILURE() << word << " opened " << path;
      } catch (const InputError& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.rfind(path + ": no route from " + pair, 0), 0u) << word << ": " << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << word << ": " << message;
      }
    }
}

}  // namespace
}  // namespace hetcoll
