#include "driver/work_dir.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "driver/atomic_file.hpp"

namespace hetcoll {

std::string temporary_directory() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp && *tmp ? tmp : "/tmp";
}

std::string temporary_directory_name() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp && *tmp ? "TMPDIR '" + std::string(tmp) + "'" : "'/tmp' (TMPDIR is unset)";
}

WorkDir::WorkDir(const std::string& prefix) try : WorkDir(temporary_directory(), prefix) {
} catch (const std::runtime_error& e) {
  throw OutputError(temporary_directory_name() + ": cannot make a work directory there: " + e.what());
}

WorkDir::WorkDir(const std::string& parent, const std::string& prefix)
    : directory_(parent, prefix, OwnedTemporary::Kind::directory) {}

WorkDir::~WorkDir() {
  // A destructor must not throw: a directory that cannot be removed is left behind (and the
  // next run removes it once this one has ended).
  std::error_code ignored;
  std::filesystem::remove_all(path(), ignored);
}

}  // namespace hetcoll
