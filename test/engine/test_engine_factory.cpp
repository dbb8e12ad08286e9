// The engine factory: the one place the `--engine` word becomes an engine, and the probes it
// hands to families that measure their platform.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "driver/work_dir.hpp"
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
EngineRequest ideal_request(const std::string& word, const std::string& work_dir) {
  EngineRequest r;
  r.engine = word;
  r.generated = [] { return ideal_cluster(3); };
  r.host_count = 3;
  r.work_dir = work_dir;
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
    EXPECT_THROW(open_engine(ideal_request(word, "/nonexistent")), InputError) << word;
    EXPECT_THROW(open_platform_probe(word, "/nonexistent.xml", {}), InputError) << word;
  }
}

TEST(EngineFactory, EveryEngineWordNamesAnEngine) {
  for (const std::string& word : engine_words()) EXPECT_NO_THROW(engine_kind(word)) << word;
}

TEST(EngineFactory, AModelProbeMeasuresOnAFreshClockEveryTime) {
  const std::unique_ptr<EngineRun> run = open_engine(ideal_request("model", "/nonexistent"));
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
      return open_engine(ideal_request(word, dir.path()))->probe().round_trips(some_pings());
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

}  // namespace
}  // namespace hetcoll
