// The reduce family on a user's platform file: the file is the default input (its hosts and
// routes), every shipped file runs the family's default list, `over_bound` divides by a true
// lower bound on random files (heterogeneous links, latencies, shared links, host selections).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "algorithms/reduce/support/cluster.hpp"
#include "algorithms/reduce/support/reduce_family.hpp"
#include "core/number_format.hpp"
#include "core/random.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "platform/simgrid_xml.hpp"
#include "reduce_harness.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

using reduce_test::parsed;

// Values per algorithm and replication: the makespan, then one per metric.
const std::size_t kWidth = reduce_test::unit_width();

std::string text_of(const Point& point, const std::string& key) {
  return point.texts[static_cast<std::size_t>(reduce_family().parameter_index(key))];
}
double value_of(const Point& point, const std::string& key) {
  return point.values[static_cast<std::size_t>(reduce_family().parameter_index(key))];
}

/// A random platform of `hosts` hosts in one Full-routing zone: each host has its own link
/// (bandwidth 10 to 1000 MB/s, latency 0 to 500 µs); with `shared`, some routes also cross
/// one backbone link that concurrent messages then share.
void write_random_platform(const std::string& path, int hosts, bool shared, RandomStream& stream) {
  std::ofstream out(path);
  out << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      << "<platform version=\"4.1\">\n  <zone id=\"world\" routing=\"Full\">\n";
  for (int h = 0; h < hosts; ++h) {
    out << "    <host id=\"h" << h << "\" speed=\"1Gf\"/>\n";
    const double bandwidth = 1e7 * std::pow(100.0, stream.uniform());
    const double latency = stream.below(4) == 0 ? 0 : 5e-4 * stream.uniform();
    out << "    <link id=\"l" << h << "\" bandwidth=\"" << format_number(bandwidth) << "Bps\" latency=\""
        << format_number(latency) << "s\"/>\n";
  }
  out << "    <link id=\"backbone\" bandwidth=\"" << format_number(1e7 * std::pow(100.0, stream.uniform()))
      << "Bps\" latency=\"1e-4s\"/>\n";
  for (int a = 0; a < hosts; ++a)
    for (int b = a + 1; b < hosts; ++b) {
      out << "    <route src=\"h" << a << "\" dst=\"h" << b << "\"><link_ctn id=\"l" << a << "\"/>";
      if (shared && stream.below(2) == 0) out << "<link_ctn id=\"backbone\"/>";
      out << "<link_ctn id=\"l" << b << "\"/></route>\n";
    }
  out << "  </zone>\n</platform>\n";
}

TEST(ReduceOnPlatformFiles, AFileIsTheDefaultInputWithAllItsHosts) {
  const WorkDir dir("hetcoll-reduce-files");
  const std::string file = dir.path() + "/five.xml";
  RandomStream stream(3);
  write_random_platform(file, 5, false, stream);
  const Scenario s = parsed({"--platform", file});
  const Point point = expand_points(s).front();
  EXPECT_EQ(text_of(point, "cluster"), "file");
  EXPECT_EQ(value_of(point, "processors"), 5);
  // A count or a selection of hosts, and another cluster, still win.
  EXPECT_EQ(value_of(expand_points(parsed({"--platform", file, "--processors", "3"})).front(), "processors"), 3);
  EXPECT_EQ(value_of(expand_points(parsed({"--platform", file, "--hosts", "h4 h1"})).front(), "processors"), 2);
  const Point platform = expand_points(parsed({"--platform", file, "--cluster", "platform"})).front();
  EXPECT_EQ(text_of(platform, "cluster"), "platform");
  EXPECT_EQ(value_of(platform, "processors"), 5);
  // Without a file nothing changes: Liu & Wang's Figure 1 cluster of times.
  const Point times = expand_points(parsed({})).front();
  EXPECT_EQ(text_of(times, "cluster"), "times");
  EXPECT_EQ(value_of(times, "processors"), 0);
}

// The family's default list on its default point, on every shipped platform: every algorithm
// runs (SimGrid; the model engine refuses files whose messages share a link) and no makespan
// of one message per host is below the bound.
TEST(ReduceOnPlatformFiles, TheDefaultListRunsOnEveryShippedFile) {
  const WorkDir dir("hetcoll-reduce-files");
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(HETCOLL_SOURCE_DIR) + "/platforms")) {
    if (entry.path().extension() != ".xml") continue;
    ++files;
    const Scenario s = parsed({"--platform", entry.path().string(), "--replications", "1", "--quiet"});
    const Point point = expand_points(s).front();
    SCOPED_TRACE(entry.path().filename().string());
    const std::vector<double> v = test_support::unit_values_in_child(s, point, dir.path());
    ASSERT_EQ(v.size(), s.algorithms.size() * kWidth);
    for (std::size_t a = 0; a < s.algorithms.size(); ++a) {
      EXPECT_TRUE(std::isfinite(v[a * kWidth]) && v[a * kWidth] > 0) << s.algorithms[a];
      // The bound is of one message per host, which the MPI rows' segments and halves may beat.
      if (!reduce_algorithms().at(s.algorithms[a]).sends_point_to_point())
        EXPECT_GE(v[a * kWidth + 1], 1 - 1e-12) << s.algorithms[a];
    }
  }
  EXPECT_GT(files, 0);
}

