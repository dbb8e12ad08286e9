/// @file test_family_contract.cpp
/// @brief The PointRunner contract of family.hpp, checked on every family of the table: a
/// replication's numbers do not depend on which other algorithms run or in which order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

/// The family's example (its defaults, or what example() adds), a few replications on the
/// model engine; with `cv` given, at that key's value (every family has one).
Scenario example_of(const Family& family, const std::string& cv = "") {
  std::vector<std::string> args{"--family", family.name(), "--replications", "3", "--engine", "model"};
  const std::vector<std::string> example = family.info().example;
  args.insert(args.end(), example.begin(), example.end());
  if (!cv.empty()) args.insert(args.end(), {"--cv", cv});
  return resolve_run_arguments(args);
}

/// The values of `scenario` at `point`.
std::vector<double> values_of(Scenario& scenario, const Point& point, const WorkDir& dir) {
  return test_support::unit_values_in_child(scenario, point, dir.path());
}

TEST(FamilyContract, EveryFamilyHasAlgorithmsAndDistinctKeys) {
  for (const Family* f : all_families()) {
    EXPECT_FALSE(f->algorithms().empty()) << f->name();
    std::vector<std::string> keys;
    for (const ParameterSpec& p : f->parameters()) keys.push_back(p.key);
    std::sort(keys.begin(), keys.end());
    EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end()) << f->name() << " declares a key twice";
    for (const AlgorithmInfo& a : f->algorithms()) {
      EXPECT_FALSE(a.description.empty()) << f->name() << " " << a.name;
      EXPECT_FALSE(a.reference.empty()) << f->name() << " " << a.name << " has no reference";
    }
  }
}

// Per family: every algorithm alone, all together, and all in the reversed order give each
// algorithm the same values (main value and metrics). Not always to the last bit: a replication
// starts where the previous one ended on the engine's clock (SimGrid's cannot be reset), and on
// a platform off the binary grid of the ideal cluster (a star of decimal costs, a redistribution
// backbone) the last bits of a duration follow that origin. A changed draw, batch or shared
// draw of a cluster moves a value by far more than the 1e-12 allowed here; on the ideal cluster
// the engine agreement tests compare bit for bit.
bool same_value(double a, double b) { return a == b || std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)); }

// Under noise too (cv = 0.5): every algorithm of a replication meets the same draws, whichever
// algorithms run before it, and cv moves some value of every family.
TEST(FamilyContract, ValuesDoNotDependOnTheAlgorithmList) {
  const WorkDir dir("hetcoll-test");
  for (const Family* f : all_families())
    for (const char* cv : {"0", "0.5"}) {
      SCOPED_TRACE(f->name() + " cv " + cv);
      Scenario all = example_of(*f, cv);
      const Point point = expand_points(all).front();
      const std::size_t k = all.algorithms.size(), width = 1 + f->metrics().size();
      const std::vector<double> together = values_of(all, point, dir);
      if (std::string(cv) != "0") {
        Scenario nominal = example_of(*f, "0");
        EXPECT_NE(values_of(nominal, expand_points(nominal).front(), dir), together) << "cv changed no value";
      }
      Scenario reversed = all;
      std::reverse(reversed.algorithms.begin(), reversed.algorithms.end());
      const std::vector<double> backwards = test_support::unit_values_in_child(reversed, point, dir.path());
      ASSERT_EQ(together.size(), all.replications * k * width);
      for (std::size_t a = 0; a < k; ++a) {
        Scenario alone = all;
        alone.algorithms = {all.algorithms[a]};
        const std::vector<double> single = test_support::unit_values_in_child(alone, point, dir.path());
        ASSERT_EQ(single.size(), all.replications * width);
        for (std::size_t r = 0; r < all.replications; ++r)
          for (std::size_t m = 0; m < width; ++m) {
            const double one = single[r * width + m];
            EXPECT_PRED2(same_value, together[(r * k + a) * width + m], one)
                << all.algorithms[a] << " replication " << r << " value " << m << ": in the list "
                << format_number(together[(r * k + a) * width + m]) << ", alone " << format_number(one);
            EXPECT_PRED2(same_value, backwards[(r * k + (k - 1 - a)) * width + m], one)
                << all.algorithms[a] << " replication " << r << " value " << m << ": reversed list "
                << format_number(backwards[(r * k + (k - 1 - a)) * width + m]) << ", alone " << format_number(one);
          }
      }
    }
}

