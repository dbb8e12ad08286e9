#pragma once
/// @file worker_process.hpp
/// @brief A forked worker and its end: what it reports, and how its exit becomes the parent's
/// outcome (nothing, bad input, a full temporary directory, or one line naming what failed).
#include <sys/types.h>

#include <functional>
#include <stdexcept>
#include <string>

#include "core/error.hpp"

namespace hetcoll {

/// @brief A worker died or failed on its own (a signal, a SimGrid abort): exit 2 and one line
/// like bad input, but the points already finished are worth keeping for --resume.
class WorkerFailure : public InputError {
 public:
  using InputError::InputError;
};

/// @brief A worker could not write a file of the work directory (its results): the temporary
/// directory's fault (missing room, an I/O error), not the unit's. The message names TMPDIR.
class WorkFileError : public std::runtime_error {
 public:
  WorkFileError(const std::string& path, int error);
  /// True for ENOSPC and EDQUOT, which the parent reports without the worker's message (there
  /// was no room to write it).
  bool no_space() const;

 private:
  int error_;
};

/// @brief Runs `body` in a forked child whose standard output and error go to `log_path`
/// (SimGrid's own messages and backtraces never reach the terminal or a CSV on stdout); the
/// child reports errors in `error_path` and exits with a status that says which kind. Returns
/// the child's pid in the parent; never returns in the child.
pid_t spawn_worker(const std::string& error_path, const std::string& log_path, const std::function<void()>& body);

/// @brief Turns a worker's exit `status` into the parent's outcome: nothing (its log goes on to
/// stderr), its InputError, OutputError naming TMPDIR if it could not write its work files, an
/// interruption, or WorkerFailure: one line naming `what` failed, and the copy of its log kept in
/// the temporary directory.
void check_worker_exit(int status, const std::string& error_path, const std::string& log_path, const std::string& what);

/// @brief Runs `task` in a forked child and returns what it returns; rethrows its InputError.
/// Lets the parent ask SimGrid about a platform file without creating an engine itself. `what`
/// names the task in the line of a child that fails.
std::string run_in_child(const std::string& work_dir, const std::function<std::string()>& task,
                         const std::string& what = "the platform probe");

}  // namespace hetcoll
