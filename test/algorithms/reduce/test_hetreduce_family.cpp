// The hetreduce family end to end: plans executed by the SimGrid engine on the platform that
// maps t(p) to host p's uplink (Liu & Wang §2) must take exactly the plan's own predicted
// makespan; random clusters change per replication through link settings; the ratio metric;
// platform files written and read back; and bad input.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "algorithms/family.hpp"
#include "algorithms/reduce/hetreduce_family.hpp"
#include "core/error.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "hetreduce_harness.hpp"
#include "platform/simgrid_xml.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

using hetreduce_test::plan_of;
using hetreduce_test::PlanRun;
using hetreduce_test::run_plans;

/// Where key `key` sits in a Point of the family (the family reads it through its handles).
std::size_t slot(const std::string& key) { return static_cast<std::size_t>(hetreduce_family().parameter_index(key)); }

// A point of the family: every number at its default, no list but `times`.
Point make_point(const std::string& cluster, double processors, std::vector<double> times = {}) {
  Point p;
  for (const ParameterSpec& spec : hetreduce_family().parameters()) p.values.push_back(spec.default_value);
  p.lists.resize(p.values.size());
  p.texts.resize(p.values.size());
  p.values[slot("processors")] = processors;
  p.texts[slot("cluster")] = cluster;
  p.lists[slot("times")] = std::move(times);
  return p;
}

Scenario scenario(std::vector<std::string> algorithms, std::uint64_t replications) {
  Scenario s;
  s.family = &hetreduce_family();
  s.algorithms = std::move(algorithms);
  s.replications = replications;
  s.seed = 5;
  return s;
}

/// Values of one unit (replications [first, first + count)) of `point`, run in a child.
std::vector<double> unit_values(const Scenario& s, const Point& point, const WorkDir& dir, std::uint64_t first,
                                std::uint64_t count) {
  RunSetup setup;
  setup.scenario = &s;
  setup.points = {point};
  setup.work_dir = dir.path();
  return test_support::unit_values_in_child(setup, {0, first, count});
}

TEST(HetreduceSimgrid, MakespanEqualsThePlansOwnPredictionOnEveryClusterKind) {
  const WorkDir dir("hetcoll-hetreduce");
  constexpr int kHosts = 40;
  const Platform platform = cluster_platform(std::vector<double>(kHosts, 1.0));
  const std::string file = dir.path() + "/cluster.xml";
  write_simgrid_xml_file(platform, file);
  RandomStream stream(3);
  std::vector<PlanRun> runs;
  for (const HetreduceAlgorithm& a : hetreduce_algorithms()) {
    const int largest = a.max_processors > 0 ? a.max_processors : kHosts;
    std::vector<std::vector<double>> clusters = {{10, 5, 5, 5, 4, 2, 2}, {1.1, 1.1, 1.1, 1.1, 1, 1, 1, 1, 1, 1, 1, 1}};
    for (ClusterKind kind : {ClusterKind::uniform, ClusterKind::two_type, ClusterKind::power_of_two,
                             ClusterKind::gamma}) {
      ClusterLaw law;
      law.kind = kind;
      law.processors = 2 + static_cast<int>(stream.below(largest - 1));
      law.spread = 10;
      law.x = 1.7;
      law.cv = 3;
      clusters.push_back(draw_times(law, stream));
    }
    for (const std::vector<double>& times : clusters) runs.push_back({plan_of(a, times, runs.size()), times});
  }
  const std::vector<double> simgrid = test_support::values_in_child(dir.path(), [&] {
    SimgridSession session(file, {});
    return run_plans(*session.engine(kHosts), platform, runs);
  });
  ASSERT_EQ(simgrid.size(), runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const double predicted = plan_makespan(runs[i].plan, runs[i].times);
    EXPECT_NEAR(simgrid[i], predicted, 1e-9 * predicted) << "run " << i << " on " << runs[i].times.size() << " hosts";
  }
}

