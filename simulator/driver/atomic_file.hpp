#pragma once
/// @file atomic_file.hpp
/// @brief Output files that appear whole or not at all, and never in place of something else.
#include <memory>
#include <ostream>
#include <string>

#include "core/error.hpp"
#include "driver/owned_temporary.hpp"

namespace hetcoll {

class FileBuffer;

/// @brief An output could not be written (a full disk, an I/O error): bad input in the sense of
/// the exit status (2), but the run's finished work may still be worth keeping.
class OutputError : public InputError {
 public:
  using InputError::InputError;
};

/// @brief A file written under a temporary name beside its target and renamed into place by
/// commit(): readers never see half a file, a failed or interrupted run leaves the old file as
/// it was, and a full disk is an error, not a truncated result. `-` means standard output.
///
/// The target's kind decides how it is written:
/// - a regular file or a new name: temporary file in the same directory (so rename is atomic
///   and the disk that fills up is the target's), then rename; a symbolic link is followed, so
///   the link stays and its target is replaced. The temporary is an OwnedTemporary: if the run
///   is killed (SIGKILL), the next commit() of the same target removes it;
/// - a character device or FIFO (`/dev/null`, `/dev/stdout`, a pipe): written directly, never
///   replaced by a regular file;
/// - a directory or anything else: refused before any work (InputError naming the key).
class AtomicFile {
 public:
  /// Opens the temporary file now, so an unwritable path fails before any work is done.
  /// `key` names the option in error messages ("output", "raw", ...).
  AtomicFile(const std::string& path, const std::string& key);
  ~AtomicFile();  // removes the temporary file unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream();
  /// Flushes and syncs, leaving the file under its temporary name; throws OutputError naming
  /// the key and the path if anything could not be written (a full disk, an I/O error). All a
  /// commit can fail on but the rename: a run finishes every file before it renames any, so
  /// that a full disk leaves every old file as it was.
  void finish();
  /// finish() if not done, then renames into place; throws OutputError as finish() does.
  void commit();
  /// The file that holds what was written: the temporary until commit(), the path after (or
  /// for a device, a FIFO, standard output).
  const std::string& content() const { return committed_ || temporary_.empty() ? path_ : temporary_; }
  const std::string& path() const { return path_; }
  /// The temporary file being written ("" when writing directly), for a checkpoint to record
  /// so that a resume can remove what a killed run left.
  const std::string& temporary() const { return temporary_; }

 private:
  [[noreturn]] void fail(const std::string& why) const;

  std::string path_;       // as the user gave it
  std::string key_;
  std::string target_;     // the file that commit() replaces (symbolic links resolved)
  std::string temporary_;  // empty when writing directly (stdout, a device, a FIFO)
  std::unique_ptr<OwnedTemporary> owned_;  // holds temporary_'s lock while this run lives
  std::unique_ptr<FileBuffer> buffer_;     // the file, keeping the reason of a failed write
  std::ostream file_{nullptr};
  bool finished_ = false;
  bool committed_ = false;
};

/// @brief Appends the whole content of `path` to `out` in chunks (a file of gigabytes never
/// sits in memory); throws OutputError naming `key` if either side fails.
void append_file(const std::string& path, std::ostream& out, const std::string& key);

}  // namespace hetcoll
