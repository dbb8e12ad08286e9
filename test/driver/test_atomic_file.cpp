// Outputs that appear whole or not at all (driver/atomic_file.hpp): until commit() the target
// keeps its old bytes, a file never committed leaves it and its directory as they were, a
// symbolic link stays a link to the replaced file, /dev/null is written in place, a directory is
// refused naming the key; append_file copies a file of several chunks byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/random.hpp"
#include "driver/atomic_file.hpp"
#include "driver/work_dir.hpp"
#include "driver_harness.hpp"

namespace hetcoll {
namespace {

namespace fs = std::filesystem;
using test::file_bytes;

std::vector<std::string> entries_of(const std::string& directory) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(directory)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(AtomicFile, TheTargetKeepsItsOldBytesUntilTheCommitAndAllOfThemIfThereIsNone) {
  const WorkDir dir("hetcoll-test");
  const std::string target = dir.path() + "/out.csv";
  test::write_bytes(target, "old\n");
  {
    AtomicFile file(target, "output");
    file.stream() << "new rows\n";
    file.finish();
    EXPECT_EQ(file_bytes(target), "old\n") << "finished, not committed";
    EXPECT_EQ(file_bytes(file.content()), "new rows\n");
  }
  EXPECT_EQ(file_bytes(target), "old\n");
  EXPECT_EQ(entries_of(dir.path()), std::vector<std::string>{"out.csv"}) << "an uncommitted file leaves nothing";
  AtomicFile file(target, "output");
  file.stream() << "new rows\n";
  file.commit();
  EXPECT_EQ(file_bytes(target), "new rows\n");
  EXPECT_EQ(file.content(), target);
  EXPECT_EQ(entries_of(dir.path()), std::vector<std::string>{"out.csv"});
}

TEST(AtomicFile, ALinkStaysALinkToTheReplacedFile) {
  const WorkDir dir("hetcoll-test");
  const std::string real = dir.path() + "/real.csv", link = dir.path() + "/link.csv";
  test::write_bytes(real, "old\n");
  fs::create_symlink(real, link);
  AtomicFile file(link, "output");
  file.stream() << "new\n";
  file.commit();
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(file_bytes(real), "new\n");
}

TEST(AtomicFile, ADeviceIsWrittenInPlaceAndADirectoryIsRefusedNamingTheKey) {
  AtomicFile null("/dev/null", "raw");
  EXPECT_EQ(null.temporary(), "");
  null.stream() << "gone\n";
  null.commit();
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  const WorkDir dir("hetcoll-test");
  const std::string message = test::refusal_of([&] { AtomicFile refused(dir.path(), "trace"); });
  EXPECT_NE(message.find("key 'trace'"), std::string::npos) << message;
  EXPECT_NE(message.find(dir.path()), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_TRUE(entries_of(dir.path()).empty());
}

TEST(AtomicFile, AppendFileCopiesAFileOfManyChunksByteForByte) {
  const WorkDir dir("hetcoll-test");
  std::string bytes((3 << 20) + 17, '\0');  // three chunks of 1 MiB and a part; every byte value
  RandomStream random(1);
  for (char& c : bytes) c = static_cast<char>(random.below(256));
  const std::string from = dir.path() + "/from", to = dir.path() + "/to";
  test::write_bytes(from, bytes);
  AtomicFile file(to, "raw");
  file.stream() << "head\n";
  append_file(from, file.stream(), "raw");
  file.commit();
  EXPECT_EQ(file_bytes(to), "head\n" + bytes);
  EXPECT_THROW(append_file(dir.path() + "/missing", file.stream(), "raw"), OutputError);
}

}  // namespace
}  // namespace hetcoll
