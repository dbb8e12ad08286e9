// The manifest beside every output (driver/manifest.hpp): it names every file a run wrote with the
// SHA-256 of its bytes, records the inputs' digests and the run's identity, and reads back as
// written. SHA-256 itself is checked against the FIPS 180-2 test vectors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/sha256.hpp"
#include "driver/json_text.hpp"
#include "driver/manifest.hpp"
#include "driver/run_files.hpp"
#include "driver/work_dir.hpp"
#include "driver_harness.hpp"

namespace hetcoll {
namespace {

using test::file_bytes;
using test::refusal_of;

// FIPS 180-2, appendix B: one block, two blocks, and a million 'a's (many blocks).
TEST(Sha256, GivesTheDigestsOfTheStandardsTestVectors) {
  const std::vector<std::pair<std::string, std::string>> vectors = {
      {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
      {std::string(1000000, 'a'), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"}};
  const WorkDir dir("hetcoll-test");
  for (const auto& [text, digest] : vectors) {
    EXPECT_EQ(sha256_hex(text), digest) << text.size() << " bytes";
    const std::string path = dir.path() + "/vector";
    test::write_bytes(path, text);
    EXPECT_EQ(sha256_file(path), digest) << text.size() << " bytes, from a file";
  }
  EXPECT_NE(refusal_of([&] { sha256_file(dir.path() + "/missing"); }).find(dir.path() + "/missing"), std::string::npos);
}

std::vector<std::string> small_run(const std::string& dir) {
  return {"--family",  "reduce", "--cluster", "platform", "--processors", "2 3", "--cv", "0.5", "--replications", "3",
          "--engine",  "model",  "--algorithms", "tree-dyn binomial-stat", "--output", dir + "/out.csv",
          "--raw", dir + "/raw.csv", "--trace", dir + "/trace.csv"};
}

TEST(Manifest, NamesEveryFileTheRunWroteWithTheSha256OfItsBytes) {
  const WorkDir dir("hetcoll-test");
  const std::string scenario = dir.path() + "/s.ini";
  test::write_bytes(scenario, "# a scenario file is an input\nseed = 7\n");
  std::vector<std::string> args = small_run(dir.path());
  args.insert(args.begin(), scenario);
  test::run_quietly(args);
  const nlohmann::json m = read_manifest(manifest_path(dir.path() + "/out.csv"));
  const nlohmann::json& files = m["files"];
  for (const char* which : {"output", "raw", "trace"}) {
    const std::string path = files.value(which, "");
    ASSERT_EQ(path, dir.path() + "/" + (std::string(which) == "output" ? "out" : which) + ".csv") << which;
    ASSERT_FALSE(file_bytes(path).empty()) << which;
    // The digest of the bytes on disk, computed here from the whole file.
    EXPECT_EQ(files.value(std::string(which) + "_sha256", ""), sha256_hex(file_bytes(path))) << which;
  }
  ASSERT_EQ(m["inputs"].size(), 1u);
  EXPECT_EQ(m["inputs"][0].value("key", ""), "scenario");
  EXPECT_EQ(m["inputs"][0].value("sha256", ""), sha256_hex(file_bytes(scenario)));
  EXPECT_EQ(m.value("seed", 0), 7);
  EXPECT_EQ(m.value("hash", ""), identity_hash(m["identity"]));
}

TEST(Manifest, ReadsBackAsWrittenAndItsIdentityIsTheScenarios) {
  const WorkDir dir("hetcoll-test");
  test::run_quietly(small_run(dir.path()));
  const std::string path = manifest_path(dir.path() + "/out.csv");
  const nlohmann::json m = read_manifest(path);
  EXPECT_EQ(parse_manifest(dump_json(m, 2), "again"), m);
  EXPECT_EQ(parse_manifest(file_bytes(path), path), m);
  // The identity is what the scenario determines, not where its files go or how its work is split.
  const Scenario s = resolve_run_arguments(
      test::with_keys(small_run(dir.path() + "/elsewhere"), {{"--jobs", "2"}, {"--shard", "1/3"}}));
  EXPECT_EQ(run_identity(s, digest_inputs(s)), m["identity"]);
  EXPECT_EQ(identity_hash(run_identity(s, digest_inputs(s))), m.value("hash", ""));
}

TEST(Manifest, TheFirstDifferenceOfTwoIdentitiesNamesItsKey) {
  const WorkDir dir("hetcoll-test");
  const std::vector<std::string> base = small_run(dir.path());
  auto identity = [&](const std::vector<std::pair<std::string, std::string>>& keys) {
    const Scenario s = resolve_run_arguments(test::with_keys(base, keys));
    return run_identity(s, digest_inputs(s));
  };
  const nlohmann::json here = identity({});
  EXPECT_EQ(identity_difference(here, identity({}), "there"), "");
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"seed", "2"}, {"replications", "4"}, {"cv", "0.25"}, {"algorithms", "tree-dyn"}, {"block", "2"}}) {
    const nlohmann::json there = identity({{"--" + key, value}});
    EXPECT_NE(identity_hash(there), identity_hash(here)) << key;
    const std::string difference = identity_difference(here, there, "there");
    EXPECT_NE(difference.find("'" + key + "'"), std::string::npos) << difference;
    EXPECT_NE(difference.find("there"), std::string::npos) << difference;
  }
}

TEST(Manifest, AFileThatIsNoManifestIsRefusedInOneLineNamingIt) {
  const WorkDir dir("hetcoll-test");
  const std::string path = dir.path() + "/m.json";
  for (const std::string& text : {std::string("not json"), std::string("{\"format\": \"hetcoll-manifest-1\"}"),
                                  std::string("[1, 2]"), std::string("{\"format\": \"other\", \"identity\": {}, "
                                                                     "\"hash\": \"\", \"shard\": {}}")}) {
    test::write_bytes(path, text);
    const std::string message = refusal_of([&] { read_manifest(path); });
    EXPECT_NE(message.find(path), std::string::npos) << text << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  const std::string missing = refusal_of([&] { read_manifest(dir.path() + "/none.json"); });
  EXPECT_NE(missing.find(dir.path() + "/none.json"), std::string::npos) << missing;
}

}  // namespace
}  // namespace hetcoll
