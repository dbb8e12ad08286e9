#pragma once
/// @file work_dir.hpp
/// @brief A private temporary directory that lives as long as its owner.
#include <string>

#include "driver/owned_temporary.hpp"

namespace hetcoll {

/// @brief Where temporary files go: $TMPDIR, or /tmp.
std::string temporary_directory();
/// @brief The temporary directory as error messages name it: `TMPDIR '/scratch'`, or `'/tmp'
/// (TMPDIR is unset)`, so that a user knows which variable to change.
std::string temporary_directory_name();

/// @brief Owns a fresh directory under $TMPDIR (or /tmp) and removes it, with everything in
/// it, on destruction.
///
/// Work runs in forked children (SimGrid allows one engine per process), which hand their
/// results and platform files back through files. mkdtemp gives each run a directory nobody
/// else uses (a new name, mode 0700), so concurrent runs cannot see each other's files, and
/// the destructor clears it even when an exception unwinds the run. Children leave with
/// _exit, so only the process that created the directory removes it. It is an OwnedTemporary
/// (`<prefix>.<host>.XXXXXX`): a run that succeeds removes those killed runs left
/// (remove_abandoned()).
class WorkDir {
 public:
  /// Creates `<TMPDIR>/<prefix>.<host>.XXXXXX`; throws OutputError naming TMPDIR and the
  /// system's reason if it cannot (missing, read-only, full). The prefix tells, in a listing of
  /// the temporary directory, who made it.
  explicit WorkDir(const std::string& prefix = "hetcoll");
  /// Creates `<parent>/<prefix>.<host>.XXXXXX` instead: beside an output, on the disk it fills.
  WorkDir(const std::string& parent, const std::string& prefix);
  ~WorkDir();
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;

  const std::string& path() const { return directory_.path(); }
  /// Removes the directories of the same prefix and parent that dead runs of this host left.
  void remove_abandoned() const { directory_.remove_abandoned(); }

 private:
  OwnedTemporary directory_;
};

}  // namespace hetcoll