TEST(HetreduceFamily, SimgridAndModelAgreeAndDrawnClustersChangePerReplication) {
  const WorkDir dir("hetcoll-hetreduce");
  Scenario s = scenario({"snf", "random-order", "binomial", "optimal"}, 6);
  for (const char* cluster : {"uniform", "two-type", "power-of-two", "gamma", "times"}) {
    const Point point = std::string(cluster) == "times" ? make_point(cluster, 0, {10, 5, 5, 5, 4, 2, 2})
                                                         : make_point(cluster, 9);
    s.engine = "model";
    const std::vector<double> model = unit_values(s, point, dir, 0, s.replications);
    s.engine = "simgrid";
    const std::vector<double> simgrid = unit_values(s, point, dir, 0, s.replications);
    ASSERT_EQ(model.size(), s.replications * s.algorithms.size() * 2);  // makespan and ratio
    for (std::size_t i = 0; i < model.size(); ++i) EXPECT_NEAR(simgrid[i], model[i], 1e-9 * model[i]) << cluster;
    // Values are [replication][algorithm][makespan, ratio]: SNF's makespan per replication.
    std::set<double> snf;
    for (std::uint64_t r = 0; r < s.replications; ++r) snf.insert(model[r * 8]);
    if (std::string(cluster) == "uniform" || std::string(cluster) == "gamma") EXPECT_GT(snf.size(), 1u) << cluster;
    if (std::string(cluster) == "times") EXPECT_EQ(snf, std::set<double>{11});
  }
}

TEST(HetreduceFamily, RatioIsTheMakespanOverTheSameReplicationsOptimum) {
  const WorkDir dir("hetcoll-hetreduce");
  Scenario s = scenario({"fastest-first", "snf", "optimal"}, 30);
  s.engine = "model";
  const std::vector<double> v = unit_values(s, make_point("uniform", 9), dir, 0, s.replications);
  for (std::uint64_t r = 0; r < s.replications; ++r) {
    const double* row = &v[r * 6];
    const double optimum = row[4];
    EXPECT_NEAR(row[1], row[0] / optimum, 1e-12);
    EXPECT_NEAR(row[3], row[2] / optimum, 1e-12);
    EXPECT_NEAR(row[5], 1, 1e-9);
    EXPECT_GE(row[3], 1 - 1e-9);
    EXPECT_LE(row[3], 2);
  }
  // Beyond the search limit the denominator is the lower bound: never above the makespan.
  const std::vector<double> large = unit_values(s = scenario({"snf"}, 10), make_point("gamma", 200), dir, 0, 10);
  for (std::uint64_t r = 0; r < 10; ++r) {
    EXPECT_GE(large[2 * r + 1], 1 - 1e-9);
    EXPECT_LE(large[2 * r + 1], 2 + 1e-9);
  }
}

TEST(HetreduceFamily, SameSeedSameValuesWhateverTheUnitSplit) {
  const WorkDir dir("hetcoll-hetreduce");
  Scenario s = scenario({"snf", "random-order", "optimal"}, 10);
  s.engine = "model";
  const Point point = make_point("uniform", 11);
  const std::vector<double> whole = unit_values(s, point, dir, 0, 10);
  std::vector<double> parts = unit_values(s, point, dir, 0, 4);
  const std::vector<double> rest = unit_values(s, point, dir, 4, 6);
  parts.insert(parts.end(), rest.begin(), rest.end());
  EXPECT_EQ(whole, parts);
}

TEST(HetreduceFamily, PlatformFileWrittenAndReadBackGivesTheSameTimes) {
  const WorkDir dir("hetcoll-hetreduce");
  const std::string file = dir.path() + "/figure1.xml";
  write_simgrid_xml_file(times_platform("10,5,5,5,4,2,2", ""), file);
  Scenario s = scenario({"snf", "optimal"}, 2);
  s.platform = file;
  for (const char* engine : {"model", "simgrid"}) {
    s.engine = engine;
    const std::vector<double> v = unit_values(s, make_point("file", 7), dir, 0, 2);
    EXPECT_EQ(v, (std::vector<double>{11, 1, 11, 1, 11, 1, 11, 1})) << engine;
  }
  // The same file, read through SimGrid, with every check of times_from_platform.
  const std::vector<double> times = test_support::values_in_child(dir.path(), [&] {
    return times_from_platform(SimgridSession(file, {}).describe(false), 7, "platform");
  });
  EXPECT_EQ(times, (std::vector<double>{10, 5, 5, 5, 4, 2, 2}));
}

std::string input_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no InputError)";
}

