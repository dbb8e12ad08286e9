#pragma once
/// @file driver_harness.hpp
/// @brief Test helpers for the driver: runs of `hetcoll run` in this process, files' bytes, and the
/// message of a refusal.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "driver/run_command.hpp"
#include "driver/scenario_parser.hpp"
#include "driver/scenario_resolution.hpp"

namespace hetcoll::test {

/// @brief The bytes of the file at `path` ("" if it cannot be read).
inline std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

/// @brief Writes `bytes` to `path`, replacing what was there.
inline void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

/// @brief `args` with each `--key value` of `keys` in place of the one there, or added: a key may
/// be given once only.
inline std::vector<std::string> with_keys(std::vector<std::string> args,
                                          const std::vector<std::pair<std::string, std::string>>& keys) {
  for (const auto& [key, value] : keys) {
    const auto at = std::find(args.begin(), args.end(), key);
    if (at != args.end() && at + 1 != args.end()) {
      *(at + 1) = value;
    } else {
      args.push_back(key);
      args.push_back(value);
    }
  }
  return args;
}

/// @brief `hetcoll run ARGS --quiet`, in this process (its units run in forked children).
inline void run_quietly(std::vector<std::string> args) {
  args.push_back("--quiet");
  run_scenario(parse_run_arguments(args));
}

/// @brief The message of the InputError `f` throws, or "(no error)".
template <class F>
std::string refusal_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace hetcoll::test
