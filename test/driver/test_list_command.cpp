// `hetcoll list --json` says what `hetcoll list` says: the text listing, written again from the
// JSON alone, is the listing's very bytes, so no field of the text is missing from the JSON.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <sstream>
#include <string>

#include "algorithms/family.hpp"
#include "core/number_format.hpp"
#include "driver/json_text.hpp"
#include "driver/list_command.hpp"

namespace hetcoll {
namespace {

nlohmann::json listing_json() {
  std::ostringstream out;
  write_list_json(out);
  return parse_json(out.str());
}

/// The text listing's lines of one family, from its JSON.
std::string text_of(const nlohmann::json& family) {
  std::string text = family["name"].get<std::string>() + ": " + family["description"].get<std::string>() + '\n';
  text += "  algorithms:\n";
  for (const nlohmann::json& a : family["algorithms"]) {
    const std::string reference = a["reference"];
    text += "    " + a["name"].get<std::string>() + "  " + a["description"].get<std::string>() +
            (reference.empty() ? "" : " [" + reference + "]") + '\n';
  }
  text += "  parameters:\n";
  for (const nlohmann::json& k : family["keys"]) {
    const nlohmann::json& fallback = k["default"];
    const std::string shown =
        fallback.is_null() ? "none" : fallback.is_number() ? format_number(fallback.get<double>()) : fallback.get<std::string>();
    text += "    " + k["key"].get<std::string>() + " (" + (k["kind"] == "list" ? "list, " : "") + "default " + shown +
            (k["axis"].get<bool>() ? ", sweep axis" : "") + ")  " + k["description"].get<std::string>() + '\n';
  }
  text += "  value: " + family["value"].get<std::string>() + '\n';
  std::string example;
  for (const nlohmann::json& word : family["example"]) example += ' ' + word.get<std::string>();
  if (!example.empty()) text += "  example: hetcoll run --family " + family["name"].get<std::string>() + example + '\n';
  for (const nlohmann::json& m : family["metrics"])
    text += "  metric " + m["name"].get<std::string>() + ": " + m["description"].get<std::string>() + '\n';
  return text;
}

TEST(ListCommand, TheJsonWritesTheTextListingAgain) {
  const nlohmann::json listing = listing_json();
  ASSERT_FALSE(listing.is_discarded());
  EXPECT_EQ(listing["format"], "hetcoll-list-1");
  std::string from_json;
  for (const nlohmann::json& family : listing["families"]) from_json += text_of(family);
  std::ostringstream text;
  write_list(text);
  EXPECT_EQ(from_json, text.str());
}

// `hetcoll list FAMILY [--json]`: the family's part of the whole listing, in both forms.
TEST(ListCommand, OneFamilyIsItsPartOfTheWholeListing) {
  const nlohmann::json listing = listing_json();
  for (const Family* f : all_families()) {
    SCOPED_TRACE(f->name());
    std::ostringstream text, json;
    write_list(text, {f});
    write_list_json(json, {f});
    const nlohmann::json alone = parse_json(json.str());
    ASSERT_EQ(alone["families"].size(), 1u);
    for (const nlohmann::json& family : listing["families"])
      if (family["name"] == f->name()) {
        EXPECT_EQ(alone["families"][0], family);
        EXPECT_EQ(text.str(), text_of(family));
      }
  }
}

TEST(ListCommand, EveryFamilyAndKeyIsListedWithItsTypedFields) {
  const nlohmann::json listing = listing_json();
  std::set<std::string> listed;
  for (const nlohmann::json& family : listing["families"]) listed.insert(family["name"].get<std::string>());
  for (const Family* f : all_families()) {
    ASSERT_EQ(listed.count(f->name()), 1u) << f->name();
    const nlohmann::json* family = nullptr;
    for (const nlohmann::json& candidate : listing["families"])
      if (candidate["name"] == f->name()) family = &candidate;
    ASSERT_EQ((*family)["keys"].size(), f->parameters().size()) << f->name();
    for (std::size_t i = 0; i < f->parameters().size(); ++i) {
      const ParameterSpec& p = f->parameters()[i];
      const nlohmann::json& key = (*family)["keys"][i];
      EXPECT_EQ(key["key"], p.key);
      EXPECT_EQ(key["in_seed"].get<bool>(), p.in_seed) << p.key;
      if (p.kind == ParameterKind::number) {
        EXPECT_EQ(key["default"].get<double>(), p.default_value) << p.key;  // exact: read back to the bit
        EXPECT_EQ(key["maximum"].is_null(), !std::isfinite(p.maximum)) << p.key;
        if (std::isfinite(p.maximum)) EXPECT_EQ(key["maximum"].get<double>(), p.maximum) << p.key;
      } else if (p.kind == ParameterKind::text) {
        EXPECT_EQ(key["choices"].get<std::vector<std::string>>(), p.choices) << p.key;
      }
    }
  }
}

}  // namespace
}  // namespace hetcoll
