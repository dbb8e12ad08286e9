// Key `root` in the divisible family: the master. A master named by `root` must run the very
// star, schedules and numbers of a selection that lists it first (the driver's own ordering),
// on both engines, with and without noise, for every algorithm (docs/divisible.md, "Hosts").
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "driver/csv_output.hpp"
#include "support/hetcoll_output.hpp"

namespace hetcoll {
namespace {

/// Rows of a summary CSV without its `root` column, and that column's values.
struct Rows {
  std::vector<std::vector<std::string>> fields;
  std::vector<std::string> roots;
};

Rows read_rows(const std::string& csv) {
  Rows rows;
  std::size_t root = 0;
  for (std::size_t start = 0, end; start < csv.size(); start = end + 1) {
    end = csv.find('\n', start);
    std::vector<std::string> fields = split_csv_row(csv.substr(start, end - start));
    if (start == 0) root = std::find(fields.begin(), fields.end(), "root") - fields.begin();
    if (start > 0) rows.roots.push_back(fields.at(root));
    fields.erase(fields.begin() + static_cast<std::ptrdiff_t>(root));
    rows.fields.push_back(fields);
  }
  return rows;
}

TEST(DivisibleRoot, AMasterNamedByRootRunsAsTheFirstHostOfTheSelection) {
  const std::string run = "run --family divisible --platform " + std::string(HETCOLL_SOURCE_DIR) +
                          "/platforms/two-sites.xml --message 2250000000 --wc-ratio '1 10' --replications 3 --quiet"
                          " --algorithms 'opt-fifo opt-lifo fifo-inc-c fifo-inc-w lp optimal self-scheduling' ";
  const std::string hosts = "a-0.lyon a-1.lyon a-2.lyon n-1 n-2 n-4";
  // SimGrid: the model engine stops where a send and a return share the WAN link.
  const std::vector<std::tuple<std::string, std::string, std::string, std::string>> cases = {
      {"simgrid", "a-2.lyon", "2", "a-2.lyon a-0.lyon a-1.lyon n-1 n-2 n-4"},
      {"simgrid", "1", "1", "a-1.lyon a-0.lyon a-2.lyon n-1 n-2 n-4"},
      {"simgrid", "n-1", "3", "n-1 a-0.lyon a-1.lyon a-2.lyon n-2 n-4"},
  };
  for (const auto& [engine, root, index, first] : cases)
    for (const char* cv : {"0", "0.3"}) {
      SCOPED_TRACE(engine + " root " + root + " cv " + cv);
      const std::string common = run + "--engine " + engine + " --cv " + cv;
      const Rows named = read_rows(test_support::hetcoll_output(common + " --hosts '" + hosts + "' --root " + root));
      const Rows listed = read_rows(test_support::hetcoll_output(common + " --hosts '" + first + "'"));
      EXPECT_EQ(named.fields, listed.fields);
      for (const std::string& r : named.roots) EXPECT_EQ(r, index);
      for (const std::string& r : listed.roots) EXPECT_EQ(r, "0");
    }
}

}  // namespace
}  // namespace hetcoll
