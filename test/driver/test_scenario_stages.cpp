// The driver's stages (docs/design.md, "The driver's stages"): the parser reads no platform
// file, the resolution counts hosts in it, and notes come back as data.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "driver/scenario_parser.hpp"
#include "driver/scenario_resolution.hpp"
#include "engine/engine_factory.hpp"

namespace hetcoll {
namespace {

const std::string kTwoSites = std::string(HETCOLL_SOURCE_DIR) + "/platforms/two-sites.xml";

bool lists(const std::vector<std::string>& algorithms, const std::string& name) {
  return std::find(algorithms.begin(), algorithms.end(), name) != algorithms.end();
}

}  // namespace

TEST(ScenarioStages, ParsingNeverOpensThePlatformFileAndTheResolutionRefusesAMissingOneInOneLine) {
  const std::string missing = ::testing::TempDir() + "/no-such-platform.xml";
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"--family", "reduce", "--platform", missing},
           {"--family", "reduce", "--platform", missing, "--hosts", "zone:lyon", "--engine", "model"},
           {"--family", "broadcast", "--platform", missing},
           {"--family", "redistribute", "--platform", missing, "--senders", "zone:lyon", "--receivers",
            "zone:nancy"}}) {
    Scenario s = parse_run_arguments(args);
    EXPECT_EQ(s.hosts_selected, 0) << args[1];
    try {
      resolve_scenario(s);
      ADD_FAILURE() << args[1] << ": the resolution accepted a missing platform file";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(missing), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST(ScenarioStages, TheResolutionCountsTheHostsASelectionNamesAsTheFileDoes) {
  // Host-set keys naming hosts: each becomes the count of its selection, `hosts` their union.
  Scenario named = parse_run_arguments(
      {"--family", "redistribute", "--platform", kTwoSites, "--senders", "zone:lyon", "--receivers", "zone:nancy"});
  ASSERT_EQ(named.named_host_sets.size(), 2u);
  resolve_scenario(named);
  const int lyon = count_platform_hosts(kTwoSites, {}, {"zone:lyon"});
  const int nancy = count_platform_hosts(kTwoSites, {}, {"zone:nancy"});
  EXPECT_EQ(named.values[named.family->parameter_index("senders")], std::vector<double>{double(lyon)});
  EXPECT_EQ(named.values[named.family->parameter_index("receivers")], std::vector<double>{double(nancy)});
  EXPECT_EQ(named.hosts_selected, lyon + nancy);
  EXPECT_EQ(named.hosts, (std::vector<std::string>{"zone:lyon", "zone:nancy"}));

  // Key `hosts` without the family's count: the count becomes what the selection holds.
  for (const Family* family : all_families()) {
    const ParameterSpec* count = family->host_count_key();
    if (count == nullptr) continue;
    const std::string key = count->key;
    Scenario s = parse_run_arguments({"--family", family->name(), "--platform", kTwoSites, "--hosts", "zone:nancy"});
    resolve_scenario(s);
    EXPECT_EQ(s.hosts_selected, nancy) << family->name();
    EXPECT_EQ(s.values[family->parameter_index(key)], std::vector<double>{double(nancy - count->hosts_beside)})
        << family->name();
  }
}

TEST(ScenarioStages, NotesComeBackAsDataOnePerAlgorithmTheResolutionLeavesOut) {
  // optimal's documented limit is 12 processors: the default list loses it at 13, with a note.
  Scenario s = parse_run_arguments({"--family", "reduce", "--cluster", "platform", "--processors", "13"});
  const std::vector<std::string> parsed = s.algorithms;
  EXPECT_TRUE(lists(parsed, "optimal"));  // the parser keeps the family's whole list
  const std::vector<std::string> notes = resolve_scenario(s);
  std::vector<std::string> left_out;
  for (const std::string& name : parsed)
    if (!lists(s.algorithms, name)) left_out.push_back(name);
  EXPECT_TRUE(lists(left_out, "optimal"));
  ASSERT_EQ(notes.size(), left_out.size());
  for (std::size_t i = 0; i < notes.size(); ++i)
    EXPECT_EQ(notes[i].rfind("key 'algorithms' not given: " + left_out[i] + " is left out of the family's list (", 0),
              0u)
        << notes[i];
  // A listed algorithm is refused instead, and a scenario within every limit has no note.
  Scenario within = parse_run_arguments({"--family", "reduce", "--cluster", "platform", "--processors", "4"});
  EXPECT_TRUE(resolve_scenario(within).empty());
}

TEST(ScenarioStages, TheRulesOfPointsAndTheMemoryAreTheResolutions) {
  // Each parses, then the resolution refuses it in one line naming the key.
  for (const auto& [args, key] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--family", "reduce", "--cluster", "platform", "--processors", "13", "--algorithms", "optimal"},
            "'algorithms'"},
           {{"--processors", "3"}, "'processors'"},
           {{"--cluster", "platform", "--processors", "2", "--algorithms", "tree-dyn", "--replications", "1e15",
             "--block", "1e6", "--engine", "model"},
            "'replications'"}}) {
    Scenario s = parse_run_arguments(args);
    try {
      resolve_scenario(s);
      ADD_FAILURE() << args[1] << ": no InputError";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
}

}  // namespace hetcoll