// A unit may start at any replication (units of `block` replications, resumed runs): under noise
// its replications meet the draws they meet in a unit that starts at 0, since the noise is
// positioned at a replication's number, not at its rank in the unit.
TEST(FamilyContract, UnderNoiseAUnitThatStartsLaterDrawsWhatItsReplicationsDrawFromTheStart) {
  const WorkDir dir("hetcoll-test");
  for (const Family* f : all_families()) {
    SCOPED_TRACE(f->name());
    const Scenario noisy = example_of(*f, "0.5");
    RunSetup setup;
    setup.scenario = &noisy;
    setup.points = {expand_points(noisy).front()};
    setup.work_dir = dir.path();
    const std::vector<double> whole = test_support::unit_values_in_child(setup, {0, 0, noisy.replications});
    const std::vector<double> later = test_support::unit_values_in_child(setup, {0, 1, noisy.replications - 1});
    const std::size_t skipped = whole.size() / noisy.replications;  // replication 0's values
    ASSERT_EQ(later.size() + skipped, whole.size());
    for (std::size_t i = 0; i < later.size(); ++i)
      EXPECT_PRED2(same_value, later[i], whole[skipped + i])
          << "value " << skipped + i << ": from the start " << format_number(whole[skipped + i]) << ", in a unit from "
          << "replication 1 " << format_number(later[i]);
  }
}

// A platform file alone is the input of every family that counts hosts: its count takes every
// host of the file, as key `hosts` selecting all of them would, and a count given stays.
TEST(FamilyContract, AFileAloneGivesEveryFamilyThatCountsHostsEveryHostOfTheFile) {
  const std::string file = std::string(HETCOLL_SOURCE_DIR) + "/platforms/two-racks.xml";  // 32 hosts
  for (const Family* f : all_families()) {
    const ParameterSpec* count = f->host_count_key();
    if (count == nullptr) continue;
    const std::string key = count->key;
    SCOPED_TRACE(f->name());
    const int index = f->parameter_index(key);
    const Scenario alone = resolve_run_arguments({"--family", f->name(), "--platform", file});
    const Scenario every = resolve_run_arguments({"--family", f->name(), "--platform", file, "--hosts", "*"});
    EXPECT_EQ(alone.values[index], every.values[index]);
    EXPECT_EQ(alone.values[index], std::vector<double>{double(32 - count->hosts_beside)});
    const Scenario given = resolve_run_arguments({"--family", f->name(), "--platform", file, "--" + key, "3"});
    EXPECT_EQ(given.values[index], std::vector<double>{3});
  }
}

// Every family's default list on a file whose links its messages share (two racks behind one
// link), with drawn costs: the model engine shares the links as SimGrid does, every replication
// of every algorithm to 1e-9 (docs/design.md, "When links are shared").
TEST(FamilyContract, OnSharedLinksWithDrawnCostsTheEnginesAgreeInEveryFamily) {
  const WorkDir dir("hetcoll-test");
  const std::string file = std::string(HETCOLL_SOURCE_DIR) + "/platforms/two-racks.xml";
  for (const Family* f : all_families()) {
    SCOPED_TRACE(f->name());
    Scenario model = resolve_run_arguments(
        {"--family", f->name(), "--platform", file, "--cv", "0.5", "--replications", "3", "--engine", "model"});
    Scenario simgrid = model;
    simgrid.engine = "simgrid";
    const Point point = expand_points(model).front();
    const std::vector<double> a = test_support::unit_values_in_child(model, point, dir.path());
    const std::vector<double> b = test_support::unit_values_in_child(simgrid, point, dir.path());
    ASSERT_EQ(a.size(), b.size());
    ASSERT_FALSE(a.empty());
    for (std::size_t i = 0; i < a.size(); ++i)
      EXPECT_NEAR(a[i], b[i], 1e-9 * std::max(std::abs(a[i]), std::abs(b[i]))) << "value " << i;
  }
}

}  // namespace
}  // namespace hetcoll
