// Columns that apply: a sweep key that does not apply to a point is an empty CSV cell there, and
// the families' own checks agree with the key tables' predicates on which keys apply.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/csv_output.hpp"
#include "driver/merge.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"

namespace hetcoll {
namespace {

/// The message of the parser's refusal of `args`, or "" if it accepts them.
std::string refusal(const std::vector<std::string>& args) {
  try {
    resolve_run_arguments(args);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// `args` with `--key value` in place of any value they give the key.
std::vector<std::string> with_key(const std::vector<std::string>& args, const std::string& key, const std::string& value) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--" + key && i + 1 < args.size()) {
      ++i;
      continue;
    }
    out.push_back(args[i]);
  }
  out.insert(out.end(), {"--" + key, value});
  return out;
}

using Mode = std::vector<std::pair<std::string, std::string>>;  // keys set on top of the example

/// Scenarios of every family in the modes its keys choose, with and without a platform file:
/// the family's example, then each choice of each text key, and the modes that list and file
/// keys make (an explicit star, a matrix), for the families that have those keys; each with and
/// without the file. Those the parser refuses (a mode that needs more keys) are left out.
std::vector<std::vector<std::string>> scenarios_in_every_mode(const Family& family, const std::string& dir) {
  const std::string platform = std::string(HETCOLL_SOURCE_DIR) + "/platforms/two-sites.xml";
  const std::string matrix = dir + "/matrix.csv";
  std::ofstream(matrix) << "700,300\n0,100\n";
  const std::vector<Mode> keyed = {
      {{"workers", "0"}, {"c", "1,2"}, {"w", "1,1"}},
      {{"matrix", matrix}, {"senders", "2"}, {"receivers", "2"}, {"nic", "100,100,100,100"}, {"backbone", "100"},
       {"k", "0"}}};
  std::vector<std::string> base = {"--family", family.name(), "--engine", "model", "--replications", "2"};
  for (const std::string& word : family.info().example) base.push_back(word);
  std::vector<Mode> modes = {{}};
  for (const ParameterSpec& p : family.parameters())
    for (const std::string& choice : p.choices) modes.push_back({{p.key, choice}});
  for (const Mode& mode : keyed)
    if (family.parameter_index(mode.front().first) >= 0) modes.push_back(mode);
  std::vector<std::vector<std::string>> scenarios;
  for (const Mode& mode : modes)
    for (bool file : {false, true}) {
      std::vector<std::string> args = base;
      for (const auto& [key, value] : mode) args = with_key(args, key, value);
      if (file) args = with_key(with_key(args, "platform", platform), "hosts", "*");
      if (refusal(args).empty()) scenarios.push_back(args);
    }
  return scenarios;
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

}  // namespace

TEST(CsvColumns, AKeyThatDoesNotApplyIsAnEmptyCellWhichTheFamilyRefusesWrittenAndOneThatAppliesIsItsValue) {
  const std::string dir = ::testing::TempDir();
  for (const Family* family : all_families()) {
    const std::vector<ParameterSpec>& params = family->parameters();
    std::map<std::string, std::set<bool>> seen;  // key with a predicate -> applied, did not
    for (const std::vector<std::string>& args : scenarios_in_every_mode(*family, dir)) {
      const Scenario s = resolve_run_arguments(args);
      const bool file = !s.platform.empty();
      for (const Point& point : expand_points(s)) {
        const std::vector<std::string> cells = split_csv_row(parameter_fields(*family, point, file) + ',');
        std::size_t column = 0;
        for (const ParameterSpec& p : params)
          if (p.applies) EXPECT_TRUE(p.axis) << p.key << ": only axes are CSV columns";
        for (std::size_t i : family->columns()) {
          ASSERT_LT(column, cells.size()) << joined(args);
          const std::string& cell = cells[column++];
          const bool applies = key_applies(params[i], point, file);
          if (params[i].applies) seen[params[i].key].insert(applies);
          EXPECT_EQ(cell, applies ? format_number(point.values[i]) : "") << params[i].key << " in " << joined(args);
          // Written at the very value the point holds, the key is accepted where it applies and
          // refused where it does not, by the family's own check (not the parser's backstop).
          const std::string why = refusal(with_key(args, params[i].key, format_number(point.values[i])));
          if (applies) {
            EXPECT_EQ(why, "") << params[i].key << " in " << joined(args);
          } else {
            EXPECT_NE(why, "") << params[i].key << " in " << joined(args);
            EXPECT_EQ(why.find("its CSV column is left empty"), std::string::npos)
                << params[i].key << ": the family's check_written_keys does not refuse it where its column is "
                << "empty: " << why;
          }
        }
        EXPECT_EQ(column, cells.size()) << joined(args);
      }
    }
    for (const ParameterSpec& p : params)
      if (p.applies)
        EXPECT_EQ(seen[p.key].size(), 2u) << family->name() << ": key '" << p.key
                                          << "' is not seen both applying and not in the family's modes";
  }
}

TEST(CsvColumns, RowsWithEmptyCellsKeepTheirCanonicalOrder) {
  // Two parameter columns, the second empty: points ordered by the first, algorithms by rank.
  const std::vector<std::string> rows = {"b,2,,1", "a,2,,1", "a,1,,1", "b,1,,1"};
  EXPECT_EQ(canonical_order(rows, 2, "test"), (std::vector<std::string>{"b,1,,1", "a,1,,1", "b,2,,1", "a,2,,1"}));
  EXPECT_THROW(canonical_order({"a,1,,1", "a,1,,1"}, 2, "test"), InputError);
  EXPECT_EQ(parameter_order_value("", "c", "test"), parameter_order_value("", "c", "test"));
  EXPECT_LT(parameter_order_value("", "c", "test"), parameter_order_value("-1e300", "c", "test"));
}

TEST(CsvColumns, EverySweepAxisIsOneColumnOfTheFamilysListAndEveryHeaderFollowsTheList) {
  for (const Family* family : all_families()) {
    const std::vector<ParameterSpec>& params = family->parameters();
    std::vector<int> listed(params.size(), 0);
    std::string names;
    for (std::size_t i : family->columns()) {
      ASSERT_LT(i, params.size()) << family->name();
      ++listed[i];
      names += (names.empty() ? "" : ",") + column_name(params[i].key);
    }
    for (std::size_t i = 0; i < params.size(); ++i)
      EXPECT_EQ(listed[i], params[i].axis ? 1 : 0) << family->name() << ": key '" << params[i].key << "'";
    EXPECT_EQ(parameter_header(*family), names) << family->name();
    EXPECT_EQ(summary_header(*family).rfind("algorithm," + names + ",replications,", 0), 0u) << family->name();
    EXPECT_EQ(raw_header(*family).rfind("algorithm," + names + ",replication,value", 0), 0u) << family->name();
    EXPECT_EQ(trace_header(*family), "algorithm," + names + ",replication,kind,host,peer,start,end") << family->name();
  }
}

TEST(CsvColumns, ASweepsPointsComeInTheOrderOfItsRows) {
  // Two values on every axis of every family: the points, as rows, are already in canonical
  // order (the columns' order, each ascending), which merges and resumed runs rebuild.
  for (const Family* family : all_families()) {
    std::vector<std::string> args = {"--family", family->name(), "--engine", "model"};
    for (const std::string& word : family->info().example) args.push_back(word);
    for (std::size_t i : family->columns()) {
      const ParameterSpec& p = family->parameters()[i];
      const double other = p.flag ? 1 : p.default_value + (p.integer ? 1 : 0.5);
      if (!in_range(p, other) || other == p.default_value) continue;
      const std::vector<std::string> swept =
          with_key(args, p.key, format_number(p.default_value) + " " + format_number(other));
      if (refusal(swept).empty()) args = swept;
    }
    const Scenario s = resolve_run_arguments(args);
    const bool file = !s.platform.empty();
    std::vector<std::string> rows;
    for (const Point& point : expand_points(s)) rows.push_back("a," + parameter_fields(*family, point, file) + ",1");
    EXPECT_GT(rows.size(), 1u) << family->name();
    EXPECT_EQ(canonical_order(rows, family->columns().size(), "test"), rows) << joined(args);
  }
}

TEST(CsvColumns, AColumnListThatMissesAnAxisListsAnotherKeyOrRepeatsOneIsRefused) {
  struct Keys {
    KeyTable table;
    NumberKey a = table.number("a", "an axis", 1).sweep();
    NumberKey b = table.number("b", "an axis", 1).sweep();
    NumberKey c = table.number("c", "a single number", 1);
  };
  Keys keys;
  EXPECT_THROW(keys.table.set_columns({keys.a}), std::logic_error);
  EXPECT_THROW(keys.table.set_columns({keys.a, keys.b, keys.c}), std::logic_error);
  EXPECT_THROW(keys.table.set_columns({keys.a, keys.b, keys.a}), std::logic_error);
  keys.table.set_columns({keys.b, keys.a});
  EXPECT_EQ(keys.table.columns(), (std::vector<std::size_t>{1, 0}));
}

TEST(CsvColumns, AMetricOfWordsShowsTheWordOfItsIndexAndRefusesAnyOtherValue) {
  const MetricSpec number{"ratio", "a quantity", {"mean"}};
  const MetricSpec choice{"chosen", "a choice", {kSameAggregate}, {"binomial", "pipeline"}};
  EXPECT_EQ(metric_field(number, 1.5), format_number(1.5));
  EXPECT_EQ(metric_field(choice, 0), "binomial");
  EXPECT_EQ(metric_field(choice, 1), "pipeline");
  for (double bad : {-1.0, 0.5, 2.0, std::nan("")}) EXPECT_THROW(metric_field(choice, bad), std::logic_error) << bad;
}

TEST(CsvColumns, EveryMetricOfWordsOfEveryFamilyIsSummarisedBySameAlone) {
  for (const Family* family : all_families())
    for (const MetricSpec& m : family->metrics())
      if (!m.words.empty())
        EXPECT_EQ(m.aggregates, std::vector<std::string>{kSameAggregate}) << family->name() << ": " << m.name;
}

// A checkpointed summary row is kept on resume only if its cells are what summary_row writes:
// `varies` and a metric's words are such cells, as numbers are.
TEST(CsvColumns, ASummaryRowsStatisticsMayHoldVariesAndAMetricsWordsAndNothingElse) {
  for (const Family* family : all_families()) {
    std::vector<std::string> cells(6, "1.5");
    std::size_t word_cell = 0, varies_cell = 0;
    for (const MetricSpec& m : family->metrics())
      for (const std::string& a : m.aggregates) {
        if (a == kSameAggregate && !m.words.empty()) word_cell = cells.size();
        if (a == kSameAggregate && varies_cell == 0) varies_cell = cells.size();
        cells.push_back(a != kSameAggregate ? "2" : !m.words.empty() ? m.words.front() : std::string(kVariesField));
      }
    EXPECT_TRUE(summary_statistics_valid(*family, cells)) << family->name();
    std::vector<std::string> bad = cells;
    bad[0] = "nan-ish";
    EXPECT_FALSE(summary_statistics_valid(*family, bad)) << family->name();
    bad = cells;
    bad.pop_back();
    EXPECT_FALSE(summary_statistics_valid(*family, bad)) << family->name();
    if (word_cell > 0) {
      bad = cells;
      bad[word_cell] = "no-such-algorithm";
      EXPECT_FALSE(summary_statistics_valid(*family, bad)) << family->name();
    }
  }
}

}  // namespace hetcoll
