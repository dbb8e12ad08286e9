// The `divisible` family as the driver sees it: keys, CSV columns, per-replication stars and
// metrics, and bad input (one line naming the key or the instance, exit 2, nothing written).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/error.hpp"
#include "algorithms/divisible/divisible_harness.hpp"
#include "driver/csv_output.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"

namespace hetcoll {
namespace {

/// The message of the InputError that parsing and preparing the first point throw, or "".
std::string error_of(std::vector<std::string> args) {
  args.insert(args.begin(), {"--family", "divisible"});
  try {
    const Scenario s = resolve_run_arguments(args);
    for (const Point& point : expand_points(s)) {
      s.family->prepare_point(point, s.algorithms, s.family->read_point(point)->platform(), 1);
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(DivisibleFamily, CsvStartsWithWorkersZAndWcRatioAndEndsWithNormalizedAndEnrolled) {
  const std::string header = summary_header(*find_family("divisible"));
  EXPECT_EQ(header.rfind("algorithm,workers,z,wc_ratio,message,cv,chunk,replications,mean,", 0), 0u) << header;
  EXPECT_NE(header.find(",normalized_mean,"), std::string::npos);
  EXPECT_NE(header.find(",enrolled_mean,"), std::string::npos);
}

TEST(DivisibleFamily, BadInputIsOneLineNamingTheKeyOrTheInstance) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--c", "1,0,5", "--w", "1,1,1"}, "'c'"},
      {{"--c", "1,1,5", "--w", "1,-1,1"}, "'w'"},
      {{"--z", "-0.5", "--workers", "3"}, "'z'"},
      {{"--c", "1,1,5", "--w", "1,1"}, "'w'"},
      {{"--c", "1,1,5", "--w", "1,1,1", "--d", "1"}, "'d'"},
      {{"--c", "1,1,5", "--w", "1,1,1", "--workers", "4"}, "'workers'"},
      {{"--w", "1,1,1", "--workers", "3"}, "'c'"},
      {{"--workers", "3", "--spread", "1"}, "'spread'"},
      {{"--workers", "6", "--algorithms", "optimal"}, "'algorithms'"},
      {{"--workers", "3", "--algorithms", "lp", "--send-order", "1,2,2"}, "'send-order'"},
      {{"--workers", "3", "--algorithms", "lp", "--return-order", "1,2"}, "'return-order'"},
      {{"--workers", "3", "--port", "three-port"}, "'port'"},
      {{"--workers", "3", "--message", "1000"}, "'message'"},
      {{"--c", "1,1,5", "--w", "1,1,1", "--message", "1000"}, "'message'"},
      {{"--workers", "3", "--message", "0.5"}, "'message'"},
  };
  for (const auto& [args, key] : cases) {
    const std::string message = error_of(args);
    EXPECT_NE(message.find(key), std::string::npos) << (args.empty() ? "" : args[0]) << " gave: '" << message << "'";
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(DivisibleFamily, AnUnboundedLpIsAnInputErrorNamingThePairOfOrders) {
  // Unreachable through the keys (c, w > 0); a worker costing nothing makes the LP unbounded.
  const Star free_worker{{0}, {0}, {0}};
  OrderLp lp(free_worker, PortModel::two_port);
  try {
    lp.solve({0}, {0});
    FAIL() << "an unbounded LP was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("send order (1) and return order (1) is unbounded"), std::string::npos)
        << e.what();
  }
}

TEST(DivisibleFamily, EveryReplicationDrawsItsOwnStarFromTheSeedAndPairsWithOptFifo) {
  const Scenario s = resolve_run_arguments({"--family", "divisible", "--algorithms", "fifo-inc-c opt-fifo", "--workers",
                                            "10", "--z", "0.8", "--wc-ratio", "2", "--seed", "3"});
  const Point point = expand_points(s).front();
  const std::uint64_t seed = point_seed(s.seed, s.family->parameters(), point, false);
  auto runner = s.family->prepare_point(point, s.algorithms, s.family->read_point(point)->platform(), seed);
  std::vector<double> first_loads;
  for (std::uint64_t r = 0; r < 3; ++r) {
    std::vector<double> metrics(2 * 3);
    for (std::size_t a = 0; a < 2; ++a) {
      std::vector<LinkSetting> settings;
      if (a == 0) runner->begin_replication(r, settings);
      ASSERT_NE(runner->policy(a, r, settings), nullptr);
      EXPECT_EQ(settings.size(), a == 0 ? 22u : 0u) << "links are set once per replication";
      runner->record(a, 1.0, &metrics[a * 3]);  // a makespan of exactly T
    }
    runner->complete_replication(metrics.data(), 3);
    const Star star = draw_star(10, 1, 2, 0.5, 0.8, RandomStream(seed, r));
    EXPECT_DOUBLE_EQ(metrics[0], test::solve("fifo-inc-c", star).load());
    EXPECT_DOUBLE_EQ(metrics[3], test::solve("opt-fifo", star).load());
    EXPECT_DOUBLE_EQ(metrics[1], metrics[0] / metrics[3]);
    EXPECT_EQ(metrics[4], 1.0) << "OPT-FIFO normalised by itself";
    EXPECT_EQ(metrics[2], 10.0) << "FIFO-INC-C enrols everyone";
    EXPECT_EQ(metrics[5], test::solve("opt-fifo", star).enrolled());
    first_loads.push_back(metrics[0]);
  }
  EXPECT_NE(first_loads[0], first_loads[1]);
}

TEST(DivisibleFamily, WithoutOptFifoTheNormalizationStillUsesItsThroughput) {
  const Scenario s =
      resolve_run_arguments({"--family", "divisible", "--algorithms", "opt-lifo", "--c", "1,1,5", "--w", "1,1,5"});
  const Point point = expand_points(s).front();
  auto runner = s.family->prepare_point(point, s.algorithms, s.family->read_point(point)->platform(), 1);
  std::vector<LinkSetting> settings;
  runner->begin_replication(0, settings);
  runner->policy(0, 0, settings);
  double metrics[3];
  runner->record(0, 1.0, metrics);
  runner->complete_replication(metrics, 3);
  EXPECT_NEAR(metrics[1], (61.0 / 135) / 0.5, 1e-12);
}

TEST(DivisibleFamily, CliExitsWithTwoAndWritesNothingOnBadInput) {
  const std::string dir = ::testing::TempDir() + "/divisible-cli";
  std::filesystem::create_directories(dir);
  const std::string out = dir + "/out.csv";
  // A built-in star's master is host 0; `any` is the reduce family's; a name needs a file.
  for (const std::string& args :
       {std::string("--workers 6 --algorithms optimal"), std::string("--c 1,1 --w 1"),
        std::string("--workers 3 --root 2"), std::string("--workers 3 --root any"), std::string("--workers 3 --root p1"),
        std::string("--workers 3 --root 4")}) {
    const std::string command = std::string(HETCOLL_BINARY) + " run --family divisible --replications 2 --quiet " +
                                args + " --output " + out + " 2>" + dir + "/err.txt";
    const int status = std::system(command.c_str());
    EXPECT_EQ(WEXITSTATUS(status), 2) << args;
    std::ifstream err(dir + "/err.txt");
    std::string line, rest;
    std::getline(err, line);
    EXPECT_FALSE(std::getline(err, rest)) << "one line: " << line;
    std::vector<std::string> left;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      if (entry.path().filename() != "err.txt") left.push_back(entry.path().filename());
    EXPECT_TRUE(left.empty()) << args << " left " << (left.empty() ? "" : left[0]);
  }
  std::filesystem::remove_all(dir);
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Stars are drawn from (seed, point, replication) only: the bytes do not depend on --jobs or
// on --shard + merge.
TEST(DivisibleFamily, RandomStarsGiveTheSameBytesWhateverTheSplit) {
  const std::string dir = ::testing::TempDir() + "/divisible-split";
  std::filesystem::create_directories(dir);
  const std::string run = std::string(HETCOLL_BINARY) +
                          " run --family divisible --workers 20 --z 0.8 --wc-ratio '0.5 5' --replications 12"
                          " --block 4 --engine model --quiet --algorithms 'opt-fifo opt-lifo fifo-inc-w lp'";
  auto sh = [](const std::string& command) { return WEXITSTATUS(std::system(command.c_str())); };
  ASSERT_EQ(sh(run + " --jobs 1 --output " + dir + "/one.csv"), 0);
  ASSERT_EQ(sh(run + " --jobs 2 --output " + dir + "/two.csv"), 0);
  ASSERT_EQ(sh(run + " --shard 0/2 --output " + dir + "/s0.csv"), 0);
  ASSERT_EQ(sh(run + " --shard 1/2 --output " + dir + "/s1.csv"), 0);
  ASSERT_EQ(sh(std::string(HETCOLL_BINARY) + " merge " + dir + "/s0.csv " + dir + "/s1.csv --output " + dir +
               "/merged.csv"),
            0);
  const std::string one = slurp(dir + "/one.csv");
  EXPECT_EQ(std::count(one.begin(), one.end(), '\n'), 1 + 2 * 4);
  EXPECT_EQ(one, slurp(dir + "/two.csv"));
  EXPECT_EQ(one, slurp(dir + "/merged.csv"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace hetcoll
