#pragma once
/// @file forked_child.hpp
/// @brief A task run in a forked child that answers through a pipe: SimGrid opens one engine
/// per process, so a process that must stay free of it (the parent of a run, a test) asks a
/// child. The driver's work units use their own, fuller mechanism (driver/work_runner.hpp:
/// logs, interrupts, results in files); this one is for short questions about a platform.
#include <functional>
#include <string>

namespace hetcoll {

/// @brief What a forked child wrote to its pipe, and how it ended (waitpid's status).
struct ChildOutput {
  std::string text;
  int status = 0;
};

/// @brief Forks; the child runs `child` with the write end of a pipe and must end its process
/// (`_exit`, never return: if it returns, the child exits with status 1). The parent reads
/// everything written to the pipe until the child closes it, waits for the child and returns
/// both. Throws std::runtime_error naming `what` if no pipe or child can be made.
ChildOutput run_forked(const std::function<void(int fd)>& child, const std::string& what);

}  // namespace hetcoll
