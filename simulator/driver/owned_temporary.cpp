#include "driver/owned_temporary.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace hetcoll {
namespace {

constexpr std::size_t kRandomPart = 6;  // mkstemp's and mkdtemp's XXXXXX

// The host as a name part: gethostname may give characters a file name should not carry.
std::string host_tag() {
  std::string tag = host_name();
  for (char& c : tag)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_')) c = '_';
  return tag.empty() ? "host" : tag;
}

// The directory `parent` names: the current one when empty (a target given without one).
std::string directory(const std::string& parent) { return parent.empty() ? "." : parent; }

// `<prefix>.<host>.`: what every temporary of this kind and host starts with.
std::string stem(const std::string& prefix) { return prefix + "." + host_tag() + "."; }

// True if `fd` and `path` are the same file: a temporary removed and made again under the same
// name in between would not be.
bool same_file(int fd, const std::string& path) {
  struct stat open_one {}, named {};
  return ::fstat(fd, &open_one) == 0 && ::lstat(path.c_str(), &named) == 0 && open_one.st_dev == named.st_dev &&
         open_one.st_ino == named.st_ino;
}

}  // namespace

std::string host_name() {
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  return name;
}

int remove_abandoned_temporaries(const std::string& parent, const std::string& prefix) {
  const std::string start = stem(prefix);
  DIR* entries = ::opendir(directory(parent).c_str());
  if (entries == nullptr) return 0;
  int removed = 0;
  while (const dirent* entry = ::readdir(entries)) {
    const std::string name = entry->d_name;
    if (name.size() != start.size() + kRandomPart || name.compare(0, start.size(), start) != 0) continue;
    const std::string path = directory(parent) + "/" + name;
    // Someone else's (no permission) or not ours to judge: skipped, as is anything locked, or
    // anything on a file system that cannot lock (ENOLCK): its owner may be alive.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) continue;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0 && same_file(fd, path)) {
      std::error_code error;
      std::filesystem::remove_all(path, error);
      if (!error) ++removed;
    }
    ::close(fd);  // drops the lock
  }
  ::closedir(entries);
  return removed;
}

OwnedTemporary::OwnedTemporary(const std::string& parent, const std::string& prefix, Kind kind)
    : parent_(parent), prefix_(prefix) {
  const std::string base = directory(parent) + "/" + stem(prefix);
  // Between its creation and its lock, a run cleaning up could take the new entry for an
  // abandoned one and remove it: then the lock is taken on nothing and another name is tried.
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string pattern = base + std::string(kRandomPart, 'X');
    int fd = -1;
    if (kind == Kind::file) {
      fd = ::mkostemp(pattern.data(), O_CLOEXEC);
      if (fd < 0) throw std::runtime_error(std::strerror(errno));
    } else {
      if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error(std::strerror(errno));
      fd = ::open(pattern.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (fd < 0) throw std::runtime_error(std::strerror(errno));
    }
    // A file system without locks (some network mounts answer ENOLCK) keeps the temporary
    // unlocked: there no cleaner's lock succeeds either, so none removes it, nor anything else.
    const bool locked = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    if ((locked || errno != EWOULDBLOCK) && same_file(fd, pattern)) {
      path_ = pattern;
      lock_ = fd;
      return;
    }
    ::close(fd);
  }
  throw std::runtime_error("another run keeps removing the temporaries made in " + parent);
}

OwnedTemporary::~OwnedTemporary() {
  if (lock_ >= 0) ::close(lock_);
}

}  // namespace hetcoll
