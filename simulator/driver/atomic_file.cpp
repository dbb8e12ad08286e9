#include "driver/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/error.hpp"
#include "driver/owned_temporary.hpp"

namespace fs = std::filesystem;

namespace hetcoll {

/// A file descriptor opened for writing, as a stream buffer that keeps the system's reason for
/// its first failed write: std::filebuf drops errno, and by the time a run commits its outputs
/// errno tells of other calls ("Input/output error" where the disk was full).
class FileBuffer : public std::streambuf {
 public:
  explicit FileBuffer(int fd) : fd_(fd), buffer_(1 << 16) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
  ~FileBuffer() override {
    if (fd_ >= 0) ::close(fd_);
  }
  FileBuffer(const FileBuffer&) = delete;
  FileBuffer& operator=(const FileBuffer&) = delete;

  int fd() const { return fd_; }
  /// errno of the first failed write, 0 if none failed.
  int error() const { return error_; }
  /// Writes what is buffered; false (error() says why) if a write failed, now or before.
  bool drain() {
    if (error_ != 0) return false;
    for (const char* next = pbase(); next < pptr();) {
      const ssize_t written = ::write(fd_, next, static_cast<std::size_t>(pptr() - next));
      if (written < 0 && errno == EINTR) continue;
      if (written <= 0) {
        error_ = written < 0 ? errno : EIO;
        return false;
      }
      next += written;
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return true;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  int fd_;
  std::vector<char> buffer_;
  int error_ = 0;
};

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
    // /dev/stdout on a pipe links to /proc/self/fd/1, whose target `pipe:[N]` is no path: the
    // link is then written through, as the FIFO it reaches.
    struct stat reached {};
    if (error && ::stat(path_.c_str(), &reached) == 0 && (S_ISCHR(reached.st_mode) || S_ISFIFO(reached.st_mode)))
      target_ = path_;
    else if (error)
      fail("a symbolic link to nowhere");
  } else {
    target_ = path_;
  }
  struct stat info {};
  if (::stat(target_.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) throw InputError("key '" + key_ + "': '" + path_ + "' is a directory, expected a file path");
    if (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode)) {
      const int fd = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd < 0) fail(std::strerror(errno));
      buffer_ = std::make_unique<FileBuffer>(fd);
      file_.rdbuf(buffer_.get());
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
  const int fd = ::open(temporary_.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) {
    const int saved = errno;
    std::remove(temporary_.c_str());
    temporary_.clear();
    fail(std::strerror(saved));
  }
  buffer_ = std::make_unique<FileBuffer>(fd);
  file_.rdbuf(buffer_.get());
}

AtomicFile::~AtomicFile() {
  if (!committed_ && !temporary_.empty()) {
    buffer_.reset();
    std::remove(temporary_.c_str());
  }
}

void AtomicFile::fail(const std::string& why) const {
  throw OutputError("key '" + key_ + "': cannot write '" + path_ + "': " + why);
}

std::ostream& AtomicFile::stream() { return path_ == "-" ? std::cout : file_; }

void AtomicFile::finish() {
  if (finished_) return;
  if (path_ == "-") {
    std::cout.flush();
    if (!std::cout) fail("standard output is closed or full");
  } else {
    if (!buffer_->drain()) fail(std::strerror(buffer_->error()));
    // Sync before the rename: on a file system with delayed allocation a full disk shows only
    // here, and the old file must not be replaced by a short one.
    if (!temporary_.empty() && (::fsync(buffer_->fd()) != 0 || ::fchmod(buffer_->fd(), new_file_mode()) != 0))
      fail(std::strerror(errno));
    buffer_.reset();
  }
  finished_ = true;
}

void AtomicFile::commit() {
  finish();
  if (temporary_.empty()) {  // standard output, a device or a FIFO, written directly
    committed_ = true;
    return;
  }
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
    errno = 0;
    if (in.gcount() > 0 && !out.write(chunk.data(), in.gcount()))
      throw OutputError("key '" + key + "': cannot write the rows read back from '" + path +
                        "': " + std::strerror(errno ? errno : EIO));
  }
  if (in.bad()) throw OutputError("key '" + key + "': cannot read back '" + path + "'");
}

}  // namespace hetcoll
