// Key `message`: the bytes of one unit of the matrix's amounts (default 125000, one Mbit). An
// amount a carries a·message bytes and every time follows from the speeds, so only the product
// matters, on both engines and with speeds from keys or from a platform file; twice the unit at
// β = 0 is twice every transfer. Random instances (weights in seconds at base speed) refuse it
// and keep their seeds; the default keeps every result to the byte.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "algorithms/redistribute/support/execution.hpp"
#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "algorithms/redistribute/redistribution_harness.hpp"
#include "driver/scenario.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"

namespace hetcoll {
namespace {

using test::input_error;
using test::redistribution_point;
using test::unit_metrics;

/// The running example's point with `matrix` written into `dir`, its speeds from keys `nic` and
/// `backbone`, or left to a platform file.
Point example_point(const WorkDir& dir, const std::string& matrix, double message, double beta, bool uncapped = false,
                    bool speeds_from_keys = true) {
  static int written = 0;  // a file per point: the tests keep several alive
  const std::string path = dir.path() + "/matrix" + std::to_string(written++) + ".csv";
  std::ofstream(path) << matrix;
  std::map<std::string, double> numbers = {{"senders", 2}, {"receivers", 2}, {"beta", beta},
                                           {"uncapped", uncapped ? 1.0 : 0}, {"message", message}};
  std::map<std::string, std::vector<double>> lists;
  if (speeds_from_keys) numbers["backbone"] = 200, lists["nic"] = {300, 200, 100, 300};
  return redistribution_point(numbers, {{"matrix", path}}, lists);
}

std::vector<std::string> every_algorithm() {
  std::vector<std::string> names;
  for (const RedistributionAlgorithm& a : redistribution_algorithms()) names.push_back(a.name());
  return names;
}

// The theory: a unit of 2 Mbit makes every weight w = a·message / (base·125000) exactly twice
// (a factor of 2 is exact in binary) and leaves base, k and δ alone; a piece of twice the bytes
// at the same rate lasts twice as long. At β = 0 a step schedule costs Σ W_i, so:
// - GGP, OGGP and greedy keep their steps and double every piece: greedy orders whole messages
//   by weight, which doubling keeps; the peeling's padding R is the heaviest node (10, then 20)
//   and its choices compare weights only;
// - LB_δ = max(⌈w(v)/δ(v)⌉, ⌈P/k⌉) is 7, then 14, and DGGP and the exact optimum meet it on
//   both instances, though they change shape (DGGP splits node 2's two units over two virtual
//   nodes, exact cuts whole-second pieces);
// - all-at-once (SimGrid only: its streams share the backbone, where the model engine stops):
//   max–min shares do not depend on the sizes, and no link has latency here.
// So every value doubles: exactly on the model engine, to SimGrid's rounding on SimGrid; the
// ratio to the link bound (doubled too) does not change.
TEST(RedistributionMessage, TwiceTheBytesPerUnitIsTwiceEveryTimeAtBetaZeroOnBothEngines) {
  const WorkDir dir("hetcoll-jw-message");
  const std::string matrix = "700,300\n0,100\n";
  const RedistributionPoint one = resolve_redistribution_point(example_point(dir, matrix, 125000, 0));
  const RedistributionPoint two = resolve_redistribution_point(example_point(dir, matrix, 250000, 0));
  const Instance &g = one.fixed.instance, &g2 = two.fixed.instance;
  ASSERT_EQ(g.messages.size(), g2.messages.size());
  for (std::size_t m = 0; m < g.messages.size(); ++m) EXPECT_EQ(g2.messages[m].weight, 2 * g.messages[m].weight);
  EXPECT_EQ(two.fixed.base, one.fixed.base);
  EXPECT_EQ(g2.k, g.k);
  EXPECT_EQ(g2.delta, g.delta);
  for (const char* name : {"ggp", "oggp", "greedy"}) {
    const Schedule s = *test::schedule_of(redistribution_algorithms().at(name), g), s2 = *test::schedule_of(redistribution_algorithms().at(name), g2);
    ASSERT_EQ(s2.size(), s.size()) << name;
    for (std::size_t i = 0; i < s.size(); ++i) {
      ASSERT_EQ(s2[i].size(), s[i].size()) << name;
      for (std::size_t j = 0; j < s[i].size(); ++j) {
        EXPECT_EQ(s2[i][j].message, s[i][j].message) << name;
        EXPECT_EQ(s2[i][j].amount, 2 * s[i][j].amount) << name;
      }
    }
  }
  EXPECT_EQ(lower_bound(g), 7);
  EXPECT_EQ(lower_bound(g2), 14);
  for (const char* name : {"dggp", "exact"}) {
    EXPECT_EQ(schedule_cost(g, *test::schedule_of(redistribution_algorithms().at(name), g)), 7) << name;
    EXPECT_EQ(schedule_cost(g2, *test::schedule_of(redistribution_algorithms().at(name), g2)), 14) << name;
  }

  const std::size_t width = 1 + redistribution_family().metrics().size();
  for (const std::string engine : {"model", "simgrid"}) {
    std::vector<std::string> algorithms = every_algorithm();
    if (engine == "model") algorithms.erase(std::find(algorithms.begin(), algorithms.end(), "all-at-once"));
    const std::vector<double> a = unit_metrics(algorithms, engine, example_point(dir, matrix, 125000, 0), 1, dir.path());
    const std::vector<double> b = unit_metrics(algorithms, engine, example_point(dir, matrix, 250000, 0), 1, dir.path());
    ASSERT_EQ(a.size(), algorithms.size() * width);
    ASSERT_EQ(b.size(), a.size());
    for (std::size_t i = 0; i < algorithms.size(); ++i) {
      const std::string what = engine + " " + algorithms[i];
      const double base = a[i * width], doubled = b[i * width];
      EXPECT_GT(base, 0) << what;
      if (engine == "model")
        EXPECT_EQ(doubled, 2 * base) << what;
      else
        EXPECT_NEAR(doubled, 2 * base, 1e-12 * base) << what;
      EXPECT_NEAR(b[i * width + 2], a[i * width + 2], 1e-12) << what;  // over_link_bound
    }
  }
}

// Only a·message matters: a unit of 3 Mbit equals the default unit with every amount tripled,
// value and metrics bit for bit, for every algorithm, capped and uncapped, with the speeds from
// the keys (both engines) or from the running example's platform file (SimGrid).
TEST(RedistributionMessage, OnlyTheAmountTimesTheUnitMattersOnBothEnginesAndFromAFile) {
  const WorkDir dir("hetcoll-jw-message");
  const std::string file = std::string(HETCOLL_SOURCE_DIR) + "/platforms/jw-example.xml";
  const std::string matrix = "700,300\n0,100\n", tripled = "2100,900\n0,300\n";
  for (const bool uncapped : {false, true})
    for (const std::string engine : {"model", "simgrid"}) {
      // The model engine stops where streams share a link: all-at-once, and uncapped steps.
      std::vector<std::string> algorithms = {"lower-bound"};
      for (const std::string& name : every_algorithm())
        if (engine == "simgrid" || (!uncapped && name != "all-at-once" && name != "lower-bound"))
          algorithms.push_back(name);
      for (const bool from_file : {false, true}) {
        if (from_file && engine == "model" && uncapped) continue;
        const std::string platform = from_file ? file : "";
        const std::vector<double> by_unit =
            unit_metrics(algorithms, engine, example_point(dir, matrix, 375000, 1, uncapped, !from_file), 1,
                         dir.path(), platform);
        const std::vector<double> by_amount =
            unit_metrics(algorithms, engine, example_point(dir, tripled, 125000, 1, uncapped, !from_file), 1,
                         dir.path(), platform);
        ASSERT_FALSE(by_unit.empty()) << engine;
        EXPECT_EQ(by_unit, by_amount) << engine << (uncapped ? " uncapped" : " capped")
                                      << (from_file ? " from the file" : " from the keys");
      }
    }
}

/// Runs `hetcoll run ARGS --output OUT` from the source tree; returns the exit status and sets
/// `err` to its stderr and `csv` to the output (empty if none was written).
int run_hetcoll(const WorkDir& dir, const std::string& args, const std::string& out, std::string& err,
                std::string& csv) {
  const std::string output = dir.path() + "/" + out, stderr_file = dir.path() + "/" + out + ".err";
  const std::string command = "cd " + std::string(HETCOLL_SOURCE_DIR) + " && " + HETCOLL_BINARY + " run " + args +
                              " --quiet --output " + output + " 2>" + stderr_file;
  const int status = std::system(command.c_str());
  auto slurp = [](const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  err = slurp(stderr_file);
  csv = slurp(output);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Random instances have weights in seconds at base speed: a unit of bytes means nothing there.
// Written on the command line or in a file, at its default or not, `message` without `matrix` is
// one line naming the key, exit 2, no output; a value reaching the point (prepare) is refused
// too, and so is a unit that would make the largest amount exceed 2^63 bytes.
TEST(RedistributionMessage, WithoutAMatrixItIsRefusedInOneLineNamingTheKey) {
  const WorkDir dir("hetcoll-jw-message");
  const std::string scenario = dir.path() + "/random.ini";
  std::ofstream(scenario) << "family = redistribute\nsenders = 3\nreceivers = 3\nk = 2\nmessage = 125000\n";
  const std::vector<std::string> cases = {
      "--family redistribute --senders 3 --receivers 3 --k 2 --message 125000",
      "--family redistribute --senders 3 --receivers 3 --k 2 --message 250000",
      "--family redistribute --senders 3 --receivers 3 --k 2 --message '125000 250000'",
      scenario + " --engine model",
      "--family redistribute --matrix scenarios/jw-example-matrix.csv --senders 2 --receivers 2 "
      "--nic 300,200,100,300 --backbone 200 --message 1e10",
  };
  for (const std::string& args : cases) {
    std::string err, csv;
    EXPECT_EQ(run_hetcoll(dir, args + " --replications 1", "refused.csv", err, csv), 2) << args;
    EXPECT_NE(err.find("'message'"), std::string::npos) << args << ": " << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << args << ": " << err;
    EXPECT_EQ(csv, "") << args;
  }
  const std::string error = input_error([] {
    resolve_redistribution_point(redistribution_point({{"senders", 3}, {"receivers", 3}, {"k", 2}, {"message", 250000}}));
  });
  EXPECT_NE(error.find("key 'message' = 250000"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  // With a matrix, any unit in range is taken, at its default or not.
  for (const char* message : {"125000", "1", "9000000000"})
    EXPECT_EQ(input_error([&] {
                resolve_run_arguments({"--family", "redistribute", "--matrix",
                                       std::string(HETCOLL_SOURCE_DIR) + "/scenarios/jw-example-matrix.csv",
                                       "--senders", "2", "--receivers", "2", "--nic", "300,200,100,300", "--backbone",
                                       "200", "--message", message});
              }),
              "(no error)")
        << message;
}

// The default is today's unit, and `message` is left out of the seed: the shipped scenarios
// give the same bytes with and without `--message 125000`; random instances are the same for
// every unit, cv and execution mode.
TEST(RedistributionMessage, TheDefaultKeepsEveryResultByteForByteAndRandomInstancesTheirSeeds) {
  const WorkDir dir("hetcoll-jw-message");
  for (const char* scenario : {"jw-example.ini", "jw-example-platform.ini", "redistribute-two-sites.ini"}) {
    std::string err, implicit, explicit_;
    ASSERT_EQ(run_hetcoll(dir, std::string("scenarios/") + scenario, "implicit.csv", err, implicit), 0) << err;
    ASSERT_EQ(run_hetcoll(dir, std::string("scenarios/") + scenario + " --message 125000", "explicit.csv", err,
                          explicit_),
              0)
        << err;
    EXPECT_NE(implicit.find(",uncapped,message,cv,asynchronous,replications,"), std::string::npos) << implicit;
    EXPECT_NE(implicit.find("\nggp,"), std::string::npos) << implicit;
    EXPECT_EQ(implicit, explicit_) << scenario;
  }
  // Out of the seed: every unit, cv, execution mode and unit of a draw meets the same instance.
  const Family& family = redistribution_family();
  const Point random = redistribution_point({{"senders", 5}, {"receivers", 4}, {"k", 3}});
  auto seed_of = [&family](const Point& point) { return point_seed(5, family.parameters(), point, false); };
  auto at = [&family](const char* key) { return static_cast<std::size_t>(family.parameter_index(key)); };
  Point other_unit = random;
  other_unit.values[at("message")] = 250000;
  Point noisy = random;
  noisy.values[at("cv")] = 0.5;
  noisy.values[at("asynchronous")] = 1;
  noisy.texts[at("cv-unit")] = "stream";
  EXPECT_EQ(seed_of(noisy), seed_of(random));
  EXPECT_EQ(seed_of(other_unit), seed_of(random));
  Point other_instance = random;
  other_instance.values[at("k")] = 4;
  EXPECT_NE(seed_of(other_instance), seed_of(random));
}

}  // namespace
}  // namespace hetcoll
