// Which key of the broadcast family applies to which costs (docs/broadcast.md): every key of the
// family's table against every CostsMode. A key that does not apply is refused with one line
// naming it, as early as the mode is known (the parser, or with a platform file the point's
// preparation); the docs' table is the code's. Loops over the tables only.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "algorithms/broadcast/broadcast_harness.hpp"
#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "driver/work_dir.hpp"

namespace hetcoll {
namespace {

using test::broadcast_point;
using test::other_value;

/// The keys that make a point of `mode`, on top of the defaults (a platform file comes beside).
std::map<std::string, std::string> base_keys(CostsMode mode) {
  switch (mode) {
    case CostsMode::random: return {{"clusters", "3"}};
    case CostsMode::given:
      return {{"costs", "given"}, {"gaps", "0,1,1,0"}, {"latencies", "0,1,1,0"}, {"intra-times", "1,1"}};
    case CostsMode::latency_file: return {{"costs", "platform"}, {"latency-file", test::kGrid5000Csv}, {"rho", "0.3"}};
    case CostsMode::one_cluster:
    case CostsMode::platform_file: return {{"costs", "platform"}, {"cluster-hosts", "4"}};
  }
  return {};
}

/// Stands for the run's probe: a point that passes the checks of its keys reaches it.
struct Probed {};
class StopAtTheProbe final : public Probe {
 public:
  std::vector<double> round_trips(const std::vector<PingPong>&) override { throw Probed{}; }
};

/// What preparing `point` on a platform read from a file says: "" if it got as far as measuring
/// the platform, else the refusal.
std::string prepare_on_a_file(const Point& point) {
  Platform platform = ideal_cluster(4);
  platform.file = test::kTwoSitesXml;
  StopAtTheProbe probe;
  try {
    broadcast_family().prepare_point(point, {"flat"}, platform, 1, &probe);
  } catch (const InputError& e) {
    return e.what();
  } catch (const Probed&) {
  }
  return "";
}

/// What the parser's check of `point` says ("" if nothing), and, knowing whether a platform
/// file comes with it, the check of its preparation.
std::string refusal(const Point& point, CostsMode mode) {
  try {
    broadcast_settings(point);
    if (mode == CostsMode::platform_file) return prepare_on_a_file(point);
    broadcast_settings(point, false);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(BroadcastKeys, EveryKeyOfTheFamilyIsInTheTableOfCostsAndEveryOtherValueIsValid) {
  for (const ParameterSpec& p : broadcast_family().parameters()) {
    EXPECT_FALSE(other_value(p).empty()) << p.key << ": no valid value other than the default";
    for (CostsMode mode : costs_modes()) EXPECT_NO_THROW(broadcast_key_applies(p.key, mode)) << p.key;
  }
  for (CostsMode mode : costs_modes()) {
    const Point point = broadcast_point(base_keys(mode));
    EXPECT_EQ(costs_mode(point, mode == CostsMode::platform_file), mode) << costs_mode_name(mode);
    EXPECT_EQ(refusal(point, mode), "") << costs_mode_name(mode) << ": its base point is refused";
  }
}

TEST(BroadcastKeys, EveryKeyThatDoesNotApplyToTheCostsIsRefusedWithOneLineNamingIt) {
  int refused = 0;
  for (CostsMode mode : costs_modes())
    for (const ParameterSpec& p : broadcast_family().parameters()) {
      std::map<std::string, std::string> keys = base_keys(mode);
      if (keys.count(p.key)) continue;  // the key makes the mode
      keys[p.key] = other_value(p);
      const std::string why = refusal(broadcast_point(keys), mode);
      const std::string where = costs_mode_name(mode) + ", " + p.key + " = " + keys[p.key] + ": " + why;
      // A latency file beside cluster-hosts (one generated cluster, or a platform file's hosts)
      // makes a grid generated from the file, to which cluster-hosts does not apply: the parser
      // refuses cluster-hosts, naming key latency-file too.
      if (broadcast_key_applies(p.key, mode)) {
        EXPECT_EQ(why.find("does not apply"), std::string::npos) << where;
        continue;
      }
      ++refused;
      EXPECT_NE(why.find("key '" + p.key + "'"), std::string::npos) << where;
      EXPECT_NE(why.find("does not apply to"), std::string::npos) << where;
      EXPECT_EQ(why.find('\n'), std::string::npos) << where;
    }
  EXPECT_GT(refused, 0);
}

TEST(BroadcastKeys, WithoutThePlatformFileTheParserRefusesWhatAppliesToNeitherPlatformWithoutLatencyFile) {
  // The parser does not know whether a file comes: costs = platform without latency-file may be
  // one generated cluster or a platform file, and keys applying to either wait for the file.
  for (const ParameterSpec& p : broadcast_family().parameters()) {
    std::map<std::string, std::string> keys = base_keys(CostsMode::one_cluster);
    if (keys.count(p.key) || p.key == "latency-file") continue;
    keys[p.key] = other_value(p);
    const bool either = broadcast_key_applies(p.key, CostsMode::one_cluster) ||
                        broadcast_key_applies(p.key, CostsMode::platform_file);
    std::string why;
    try {
      broadcast_settings(broadcast_point(keys));
    } catch (const InputError& e) {
      why = e.what();
    }
    EXPECT_EQ(why.find("does not apply") == std::string::npos, either) << p.key << ": " << why;
  }
}

TEST(BroadcastKeys, TheDocsTableIsTheCodesTable) {
  std::ifstream in(test::kSource + "/docs/broadcast.md");
  ASSERT_TRUE(in);
  std::map<std::string, std::vector<std::string>> rows;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) inside = line == "## Which key applies to which costs";
    if (!inside || line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    std::istringstream row(line.substr(1));
    for (std::string cell; std::getline(row, cell, '|');) {
      const std::size_t first = cell.find_first_not_of(' ');
      cells.push_back(first == std::string::npos ? "" : cell.substr(first, cell.find_last_not_of(' ') - first + 1));
    }
    rows[cells[0]] = std::vector<std::string>(cells.begin() + 1, cells.end());
  }
  for (const ParameterSpec& p : broadcast_family().parameters()) {
    const auto it = rows.find("`" + p.key + "`");
    ASSERT_NE(it, rows.end()) << "docs/broadcast.md, 'Which key applies to which costs', has no row for " << p.key;
    ASSERT_EQ(it->second.size(), costs_modes().size()) << p.key;
    for (std::size_t m = 0; m < costs_modes().size(); ++m) {
      const bool yes = it->second[m].rfind("yes", 0) == 0, no = it->second[m].rfind("no", 0) == 0;
      EXPECT_TRUE(yes || no) << p.key << ": cell '" << it->second[m] << "'";
      EXPECT_EQ(yes, broadcast_key_applies(p.key, costs_modes()[m]))
          << p.key << " under " << costs_mode_name(costs_modes()[m]);
    }
  }
  EXPECT_EQ(rows.size(), broadcast_family().parameters().size()) << "a row for a key the family does not have";
}

/// `hetcoll ARGS` stops with exit status 2 and one line saying `key` does not apply, and writes
/// no `output`.
void expect_refused_as_not_applying(const std::string& args, const std::string& key, const std::string& output) {
  std::string out, err;
  EXPECT_EQ(test::run_hetcoll(args, out, err), 2) << args << "\n" << err;
  EXPECT_NE(err.find("key '" + key + "' does not apply"), std::string::npos) << args << ": " << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << args << ": " << err;
  EXPECT_FALSE(std::ifstream(output).good()) << args;
}

TEST(BroadcastKeys, WithAPlatformFileTheKeysOfGeneratedPlatformsAreRefusedByHetcoll) {
  // End to end: one line, exit status 2, no output file, whether the parser or the worker refuses.
  const WorkDir dir("hetcoll-broadcast-test");
  const std::string output = dir.path() + "/out.csv";
  int runs = 0;
  for (const ParameterSpec& p : broadcast_family().parameters()) {
    if (broadcast_key_applies(p.key, CostsMode::platform_file) || p.key == "latency-file") continue;
    const std::string args = "run --family broadcast --engine model --costs platform --platform " +
                             test::kTwoSitesXml + " --hosts 'zone:lyon' --replications 1 --quiet --output " + output +
                             " --" + p.key + " " + other_value(p);
    expect_refused_as_not_applying(args, p.key, output);
    ++runs;
  }
  EXPECT_GT(runs, 0);
  // A latency file with a platform file: the file's hosts are measured, none generated.
  const std::string latency = dir.path() + "/four.csv";
  std::ofstream(latency) << "0,1,1,1\n1,0,1,1\n1,1,0,1\n1,1,1,0\n";
  std::string out, err;
  EXPECT_EQ(test::run_hetcoll("run --family broadcast --engine model --costs platform --platform " +
                                  test::kTwoSitesXml + " --latency-file " + latency + " --quiet --output " + output,
                              out, err),
            2);
  EXPECT_NE(err.find("key 'latency-file' does not apply"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
}

TEST(BroadcastKeys, AKeyWrittenAtItsDefaultIsRefusedWhereItDoesNotApplyAndAManifestStillReruns) {
  // The family sees values; the parser tells it which keys the scenario wrote, so a key
  // written at its default value is not silently ignored either.
  const WorkDir dir("hetcoll-broadcast-test");
  const std::string output = dir.path() + "/out.csv";
  const std::string run = "run --family broadcast --engine model --costs platform --platform " + test::kTwoSitesXml +
                          " --hosts 'zone:lyon' --replications 1 --quiet --output ";
  int runs = 0;
  for (const ParameterSpec& p : broadcast_family().parameters()) {
    if (broadcast_key_applies(p.key, CostsMode::platform_file) || p.kind == ParameterKind::list) continue;
    const std::string value = p.kind == ParameterKind::text ? p.default_text : format_number(p.default_value);
    if (value.empty()) continue;
    const std::string args = run + output + " --" + p.key + " " + value;
    expect_refused_as_not_applying(args, p.key, output);
    ++runs;
  }
  EXPECT_GT(runs, 0);
  // The manifest writes every key; rerunning it is no scenario writing them.
  std::string out, err;
  ASSERT_EQ(test::run_hetcoll(run + output, out, err), 0) << err;
  const std::string again = dir.path() + "/again.csv";
  ASSERT_EQ(test::run_hetcoll("run " + output + ".manifest.json --quiet --output " + again, out, err), 0) << err;
  std::ifstream first(output), second(again);
  std::stringstream a, b;
  a << first.rdbuf();
  b << second.rdbuf();
  EXPECT_EQ(a.str(), b.str());
}

}  // namespace
}  // namespace hetcoll
