// Speeds read from a SimGrid platform file (issue #5, "Input: ... NIC speeds and the backbone
// speed (from the platform XML or the scenario)"). The family's own platform reads back to the
// speeds it was written with; the running example run from its XML costs what it costs from the
// keys, on both engines; a platform the model cannot describe is a one-line InputError naming
// the file. SimGrid allows one engine per process, so every SimGrid read runs in a forked child.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

#include "algorithms/redistribute/support/execution.hpp"
#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "core/number_format.hpp"
#include "core/random.hpp"
#include "driver/work_dir.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"
#include "algorithms/redistribute/redistribution_harness.hpp"

namespace hetcoll {
namespace {

using test::input_error;
using test::redistribution_point;
using test::unit_values;

/// two_cluster_platform of whole Mbit/s speeds.
Platform platform_of(const std::vector<double>& nic_mbit, double backbone_mbit) {
  std::vector<double> nic;
  for (double mbit : nic_mbit) nic.push_back(mbit * kBytesPerMbit);
  return two_cluster_platform(nic, backbone_mbit * kBytesPerMbit);
}

Platform example_platform() {
  const Hardware hw = test::running_example_hardware();
  return platform_of(hw.nic, hw.backbone);
}

/// What describe(true) gives for a generated single-zone platform read from `file`: no uplinks
/// known, each route as its links (SimgridDescribeListsTheLinksOfEveryRoute... pins this).
Platform as_read(const Platform& generated, const std::string& file) {
  Platform p;
  p.file = file;
  for (std::size_t l = 0; l < generated.links.size(); ++l)
    p.add_link(generated.link_name(static_cast<int>(l)), generated.links[l]);
  for (int h = 0; h < generated.host_count(); ++h)
    p.add_host(generated.host_name(h), {generated.hosts[h].speed, -1, -1, 0});
  p.route_link_start = {0};
  for (int s = 0; s < p.host_count(); ++s)
    for (int d = 0; d < p.host_count(); ++d) {
      p.route_table.push_back(s == d ? RouteCost{0, std::numeric_limits<double>::infinity()} : generated.route(s, d));
      if (s != d) {
        p.route_links.push_back(generated.hosts[s].up);
        for (int link : generated.between[0][0]) p.route_links.push_back(link);
        p.route_links.push_back(generated.hosts[d].down);
      }
      p.route_link_start.push_back(p.route_links.size());
    }
  return p;
}

/// Every route as "src>dst:link,link;" plus the file name: a platform's topology as text.
std::string routes_text(const Platform& p) {
  std::string out = p.file + ' ';
  for (int s = 0; s < p.host_count(); ++s)
    for (int d = 0; d < p.host_count(); ++d) {
      out += p.host_name(s) + '>' + p.host_name(d) + ':';
      for (int link : p.route_path(s, d)) out += p.link_name(link) + ',';
      out += ';';
    }
  return out;
}

/// The running example's matrix (in `dir`) as a point; speeds only from `lists`/`numbers`.
Point example_point(const std::string& dir, std::map<std::string, double> numbers = {},
                    const std::map<std::string, std::vector<double>>& lists = {}) {
  const std::string matrix = dir + "/matrix.csv";
  std::ofstream(matrix) << "700,300\n0,100\n";
  numbers.emplace("senders", 2);
  numbers.emplace("receivers", 2);
  return redistribution_point(numbers, {{"matrix", matrix}}, lists);
}

/// Base, k, δ and weights of a resolved point, then the lower bound: one line of numbers.
std::vector<double> instance_numbers(const RedistributionPoint& setup) {
  const Instance& g = setup.fixed.instance;
  std::vector<double> out = {setup.fixed.base, static_cast<double>(g.k)};
  for (int d : g.delta) out.push_back(d);
  for (const Message& m : g.messages) out.push_back(m.weight);
  out.push_back(lower_bound(g));
  return out;
}

TEST(RedistributionPlatform, SimgridDescribeListsTheLinksOfEveryRouteInOrderAndTheFile) {
  const WorkDir dir("hetcoll-jw");
  const std::string file = dir.path() + "/example.xml";
  write_simgrid_xml_file(example_platform(), file);
  const std::string read = run_in_child(dir.path(), [&] {
    SimgridSession session(file, {});
    const Platform without = session.describe(false);
    return std::to_string(without.route_links.size() + without.route_link_start.size()) + ' ' +
           routes_text(session.describe(true));
  });
  EXPECT_EQ(read, "0 " + routes_text(as_read(example_platform(), file)));
  EXPECT_NE(read.find("p0>p2:p0_UP,backbone,p2_DOWN,;"), std::string::npos) << read;
}

TEST(RedistributionPlatform, TheFamilysOwnPlatformReadsBackToTheSpeedsItWasWrittenWith) {
  const WorkDir dir("hetcoll-jw");
  RandomStream random(2004);
  for (int trial = 0; trial < 6; ++trial) {
    const int senders = 1 + static_cast<int>(random.below(4)), receivers = 1 + static_cast<int>(random.below(4));
    const double base = 1 + static_cast<double>(random.below(100));
    std::vector<double> nic;
    for (int v = 0; v < senders + receivers; ++v) nic.push_back(base * (1 + static_cast<double>(random.below(8))));
    const double backbone = base * (1 + static_cast<double>(random.below(8)));
    const std::string file = dir.path() + "/random.xml";
    write_simgrid_xml_file(platform_of(nic, backbone), file);
    const std::vector<double> read = test_support::values_in_child(dir.path(), [&] {
      const PlatformSpeeds s = read_platform_speeds(SimgridSession(file, {}).describe(true), senders, receivers);
      std::vector<double> out = s.nic;
      out.push_back(s.backbone);
      return out;
    });
    nic.push_back(backbone);
    EXPECT_EQ(read, nic) << senders << " + " << receivers << " hosts, trial " << trial;
  }
}

// The running example from its XML: base 100, k = 2, δ = (2, 2, 1, 2), w = 7, 3, 1, LB_δ = 9, as
// from the keys (RedistributionExample.BaseSpeedKDeltaAndWeightsFollowFromTheHardware).
TEST(RedistributionPlatform, RunningExampleFromItsXmlHasTheBaseKDeltaAndWeightsOfTheKeys) {
  const WorkDir dir("hetcoll-jw");
  const std::string file = dir.path() + "/example.xml";
  write_simgrid_xml_file(example_platform(), file);
  const Point point = example_point(dir.path());
  EXPECT_FALSE(resolve_redistribution_point(point).speeds_known);
  const std::vector<double> read = test_support::values_in_child(dir.path(), [&] {
    return instance_numbers(resolve_redistribution_point(point, SimgridSession(file, {}).describe(true)));
  });
  EXPECT_EQ(read, (std::vector<double>{100, 2, 2, 2, 1, 2, 7, 3, 1, 9}));
  EXPECT_EQ(read, instance_numbers(resolve_redistribution_point(point, as_read(example_platform(), file))));
}

// Capped: ggp 12, oggp 12, dggp 11, greedy 10, exact 9, LB 9 (the paper's decomposition, 10, is
// pinned on this instance by RedistributionExample.PaperDecompositionIsValidAndCostsTen).
// All-at-once: 8.5 under SimGrid's sharing. Uncapped OGGP: 10.5. Both make streams share the
// file's backbone, where the model engine stops (naming the file and the backbone) instead of
// giving a number that ignores the sharing (it gave 8 for all-at-once).
TEST(RedistributionPlatform, RunningExampleRunFromItsXmlCostsWhatTheKeysGiveOnBothEngines) {
  const WorkDir dir("hetcoll-jw");
  const std::string file = dir.path() + "/example.xml";
  write_simgrid_xml_file(example_platform(), file);
  const std::vector<std::string> steps = {"ggp", "oggp", "dggp", "greedy", "exact", "lower-bound"};
  std::vector<std::string> algorithms = steps;
  algorithms.push_back("all-at-once");
  for (const std::string engine : {"model", "simgrid"}) {
    const std::vector<double> values =
        unit_values(engine == "model" ? steps : algorithms, engine, example_point(dir.path()), 1, dir.path(), file);
    std::vector<double> expected = {12, 12, 11, 10, 9, 9};
    if (engine == "simgrid") expected.push_back(8.5);
    ASSERT_EQ(values.size(), 2 * expected.size());
    for (std::size_t a = 0; a < expected.size(); ++a) {
      EXPECT_NEAR(values[2 * a], expected[a], 1e-9) << engine << ' ' << algorithms[a];
      EXPECT_NEAR(values[2 * a + 1], expected[a] / 9, 1e-9) << engine << " ratio of " << algorithms[a];
    }
  }
  const std::vector<double> uncapped =
      unit_values({"oggp"}, "simgrid", example_point(dir.path(), {{"uncapped", 1}}), 1, dir.path(), file);
  ASSERT_EQ(uncapped.size(), 2u);
  EXPECT_NEAR(uncapped[0], 10.5, 1e-9) << "simgrid uncapped oggp";
  // Where the streams share the backbone, the model engine shares it as SimGrid does.
  for (const auto& [algorithm, uncapped_key] : {std::pair<std::string, double>{"all-at-once", 0}, {"oggp", 1}}) {
    const Point point = example_point(dir.path(), {{"uncapped", uncapped_key}});
    const std::vector<double> model = unit_values({algorithm}, "model", point, 1, dir.path(), file);
    const std::vector<double> simgrid = unit_values({algorithm}, "simgrid", point, 1, dir.path(), file);
    ASSERT_EQ(model.size(), simgrid.size()) << algorithm;
    EXPECT_NEAR(model[0], simgrid[0], 1e-9 * simgrid[0]) << algorithm;
  }
}

// β is a computation on host 0: it must last β seconds whatever speed the file gives the hosts.
TEST(RedistributionPlatform, BetaLastsBetaSecondsWhateverTheHostSpeedOfTheFile) {
  const WorkDir dir("hetcoll-jw");
  Platform fast = example_platform();
  for (HostSpec& h : fast.hosts.edit_all()) h.speed = 3e9;
  const std::string file = dir.path() + "/fast.xml";
  write_simgrid_xml_file(fast, file);
  for (const std::string engine : {"model", "simgrid"}) {
    const std::vector<double> values =
        unit_values({"oggp", "dggp"}, engine, example_point(dir.path()), 1, dir.path(), file);
    ASSERT_EQ(values.size(), 4u);
    EXPECT_NEAR(values[0], 12, 1e-9) << engine;
    EXPECT_NEAR(values[2], 11, 1e-9) << engine;
  }
}

TEST(RedistributionPlatform, KeysBesideTheFileMustAgreeWithIt) {
  const WorkDir dir("hetcoll-jw");
  const Platform read = as_read(example_platform(), "jw-file.xml");
  const Point agree = example_point(dir.path(), {{"backbone", 200}, {"k", 2}}, {{"nic", {300, 200, 100, 300}}});
  EXPECT_EQ(instance_numbers(resolve_redistribution_point(agree, read)),
            instance_numbers(resolve_redistribution_point(agree)));
  const std::vector<std::pair<Point, std::string>> cases = {
      {example_point(dir.path(), {{"backbone", 200}}, {{"nic", {300, 200, 100, 200}}}), "'nic'"},
      {example_point(dir.path(), {{"backbone", 400}}, {{"nic", {300, 200, 100, 300}}}), "'backbone'"},
      {example_point(dir.path(), {{"k", 4}}), "'k'"},
  };
  for (const auto& [point, key] : cases) {
    const std::string message = input_error([&] { resolve_redistribution_point(point, read); });
    EXPECT_NE(message.find("jw-file.xml"), std::string::npos) << message;
    EXPECT_NE(message.find(key), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

/// `p` with `link` inserted in route `route` (src·n + dst) after its first link.
Platform with_link_after_first(Platform p, std::size_t route, int link) {
  p.route_links.insert(p.route_links.begin() + static_cast<std::ptrdiff_t>(p.route_link_start[route] + 1), link);
  for (std::size_t r = route + 1; r < p.route_link_start.size(); ++r) ++p.route_link_start[r];
  return p;
}

TEST(RedistributionPlatform, PlatformsTheModelCannotDescribeAreOneLineInputErrorsNamingTheFile) {
  const WorkDir dir("hetcoll-jw");
  const Point point = example_point(dir.path());
  Platform shared_nic = example_platform();
  shared_nic.hosts.edit(1).up = shared_nic.hosts[0].up;
  Platform two_first_links = as_read(example_platform(), "jw-bad.xml");
  two_first_links.route_links[two_first_links.route_link_start[3]] = 1;  // p0 -> p3 starts on p0_DOWN
  // Route 2 (p0 -> p2) crosses p1_UP, the NIC of the other sender, after p0_UP.
  const Platform through_other_nic = with_link_after_first(as_read(example_platform(), "jw-bad.xml"), 2, 2);
  Platform fatpipe_nic = example_platform();
  fatpipe_nic.links.edit(5).shared = false;  // p2_DOWN, the NIC of receiver p2
  const std::vector<std::pair<Platform, std::string>> cases = {
      {as_read(platform_of({300, 200, 100}, 200), "jw-bad.xml"), "3 hosts"},
      {as_read(platform_of({300, 200, 100.5, 300}, 200), "jw-bad.xml"), "p2_DOWN"},
      {as_read(platform_of({300, 200, 100, 300}, 0.25), "jw-bad.xml"), "backbone"},
      {as_read(shared_nic, "jw-bad.xml"), "share link p0_UP"},
      {two_first_links, "p0_DOWN"},
      {through_other_nic, "crosses link p1_UP, the NIC of sender host p1"},
      {as_read(fatpipe_nic, "jw-bad.xml"), "link p2_DOWN, the NIC of receiver host p2, is FATPIPE"},
  };
  for (const auto& [platform, what] : cases) {
    const std::string message = input_error([&] { resolve_redistribution_point(point, platform); });
    EXPECT_EQ(message.rfind("jw-bad.xml: ", 0), 0u) << message;
    EXPECT_NE(message.find(what), std::string::npos) << what << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  // Without a file, a matrix needs the speed keys.
  const std::string message = input_error([&] { resolve_redistribution_point(point, example_platform()); });
  EXPECT_NE(message.find("'nic'"), std::string::npos) << message;
  EXPECT_NE(message.find("platform = FILE.xml"), std::string::npos) << message;
}

// platforms/jw-example.xml is the writer's output for the running example, plus a comment, and
// the scenario that reads it gives the very rows of the scenario that gives the speeds as keys.
TEST(RedistributionPlatform, ShippedExamplePlatformIsTheFamilysOwnAndItsScenarioMatchesTheKeysOne) {
  std::ifstream in(std::string(HETCOLL_SOURCE_DIR) + "/platforms/jw-example.xml");
  std::stringstream text;
  text << in.rdbuf();
  std::string shipped = text.str();
  const std::size_t comment = shipped.find("<!--"), end = shipped.find("-->\n");
  ASSERT_NE(comment, std::string::npos);
  ASSERT_NE(end, std::string::npos);
  shipped.erase(comment, end + 4 - comment);
  std::ostringstream written;
  write_simgrid_xml(example_platform(), written);
  EXPECT_EQ(shipped, written.str());

  const WorkDir dir("hetcoll-jw");
  auto run = [&](const std::string& scenario, const std::string& output) {
    const std::string command = "cd " + std::string(HETCOLL_SOURCE_DIR) + " && " + HETCOLL_BINARY + " run scenarios/" +
                                scenario + " --quiet --output " + dir.path() + "/" + output;
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream csv(dir.path() + "/" + output);
    std::stringstream rows;
    rows << csv.rdbuf();
    return rows.str();
  };
  const std::string keys = run("jw-example.ini", "keys.csv");
  EXPECT_NE(keys.find("\nexact,2,2,3,2,1,0,125000,0,0,1,9,"), std::string::npos) << keys;
  EXPECT_EQ(run("jw-example-platform.ini", "file.csv"), keys);
}

// The model from routes of other shapes: with no link but the NICs that every sender-to-receiver
// route crosses, the backbone is the slowest link of those routes (shared = false, k = 1 here);
// a link that some routes cross only is left out of the model; of two links every route crosses,
// the slower is the backbone.
TEST(RedistributionPlatform, BackboneIsTheSharedBottleneckOrElseTheSlowestLinkOfTheRoutes) {
  const WorkDir dir("hetcoll-jw");
  const Point point = example_point(dir.path());
  Platform crossbar = example_platform();
  crossbar.between = {{{}}};
  const RedistributionPoint none = resolve_redistribution_point(point, as_read(crossbar, "jw-crossbar.xml"));
  EXPECT_FALSE(none.backbone_shared);
  EXPECT_EQ(none.backbone_link, "p2_DOWN");  // 100 Mbit/s, the first slowest link met (p0 -> p2)
  EXPECT_EQ(instance_numbers(none), (std::vector<double>{100, 1, 1, 1, 1, 1, 7, 3, 1, 14}));

  Platform with_switch = example_platform();
  with_switch.add_link("switch", {1e6, 0});  // 8 Mbit/s, crossed by p0 -> p2 only
  const RedistributionPoint partial = resolve_redistribution_point(
      point, with_link_after_first(as_read(with_switch, "jw-switch.xml"), 2, static_cast<int>(with_switch.links.size()) - 1));
  EXPECT_TRUE(partial.backbone_shared);
  EXPECT_EQ(partial.backbone_link, "backbone");
  EXPECT_EQ(instance_numbers(partial), (std::vector<double>{100, 2, 2, 2, 1, 2, 7, 3, 1, 9}));

  Platform two_shared = example_platform();
  two_shared.add_link("wan", {100 * kBytesPerMbit, 0});
  two_shared.between[0][0].push_back(static_cast<int>(two_shared.links.size()) - 1);
  const RedistributionPoint wan = resolve_redistribution_point(point, as_read(two_shared, "jw-wan.xml"));
  EXPECT_TRUE(wan.backbone_shared);
  EXPECT_EQ(wan.backbone_link, "wan");
  EXPECT_EQ(instance_numbers(wan), (std::vector<double>{100, 1, 1, 1, 1, 1, 7, 3, 1, 14}));
}

std::string xml(const std::string& body) {
  return "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n" + body + "</platform>\n";
}

/// A Floyd zone of 8 hosts behind two routers: h-0..h-3 on r0 (1 Gbit/s), h-4..h-7 on r1
/// (100 Mbit/s), the routers joined by a 1 Gbit/s link every route between the halves crosses.
std::string floyd_zone() {
  std::string body = "  <zone id=\"site\" routing=\"Floyd\">\n";
  for (int h = 0; h < 8; ++h) body += "    <host id=\"h-" + std::to_string(h) + "\" speed=\"1Gf\"/>\n";
  body += "    <router id=\"r0\"/>\n    <router id=\"r1\"/>\n";
  for (int h = 0; h < 8; ++h)
    body += "    <link id=\"l-" + std::to_string(h) + "\" bandwidth=\"" + (h < 4 ? "125MBps" : "12.5MBps") +
            "\" latency=\"20us\"/>\n";
  body += "    <link id=\"r0-r1\" bandwidth=\"125MBps\" latency=\"50us\"/>\n";
  for (int h = 0; h < 8; ++h)
    body += "    <route src=\"h-" + std::to_string(h) + "\" dst=\"" + (h < 4 ? "r0" : "r1") + "\"><link_ctn id=\"l-" +
            std::to_string(h) + "\"/></route>\n";
  body += "    <route src=\"r0\" dst=\"r1\"><link_ctn id=\"r0-r1\"/></route>\n  </zone>\n";
  return xml(body);
}

/// A matrix of `senders` x `receivers` whose non-zero entries are (row, column, units) times
/// `unit` Mbit (the base speed, so that weights are whole and `exact` applies).
std::string sparse_matrix(int senders, int receivers, const std::vector<std::array<int, 3>>& entries, double unit) {
  std::vector<std::vector<double>> m(senders, std::vector<double>(receivers, 0));
  for (const auto& [s, t, units] : entries) m[s][t] = units * unit;
  std::string out;
  for (const auto& row : m)
    for (std::size_t t = 0; t < row.size(); ++t) out += format_number(row[t]) + (t + 1 < row.size() ? "," : "\n");
  return out;
}

// Plausibility on platforms of several shapes, every algorithm of the table, capped and not: on
// SimGrid no run beats the link bound (β + the largest of amount / NIC and, with a shared
// backbone, total / backbone), and capped step schedules take at least LB_δ; the model engine,
// each algorithm alone, gives SimGrid's number or stops with the sharing message.
TEST(RedistributionPlatform, EveryAlgorithmIsPlausibleOnPlatformsOfSeveralShapes) {
  const WorkDir dir("hetcoll-jw");
  struct Shape {
    std::string name, xml;  // the file's contents, or "" for `name` itself
    std::vector<std::string> senders, receivers;
    double unit;     // base speed (Mbit/s)
    double shared;   // backbone_shared
  };
  const std::vector<Shape> shapes = {
      {std::string(HETCOLL_SOURCE_DIR) + "/platforms/two-sites.xml", "", {"zone:lyon"}, {"zone:nancy"}, 20, 1},
      {"crossbar", xml("  <cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-7\" speed=\"1Gf\" bw=\"125MBps\" "
                       "lat=\"50us\"/>\n"),
       {"c-[0-3]"}, {"c-[4-7]"}, 1000, 0},
      {"fat-tree", xml("  <cluster id=\"c\" topology=\"FAT_TREE\" topo_parameters=\"2;4,4;1,2;1,2\" prefix=\"c-\" "
                       "suffix=\"\" radical=\"0-15\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n"),
       {"c-0", "c-1", "c-2", "c-3"}, {"c-8", "c-9", "c-12", "c-13"}, 1000, 0},
      {"floyd", floyd_zone(), {"h-[0-3]"}, {"h-[4-7]"}, 100, 1},
  };
  std::vector<std::string> algorithms;
  for (const RedistributionAlgorithm& a : redistribution_algorithms()) algorithms.push_back(a.name());
  const std::size_t width = 1 + find_family("redistribute")->metrics().size();
  int agreed = 0;
  for (const Shape& shape : shapes) {
    std::string file = shape.name;
    if (!shape.xml.empty()) {
      file = dir.path() + "/" + shape.name + ".xml";
      std::ofstream(file) << shape.xml;
    }
    std::vector<std::string> hosts = shape.senders;
    hosts.insert(hosts.end(), shape.receivers.begin(), shape.receivers.end());
    const int senders = file.find("two-sites") != std::string::npos ? 8 : 4;
    const int receivers = senders == 8 ? 6 : 4;
    const std::string matrix = dir.path() + "/" + std::to_string(senders) + ".csv";
    std::ofstream(matrix) << sparse_matrix(senders, receivers, {{0, 0, 2}, {0, 1, 1}, {1, 1, 3}, {2, 3, 2}, {3, 0, 1}},
                                           shape.unit);
    for (double uncapped : {0.0, 1.0}) {
      const Point point = redistribution_point({{"senders", senders}, {"receivers", receivers}, {"uncapped", uncapped}},
                                               {{"matrix", matrix}});
      const std::string where = shape.name + (uncapped == 1 ? ", uncapped" : ", capped");
      const std::vector<double> simgrid = test::unit_metrics(algorithms, "simgrid", point, 1, dir.path(), file, hosts);
      ASSERT_EQ(simgrid.size(), algorithms.size() * width) << where;
      for (std::size_t a = 0; a < algorithms.size(); ++a) {
        const double* m = &simgrid[a * width];
        const RedistributionAlgorithm& algorithm = redistribution_algorithms().at(algorithms[a]);
        EXPECT_GE(m[2], 1 - 1e-9) << where << ": " << algorithms[a] << " beats the link bound: " << m[0];
        if (!algorithm.ignores_limits() && uncapped == 0)
          EXPECT_GE(m[1], 1 - 1e-9) << where << ": " << algorithms[a] << " beats LB: " << m[0];
        EXPECT_EQ(m[3], shape.shared) << where;
        const std::vector<double> model =
            test::unit_metrics({algorithms[a]}, "model", point, 1, dir.path(), file, hosts);
        ASSERT_EQ(model.size(), width) << where;
        EXPECT_NEAR(model[0], m[0], 1e-9 * m[0]) << where << ": " << algorithms[a] << " on the model engine";
        ++agreed;
      }
    }
  }
  // Every algorithm agrees on every shape, all-at-once and uncapped steps sharing links too.
  EXPECT_EQ(agreed, static_cast<int>(2 * shapes.size() * algorithms.size()));  // capped and uncapped
}

}  // namespace
}  // namespace hetcoll
