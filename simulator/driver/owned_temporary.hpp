#pragma once
/// @file owned_temporary.hpp
/// @brief Temporary files and directories that a later run removes if their run was killed.
///
/// A run writes each output under a temporary name beside it and works in a temporary
/// directory. A run killed by SIGKILL (a batch scheduler's time limit, the out-of-memory killer)
/// cannot remove them, and they would pile up beside the outputs. So each one carries this
/// host's name and is locked (flock) by the process that made it for as long as that process
/// lives: the kernel drops the lock when the process ends, however it ends, and forked children
/// share it. Once a run has written its outputs, it removes the temporaries of the same kinds,
/// on this host, that nobody holds (remove_abandoned()); a run that fails or is refused changes
/// nothing. Another host's are left alone: its locks may not reach this one.
#include <string>

namespace hetcoll {

/// @brief This host's name (gethostname), as run records and temporary names give it.
std::string host_name();

/// @brief Removes the entries `<parent>/<prefix>.<host>.XXXXXX` of this host that no live
/// process holds; returns how many it removed.
int remove_abandoned_temporaries(const std::string& parent, const std::string& prefix);

/// @brief A new file or directory `<parent>/<prefix>.<host>.XXXXXX`, locked by this process
/// until destroyed. The owner removes or renames it; the destructor only drops the lock.
class OwnedTemporary {
 public:
  enum class Kind { file, directory };
  /// Throws std::runtime_error with the system's reason if it cannot create it.
  OwnedTemporary(const std::string& parent, const std::string& prefix, Kind kind);
  ~OwnedTemporary();
  OwnedTemporary(const OwnedTemporary&) = delete;
  OwnedTemporary& operator=(const OwnedTemporary&) = delete;

  const std::string& path() const { return path_; }
  /// Removes the others of its pattern that dead processes of this host left; returns how many.
  int remove_abandoned() const { return remove_abandoned_temporaries(parent_, prefix_); }

 private:
  std::string parent_, prefix_;
  std::string path_;
  int lock_ = -1;  // a descriptor of the file or directory, holding its flock
};


}  // namespace hetcoll
