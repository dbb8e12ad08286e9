// JSON text of strings that may hold any bytes: valid UTF-8 comes out valid, reads back exact.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

#include "driver/json_text.hpp"

namespace hetcoll {
namespace {

TEST(JsonText, Utf8WithoutBackslashXIsWrittenAsItIs) {
  for (const std::string s : {"", "plain/path.csv", "caf\xc3\xa9", "\xe2\x82\xac \xf0\x9f\x98\x80", "a\\b", "\\"})
    EXPECT_EQ(escape_bytes(s), s);
}

TEST(JsonText, BytesOutsideUtf8AreEscaped) {
  EXPECT_EQ(escape_bytes("s\xff.ini"), "s\\xff.ini");
  EXPECT_EQ(escape_bytes("\xc0\xaf"), "\\xc0\\xaf");        // an overlong '/'
  EXPECT_EQ(escape_bytes("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_EQ(escape_bytes("\xc3"), "\\xc3");                // cut short
  EXPECT_EQ(escape_bytes("a\\xff"), "a\\x5cxff");          // a backslash-x of the original
}

TEST(JsonText, EveryStringReadsBackExactly) {
  std::mt19937 random(26);
  // Few distinct characters, so that backslashes, x, hex digits and UTF-8 pieces meet often.
  const std::string alphabet = std::string("\\xaf0") + "\xc3\xa9\xff\x80\xe2\xf0";
  for (int trial = 0; trial < 20000; ++trial) {
    std::string s(random() % 12, ' ');
    for (char& c : s) c = alphabet[random() % alphabet.size()];
    const std::string text = escape_bytes(s);
    ASSERT_EQ(unescape_bytes(text), s) << "escaped: " << text;
    const nlohmann::json value{{"path", s}, {"list", {s, 1}}};
    ASSERT_NO_THROW(dump_json(value)) << text;  // nlohmann refuses invalid UTF-8
    std::istringstream in(dump_json(value, 2));
    ASSERT_EQ(parse_json(in), value);
  }
}

TEST(JsonText, TextThatIsNoJsonIsDiscarded) { EXPECT_TRUE(parse_json(std::string("{\"a\": ")).is_discarded()); }

}  // namespace
}  // namespace hetcoll
