// Broadcast's `clusters` column with costs = platform: clusters = 0 asks for any count, and
// every file the run writes shows the count Lowekamp found, the one the runner reports in
// clusters_found; the run writes the bytes of a run asking for that very count, however the
// work is split.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/broadcast/broadcast_harness.hpp"
#include "driver/work_dir.hpp"

namespace hetcoll {
namespace {

using test::run_hetcoll;

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

/// Rows of a CSV as cells, the header first.
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    rows.emplace_back();
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) rows.back().push_back(cell);
  }
  return rows;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

}  // namespace

TEST(BroadcastFoundClusters, TheClustersColumnShowsTheCountFoundInEveryFileHoweverTheWorkIsSplit) {
  const WorkDir dir;
  const std::string run = "run --family broadcast --costs platform --platform " + test::kTwoSitesXml +
                          " --hosts 'zone:lyon zone:nancy' --rho 0.3 --algorithms 'flat ecef' --message '65536 "
                          "1048576' --cv 0.5 --replications 4 --block 2 --engine simgrid --quiet ";
  auto files = [&](const std::string& name) {
    return "--output " + dir.path() + "/" + name + ".csv --raw " + dir.path() + "/" + name + "-raw.csv --trace " +
           dir.path() + "/" + name + "-trace.csv";
  };
  std::string out, err;
  ASSERT_EQ(run_hetcoll(run + files("any"), out, err), 0) << err;
  const auto rows = csv_rows(file_text(dir.path() + "/any.csv"));
  ASSERT_GT(rows.size(), 1u);
  const std::size_t clusters = column(rows[0], "clusters"), found = column(rows[0], "clusters_found_mean");
  const std::string count = rows[1][clusters];
  for (std::size_t r = 1; r < rows.size(); ++r) {
    EXPECT_EQ(rows[r][clusters], rows[r][found]) << "row " << r;
    EXPECT_NE(rows[r][clusters], "0") << "row " << r;
  }
  for (const std::string side : {"-raw", "-trace"}) {
    const auto lines = csv_rows(file_text(dir.path() + "/any" + side + ".csv"));
    ASSERT_GT(lines.size(), 1u) << side;
    for (std::size_t r = 1; r < lines.size(); ++r) EXPECT_EQ(lines[r][1], count) << side << " row " << r;
  }

  // Asking for that count: the same cells, so the same bytes in every file (the seed differs,
  // and the gamma draws with it: only the cells are compared there).
  ASSERT_EQ(run_hetcoll(run + "--clusters " + count + " " + files("given"), out, err), 0) << err;
  const auto given = csv_rows(file_text(dir.path() + "/given.csv"));
  ASSERT_EQ(given.size(), rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r)
    EXPECT_EQ(std::vector<std::string>(given[r].begin(), given[r].begin() + 5),
              std::vector<std::string>(rows[r].begin(), rows[r].begin() + 5));

  // Two shards share every point (2 units each): merged, the single run's bytes.
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(run_hetcoll(run + "--shard " + std::to_string(i) + "/2 " + files("part" + std::to_string(i)), out, err),
              0)
        << err;
  ASSERT_EQ(run_hetcoll("merge " + dir.path() + "/part0.csv " + dir.path() + "/part1.csv --output " + dir.path() +
                            "/merged.csv --raw " + dir.path() + "/merged-raw.csv --trace " + dir.path() +
                            "/merged-trace.csv",
                        out, err),
            0)
      << err;
  for (const std::string side : {"", "-raw", "-trace"})
    EXPECT_EQ(file_text(dir.path() + "/merged" + side + ".csv"), file_text(dir.path() + "/any" + side + ".csv"))
        << side;

  // The dry run's table shows the cells the run writes.
  ASSERT_EQ(run_hetcoll(run + "--dry-run", out, err), 0) << err;
  EXPECT_NE(out.find("\n0," + count + ",65536,"), std::string::npos) << out;
}

}  // namespace hetcoll