// With cv = 0 the denominator of over_bound is a lower bound of every schedule of one message
// per host (not of the MPI rows, whose segments and halves may beat it): no such algorithm,
// the optimum included, goes below it, whatever the links' bandwidths, latencies and sharing,
// the hosts selected, the size of a value, comm-mean (latencies do not scale with it) and ⊕.
TEST(ReduceOnPlatformFiles, NoMakespanGoesBelowTheBoundOnRandomFiles) {
  const WorkDir dir("hetcoll-reduce-files");
  RandomStream stream(41);
  for (int instance = 0; instance < 12; ++instance) {
    const bool shared = instance % 2 == 1;
    const int hosts = 3 + static_cast<int>(stream.below(6));
    const std::string file = dir.path() + "/random" + std::to_string(instance) + ".xml";
    write_random_platform(file, hosts, shared, stream);
    std::string selection;
    for (int h = 0; h < hosts; ++h)
      if (h < 2 || stream.below(3) != 0) selection = "h" + std::to_string(h) + (selection.empty() ? "" : " ") + selection;
    const std::string comm_mean = format_number(std::vector<double>{0.5, 1, 3}[stream.below(3)]);
    for (const char* engine : {"simgrid", "model"}) {
      if (shared && std::string(engine) == "model") continue;  // the model engine refuses shared links
      std::vector<std::string> args{"--platform", file,    "--hosts", selection, "--message",      "1000000",
                                    "--comm-mean", comm_mean, "--engine", engine,  "--replications", "1", "--quiet"};
      // A ⊕ only delays: the bound holds with it too, for the algorithms that compute it.
      if (instance % 3 == 2)
        args.insert(args.end(), {"--ratio", "0.5", "--algorithms",
                                 "binomial-stat fibonacci-stat tree-dyn non-commut-tree-dyn"});
      const Scenario s = parsed(args);
      SCOPED_TRACE("instance " + std::to_string(instance) + " hosts " + selection + " comm-mean " + comm_mean +
                   " on " + engine);
      const std::vector<double> v = test_support::unit_values_in_child(s, expand_points(s).front(), dir.path());
      ASSERT_EQ(v.size(), s.algorithms.size() * kWidth);
      for (std::size_t a = 0; a < s.algorithms.size(); ++a)
        if (!reduce_algorithms().at(s.algorithms[a]).sends_point_to_point())  // one message per host
          EXPECT_GE(v[a * kWidth + 1], 1 - 1e-12) << s.algorithms[a];
    }
  }
}

// cluster = times on a file whose UP link has a latency: a message from p3 of t = 0.9 s of
// latency + 0.1 s of transfer lasts 0.9 + 0.3 s at comm-mean 3, not 3 s, so the optimum takes
// 7.2 s where comm-mean × the optimum of the times said 9. The bound reads each message's time.
TEST(ReduceOnPlatformFiles, AnUpLinksLatencyDoesNotScaleWithCommMean) {
  const WorkDir dir("hetcoll-reduce-files");
  const std::string file = dir.path() + "/latency.xml";
  Platform platform = times_platform("4,2,2,1", "");
  LinkSpec& up = platform.links.edit(platform.link_index("p3_UP"));
  up.latency = 0.9;
  up.bandwidth = kDefaultMessageBytes / 0.1;
  write_simgrid_xml_file(platform, file);
  for (const char* engine : {"model", "simgrid"}) {
    const Scenario s = parsed({"--platform", file, "--cluster", "times", "--times", "4,2,2,1", "--comm-mean", "3",
                               "--engine", engine, "--replications", "1", "--quiet"});
    SCOPED_TRACE(engine);
    const std::vector<double> v = test_support::unit_values_in_child(s, expand_points(s).front(), dir.path());
    ASSERT_EQ(v.size(), s.algorithms.size() * kWidth);
    for (std::size_t a = 0; a < s.algorithms.size(); ++a) {
      EXPECT_GE(v[a * kWidth + 1], 1 - 1e-12) << s.algorithms[a];
      if (s.algorithms[a] == "optimal") EXPECT_NEAR(v[a * kWidth], 7.2, 1e-9);
    }
  }
}

}  // namespace
}  // namespace hetcoll
