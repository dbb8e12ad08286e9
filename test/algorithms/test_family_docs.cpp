/// @file test_family_docs.cpp
/// @brief Every algorithm and key of every family is documented: in its family's page
/// (docs/<family>.md, in backticks) and in `hetcoll list`. Loops over the tables only, so a new
/// algorithm or key without a doc line fails here.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "algorithms/family.hpp"

namespace hetcoll {
namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// What `hetcoll list` prints.
std::string list_output() {
  std::string out;
  FILE* pipe = ::popen((std::string(HETCOLL_BINARY) + " list").c_str(), "r");
  if (pipe == nullptr) return out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  ::pclose(pipe);
  return out;
}

TEST(FamilyDocs, EveryAlgorithmAndKeyIsInItsFamilysPageAndInHetcollList) {
  const std::string listed = list_output();
  ASSERT_FALSE(listed.empty());
  for (const Family* f : all_families()) {
    const std::string page_path = std::string(HETCOLL_SOURCE_DIR) + "/docs/" + f->name() + ".md";
    const std::string page = read_text(page_path);
    ASSERT_FALSE(page.empty()) << "no page " << page_path << " for family " << f->name();
    const std::size_t section = listed.find(f->name() + ": ");
    ASSERT_NE(section, std::string::npos) << "hetcoll list does not show family " << f->name();
    // Up to the next family's line (one that starts without indentation).
    std::size_t end = section;
    while ((end = listed.find('\n', end + 1)) != std::string::npos && end + 1 < listed.size() && listed[end + 1] == ' ') {
    }
    const std::string family_listing = listed.substr(section, end == std::string::npos ? end : end - section);
    for (const AlgorithmInfo& a : f->algorithms()) {
      EXPECT_NE(page.find("`" + a.name + "`"), std::string::npos) << page_path << " does not name `" << a.name << "`";
      EXPECT_NE(family_listing.find("    " + a.name + "  "), std::string::npos)
          << "hetcoll list does not show " << f->name() << " algorithm " << a.name;
    }
    for (const ParameterSpec& p : f->parameters()) {
      EXPECT_NE(page.find("`" + p.key + "`"), std::string::npos) << page_path << " does not name key `" << p.key << "`";
      EXPECT_NE(family_listing.find("    " + p.key + " ("), std::string::npos)
          << "hetcoll list does not show " << f->name() << " key " << p.key;
    }
  }
}

}  // namespace
}  // namespace hetcoll
