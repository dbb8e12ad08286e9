#include "driver/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/error.hpp"
#include "driver/owned_temporary.hpp"

namespace fs = std::filesystem;

namespace hetcoll {
namespace {

/// The permissions a newly created file gets under the process's umask (mkstemp makes 0600).
mode_t new_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

AtomicFile::AtomicFile(const std::string& path, const std::string& key) : path_(path), key_(key) {
  if (path_ == "-") return;
  if (path_.empty()) throw InputError("key '" + key_ + "' expects a file path, got an empty one");
  std::error_code error;
  if (fs::is_symlink(fs::symlink_status(path_, error))) {
    target_ = fs::canonical(path_, error).string();
    if (error) fail("a symbolic link to nowhere");
  } else {
    target_ = path_;
  }
  struct stat info {};
  if (::stat(target_.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) throw InputError("key '" + key_ + "': '" + path_ + "' is a directory, expected a file path");
    if (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode)) {
      file_.open(target_, std::ios::binary | std::ios::out);
      if (!file_) fail(std::strerror(errno));
      return;
    }
    if (!S_ISREG(info.st_mode))
      throw InputError("key '" + key_ + "': '" + path_ + "' is not a regular file, a device or a FIFO");
  }
  // Beside the target, locked as long as this run lives, so that a run after a killed one
  // removes what it left (owned_temporary.hpp).
  const fs::path target(target_);
  try {
    owned_ = std::make_unique<OwnedTemporary>(target.parent_path().string(), target.filename().string() + ".tmp",
                                              OwnedTemporary::Kind::file);
  } catch (const std::runtime_error& e) {
    fail(e.what());
  }
  temporary_ = owned_->path();
  file_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!file_) {
    const int saved = errno;
    std::remove(temporary_.c_str());
    temporary_.clear();
    fail(std::strerror(saved));
  }
}

AtomicFile::~AtomicFile() {
  if (!committed_ && !temporary_.empty()) {
    file_.close();
    std::remove(temporary_.c_str());
  }
}

void AtomicFile::fail(const std::string& why) const {
  throw OutputError("key '" + key_ + "': cannot write '" + path_ + "': " + why);
}

std::ostream& AtomicFile::stream() { return path_ == "-" ? std::cout : file_; }

void AtomicFile::commit() {
  if (path_ == "-") {
    std::cout.flush();
    if (!std::cout) fail("standard output is closed or full");
    committed_ = true;
    return;
  }
  errno = 0;
  file_.flush();
  const int flush_error = errno;
  file_.close();
  if (!file_) fail(std::strerror(flush_error ? flush_error : EIO));
  if (temporary_.empty()) {  // a device or FIFO, written directly
    committed_ = true;
    return;
  }
  // Sync before the rename: on a file system with delayed allocation a full disk shows only
  // here, and the old file must not be replaced by a short one.
  const int fd = ::open(temporary_.c_str(), O_RDONLY);
  if (fd < 0 || ::fsync(fd) != 0 || ::fchmod(fd, new_file_mode()) != 0) {
    const int saved = errno;
    if (fd >= 0) ::close(fd);
    fail(std::strerror(saved));
  }
  ::close(fd);
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0) fail(std::strerror(errno));
  committed_ = true;
  // The target is written: what killed runs left while writing it can go.
  owned_->remove_abandoned();
}

void append_file(const std::string& path, std::ostream& out, const std::string& key) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw OutputError("key '" + key + "': cannot read back '" + path + "'");
  std::vector<char> chunk(1 << 20);
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    if (in.gcount() > 0 && !out.write(chunk.data(), in.gcount()))
      throw OutputError("key '" + key + "': cannot write the rows read back from '" + path + "'");
  }
  if (in.bad()) throw OutputError("key '" + key + "': cannot read back '" + path + "'");
}

}  // namespace hetcoll
