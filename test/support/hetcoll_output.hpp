#pragma once
/// @file hetcoll_output.hpp
/// @brief The standard output of a `hetcoll` command the tests run (the built binary).
#include <cstdio>
#include <stdexcept>
#include <string>

namespace hetcoll::test_support {

/// @brief What `hetcoll ARGS` prints on standard output, run in `cwd` (default: here); throws
/// if it exits with another status than 0.
inline std::string hetcoll_output(const std::string& args, const std::string& cwd = "") {
  const std::string command = (cwd.empty() ? "" : "cd '" + cwd + "' && ") + HETCOLL_BINARY + " " + args;
  FILE* out = ::popen(command.c_str(), "r");
  if (out == nullptr) throw std::runtime_error("cannot run " + command);
  std::string text;
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, out)) > 0;) text.append(buffer, got);
  if (::pclose(out) != 0) throw std::runtime_error(command + " failed");
  return text;
}

}  // namespace hetcoll::test_support
