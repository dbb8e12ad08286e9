// The checkpoint (driver/checkpoint.hpp): a resume after a kill at any byte of OUTPUT.partial keeps
// the whole blocks before it, recomputes the rest and writes the bytes of an uninterrupted run (for
// a shard's unit records: shards that merge into it); a checkpoint of another run or shard is
// refused in one line naming it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "driver/checkpoint.hpp"
#include "driver/found_cells.hpp"
#include "driver/manifest.hpp"
#include "driver/merge.hpp"
#include "driver/run_files.hpp"
#include "driver/sweep.hpp"
#include "driver/unit_records.hpp"
#include "driver/work_dir.hpp"
#include "driver_harness.hpp"

namespace hetcoll {
namespace {

using test::file_bytes;
using test::refusal_of;

// Four points of two algorithms; the checkpoint's blocks are those of the uninterrupted run.
std::vector<std::string> four_points(const std::string& output) {
  return {"--family",     "reduce", "--cluster",    "platform",           "--processors", "2 3", "--cv", "0.2 1",
          "--replications", "5",    "--engine",     "model",              "--algorithms", "tree-dyn binomial-stat",
          "--output",     output};
}

/// The summary rows of `csv` (its header left out).
std::vector<std::string> rows_of(const std::string& csv) {
  std::vector<std::string> rows;
  const std::string bytes = file_bytes(csv);
  for (std::size_t start = bytes.find('\n') + 1, end; (end = bytes.find('\n', start)) != std::string::npos;
       start = end + 1)
    rows.push_back(bytes.substr(start, end - start));
  return rows;
}

struct Resumable {
  WorkDir dir{"hetcoll-test"};
  std::string full, output, partial;
  std::vector<std::size_t> block_ends;  // the offset after each point's block, in point order
  std::size_t points = 0;
};

// Runs the scenario once without interruption, then writes the checkpoint a run of the same
// scenario into another output would have written after every point.
void prepare(Resumable& r) {
  r.full = r.dir.path() + "/full.csv";
  r.output = r.dir.path() + "/o.csv";
  r.partial = checkpoint_path(r.output);
  test::run_quietly(four_points(r.full));
  const Scenario s = resolve_run_arguments(four_points(r.output));
  const std::vector<InputDigest> digests = digest_inputs(s);
  const std::vector<std::string> rows = rows_of(r.full);
  r.points = expand_points(s).size();
  ASSERT_EQ(rows.size(), r.points * s.algorithms.size());
  Checkpoint checkpoint(s, run_identity(s, digests));
  for (std::size_t p = 0; p < r.points; ++p) {
    SavedPoint saved;
    saved.rows.assign(rows.begin() + p * s.algorithms.size(), rows.begin() + (p + 1) * s.algorithms.size());
    checkpoint.append(p, saved);
    r.block_ends.push_back(file_bytes(r.partial).size());
  }
}

std::vector<std::string> resumed(const std::string& output) {
  std::vector<std::string> args = four_points(output);
  args.push_back("--resume");
  return args;
}

TEST(Checkpoint, ALoadKeepsExactlyTheBlocksWholeBeforeTheCut) {
  Resumable r;
  ASSERT_NO_FATAL_FAILURE(prepare(r));
  const std::string whole = file_bytes(r.partial);
  const Scenario s = resolve_run_arguments(resumed(r.output));
  RunSetup setup;
  setup.scenario = &s;
  setup.points = expand_points(s);
  setup.work_dir = r.dir.path();
  const std::vector<std::string> fields = point_cells(setup);
  // Every byte around each line's end (where a kill most often cuts a block short), and a stride
  // through the rest: each load rewrites and syncs the file.
  std::set<std::size_t> cuts = {0, whole.size()};
  for (std::size_t at = 0; at < whole.size(); at += 41) cuts.insert(at);
  for (std::size_t at = whole.find('\n'); at != std::string::npos; at = whole.find('\n', at + 1))
    for (std::size_t near = at - 2; near <= at + 2 && near <= whole.size(); ++near) cuts.insert(near);
  for (std::size_t cut : cuts) {
    test::write_bytes(r.partial, whole.substr(0, cut));
    Checkpoint checkpoint(s, run_identity(s, digest_inputs(s)));
    const std::map<std::size_t, SavedPoint> kept =
        checkpoint.load(fields, r.dir.path(), [](const WorkUnit&, const std::string&, UnitResult&&) {});
    std::size_t expected = 0;
    while (expected < r.points && r.block_ends[expected] <= cut) ++expected;
    ASSERT_EQ(kept.size(), expected) << "cut at byte " << cut;
    for (std::size_t p = 0; p < expected; ++p) ASSERT_EQ(kept.count(p), 1u) << "cut at byte " << cut;
    EXPECT_EQ(checkpoint.points_saved(), expected);
  }
}

TEST(Checkpoint, AResumeAfterACutAnywhereGivesTheBytesOfAnUninterruptedRun) {
  Resumable r;
  ASSERT_NO_FATAL_FAILURE(prepare(r));
  const std::string whole = file_bytes(r.partial);
  const std::string expected = file_bytes(r.full);
  // Cuts in the header, on both sides of every block's end, and through every block.
  std::vector<std::size_t> cuts = {0, 5, r.block_ends.front() / 3};
  std::size_t start = whole.find('\n') + 1;
  cuts.push_back(start);
  for (std::size_t end : r.block_ends) {
    for (std::size_t at : {start + 1, (start + end) / 2, end - 2, end - 1, end}) cuts.push_back(at);
    start = end;
  }
  for (std::size_t cut : cuts) {
    test::write_bytes(r.partial, whole.substr(0, cut));
    std::filesystem::remove(r.output);
    test::run_quietly(resumed(r.output));
    ASSERT_EQ(file_bytes(r.output), expected) << "cut at byte " << cut;
    EXPECT_FALSE(std::filesystem::exists(r.partial)) << "a finished run removes its checkpoint";
  }
}

TEST(Checkpoint, ARowDamagedInsideAWholeBlockIsRecomputed) {
  Resumable r;
  ASSERT_NO_FATAL_FAILURE(prepare(r));
  std::string damaged = file_bytes(r.partial);
  // A digit of the second block's first row becomes a letter: a number where one belongs no more.
  const std::size_t row = damaged.find('\n', damaged.find("@point 1")) + 1;
  const std::size_t digit = damaged.find_first_of("0123456789", damaged.find(",5,", row) + 3);
  damaged[digit] = 'x';
  test::write_bytes(r.partial, damaged);
  test::run_quietly(resumed(r.output));
  EXPECT_EQ(file_bytes(r.output), file_bytes(r.full));
}

TEST(Checkpoint, OneOfAnotherRunOrShardIsRefusedInOneLineAndLeftAsItWas) {
  Resumable r;
  ASSERT_NO_FATAL_FAILURE(prepare(r));
  const std::string whole = file_bytes(r.partial);
  for (const auto& [key, value, named] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"--seed", "9", "'seed'"},
           {"--replications", "6", "'replications'"},
           {"--cv", "0.2 1 2", "'cv'"},
           {"--shard", "1/2", "shard"}}) {
    const std::vector<std::string> args = test::with_keys(resumed(r.output), {{key, value}});
    const std::string message = refusal_of([&] { test::run_quietly(args); });
    EXPECT_NE(message.find(r.partial), std::string::npos) << message;
    EXPECT_NE(message.find(named), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(file_bytes(r.partial), whole) << key;
    EXPECT_FALSE(std::filesystem::exists(r.output)) << key;
  }
  // Without --resume, the checkpoint is not overwritten either.
  const std::string message = refusal_of([&] { test::run_quietly(four_points(r.output)); });
  EXPECT_NE(message.find("--resume"), std::string::npos) << message;
  EXPECT_EQ(file_bytes(r.partial), whole);
}

// A shard whose points other shards share keeps unit records in its checkpoint: cut anywhere, a
// resume finishes the shard, and the merge of the shards is the single run's CSV.
TEST(Checkpoint, AShardsUnitRecordsCutAnywhereResumeIntoTheMergeOfTheSingleRun) {
  const WorkDir dir("hetcoll-test");
  auto shard_args = [&](int shard) {
    return test::with_keys(four_points(dir.path() + "/p" + std::to_string(shard) + ".csv"),
                           {{"--block", "2"}, {"--shard", std::to_string(shard) + "/3"}});
  };
  test::run_quietly(test::with_keys(four_points(dir.path() + "/single.csv"), {{"--block", "2"}}));
  test::run_quietly(shard_args(0));
  test::run_quietly(shard_args(2));
  const std::string part = dir.path() + "/p1.csv", partial = checkpoint_path(part);
  std::vector<std::size_t> record_ends;
  std::vector<std::string> args = shard_args(1);
  args.push_back("--resume");
  const Scenario s = resolve_run_arguments(args);
  ASSERT_TRUE(shards_split_points(s));
  RunSetup setup;
  setup.scenario = &s;
  setup.points = expand_points(s);
  setup.work_dir = dir.path();
  const std::vector<std::string> fields = point_cells(setup);
  {
    Checkpoint checkpoint(s, run_identity(s, digest_inputs(s)));
    for (const WorkUnit& u : make_units(s, setup.points.size(), std::vector<bool>(setup.points.size(), false))) {
      checkpoint.append_unit(u, fields[u.point], execute_unit(setup, u));
      record_ends.push_back(file_bytes(partial).size());
    }
  }
  ASSERT_GE(record_ends.size(), 3u);
  const std::string whole = file_bytes(partial);
  std::vector<std::size_t> cuts = {whole.find('\n') + 1};
  for (std::size_t end : record_ends) cuts.insert(cuts.end(), {end - 9, end - 1, end});
  MergeRequest merge;
  merge.parts = {dir.path() + "/p0.csv", part, dir.path() + "/p2.csv"};
  merge.output = dir.path() + "/merged.csv";
  for (std::size_t cut : cuts) {
    test::write_bytes(partial, whole.substr(0, cut));
    // The records whole before the cut are kept (the load leaves only them in the file).
    std::size_t kept = 0;
    Checkpoint(s, run_identity(s, digest_inputs(s)))
        .load(fields, dir.path(), [&](const WorkUnit&, const std::string&, UnitResult&&) { ++kept; });
    EXPECT_EQ(kept, static_cast<std::size_t>(std::count_if(record_ends.begin(), record_ends.end(),
                                                           [&](std::size_t end) { return end <= cut; })))
        << "cut at byte " << cut;
    test::run_quietly(args);
    EXPECT_FALSE(std::filesystem::exists(partial)) << "cut at byte " << cut;
    merge_parts(merge);
    ASSERT_EQ(file_bytes(merge.output), file_bytes(dir.path() + "/single.csv")) << "cut at byte " << cut;
  }
}

TEST(UnitRecords, AResultComesBackBitForBitAndACutRecordIsRefused) {
  UnitResult result;
  // Values a text form could change: -0, a subnormal, the largest double, a NaN's payload.
  result.values = {-0.0, 4.9e-324, 1.7976931348623157e308, std::nan("7"), 1.0 / 3, 2, 3, 4};
  result.trace = "tree-dyn,64,1,0,send 0 1,0,0.25\n";
  const WorkUnit unit{5, 2000, 2};
  std::ostringstream out;
  write_unit_record(out, unit, "64,1,0", result);
  const std::string bytes = out.str();
  std::istringstream in(bytes);
  std::string line;
  std::getline(in, line);
  const std::optional<UnitRecord> head = parse_unit_head(line);
  ASSERT_TRUE(head.has_value());
  EXPECT_EQ(head->unit.point, 5u);
  EXPECT_EQ(head->unit.first, 2000u);
  EXPECT_EQ(head->fields, "64,1,0");
  UnitResult back;
  ASSERT_TRUE(read_unit_result(in, *head, 4, back));
  ASSERT_EQ(back.values.size(), result.values.size());
  EXPECT_EQ(std::memcmp(back.values.data(), result.values.data(), result.values.size() * sizeof(double)), 0);
  EXPECT_EQ(back.trace, result.trace);
  // Another series count, or any cut of the record, is refused.
  std::istringstream again(bytes);
  std::getline(again, line);
  EXPECT_FALSE(read_unit_result(again, *head, 3, back));
  for (std::size_t cut = line.size() + 1; cut < bytes.size(); cut += 7) {
    std::istringstream torn(bytes.substr(0, cut));
    std::getline(torn, line);
    EXPECT_FALSE(read_unit_result(torn, *head, 4, back)) << "cut at " << cut;
  }
  EXPECT_FALSE(parse_unit_head("@unit 1 2 3").has_value());
  EXPECT_FALSE(parse_unit_head("@point 1 2 3 4").has_value());
}

}  // namespace
}  // namespace hetcoll
