// The redistribution model (docs/redistribute.md: bounds, DGGP's worked split, generator) and its
// inputs: the paper's running example pinned number by number, the lower bounds in closed
// form, the schedule checker, and every kind of bad input.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>

#include "algorithms/redistribute/support/execution.hpp"
#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "algorithms/redistribute/support/factories.hpp"
#include "core/error.hpp"
#include "driver/scenario_resolution.hpp"
#include "platform/simgrid_xml.hpp"
#include "algorithms/redistribute/redistribution_harness.hpp"

namespace hetcoll {
namespace {

using test::input_error;
using test::redistribution_point;
using test::running_example;
using test::write_file;

// Messages of the running example, in row-major order: 1→A, 1→B, 2→B.
constexpr int k1A = 0, k1B = 1, k2B = 2;

TEST(RedistributionExample, BaseSpeedKDeltaAndWeightsFollowFromTheHardware) {
  const Derived d = derive_instance(test::running_example_hardware());
  EXPECT_EQ(d.base, 100);
  EXPECT_EQ(d.instance.k, 2);
  EXPECT_EQ(d.ports, (std::vector<int>{3, 2, 1, 3}));
  EXPECT_EQ(d.instance.delta, (std::vector<int>{2, 2, 1, 2}));  // δ(1) = δ(B) = 3 clamped to k
  ASSERT_EQ(d.instance.messages.size(), 3u);
  const std::vector<std::tuple<int, int, double>> expected = {{0, 0, 7}, {0, 1, 3}, {1, 1, 1}};
  for (std::size_t e = 0; e < 3; ++e) {
    const Message& m = d.instance.messages[e];
    EXPECT_EQ(std::make_tuple(m.sender, m.receiver, m.weight), expected[e]);
  }
}

TEST(RedistributionExample, PaperDecompositionIsValidAndCostsTen) {
  const Instance g = running_example();
  const Schedule paper = {{{k1A, 3}, {k1B, 3}}, {{k1A, 1}, {k2B, 1}}, {{k1A, 3}}};
  EXPECT_EQ(check_schedule(g, paper), "");
  EXPECT_DOUBLE_EQ(schedule_cost(g, paper), 10);
}

TEST(RedistributionExample, NineIsFeasibleAndIsTheDeltaPortLowerBoundAndTheExactOptimum) {
  const Instance g = running_example();
  const Schedule nine = {{{k1A, 6}, {k1B, 3}}, {{k1A, 1}, {k2B, 1}}};
  EXPECT_EQ(check_schedule(g, nine), "");
  EXPECT_DOUBLE_EQ(schedule_cost(g, nine), 9);
  EXPECT_DOUBLE_EQ(lower_bound(g), 9);
  const Schedule optimum = exact_schedule(g);
  EXPECT_EQ(check_schedule(g, optimum), "");
  EXPECT_DOUBLE_EQ(schedule_cost(g, optimum), 9);
}

TEST(RedistributionExample, OnePortBoundIsTwelveAndOggpMeetsIt) {
  const Instance g = running_example();
  EXPECT_DOUBLE_EQ(one_port_lower_bound(g), 12);  // max(10, 6) + max(2, 2)
  EXPECT_DOUBLE_EQ(schedule_cost(g, oggp_schedule(g)), 12);
  EXPECT_GE(schedule_cost(g, ggp_schedule(g)), 12);
}

TEST(RedistributionExample, DggpSplitIsTheWorkedSplitOfTheRunningExample) {
  // G': (1_0,A) = 5, (1_1,A) = 2, (1_1,B_0) = 2, (1_1,B_1) = 1, (2_0,B_1) = 1; virtual senders
  // 1_0, 1_1, 2_0 are 0, 1, 2 and virtual receivers A, B_0, B_1 are 0, 1, 2.
  const UnitGraph split = dggp_split(running_example());
  EXPECT_EQ(split.left, 3);
  EXPECT_EQ(split.right, 3);
  std::set<std::tuple<int, int, std::int64_t, int>> edges;
  for (const UnitGraph::Edge& e : split.edges) edges.insert({e.left, e.right, e.units, e.message});
  const std::set<std::tuple<int, int, std::int64_t, int>> expected = {
      {0, 0, 5, k1A}, {1, 0, 2, k1A}, {1, 1, 2, k1B}, {1, 2, 1, k1B}, {2, 2, 1, k2B}};
  EXPECT_EQ(edges, expected);
}

TEST(RedistributionExample, DggpPeelsThreeTwoOneOneForElevenWithTheseTieBreaks) {
  const Instance g = running_example();
  const Schedule s = dggp_schedule(g);
  EXPECT_EQ(check_schedule(g, s), "");
  EXPECT_DOUBLE_EQ(schedule_cost(g, s), 11);  // docs/redistribute.md: 7 + 4β, ratio 11/9
  std::vector<double> durations;
  for (const Step& step : s) durations.push_back(step_duration(step));
  EXPECT_EQ(durations, (std::vector<double>{3, 2, 1, 1}));
}

TEST(RedistributionBound, RoundsTheWeightTermUpOnlyForWholeUnits) {
  // One sender with δ = 2 sends 1 to each of three receivers (δ = 1), k = 3.
  Instance g;
  g.senders = 1;
  g.receivers = 3;
  g.k = 3;
  g.delta = {2, 1, 1, 1};
  g.messages = {{0, 0, 1}, {0, 1, 1}, {0, 2, 1}};
  g.beta = 0.5;  // pieces may be fractions: max(3/2, 3/3) + 0.5·max(⌈3/2⌉, ⌈3/3⌉)
  EXPECT_DOUBLE_EQ(lower_bound(g), 1.5 + 0.5 * 2);
  g.beta = 1;  // whole pieces: ⌈3/2⌉ + 2
  EXPECT_DOUBLE_EQ(lower_bound(g), 4);
  EXPECT_DOUBLE_EQ(schedule_cost(g, exact_schedule(g)), 4);
  EXPECT_DOUBLE_EQ(one_port_lower_bound(g), 3 + 3);  // η: max(W = 3, 1) + max(Δ = 3, 1)
}

TEST(RedistributionCheck, NamesEveryKindOfViolation) {
  const Instance g = running_example();
  const std::vector<std::pair<Schedule, std::string>> bad = {
      {{{{k1A, 6}, {k1B, 3}, {k2B, 1}}, {{k1A, 1}}}, "k = 2"},            // three streams
      {{{{k1A, 4}, {k1A, 3}}, {{k1B, 3}}, {{k2B, 1}}}, "delta = 1"},     // A has one port
      {{{{k1A, 7}}, {{k1B, 2}}, {{k2B, 1}}}, "add up"},                   // 1→B short by 1
      {{{{k1A, 7}}, {}, {{k1B, 3}, {k2B, 1}}}, "empty"},
      {{{{k1A, 7}, {k2B, 0}}, {{k1B, 3}, {k2B, 1}}}, "not positive"},
      {{{{k1A, 7}, {5, 1}}}, "unknown message"},
  };
  for (const auto& [schedule, reason] : bad) {
    const std::string found = check_schedule(g, schedule);
    EXPECT_NE(found.find(reason), std::string::npos) << "expected '" << reason << "', got '" << found << "'";
  }
  // All-at-once breaks the limits, which the unlimited check ignores.
  const Schedule all = all_at_once_schedule(g);
  EXPECT_NE(check_schedule(g, all), "");
  EXPECT_EQ(check_schedule(g, all, false), "");
}

TEST(RedistributionGenerator, FollowTheGeneratorAndDependOnlyOnTheSeed) {
  RandomSpec spec;
  spec.senders = 6;
  spec.receivers = 4;
  spec.edges = 10;
  spec.k = 3;
  const Derived a = random_instance(spec, RandomStream(42)), b = random_instance(spec, RandomStream(42)),
                c = random_instance(spec, RandomStream(43));
  ASSERT_EQ(a.instance.messages.size(), 10u);
  std::set<std::pair<int, int>> pairs;
  for (std::size_t e = 0; e < 10; ++e) {
    const Message& m = a.instance.messages[e];
    EXPECT_EQ(m.weight, b.instance.messages[e].weight);
    EXPECT_TRUE(m.weight >= 1 && m.weight <= 20 && m.weight == std::floor(m.weight)) << m.weight;
    pairs.insert({m.sender, m.receiver});
    if (e > 0) EXPECT_LT(std::make_pair(a.instance.messages[e - 1].sender, a.instance.messages[e - 1].receiver),
                         std::make_pair(m.sender, m.receiver));
  }
  EXPECT_EQ(pairs.size(), 10u);
  for (std::size_t v = 0; v < a.ports.size(); ++v) {
    EXPECT_TRUE(a.ports[v] >= 1 && a.ports[v] <= 5);
    EXPECT_EQ(a.instance.delta[v], std::min(a.ports[v], 3));
  }
  EXPECT_EQ(a.ports, b.ports);
  bool differs = a.ports != c.ports;
  for (std::size_t e = 0; e < 10; ++e) differs |= a.instance.messages[e].weight != c.instance.messages[e].weight;
  EXPECT_TRUE(differs);
  spec.edges = 0;  // a random count in 1..24
  std::set<std::size_t> counts;
  for (std::uint64_t seed = 0; seed < 50; ++seed)
    counts.insert(random_instance(spec, RandomStream(seed)).instance.messages.size());
  EXPECT_GE(*counts.begin(), 1u);
  EXPECT_LE(*counts.rbegin(), 24u);
  EXPECT_GT(counts.size(), 10u);
}

TEST(RedistributionMatrixFile, SkipsCommentsAndBlankLinesAndNamesTheFileAndLineOfBadInput) {
  const std::string good = write_file("jw-good.csv", "# Mbit\n700, 300\n\n0,100\n");
  EXPECT_EQ(read_matrix_file(good), (std::vector<std::vector<double>>{{700, 300}, {0, 100}}));
  const std::vector<std::pair<std::string, std::string>> bad = {
      {write_file("jw-text.csv", "700,300\n0,abc\n"), "jw-text.csv:2"},
      {write_file("jw-negative.csv", "700,-300\n"), "jw-negative.csv:1"},
      {write_file("jw-ragged.csv", "700,300\n100\n"), "jw-ragged.csv:2"},
      {write_file("jw-empty.csv", "# nothing\n"), "jw-empty.csv"},
      {"/nonexistent/jw.csv", "/nonexistent/jw.csv"},
  };
  for (const auto& [path, where] : bad) {
    const std::string message = input_error([&] { read_matrix_file(path); });
    EXPECT_NE(message.find(where), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(RedistributionPoint, BadKeysAreOneLineInputErrorsNamingTheKeyOrFile) {
  const std::string matrix = write_file("jw-matrix.csv", "700,300\n0,100\n");
  const std::string zeros = write_file("jw-zeros.csv", "0,0\n0,0\n");
  const std::map<std::string, std::vector<double>> nic = {{"nic", {300, 200, 100, 300}}};
  auto given = [&](std::map<std::string, double> numbers, const std::string& file,
                   std::map<std::string, std::vector<double>> lists) {
    numbers.emplace("senders", 2);
    numbers.emplace("receivers", 2);
    numbers.emplace("backbone", 200);
    return redistribution_point(numbers, {{"matrix", file}}, lists);
  };
  const std::vector<std::pair<Point, std::string>> cases = {
      {given({{"senders", 3}}, matrix, nic), "jw-matrix.csv"},
      {given({}, matrix, {{"nic", {300, 200, 100}}}), "'nic'"},
      {given({{"backbone", 0}}, matrix, nic), "'backbone'"},
      {given({{"k", 3}}, matrix, nic), "'k'"},
      {given({{"edges", 4}}, matrix, nic), "'edges'"},
      {given({}, zeros, nic), "jw-zeros.csv"},
      {redistribution_point({{"k", 0}, {"senders", 65535}, {"receivers", 65535}, {"delta-max", 1e6}}), "'k'"},
      {redistribution_point({{"k", 2}, {"uncapped", 2}}), "'uncapped'"},
      {redistribution_point({{"k", 2}, {"weight-min", 30}}), "'weight-min'"},
      {redistribution_point({{"k", 2}, {"senders", 2}, {"receivers", 2}, {"edges", 5}}), "'edges'"},
      {redistribution_point({{"k", 2}}, {}, nic), "'nic'"},
  };
  for (const auto& [point, key] : cases) {
    const std::string message = input_error([&] { resolve_redistribution_point(point); });
    EXPECT_NE(message.find(key), std::string::npos) << key << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  EXPECT_EQ(input_error([&] { resolve_redistribution_point(given({{"k", 2}, {"edges", 3}}, matrix, nic)); }),
            "(no error)");
}

TEST(RedistributionPoint, ParserRejectsNegativeBetaZeroSpeedsAndNegativeK) {
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"beta", "-1"}, {"nic", "300 0 100 300"}, {"backbone", "-200"}, {"k", "-1"}, {"k", "1.5"}}) {
    const std::string message =
        input_error([&] { resolve_run_arguments({"--family", "redistribute", "--" + key, value}); });
    EXPECT_NE(message.find("'" + key + "'"), std::string::npos) << message;
  }
}

TEST(RedistributionCli, BadInputExitsWithTwoAndWritesNothing) {
  const std::string dir = ::testing::TempDir() + "/jw-cli";
  ASSERT_EQ(std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str()), 0);
  const std::string matrix = write_file("jw-cli/m.csv", "700,300\n0,100\n");
  auto platform = [&](const std::string& name, const std::vector<double>& nic_mbit) {
    std::vector<double> nic;
    for (double mbit : nic_mbit) nic.push_back(mbit * kBytesPerMbit);
    write_simgrid_xml_file(two_cluster_platform(nic, 200 * kBytesPerMbit), dir + "/" + name);
    return " --platform " + dir + "/" + name;
  };
  const std::string speeds = " --nic 300,200,100,300 --backbone 200";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {" --senders 3 --receivers 2 --engine model" + speeds, "m.csv"},
      {" --senders 2 --receivers 2 --engine model", "'nic'"},  // no speeds and no platform file
      {" --senders 2 --receivers 2" + platform("three.xml", {300, 200, 100}), "three.xml"},
      {" --senders 2 --receivers 2 --engine model" + platform("half.xml", {300, 200, 100.5, 300}), "half.xml"},
      {" --senders 2 --receivers 2" + platform("half.xml", {300, 200, 100.5, 300}), "half.xml"},
      {" --senders 2 --receivers 2 --engine model --nic 300,200,100,200 --backbone 200" +
           platform("good.xml", {300, 200, 100, 300}), "good.xml"},
  };
  for (const auto& [arguments, where] : cases) {
    const std::string output = dir + "/out.csv";
    const std::string command = std::string(HETCOLL_BINARY) + " run --family redistribute --matrix " + matrix +
                                arguments + " --replications 1 --quiet --output " + output + " 2>" + dir + "/err";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2) << arguments;
    std::ifstream err(dir + "/err");
    const std::string text((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find(where), std::string::npos) << arguments << ": " << text;
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
    EXPECT_FALSE(std::ifstream(output).good()) << arguments;
    EXPECT_FALSE(std::ifstream(output + ".partial").good()) << arguments;
  }
}

}  // namespace
}  // namespace hetcoll
