#include "driver/work_dir.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace hetcoll {

std::string temporary_directory() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp && *tmp ? tmp : "/tmp";
}

WorkDir::WorkDir(const std::string& prefix) : WorkDir(temporary_directory(), prefix) {}

WorkDir::WorkDir(const std::string& parent, const std::string& prefix)
    : directory_(parent, prefix, OwnedTemporary::Kind::directory) {}

WorkDir::~WorkDir() {
  // A destructor must not throw: a directory that cannot be removed is left behind (and the
  // next run removes it once this one has ended).
  std::error_code ignored;
  std::filesystem::remove_all(path(), ignored);
}

}  // namespace hetcoll
