// Seeds by name: a point's seed hashes the (key name, value) pairs of the keys that apply to it,
// take part in seeds and differ from their default, in name order; so neither the order of a
// family's key table nor a key added to it, wherever it goes, moves a seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "core/number_format.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"

namespace hetcoll {
namespace {

/// A family's keys and one of its points, laid out alike (what point_seed reads).
struct Layout {
  std::vector<ParameterSpec> keys;
  Point point;
  bool platform_file = false;

  std::uint64_t seed(std::uint64_t root = 5) const { return point_seed(root, keys, point, platform_file); }

  /// The same keys and values with key `from` moved to position `to`.
  Layout moved(std::size_t from, std::size_t to) const {
    std::vector<std::size_t> order(keys.size());
    std::iota(order.begin(), order.end(), 0);
    order.erase(order.begin() + static_cast<std::ptrdiff_t>(from));
    order.insert(order.begin() + static_cast<std::ptrdiff_t>(to), from);
    return permuted(order);
  }

  /// The same keys and values in the order `order` (indices into this layout).
  Layout permuted(const std::vector<std::size_t>& order) const {
    Layout out;
    out.platform_file = platform_file;
    for (std::size_t i : order) {
      out.keys.push_back(keys[i]);
      out.point.values.push_back(point.values[i]);
      out.point.lists.push_back(point.lists[i]);
      out.point.texts.push_back(point.texts[i]);
    }
    return out;
  }

