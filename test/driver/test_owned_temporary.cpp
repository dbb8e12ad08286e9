// Temporaries a later run removes when the run that made them was killed, and only then: a
// live process's (this one's, a child's, one forked after it) stay, as do another host's and
// names of another shape.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "driver/atomic_file.hpp"
#include "driver/owned_temporary.hpp"
#include "driver/work_dir.hpp"

namespace hetcoll {
namespace {

namespace fs = std::filesystem;

std::set<std::string> entries(const std::string& directory) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(directory)) names.insert(e.path().filename().string());
  return names;
}

// Makes a file and a directory of pattern `prefix` in `parent` in a child that then dies as a
// SIGKILL would leave it, without removing them; returns their paths.
std::set<std::string> left_by_a_killed_child(const std::string& parent, const std::string& prefix) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return {};
  const pid_t child = ::fork();
  if (child == 0) {
    OwnedTemporary file(parent, prefix, OwnedTemporary::Kind::file);
    OwnedTemporary directory(parent, prefix, OwnedTemporary::Kind::directory);
    std::ofstream(directory.path() + "/inside") << "rows";
    const std::string both = file.path() + "\n" + directory.path() + "\n";
    if (::write(pipe_fds[1], both.data(), both.size()) < 0) ::_exit(1);
    ::_exit(0);  // no destructor runs: the entries stay, unlocked
  }
  ::close(pipe_fds[1]);
  std::string text;
  char buffer[512];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  ::waitpid(child, nullptr, 0);
  std::set<std::string> paths;
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    paths.insert(text.substr(start, end - start));
  return paths;
}

TEST(OwnedTemporary, WhatADeadProcessLeftIsRemovedAndWhatALiveOneHoldsStays) {
  const WorkDir dir("hetcoll-test");
  OwnedTemporary mine(dir.path(), "out.csv.tmp", OwnedTemporary::Kind::file);
  const std::set<std::string> dead = left_by_a_killed_child(dir.path(), "out.csv.tmp");
  ASSERT_EQ(dead.size(), 2u);
  for (const std::string& path : dead) ASSERT_TRUE(fs::exists(path)) << path;
  // Other shapes: another host's, another prefix, and a name of the pattern but not of its length.
  const std::string other_host = dir.path() + "/out.csv.tmp.elsewhere.AbCdEf";
  const std::string other_prefix = dir.path() + "/raw.csv.tmp." + host_name() + ".AbCdEf";
  const std::string longer = mine.path() + "x";
  for (const std::string& path : {other_host, other_prefix, longer}) std::ofstream(path) << "x";

  EXPECT_EQ(mine.remove_abandoned(), 2);
  for (const std::string& path : dead) EXPECT_FALSE(fs::exists(path)) << path;
  for (const std::string& path : {mine.path(), other_host, other_prefix, longer}) EXPECT_TRUE(fs::exists(path)) << path;
  EXPECT_EQ(mine.remove_abandoned(), 0);
}

TEST(OwnedTemporary, AChildThatStillRunsKeepsItsOwnAndTheParentsLockedToo) {
  const WorkDir dir("hetcoll-test");
  OwnedTemporary parents(dir.path(), "w", OwnedTemporary::Kind::directory);
  int go[2], ready[2];
  ASSERT_EQ(::pipe(go), 0);
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t child = ::fork();
  if (child == 0) {
    OwnedTemporary childs(dir.path(), "w", OwnedTemporary::Kind::file);
    char byte = 1;
    if (::write(ready[1], &byte, 1) != 1) ::_exit(1);
    if (::read(go[0], &byte, 1) < 0) ::_exit(1);  // alive until the parent has looked
    ::_exit(0);
  }
  char byte = 0;
  ASSERT_EQ(::read(ready[0], &byte, 1), 1);
  EXPECT_EQ(remove_abandoned_temporaries(dir.path(), "w"), 0) << "a live child's file and the parent's own";
  EXPECT_EQ(entries(dir.path()).size(), 2u);
  ASSERT_EQ(::write(go[1], &byte, 1), 1);
  ::waitpid(child, nullptr, 0);
  EXPECT_EQ(remove_abandoned_temporaries(dir.path(), "w"), 1) << "the child's, once it has ended";
  EXPECT_EQ(entries(dir.path()), std::set<std::string>{fs::path(parents.path()).filename().string()});
}

TEST(OwnedTemporary, ACommitRemovesWhatKilledWritersOfTheSameTargetLeft) {
  const WorkDir dir("hetcoll-test");
  const std::string target = dir.path() + "/out.csv";
  const std::set<std::string> dead = left_by_a_killed_child(dir.path(), "out.csv.tmp");
  ASSERT_EQ(dead.size(), 2u);
  {
    AtomicFile refused(target, "output");  // never committed: a refused or failed run
  }
  for (const std::string& path : dead) EXPECT_TRUE(fs::exists(path)) << "a run that wrote nothing changed nothing";
  AtomicFile written(target, "output");
  written.stream() << "a,b\n";
  written.commit();
  EXPECT_EQ(entries(dir.path()), std::set<std::string>{"out.csv"});
}

}  // namespace
}  // namespace hetcoll
