#include <gtest/gtest.h>

#include <fstream>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "driver/merge.hpp"
#include "driver/scenario_parser.hpp"
#include "driver/sweep.hpp"

namespace hetcoll {
namespace {

std::string error_of(const std::vector<std::string>& args) {
  try {
    parse_run_arguments(args);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ScenarioParser, CommandLineOverridesTheFileAndListsBecomeSortedAxes) {
  const std::string path = ::testing::TempDir() + "/scenario.ini";
  std::ofstream(path) << "# a comment\nfamily = reduction\nprocessors = 8\ncv = 1 0.1\nreplications = 10\n";
  const Scenario s = parse_run_arguments({path, "--cv", "3 0.3", "--ratio", "0,1"});
  const int cv = s.family->parameter_index("cv"), ratio = s.family->parameter_index("ratio");
  EXPECT_EQ(s.values[cv], (std::vector<double>{0.3, 3}));
  EXPECT_EQ(s.values[ratio], (std::vector<double>{0, 1}));
  EXPECT_EQ(s.values[s.family->parameter_index("processors")], std::vector<double>{8});
  EXPECT_EQ(s.replications, 10u);
  EXPECT_EQ(s.algorithms.size(), s.family->algorithms().size());  // default: all of them
  EXPECT_EQ(expand_points(s).size(), 4u);
}

TEST(ScenarioParser, BadInputNamesTheKeyOnOneLine) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--algorithms", "nope"}, "'algorithms'"},
      {{"--cv", "-1"}, "'cv'"},
      {{"--cv", "nan"}, "'cv'"},
      {{"--ratio", "-0.5"}, "'ratio'"},
      {{"--processors", "0"}, "'processors'"},
      {{"--processors", "2.5"}, "'processors'"},
      {{"--processors", "abc"}, "'processors'"},
      {{"--engine", "fast"}, "'engine'"},
      {{"--shard", "2/2"}, "'shard'"},
      {{"--comm-mean", "0"}, "'comm-mean'"},
      {{"--family", "nope"}, "'family'"},
      {{"--bogus", "1"}, "bogus"},
      {{"/nonexistent/scenario.ini"}, "/nonexistent/scenario.ini"},
  };
  for (const auto& [args, key] : cases) {
    const std::string message = error_of(args);
    EXPECT_NE(message.find(key), std::string::npos) << args[0] << " gave: " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(ScenarioParser, UnknownKeyInAFileNamesTheFileAndTheKey) {
  const std::string path = ::testing::TempDir() + "/unknown.ini";
  std::ofstream(path) << "cv = 1\nwhatever = 3\n";
  const std::string message = error_of({path});
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find("whatever"), std::string::npos) << message;
}

TEST(Sweep, PointSeedsDependOnValuesNotPositions) {
  Point a, c;
  a.values = {64, 1, 0, 1};
  c.values = {64, 0.1, 0, 1};
  const Point b = a;
  EXPECT_EQ(point_seed(5, a), point_seed(5, b));
  EXPECT_NE(point_seed(5, a), point_seed(5, c));
  EXPECT_NE(point_seed(5, a), point_seed(6, a));
}

TEST(Sweep, ShardsPartitionThePointsAndUnitsCoverEveryReplication) {
  Scenario s = parse_run_arguments({"--cv", "0.1 0.2 0.3", "--replications", "2500", "--block", "1000"});
  std::vector<int> covered(3 * 2500, 0);
  for (int shard = 0; shard < 2; ++shard) {
    s.shard = {shard, 2};
    for (const WorkUnit& u : make_units(s, 3, std::vector<bool>(3, false)))
      for (std::uint64_t r = u.first; r < u.first + u.count; ++r) ++covered[u.point * 2500 + r];
  }
  for (int c : covered) EXPECT_EQ(c, 1);
}

TEST(Merge, CanonicalOrderSortsPointsNumericallyAndKeepsAlgorithmOrder) {
  const std::vector<std::string> rows = {"b,64,10,0,1", "a,64,10,0,1", "b,64,2,0,1", "a,64,2,0,1"};
  const std::vector<std::string> expected = {"b,64,2,0,1", "a,64,2,0,1", "b,64,10,0,1", "a,64,10,0,1"};
  EXPECT_EQ(canonical_order(rows, 3, "test"), expected);
  EXPECT_THROW(canonical_order({"a,1,1,1,1", "a,1,1,1,2"}, 3, "test"), InputError);
}

}  // namespace hetcoll

namespace hetcoll {

TEST(ScenarioParser, AFlagKeyAloneMeansOneAndTakesOnlyZeroOrOne) {
  // k = 3: random instances need k >= 1, and the parser checks every point.
  const Scenario bare = parse_run_arguments({"--family", "redistribution", "--k", "3", "--uncapped"});
  const int index = bare.family->parameter_index("uncapped");
  ASSERT_GE(index, 0);
  ASSERT_TRUE(bare.family->parameters()[index].flag);
  EXPECT_EQ(bare.values[index], std::vector<double>{1});
  const Scenario both = parse_run_arguments({"--family", "redistribution", "--k", "3", "--uncapped", "0 1"});
  EXPECT_EQ(both.values[index], (std::vector<double>{0, 1}));
  EXPECT_THROW(parse_run_arguments({"--family", "redistribution", "--k", "3", "--uncapped", "2"}), InputError);
}

}  // namespace hetcoll
