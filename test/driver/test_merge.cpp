// `hetcoll merge` (driver/merge.hpp): the shards of a run, given in any order, merge into the bytes
// of the single run (summary, raw and trace), whether shards hold whole points or share them; a
// shard missing, given twice, of another run or changed since is refused in one line naming the
// file, and nothing is written.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/sha256.hpp"
#include "driver/manifest.hpp"
#include "driver/merge.hpp"
#include "driver/run_files.hpp"
#include "driver/work_dir.hpp"
#include "driver_harness.hpp"

namespace hetcoll {
namespace {

using test::file_bytes;
using test::refusal_of;

constexpr int kShards = 3;

/// Three points, two algorithms, 5 replications, and `block`: with block 5 every point is one unit
/// (shards hold whole points), with block 2 three (shards share every point).
std::vector<std::string> sweep(const std::string& dir, const std::string& name, const std::string& block,
                               const std::vector<std::pair<std::string, std::string>>& keys = {}) {
  std::vector<std::string> args = {"--family", "reduce", "--cluster", "platform", "--processors", "2 3 4",
                                   "--cv", "0.5", "--replications", "5", "--block", block, "--engine", "model",
                                   "--algorithms", "tree-dyn binomial-stat", "--output", dir + "/" + name + ".csv",
                                   "--raw", dir + "/" + name + "-raw.csv", "--trace", dir + "/" + name + "-trace.csv"};
  return test::with_keys(args, keys);
}

/// The parts of a run cut into kShards shards, in shard order.
std::vector<std::string> run_shards(const std::string& dir, const std::string& block,
                                    const std::vector<std::pair<std::string, std::string>>& keys = {},
                                    const std::string& name = "part") {
  std::vector<std::string> parts;
  for (int shard = 0; shard < kShards; ++shard) {
    test::run_quietly(test::with_keys(sweep(dir, name + std::to_string(shard), block, keys),
                                      {{"--shard", std::to_string(shard) + "/" + std::to_string(kShards)}}));
    parts.push_back(dir + "/" + name + std::to_string(shard) + ".csv");
  }
  return parts;
}

MergeRequest request(const std::vector<std::string>& parts, const std::string& dir) {
  MergeRequest r;
  r.parts = parts;
  r.output = dir + "/merged.csv";
  r.raw = dir + "/merged-raw.csv";
  r.trace = dir + "/merged-trace.csv";
  r.command_line = "hetcoll merge (test)";
  return r;
}

void expect_merges_into_the_single_run(const std::string& block) {
  const WorkDir dir("hetcoll-test");
  test::run_quietly(sweep(dir.path(), "single", block));
  std::vector<std::string> parts = run_shards(dir.path(), block);
  std::sort(parts.begin(), parts.end());
  int orders = 0;
  do {
    merge_parts(request(parts, dir.path()));
    ++orders;
    for (const char* file : {".csv", "-raw.csv", "-trace.csv"}) {
      ASSERT_FALSE(file_bytes(dir.path() + "/single" + file).empty()) << file;
      ASSERT_EQ(file_bytes(dir.path() + "/merged" + file), file_bytes(dir.path() + "/single" + file))
          << "block " << block << ", " << file << ", order " << parts[0] << " " << parts[1] << " " << parts[2];
    }
    // The merged manifest names the merged files with their digests.
    const nlohmann::json m = read_manifest(manifest_path(dir.path() + "/merged.csv"));
    EXPECT_EQ(m["files"].value("output_sha256", ""), sha256_hex(file_bytes(dir.path() + "/merged.csv")));
    EXPECT_EQ(m["files"].value("raw_sha256", ""), sha256_hex(file_bytes(dir.path() + "/merged-raw.csv")));
    EXPECT_EQ(m["hash"], read_manifest(manifest_path(dir.path() + "/single.csv"))["hash"]);
  } while (std::next_permutation(parts.begin(), parts.end()));
  EXPECT_EQ(orders, 6);
}

TEST(Merge, ShardsOfWholePointsInAnyOrderGiveTheSingleRunsBytes) { expect_merges_into_the_single_run("5"); }

TEST(Merge, ShardsThatSharePointsInAnyOrderGiveTheSingleRunsBytes) { expect_merges_into_the_single_run("2"); }

TEST(Merge, JobsDoNotChangeTheBytes) {
  const WorkDir dir("hetcoll-test");
  test::run_quietly(sweep(dir.path(), "one", "2", {{"--jobs", "1"}}));
  test::run_quietly(sweep(dir.path(), "two", "2", {{"--jobs", "2"}}));
  for (const char* file : {".csv", "-raw.csv", "-trace.csv"})
    EXPECT_EQ(file_bytes(dir.path() + "/one" + file), file_bytes(dir.path() + "/two" + file)) << file;
}

/// Expects `merge` to be refused in one line holding `names` and `says`, with no merged file made.
void expect_refused(const MergeRequest& merge, const std::string& names, const std::string& says) {
  SCOPED_TRACE(says);
  const std::string message = refusal_of([&] { merge_parts(merge); });
  EXPECT_NE(message.find(names), std::string::npos) << message;
  EXPECT_NE(message.find(says), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  for (const std::string& file : {merge.output, manifest_path(merge.output), merge.raw, merge.trace})
    EXPECT_FALSE(std::filesystem::exists(file)) << file << " after: " << message;
}

TEST(Merge, AShardMissingTwiceOrOfAnotherRunIsRefusedNamingTheFile) {
  for (const std::string& block : {"5", "2"}) {
    const WorkDir dir("hetcoll-test");
    const std::vector<std::string> parts = run_shards(dir.path(), block);
    const std::vector<std::string> seeded = run_shards(dir.path(), block, {{"--seed", "2"}}, "seeded");
    const std::vector<std::string> longer = run_shards(dir.path(), block, {{"--replications", "6"}}, "longer");
    expect_refused(request({parts[0], parts[2]}, dir.path()), "shard 1 of 3", "missing");
    expect_refused(request({parts[0], parts[1], parts[1], parts[2]}, dir.path()), manifest_path(parts[1]), "twice");
    expect_refused(request({parts[0], seeded[1], parts[2]}, dir.path()), manifest_path(seeded[1]), "'seed'");
    expect_refused(request({parts[0], parts[1], longer[2]}, dir.path()), manifest_path(longer[2]), "'replications'");
    // A part whose output, raw or units file changed since its run wrote it: its last line twice.
    std::vector<std::string> files = {parts[1], dir.path() + "/part1-raw.shard-1-of-3.csv"};
    if (block == "2") files.push_back(units_path(parts[1]));
    for (const std::string& changed : files) {
      const std::string bytes = file_bytes(changed);
      ASSERT_FALSE(bytes.empty()) << changed;
      test::write_bytes(changed, bytes + bytes.substr(bytes.rfind('\n', bytes.size() - 2) + 1));
      expect_refused(request(parts, dir.path()), changed, "changed since");
      test::write_bytes(changed, bytes);
    }
    merge_parts(request(parts, dir.path()));  // as they were: merged
  }
}

TEST(Merge, AUnitsFileThatLacksAUnitOrHoldsAForeignOneIsRefused) {
  const WorkDir dir("hetcoll-test");
  const std::vector<std::string> parts = run_shards(dir.path(), "2");
  const std::string units = units_path(parts[1]);
  const std::string bytes = file_bytes(units);
  ASSERT_FALSE(bytes.empty());
  // Its last record dropped, with the manifest's digest made to agree: the unit is missing.
  const std::size_t last = bytes.rfind("\n@unit ");
  ASSERT_NE(last, std::string::npos);
  const std::string manifest = manifest_path(parts[1]);
  const std::string manifest_bytes = file_bytes(manifest);
  auto with_units = [&](const std::string& new_bytes) {
    test::write_bytes(units, new_bytes);
    nlohmann::json m = read_manifest(manifest);
    m["files"]["units_sha256"] = sha256_hex(new_bytes);
    test::write_bytes(manifest, m.dump(2));
  };
  with_units(bytes.substr(0, last + 1));
  expect_refused(request(parts, dir.path()), units, "is missing");
  // A record of shard 0's given by shard 1 as well: not shard 1's to hand over.
  const std::string other = file_bytes(units_path(parts[0]));
  with_units(bytes + other.substr(other.find('\n') + 1));
  expect_refused(request(parts, dir.path()), units, "not shard 1's");
  test::write_bytes(units, bytes);
  test::write_bytes(manifest, manifest_bytes);
  merge_parts(request(parts, dir.path()));
}

TEST(Merge, CanonicalOrderSortsPointsNumericallyAndKeepsAlgorithmOrder) {
  const std::vector<std::string> rows = {"b,64,10,0,1", "a,64,10,0,1", "b,64,2,0,1", "a,64,2,0,1"};
  const std::vector<std::string> expected = {"b,64,2,0,1", "a,64,2,0,1", "b,64,10,0,1", "a,64,10,0,1"};
  EXPECT_EQ(canonical_order(rows, 3, "test"), expected);
  EXPECT_THROW(canonical_order({"a,1,1,1,1", "a,1,1,1,2"}, 3, "test"), InputError);
}

}  // namespace
}  // namespace hetcoll