  /// This layout with `spec` inserted at position `at`, holding `value` (a number key).
  Layout with_key(const ParameterSpec& spec, double value, std::size_t at) const {
    Layout out = *this;
    const auto where = static_cast<std::ptrdiff_t>(at);
    out.keys.insert(out.keys.begin() + where, spec);
    out.point.values.insert(out.point.values.begin() + where, value);
    out.point.lists.insert(out.point.lists.begin() + where, std::vector<double>{});
    out.point.texts.insert(out.point.texts.begin() + where, std::string{});
    return out;
  }
};

/// The family's example point, as the parser builds it: the family's keys apply where they do
/// in a real run (the predicates read the point through the family's handles, so the layout
/// passed to them is the table's own; moved layouts are checked through apply-free keys below).
Layout example_of(const Family& family) {
  std::vector<std::string> args = {"--family", family.name(), "--engine", "model"};
  for (const std::string& word : family.info().example) args.push_back(word);
  const Scenario s = resolve_run_arguments(args);
  return {family.parameters(), expand_points(s).front(), !s.platform.empty()};
}

/// `layout` with the key at `i` set to another valid-looking value of its kind.
Layout changed(Layout layout, std::size_t i) {
  switch (layout.keys[i].kind) {
    case ParameterKind::number: layout.point.values[i] += 1; break;
    case ParameterKind::list: layout.point.lists[i].push_back(1); break;
    case ParameterKind::text: {
      // Another of its words (a predicate may read it), or another word where any goes.
      std::string& text = layout.point.texts[i];
      const std::vector<std::string>& choices = layout.keys[i].choices;
      const auto other =
          std::find_if(choices.begin(), choices.end(), [&text](const std::string& c) { return c != text; });
      text = other != choices.end() ? *other : text + "x";
      break;
    }
  }
  return layout;
}

/// The family's keys with every predicate dropped (so that they may be moved: a predicate reads
/// the point by its table's positions), and the example's values.
Layout without_predicates(const Family& family) {
  Layout layout = example_of(family);
  for (ParameterSpec& spec : layout.keys) spec.applies = nullptr;
  return layout;
}

}  // namespace

TEST(PointSeed, ReorderingAFamilysKeyTableChangesNoSeed) {
  for (const Family* family : all_families()) {
    const Layout layout = without_predicates(*family);
    const std::size_t n = layout.keys.size();
    std::vector<std::size_t> reversed(n);
    std::iota(reversed.rbegin(), reversed.rend(), 0);
    EXPECT_EQ(layout.permuted(reversed).seed(), layout.seed()) << family->name();
    for (std::size_t from = 0; from < n; ++from)
      EXPECT_EQ(layout.moved(from, (from * 7 + 3) % n).seed(), layout.seed()) << family->name() << " " << from;
  }
}

TEST(PointSeed, AKeyAddedAnywhereChangesNoSeedWhereItDoesNotApplyOrHoldsItsDefault) {
  ParameterSpec added = number_key("added", "a key added to the table", 2);
  added.axis = true;
  ParameterSpec nowhere = added;
  nowhere.applies = [](const Point&, bool) { return false; };
  for (const Family* family : all_families()) {
    const Layout layout = without_predicates(*family);
    for (std::size_t at = 0; at <= layout.keys.size(); ++at) {
      EXPECT_EQ(layout.with_key(nowhere, 7, at).seed(), layout.seed()) << family->name() << " at " << at;
      EXPECT_EQ(layout.with_key(added, 2, at).seed(), layout.seed()) << family->name() << " at " << at;
      // Where it applies at another value, it is another point.
      EXPECT_NE(layout.with_key(added, 3, at).seed(), layout.seed()) << family->name() << " at " << at;
    }
  }
}

TEST(PointSeed, EveryValueOfAKeyThatTakesPartChangesTheSeedAndNoOtherKeyDoes) {
  for (const Family* family : all_families()) {
    const Layout layout = example_of(*family);
    for (std::size_t i = 0; i < layout.keys.size(); ++i) {
      const ParameterSpec& spec = layout.keys[i];
      const bool applies = key_applies(spec, layout.point, layout.platform_file);
      const Layout other = changed(layout, i);
      if (applies && spec.in_seed)
        EXPECT_NE(other.seed(), layout.seed()) << family->name() << ": key '" << spec.key << "'";
      else
        EXPECT_EQ(other.seed(), layout.seed()) << family->name() << ": key '" << spec.key << "'";
    }
    EXPECT_NE(layout.seed(5), layout.seed(6)) << family->name();
  }
}

TEST(PointSeed, ValuesHashWithTheirLengthsAndMinusZeroIsZero) {
  ParameterSpec first = list_key("a", "a list");
  ParameterSpec second = list_key("b", "a list");
  Layout lists{{first, second}, {}, false};
  lists.point.values = {0, 0};
  lists.point.texts = {"", ""};
  lists.point.lists = {{1, 2}, {3}};
  Layout split = lists;
  split.point.lists = {{1}, {2, 3}};
  EXPECT_NE(lists.seed(), split.seed());

  Layout texts{{text_key("a", "a word"), text_key("b", "a word")}, {}, false};
  texts.point.values = {0, 0};
  texts.point.lists = {{}, {}};
  texts.point.texts = {"ab", "c"};
  Layout other = texts;
  other.point.texts = {"a", "bc"};
  EXPECT_NE(texts.seed(), other.seed());

  Layout negative{{number_key("z", "a number", 1)}, {}, false};
  negative.point.values = {-0.0};
  negative.point.lists = {{}};
  negative.point.texts = {""};
  Layout positive = negative;
  positive.point.values = {0.0};
  EXPECT_EQ(negative.seed(), positive.seed());
}

TEST(PointSeed, EveryListDefaultIsWrittenAsTheSeedReadsIt) {
  // A list at its default is left out of the seed when its values, written back, are its
  // default text: a default written otherwise ("1, 2") would put it in every seed.
  for (const Family* family : all_families()) {
    const std::vector<ParameterSpec>& keys = family->parameters();
    const Scenario defaults = resolve_run_arguments({"--family", family->name()});
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (keys[i].kind != ParameterKind::list) continue;
      std::string written;
      for (double v : defaults.lists[i]) written += (written.empty() ? "" : ",") + format_number(v);
      EXPECT_EQ(written, keys[i].default_text) << family->name() << ": key '" << keys[i].key << "'";
    }
  }
}

}  // namespace hetcoll
