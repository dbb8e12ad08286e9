#pragma once
/// @file interrupt.hpp
/// @brief SIGINT and SIGTERM during a run: stop cleanly instead of dying mid-write.
///
/// While an InterruptGuard lives, the two signals only record themselves (and interrupt the
/// parent's wait for its workers, since the handler is installed without SA_RESTART). The work
/// runner then stops the workers and throws Interrupted; unwinding removes the temporary files
/// and the work directory, the checkpoint stays, and the CLI exits 128 + signal.
#include <stdexcept>
#include <string>

namespace hetcoll {

/// @brief The run was stopped by a signal; what() says how to go on.
class Interrupted : public std::runtime_error {
 public:
  Interrupted(int signal, const std::string& message) : std::runtime_error(message), signal_(signal) {}
  int signal() const { return signal_; }
  int exit_status() const { return 128 + signal_; }

 private:
  int signal_;
};

/// @brief Installs the recording handlers for its lifetime and restores the old ones after.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

/// @brief Interrupts the parent's wait for its workers every `period` seconds for its lifetime
/// (SIGALRM from an interval timer, handled without SA_RESTART like the guard's signals), so a
/// runner that waits for long can say so; restores the previous timer and handler after. Workers
/// get neither: fork resets the timer, and detach_worker_from_parent_signals the handler.
class WakeUpTimer {
 public:
  explicit WakeUpTimer(double period);
  ~WakeUpTimer();
  WakeUpTimer(const WakeUpTimer&) = delete;
  WakeUpTimer& operator=(const WakeUpTimer&) = delete;
};

/// @brief The signal received since the guard was installed, or 0.
int pending_interrupt();

/// @brief Throws Interrupted("interrupted by SIG...") if a signal is pending.
void throw_if_interrupted();

/// @brief "SIGINT", "SIGTERM", ... for messages.
std::string signal_name(int signal);

/// @brief In a forked worker: default signal actions (a Ctrl-C on the terminal ends it), and
/// death when the parent dies, so a killed run never leaves workers computing.
void detach_worker_from_parent_signals(int parent_pid);

}  // namespace hetcoll
