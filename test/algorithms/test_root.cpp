// Key `root`, read by one function for every rooted family (algorithms/root.hpp): what it
// accepts, and that each refusal names the key and what was expected.
#include <gtest/gtest.h>

#include <string>

#include "algorithms/root.hpp"
#include "core/error.hpp"

namespace hetcoll {
namespace {

/// A platform read from "two.xml" with hosts b-0, b-1, a-0, a-1 in the run's order.
Platform named_hosts() {
  Platform p;
  p.file = "two.xml";
  for (const char* name : {"b-0", "b-1", "a-0", "a-1"}) p.add_host(name, HostSpec{});
  return p;
}

/// The message of the InputError `f` throws ("" if none).
template <class F>
std::string refusal(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(RootKey, AcceptsAnIndexANameOfTheRunOrAnyWhereAllowed) {
  const Platform file = named_hosts();
  EXPECT_EQ(resolve_root("0", 4, &file, true), 0);
  EXPECT_EQ(resolve_root("3", 4, &file, false), 3);
  EXPECT_EQ(resolve_root("a-0", 4, &file, false), 2);  // the example: the third host selected
  EXPECT_EQ(resolve_root("any", 4, &file, true), kAnyRoot);
  EXPECT_EQ(resolve_root("2", 3, nullptr, false, "clusters"), 2);
}

TEST(RootKey, RefusesEachBadRootNamingTheKeyAndWhatWasExpected) {
  const Platform file = named_hosts();
  Platform generated = named_hosts();
  generated.file.clear();
  const std::string cases[][2] = {
      {"4", "index 0..3"},        // beyond the hosts
      {"a-2", "not one of the run's 4 hosts"},
      {"-1", "not one of"},       // not an index: a name, which the file lacks
      {"1.5", "not one of"},
      {"", "not one of"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = refusal([&] { resolve_root(text, 4, &file, true); });
    EXPECT_NE(message.find("key 'root'"), std::string::npos) << text << ": " << message;
    EXPECT_NE(message.find(expected), std::string::npos) << text << ": " << message;
  }
  // `any` where no algorithm chooses; a name where hosts have none; a name beyond the point's hosts.
  EXPECT_NE(refusal([&] { resolve_root("any", 4, &file, false); }).find("no algorithm of this family"), std::string::npos);
  EXPECT_NE(refusal([&] { resolve_root("b-1", 4, &generated, true); }).find("platform file"), std::string::npos);
  EXPECT_NE(refusal([&] { resolve_root("b-0", 3, nullptr, false, "clusters"); }).find("clusters"), std::string::npos);
  EXPECT_NE(refusal([&] { resolve_root("a-1", 3, &file, false); }).find("not one of the run's 3 hosts"),
            std::string::npos);
}

}  // namespace
}  // namespace hetcoll
