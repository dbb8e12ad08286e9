/// @file test_family_layout.cpp
/// @brief The tree shows the algorithms: at the top of simulator/algorithms/<family>/ sits one
/// .cpp per row of the family's table, named after the row with its hyphens turned into
/// underscores, and nothing else but the family's sources.cmake, an optional factories.hpp and
/// the support/ folder (docs/design.md, "Adding an algorithm"). Loops over the tables only, so
/// a new algorithm without its file, or a file without its row, fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "algorithms/family.hpp"

namespace hetcoll {
namespace {

namespace fs = std::filesystem;

std::string file_of_row(std::string name) {
  std::replace(name.begin(), name.end(), '-', '_');
  return name + ".cpp";
}

TEST(FamilyLayout, EveryAlgorithmIsOneFileAtTheTopOfItsFamilysFolder) {
  ASSERT_FALSE(all_families().empty());
  for (const Family* f : all_families()) {
    const fs::path folder = fs::path(HETCOLL_SOURCE_DIR) / "simulator" / "algorithms" / f->name();
    ASSERT_TRUE(fs::is_directory(folder)) << "no folder " << folder << " for family " << f->name();
    std::set<std::string> rows;
    for (const AlgorithmInfo& a : f->algorithms()) {
      const std::string file = file_of_row(a.name);
      EXPECT_TRUE(rows.insert(file).second) << f->name() << ": two rows map to " << file;
      EXPECT_TRUE(fs::is_regular_file(folder / file))
          << f->name() << " algorithm " << a.name << " has no " << folder / file;
    }
    EXPECT_TRUE(fs::is_directory(folder / "support")) << "no " << folder / "support";
    for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
      const std::string name = entry.path().filename().string();
      if (entry.is_directory()) {
        EXPECT_EQ(name, "support") << folder << " holds folder " << name << "; the family's machinery goes in support/";
      } else if (entry.path().extension() == ".cpp") {
        EXPECT_TRUE(rows.count(name)) << folder / name << " is no row of the " << f->name()
                                      << " table; a file several algorithms share goes in support/";
      } else {
        EXPECT_TRUE(name == "sources.cmake" || name == "factories.hpp")
            << folder / name << " is no algorithm; it goes in support/";
      }
    }
  }
}

}  // namespace
}  // namespace hetcoll
