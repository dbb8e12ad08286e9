#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <set>

#include "algorithms/family.hpp"
#include "algorithms/reduce/support/registry.hpp"
#include "core/error.hpp"
#include "core/nearest_name.hpp"
#include "core/number_format.hpp"
#include "driver/manifest.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"

namespace hetcoll {
namespace {

std::string error_of(const std::vector<std::string>& args) {
  try {
    resolve_run_arguments(args);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ScenarioParser, CommandLineOverridesTheFileAndListsBecomeSortedAxes) {
  const std::string path = ::testing::TempDir() + "/scenario.ini";
  std::ofstream(path) << "# a comment\nfamily = reduce\ncluster = platform\nprocessors = 8\ncv = 1 0.1\nreplications = 10\n";
  const Scenario s = resolve_run_arguments({path, "--cv", "3 0.3", "--ratio", "0,0.5"});
  const int cv = s.family->parameter_index("cv"), ratio = s.family->parameter_index("ratio");
  EXPECT_EQ(s.values[cv], (std::vector<double>{0.3, 3}));
  EXPECT_EQ(s.values[ratio], (std::vector<double>{0, 0.5}));
  EXPECT_EQ(s.values[s.family->parameter_index("processors")], std::vector<double>{8});
  EXPECT_EQ(s.replications, 10u);
  EXPECT_EQ(expand_points(s).size(), 4u);
  // The default list: every algorithm whose documented limits hold on every point (here, the
  // planners model a free ⊕ and a point has ratio 0.5).
  std::vector<std::string> runnable;
  for (const ReduceAlgorithm& a : reduce_algorithms()) {
    bool limited = false;
    for (const Point& p : expand_points(s)) limited = limited || !s.family->read_point(p)->limit(a.name()).empty();
    if (!limited) runnable.push_back(a.name());
  }
  EXPECT_EQ(s.algorithms, runnable);
  EXPECT_LT(runnable.size(), reduce_algorithms().infos().size());
  // Without such a point, the default is every algorithm of the table.
  std::vector<std::string> all;
  for (const ReduceAlgorithm& a : reduce_algorithms()) all.push_back(a.name());
  EXPECT_EQ(resolve_run_arguments({path, "--ratio", "0"}).algorithms, all);
}

TEST(ScenarioParser, AListedAlgorithmBeyondItsDocumentedLimitIsRefusedNamingTheKey) {
  for (const auto& [args, key] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--family", "reduce", "--cluster", "platform", "--processors", "13", "--algorithms", "optimal"},
            "'algorithms'"},
           {{"--family", "reduce", "--ratio", "0 1", "--algorithms", "tree-dyn snf"}, "'ratio'"},
           {{"--family", "divisible", "--workers", "6", "--algorithms", "optimal"}, "'algorithms'"}}) {
    try {
      resolve_run_arguments(args);
      ADD_FAILURE() << args.back() << ": no InputError";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
  }
  // Left out of the default list instead, with a note (ScenarioStages tests the notes).
  const Scenario s = resolve_run_arguments({"--family", "reduce", "--cluster", "platform", "--processors", "13"});
  EXPECT_EQ(std::find(s.algorithms.begin(), s.algorithms.end(), "optimal"), s.algorithms.end());
  EXPECT_NE(std::find(s.algorithms.begin(), s.algorithms.end(), "snf"), s.algorithms.end());
}

TEST(ScenarioParser, BadInputNamesTheKeyOnOneLine) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--algorithms", "nope"}, "'algorithms'"},
      {{"--cv", "-1"}, "'cv'"},
      {{"--cv", "nan"}, "'cv'"},
      {{"--ratio", "-0.5"}, "'ratio'"},
      {{"--cluster", "platform", "--processors", "0"}, "'processors'"},
      {{"--processors", "3"}, "'processors'"},  // the default cluster is the 7 default times
      {{"--processors", "2.5"}, "'processors'"},
      {{"--processors", "abc"}, "'processors'"},
      {{"--engine", "fast"}, "'engine'"},
      {{"--quantiles", "median"}, "'quantiles'"},
      {{"--quantiles", "P2"}, "'quantiles'"},
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

TEST(ScenarioParser, ExactQuantilesBeyondMemoryAreRefusedSuggestingP2) {
  // 1e15 replications' values cannot be kept on any machine; block keeps the list of units small.
  const std::vector<std::string> args = {"--cluster", "platform", "--processors", "2", "--algorithms", "tree-dyn",
                                         "--replications", "1e15", "--block", "1e6", "--engine", "model"};
  const std::string message = error_of(args);
  EXPECT_NE(message.find("'replications'"), std::string::npos) << message;
  EXPECT_NE(message.find("key 'quantiles' = p2"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(ScenarioParser, QuantilesDefaultToExactAndP2IsPartOfTheRunsIdentity) {
  const Scenario exact = resolve_run_arguments({"--cluster", "platform", "--processors", "2", "--engine", "model"});
  EXPECT_EQ(exact.quantiles, "exact");
  const Scenario p2 =
      resolve_run_arguments({"--cluster", "platform", "--processors", "2", "--engine", "model", "--quantiles", "p2"});
  EXPECT_EQ(p2.quantiles, "p2");
  EXPECT_EQ(run_identity(p2, {}).value("quantiles", ""), "p2");
  EXPECT_NE(identity_hash(run_identity(p2, {})), identity_hash(run_identity(exact, {})));
  EXPECT_NE(to_ini(p2).find("\nquantiles = p2\n"), std::string::npos);
}

TEST(ScenarioParser, UnknownKeyInAFileNamesTheFileAndTheKey) {
  const std::string path = ::testing::TempDir() + "/unknown.ini";
  std::ofstream(path) << "cv = 1\nwhatever = 3\n";
  const std::string message = error_of({path});
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find("whatever"), std::string::npos) << message;
}

TEST(ScenarioParser, AFlagKeyAloneMeansOneAndTakesOnlyZeroOrOne) {
  // k = 3: random instances need k >= 1, and the parser checks every point.
  const Scenario bare = resolve_run_arguments({"--family", "redistribute", "--k", "3", "--uncapped"});
  const int index = bare.family->parameter_index("uncapped");
  ASSERT_GE(index, 0);
  ASSERT_TRUE(bare.family->parameters()[index].flag);
  EXPECT_EQ(bare.values[index], std::vector<double>{1});
  const Scenario both = resolve_run_arguments({"--family", "redistribute", "--k", "3", "--uncapped", "0 1"});
  EXPECT_EQ(both.values[index], (std::vector<double>{0, 1}));
  EXPECT_THROW(resolve_run_arguments({"--family", "redistribute", "--k", "3", "--uncapped", "2"}), InputError);
}

}  // namespace hetcoll

// ---- Ranges checked at parse time (issue "Trust every number") -----------------------------
namespace hetcoll {
namespace {

std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

void expect_refused(const std::vector<std::string>& args, const std::string& fragment) {
  const std::string message = error_of(args);
  std::string command;
  for (const std::string& a : args) command += a + ' ';
  EXPECT_NE(message.find(fragment), std::string::npos) << command << "gave: '" << message << "'";
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

}  // namespace

TEST(KeyRanges, ValuesWhoseAmountsNoEngineCanCarryAreRefusedNamingTheKey) {
  // The reproducers: garbage on SimGrid, an endless loop on the model engine, or NaN times.
  expect_refused({"--cluster", "platform", "--processors", "4", "--cv", "0", "--comm-mean", "1e13"}, "'comm-mean'");
  expect_refused({"--cluster", "platform", "--processors", "4", "--cv", "1e155"}, "'cv'");
  expect_refused({"--cluster", "platform", "--processors", "4", "--ratio", "1e308"}, "'ratio'");
  expect_refused({"--cv", "0", "--comm-mean", "1e13"}, "'comm-mean'");  // the default cluster of times
  expect_refused({"--cv", "1e-155"}, "'cv'");
  expect_refused({"--comm-mean", "1e308"}, "'comm-mean'");
  expect_refused({"--cluster", "gamma", "--processors", "3", "--cluster-cv", "1e-200"}, "'cluster-cv'");
  expect_refused({"--cluster", "gamma", "--processors", "3", "--cv", "1e-200"}, "'cv'");
  // Each key in range, but together a draw would exceed 2^63 bytes.
  expect_refused({"--comm-mean", "1e6", "--cv", "100"}, "'comm-mean'");
  expect_refused({"--comm-mean", "1e6", "--cv", "100"}, "2^63");
  // Ints that used to wrap ("got -2147483648", "p = 0").
  expect_refused({"--processors", "1e10"}, "'processors'");
  expect_refused({"--family", "divisible", "--workers", "4294967296"}, "'workers'");
  expect_refused({"--cluster", "uniform", "--processors", "3e9"}, "'processors'");
  expect_refused({"--family", "redistribute", "--k", "3", "--senders", "1e9"}, "'senders'");
  expect_refused({"--family", "broadcast", "--clusters", "1e9"}, "'clusters'");
  expect_refused({"--family", "divisible", "--workers", "3", "--c-mean", "1", "--spread", "0.9999999999"}, "'c-mean'");
  expect_refused({"--family", "broadcast", "--costs", "platform", "--cluster-hosts", "4", "--wan-window", "1e-300"},
                 "'wan-window'");
}

TEST(KeyRanges, ValuesInInputFilesAreRangedNamingTheFile) {
  const std::string matrix = temp_file("huge-matrix.csv", "1,1e308\n2,3\n");
  expect_refused({"--family", "redistribute", "--matrix", matrix, "--senders", "2", "--receivers", "2", "--nic",
                  "100,100,100,100", "--backbone", "100"},
                 matrix);
  const std::string latency = temp_file("huge-latency.csv", "0,1e300\n1e300,0\n");
  expect_refused({"--family", "broadcast", "--costs", "platform", "--latency-file", latency}, latency);
}

TEST(KeyRanges, CountsAreBoundedByTheMachine) {
  expect_refused({"--jobs", "4294967296"}, "'jobs'");
  expect_refused({"--jobs", "0"}, "'jobs'");
  expect_refused({"--replications", "1e12"}, "'replications'");
  expect_refused({"--replications", "1e12"}, "GB");
  expect_refused({"--family", "broadcast", "--clusters", "1000000"}, "clusters = 1e+06");
  expect_refused({"--family", "redistribute", "--k", "3", "--senders", "65535", "--receivers", "65535"},
                 "senders = 65535");
  EXPECT_EQ(resolve_run_arguments({"--replications", "1e3"}).replications, 1000u);
  EXPECT_EQ(resolve_run_arguments({"--jobs", "1024"}).jobs, 1024);
  // 65536 hosts must stay possible on SimGrid (the default engine).
  EXPECT_NO_THROW(resolve_run_arguments({"--cluster", "platform", "--processors", "65536", "--replications", "1"}));
}

TEST(KeyRanges, SeedsAreExactUnsigned64BitIntegers) {
  const Scenario low = resolve_run_arguments({"--seed", "9007199254740992"});
  const Scenario high = resolve_run_arguments({"--seed", "9007199254740993"});
  EXPECT_EQ(low.seed, 9007199254740992u);
  EXPECT_EQ(high.seed, 9007199254740993u);
  const Point point = expand_points(low).front();
  EXPECT_NE(point_seed(low.seed, low.family->parameters(), point, false),
            point_seed(high.seed, low.family->parameters(), point, false));
  EXPECT_EQ(resolve_run_arguments({"--seed", "18446744073709551615"}).seed, 18446744073709551615u);
  expect_refused({"--seed", "18446744073709551616"}, "'seed'");
  expect_refused({"--seed", "1e3"}, "digits");
  expect_refused({"--seed", "-1"}, "'seed'");
}

TEST(KeyRanges, MinusZeroIsZero) {
  const Scenario minus = resolve_run_arguments({"--family", "divisible", "--workers", "3", "--z", "-0"});
  const Scenario plus = resolve_run_arguments({"--family", "divisible", "--workers", "3", "--z", "0"});
  const double z = minus.values[minus.family->parameter_index("z")][0];
  EXPECT_FALSE(std::signbit(z));
  const std::vector<ParameterSpec>& keys = minus.family->parameters();
  EXPECT_EQ(point_seed(1, keys, expand_points(minus).front(), false),
            point_seed(1, keys, expand_points(plus).front(), false));  // for points built in code: PointSeed.*
}

TEST(ScenarioFile, ADirectoryIsRefusedAndAByteOrderMarkIsAccepted) {
  const std::string directory = ::testing::TempDir();
  expect_refused({directory}, directory);
  expect_refused({directory}, "directory");
  const std::string bom = temp_file("bom.ini", "\xEF\xBB\xBF" "family = divisible\nworkers = 3\n");
  EXPECT_EQ(resolve_run_arguments({bom}).family->name(), "divisible");
}

TEST(KeyRanges, EveryNumberKeyHasAFiniteRangeThatItsDefaultSatisfies) {
  for (const Family* f : all_families())
    for (const ParameterSpec& p : f->parameters()) {
      if (p.kind == ParameterKind::text) continue;
      EXPECT_TRUE(std::isfinite(p.maximum)) << f->name() << " " << p.key;
      if (p.kind == ParameterKind::number) EXPECT_TRUE(in_range(p, p.default_value)) << f->name() << " " << p.key;
    }
}

}  // namespace hetcoll

namespace hetcoll {
namespace {

/// The row docs/keys.md gives a key: | `key` | kind | default | valid values |.
std::string key_row(const ParameterSpec& p) {
  std::string kind, fallback, range;
  switch (p.kind) {
    case ParameterKind::number:
      kind = p.flag ? "0/1 flag" : "number";
      fallback = format_number(p.default_value);
      range = range_text(p);
      break;
    case ParameterKind::list:
      kind = "list";
      fallback = p.default_text.empty() ? "none" : p.default_text;
      range = range_text(p);
      break;
    case ParameterKind::text:
      kind = "word";
      fallback = p.default_text.empty() ? "none" : p.default_text;
      if (p.choices.empty()) {
        range = p.valid_text.empty() ? "a file path" : p.valid_text;
      } else {
        range = "one of";
        for (const std::string& c : p.choices) range += (range == "one of" ? " " : ", ") + c;
      }
      break;
  }
  if (p.axis) kind += ", sweep axis";
  return "| `" + p.key + "` | " + kind + " | " + fallback + " | " + range + " |";
}

}  // namespace

TEST(KeysDoc, GivesEveryKeyOfEveryFamilyWithTheRangeItsTableChecks) {
  std::ifstream in(std::string(HETCOLL_SOURCE_DIR) + "/docs/keys.md");
  ASSERT_TRUE(in) << "docs/keys.md is missing";
  std::string line, family;
  std::set<std::string> rows;  // "family|row"
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) family = line.substr(3);
    if (line.rfind("| `", 0) == 0) rows.insert(family + "|" + line);
  }
  std::string missing;
  for (const Family* f : all_families())
    for (const ParameterSpec& p : f->parameters())
      if (!rows.count(f->name() + "|" + key_row(p))) missing += "\n" + f->name() + ": " + key_row(p);
  EXPECT_TRUE(missing.empty()) << "docs/keys.md lacks these rows (under '## <family>'):" << missing;
  for (const std::string key : {"replications", "seed", "block", "jobs"})
    EXPECT_TRUE(std::any_of(rows.begin(), rows.end(),
                            [&](const std::string& r) { return r.rfind("common keys|| `" + key + "`", 0) == 0; }))
        << key;
}

}  // namespace hetcoll

// ---- Key cv of reduce ---------------------------------------------------------------------
namespace hetcoll {
namespace {

/// The single value of number key `key` (not an axis).
double only(const Scenario& s, const std::string& key) {
  const int index = s.family->parameter_index(key);
  EXPECT_GE(index, 0) << key;
  EXPECT_EQ(s.values.at(index).size(), 1u) << key;
  return s.values.at(index).front();
}

/// The value of key `key` at the scenario's one point.
double at_point(const Scenario& s, const std::string& key) {
  const std::vector<Point> points = expand_points(s);
  EXPECT_EQ(points.size(), 1u);
  return points.front().values.at(s.family->parameter_index(key));
}

}  // namespace

TEST(ReduceKeys, CvIsTheCostCvAndLeavesTheClusterCvAlone) {
  const std::string path = temp_file("reduce-cv.ini", "family = reduce\ncv = 0.5\n");
  for (const Scenario& s :
       {resolve_run_arguments({path}), resolve_run_arguments({"--family", "reduce", "--cv", "0.5"})}) {
    EXPECT_EQ(only(s, "cv"), 0.5);
    EXPECT_EQ(at_point(s, "cv"), 0.5);
    EXPECT_EQ(only(s, "cluster-cv"), s.family->parameters()[s.family->parameter_index("cluster-cv")].default_value);
    std::vector<std::string> all;
    for (const ReduceAlgorithm& a : reduce_algorithms()) all.push_back(a.name());
    EXPECT_EQ(s.algorithms, all);
  }
}

TEST(UnknownNames, RefusalsNameTheKnownNameMeantAndNothingFar) {
  // The names hetcoll had before its first release, now refused like any unknown name.
  expect_refused({"--family", "divisible", "--wc_ratio", "2"}, "unknown key 'wc_ratio' (did you mean 'wc-ratio'?)");
  const std::string path = temp_file("former-key.ini", "family = divisible\nwc_ratio = 2\n");
  expect_refused({path}, "unknown key 'wc_ratio' (did you mean 'wc-ratio'?)");
  expect_refused({"--family", "hetreduce"}, "(did you mean 'reduce'?)");
  std::string families;
  for (const Family* f : all_families()) families += (families.empty() ? "" : ", ") + f->name();
  expect_refused({"--family", "redistribution"}, "(families: " + families + ")");
  expect_refused({"--algorithms", "binomial-stats"}, "(did you mean 'binomial-stat'?)");
  // Nothing near: no hint, rather than a wrong one.
  EXPECT_EQ(did_you_mean("zzzz", {"reduce", "broadcast"}), "");
  EXPECT_EQ(did_you_mean("proccesors", {"processors", "cv"}), " (did you mean 'processors'?)");
}

}  // namespace hetcoll
