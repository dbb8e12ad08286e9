/// @file test_goal_round_trip.cpp
/// @brief `--export-goal` read back by the family `schedule`: every static algorithm of every
/// family, its plan of replication 0 exported under noise (cv = 0.5) and run through `schedule`
/// at cv = 0 (calc-unit = flops) on the same platform and hosts, gives the algorithm's own
/// makespan of replication 0 to the last bit, on both engines (docs/schedule.md, "Export"); the
/// platform is the family's own for the point, written as a SimGrid XML file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "platform/simgrid_xml.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

/// A point of the family whose plans GOAL can say where the family's example cannot
/// (docs/outputs.md, "GOAL export"): broadcast's example (costs = random) caps every message at
/// a rate, redistribute's step schedules are capped unless uncapped. Other families: their
/// example.
const std::map<std::string, std::vector<std::string>> kSayable = {
    {"broadcast", {"--costs", "platform", "--cluster-hosts", "6"}},
    {"redistribute", {"--senders", "2", "--receivers", "3", "--k", "2", "--weight-max", "5", "--uncapped", "1"}}};

/// Families whose built-in platform changes its links every replication (divisible draws its
/// star's): they run on their platform written to a file, which they take as it is.
const std::set<std::string> kOnFile = {"divisible"};

/// The end of the last row of a trace (the CSV's last column): the replication's makespan.
double last_end(const std::string& trace) {
  double last = 0;
  std::istringstream rows(trace);
  for (std::string row; std::getline(rows, row);)
    last = std::max(last, parse_number(row.substr(row.rfind(',') + 1), "end", "trace"));
  return last;
}

/// One algorithm's replication 0 alone (so it runs first on its engine: behind another, the
/// clock's origin moves the last bits), exported as GOAL, on the family's own platform.
struct Exported {
  std::string refusal;   // the export's InputError, if refused
  std::string file;      // the GOAL file; "" for a dynamic algorithm
  std::string platform;  // the point's platform as a SimGrid XML file
  double makespan = 0;
};

Exported export_alone(const Family& family, const std::string& algorithm, const std::string& engine,
                      const WorkDir& dir) {
  const std::vector<std::string> common{"--family", family.name(), "--algorithms", algorithm, "--replications", "1",
                                        "--engine", engine,          "--cv",         "0.5"};
  std::vector<std::string> args = common;
  const auto sayable = kSayable.find(family.name());
  const std::vector<std::string>& extra = sayable != kSayable.end() ? sayable->second : family.info().example;
  args.insert(args.end(), extra.begin(), extra.end());
  Exported result;
  result.platform = dir.path() + "/" + family.name() + ".xml";
  {
    std::unique_ptr<Scenario> built_in;
    try {
      built_in = std::make_unique<Scenario>(resolve_run_arguments(args));
    } catch (const InputError&) {
      // An algorithm of another kind of point (broadcast's dynamic-ecef on abstract costs): the example's.
      args = common;
      args.insert(args.end(), family.info().example.begin(), family.info().example.end());
      built_in = std::make_unique<Scenario>(resolve_run_arguments(args));
    }
    std::ofstream out(result.platform);
    write_simgrid_xml(point_settings(*built_in, expand_points(*built_in).front())->platform(), out);
  }
  if (kOnFile.count(family.name())) args.insert(args.end(), {"--platform", result.platform});
  Scenario s = resolve_run_arguments(args);
  s.trace = "rows";  // the unit then keeps replication 0's trace rows
  RunSetup setup;
  setup.scenario = &s;
  setup.points = expand_points(s);
  setup.work_dir = dir.path();
  setup.goal = true;
  const std::string written = goal_work_file(dir.path(), 0, 0);
  std::remove(written.c_str());
  try {
    result.makespan = test_support::values_in_child(dir.path(), [&] {
                        return std::vector<double>{last_end(execute_unit(setup, {0, 0, 1}).trace)};
                      }).at(0);
  } catch (const InputError& e) {
    result.refusal = e.what();
    return result;
  }
  if (std::filesystem::exists(written)) {
    result.file = dir.path() + "/" + family.name() + "-" + algorithm + "-" + engine + ".goal";
    std::filesystem::rename(written, result.file);
  }
  return result;
}

