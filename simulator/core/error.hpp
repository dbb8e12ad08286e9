#pragma once
/// @file error.hpp
/// @brief The one exception type for bad user input.
///
/// Every check on a scenario, a platform file or a command line throws InputError with a
/// message of one line that names the file or key and what was expected. The CLI prints it
/// and exits with status 2, before any result file has been opened.
#include <stdexcept>
#include <string>

namespace hetcoll {

/// @brief Bad user input: the message is one line naming the file or key and what was expected.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Exit status for bad input, as documented in the README.
inline constexpr int kExitBadInput = 2;

}  // namespace hetcoll