TEST(HetreduceFamily, BadPointsAreInputErrorsNamingTheKey) {
  const Family& f = hetreduce_family();
  auto needs = [&](const Point& p) { return input_error([&] { f.hosts_needed(p); }); };
  EXPECT_NE(needs(make_point("times", 0, {4})).find("key 'times' expects at least 2"), std::string::npos);
  EXPECT_NE(needs(make_point("times", 5, {4, 2, 1})).find("key 'processors'"), std::string::npos);
  EXPECT_NE(needs(make_point("uniform", 1)).find("key 'processors' expects at least 2"), std::string::npos);
  Point order = make_point("times", 0, {4, 2, 1});
  order.lists[slot("order")] = {0, 1, 1};
  EXPECT_NE(needs(order).find("key 'order'"), std::string::npos);
  Point fraction = make_point("two-type", 8);
  fraction.values[slot("slow-fraction")] = 1.5;
  EXPECT_NE(needs(fraction).find("key 'slow-fraction'"), std::string::npos);

  const Platform generated = f.platform_for(make_point("uniform", 13));
  const std::string too_many = input_error([&] { f.prepare(make_point("uniform", 13), {"optimal"}, generated, 1); });
  EXPECT_NE(too_many.find("key 'algorithms': optimal handles at most 12"), std::string::npos) << too_many;
  EXPECT_NE(input_error([&] { f.prepare(make_point("file", 4), {"snf"}, generated, 1); }).find("platform = FILE.xml"),
            std::string::npos);
  Platform from_file = generated;
  for (HostSpec& h : from_file.hosts) h.up = h.down = -1;  // what describe() of a file gives
  EXPECT_NE(input_error([&] { f.prepare(make_point("gamma", 4), {"snf"}, from_file, 1); }).find("cluster = file"),
            std::string::npos);
  Platform no_uplink = from_file;
  no_uplink.links[no_uplink.link_index("p2_UP")].name = "p2_up";
  EXPECT_NE(input_error([&] { f.prepare(make_point("file", 4), {"snf"}, no_uplink, 1); }).find("no link p2_UP"),
            std::string::npos);
  Platform slow_down = from_file;
  slow_down.links[slow_down.link_index("p1_DOWN")].bandwidth = 1;
  EXPECT_NE(input_error([&] { f.prepare(make_point("file", 4), {"snf"}, slow_down, 1); }).find("link p1_DOWN"),
            std::string::npos);
  const Platform other = cluster_platform({4, 2, 2});
  EXPECT_NE(input_error([&] { f.prepare(make_point("times", 0, {4, 2, 1}), {"snf"}, other, 1); })
                .find("key 'times' says 1"),
            std::string::npos);
}

/// Runs the hetcoll binary in `dir`; returns its exit status and fills `stderr_text`.
int hetcoll(const std::string& dir, const std::string& args, std::string& stderr_text) {
  const std::string command = "cd " + dir + " && " + HETCOLL_BINARY + " " + args + " >/dev/null 2>err.txt";
  const int status = std::system(command.c_str());
  std::ifstream in(dir + "/err.txt");
  std::stringstream text;
  text << in.rdbuf();
  stderr_text = text.str();
  std::remove((dir + "/err.txt").c_str());
  return WEXITSTATUS(status);
}

TEST(HetreduceCli, BadInputExitsWith2OneLineAndNoFile) {
  const WorkDir dir("hetcoll-hetreduce");
  const std::string run = "run --family hetreduce --replications 2 --engine model --quiet --output out.csv ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {run + "--times 10,0,5", "key 'times'"},
      {run + "--times 10,-1,5", "key 'times'"},
      {run + "--times 10,abc,5", "key 'times'"},
      {run + "--times 10,nan,5", "key 'times'"},
      {run + "--times 10", "key 'times'"},
      {run + "--cluster uniform --processors 1", "key 'processors'"},
      {run + "--cluster uniform --processors 13 --algorithms optimal", "key 'algorithms'"},
      {"platform --times 10,0", "key 'times'"},
      {"platform --times 10,5 --output c.xml 3", "N is 3"},
  };
  for (const auto& [args, expected] : cases) {
    std::string message;
    EXPECT_EQ(hetcoll(dir.path(), args, message), 2) << args;
    EXPECT_NE(message.find(expected), std::string::npos) << args << ": " << message;
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << args << ": " << message;
    EXPECT_NE(::access((dir.path() + "/out.csv").c_str(), F_OK), 0) << args;
    EXPECT_NE(::access((dir.path() + "/c.xml").c_str(), F_OK), 0) << args;
  }
}

}  // namespace
}  // namespace hetcoll