/// The makespan of `file` run through the family `schedule`, at cv = 0, flops for calcs.
double read_back(const std::string& file, const std::string& engine, const std::string& platform,
                 const WorkDir& dir) {
  const Scenario s = resolve_run_arguments({"--family", "schedule", "--goal", file, "--calc-unit", "flops", "--cv", "0",
                                            "--replications", "1", "--engine", engine, "--platform", platform});
  return test_support::unit_values_in_child(s, expand_points(s).front(), dir.path()).at(0);
}

/// The algorithms docs/schedule.md's "Export" names after "(WHAT:", in backquotes, up to the
/// closing parenthesis or the first ';'.
std::set<std::string> documented_names(const std::string& what) {
  std::ifstream page(std::string(HETCOLL_SOURCE_DIR) + "/docs/schedule.md");
  std::stringstream text;
  text << page.rdbuf();
  const std::string doc = text.str();
  const std::size_t export_section = doc.find("\n## Export\n");
  const std::size_t start = doc.find("(" + what + ":", export_section);
  std::set<std::string> names;
  if (export_section == std::string::npos || start == std::string::npos) return names;
  const std::size_t end = doc.find_first_of(");", start);
  for (std::size_t open = doc.find('`', start); open < end; open = doc.find('`', open + 1)) {
    const std::size_t close = doc.find('`', open + 1);
    names.insert(doc.substr(open + 1, close - open - 1));
    open = close;
  }
  return names;
}

}  // namespace

TEST(GoalRoundTrip, EveryStaticAlgorithmReadsBackToItsOwnMakespanOnBothEngines) {
  const WorkDir dir("hetcoll-test");
  std::map<std::string, std::string> seen;  // "read back", "refused" or "no plan": the algorithms
  for (const Family* family : all_families())
    for (const AlgorithmInfo& algorithm : family->algorithms())
      for (const std::string engine : {"model", "simgrid"}) {
        SCOPED_TRACE(family->name() + " " + algorithm.name + " on " + engine);
        const Exported exported = export_alone(*family, algorithm.name, engine, dir);
        if (!exported.refusal.empty()) {
          // The two things GOAL cannot say, and nothing else, stop an export.
          const bool documented = exported.refusal.find("GOAL says a dependency within one rank only") != std::string::npos ||
                                  exported.refusal.find("which GOAL cannot say") != std::string::npos;
          EXPECT_TRUE(documented) << exported.refusal;
          if (engine == "model") seen["refused"] += " " + family->name() + ":" + algorithm.name;
          continue;
        }
        if (exported.file.empty()) {  // a dynamic algorithm: no plan
          if (engine == "model") seen["no plan"] += " " + family->name() + ":" + algorithm.name;
          continue;
        }
        EXPECT_EQ(format_number(read_back(exported.file, engine, exported.platform, dir)),
                  format_number(exported.makespan));
        if (engine == "model") seen["read back"] += " " + family->name() + ":" + algorithm.name;
      }
  EXPECT_FALSE(seen["read back"].empty());
  for (const auto& [what, algorithms] : seen) std::cout << what << ":" << algorithms << '\n';
  // docs/schedule.md, "Export", names the algorithms refused and those with no plan (the
  // family example's `goal` has no wildcard): a static algorithm whose wrapper forgets to forward
  // Policy::static_plan() would show here as one with no plan.
  for (const std::string what : {"refused", "no plan"}) {
    std::set<std::string> ran;
    std::istringstream words(seen[what]);
    for (std::string word; words >> word;) ran.insert(word.substr(word.find(':') + 1));
    EXPECT_EQ(documented_names(what), ran) << what;
  }
}

}  // namespace hetcoll
