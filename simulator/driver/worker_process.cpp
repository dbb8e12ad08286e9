#include "driver/worker_process.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>

#include "driver/atomic_file.hpp"
#include "driver/interrupt.hpp"
#include "driver/work_dir.hpp"
#include "engine/engine_factory.hpp"

namespace hetcoll {
namespace {

constexpr int kChildInputError = 2;
constexpr int kChildFailure = 3;
// The worker could not write its results into the work directory: no space left there, or
// another error (its message in the error file, if that could be written).
constexpr int kChildWorkDirFull = 4;
constexpr int kChildWorkDirError = 5;

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  std::remove(path.c_str());
  return line;
}

/// The whole content of a file a worker wrote ("" if there is none).
std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// A failed worker's log `text`, copied out of the work directory (which the failure removes) to
/// a file that stays; "" if the worker said nothing.
std::string keep_log(const std::string& text) {
  if (text.empty()) return "";
  std::string kept = temporary_directory() + "/hetcoll-failure.XXXXXX";
  const int fd = ::mkstemp(kept.data());
  if (fd < 0) return "";
  ::close(fd);
  std::ofstream out(kept, std::ios::binary);
  if (!(out << text) || !out.flush()) {  // a full temporary directory: no half copy is left
    out.close();
    std::remove(kept.c_str());
    return "";
  }
  return kept;
}

/// What a worker wrote on a successful exit (SimGrid warnings, say) goes on to stderr.
void forward_log(const std::string& log_path) {
  const std::string text = read_file(log_path);
  if (!text.empty()) std::cerr << text << std::flush;
  std::remove(log_path.c_str());
}

}  // namespace

WorkFileError::WorkFileError(const std::string& path, int error)
    : std::runtime_error(temporary_directory_name() + ": cannot write '" + path + "': " + std::strerror(error)),
      error_(error) {}

bool WorkFileError::no_space() const { return error_ == ENOSPC || error_ == EDQUOT; }

pid_t spawn_worker(const std::string& error_path, const std::string& log_path, const std::function<void()>& body) {
  std::fflush(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid > 0) return pid;
  detach_worker_from_parent_signals(parent);
  const int log = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (log >= 0) {
    ::dup2(log, STDOUT_FILENO);
    ::dup2(log, STDERR_FILENO);
    ::close(log);
  }
  int status = 0;
  try {
    body();
  } catch (const WorkFileError& e) {
    std::ofstream(error_path) << e.what() << '\n';  // if there is room for it
    status = e.no_space() ? kChildWorkDirFull : kChildWorkDirError;
  } catch (const InputError& e) {
    std::ofstream(error_path) << e.what() << '\n';
    status = kChildInputError;
  } catch (const std::bad_alloc&) {
    std::ofstream(error_path) << "out of memory (std::bad_alloc)\n";
    status = kChildFailure;
  } catch (const std::exception& e) {
    std::ofstream(error_path) << e.what() << '\n';
    status = kChildFailure;
  }
  std::fflush(nullptr);
  ::_exit(status);  // no atexit handlers, no destructors of the parent's objects
}

void check_worker_exit(int status, const std::string& error_path, const std::string& log_path, const std::string& what) {
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    forward_log(log_path);
    return;
  }
  const std::string message = read_text(error_path);
  if (WIFEXITED(status) && WEXITSTATUS(status) == kChildInputError) throw InputError(message);
  if (WIFEXITED(status) && (WEXITSTATUS(status) == kChildWorkDirFull || WEXITSTATUS(status) == kChildWorkDirError)) {
    std::remove(log_path.c_str());
    throw OutputError(WEXITSTATUS(status) == kChildWorkDirFull
                          ? temporary_directory_name() + ": no space left on device for the work files of " + what
                          : !message.empty() ? message
                                             : temporary_directory_name() + ": cannot write the work files of " + what);
  }
  throw_if_interrupted();  // a Ctrl-C reaches the workers too: that is no failure of theirs
  std::string cause = message;
  if (cause.empty())
    cause = WIFSIGNALED(status) ? "died of " + signal_name(WTERMSIG(status))
                                : "failed with status " + std::to_string(WEXITSTATUS(status));
  // SimGrid aborts on what it finds wrong in a platform its API let through (a Vivaldi zone
  // whose subzone has no coordinates, found at the first route look-up): its reason, on the
  // line, says more than the signal.
  const std::string log = read_file(log_path);
  const std::string reason = simgrid_abort_reason(log);
  if (message.empty() && !reason.empty()) cause += " (SimGrid: " + reason + ")";
  const std::string kept = keep_log(log);
  // The project's one rule for a run that stops: exit 2 and one line (here naming the unit and
  // the log), whether the cause was input the checks missed or a fault of the simulator.
  throw WorkerFailure(what + ": " + cause + (kept.empty() ? "" : "; its messages are in " + kept));
}

std::string run_in_child(const std::string& work_dir, const std::function<std::string()>& task,
                         const std::string& what) {
  const std::string out_path = work_dir + "/probe.out", error_path = work_dir + "/probe.err";
  const std::string log_path = work_dir + "/probe.log";
  const pid_t pid = spawn_worker(error_path, log_path, [&] {
    std::ofstream out(out_path);
    errno = 0;
    if (!(out << task()) || !out.flush()) throw WorkFileError(out_path, errno ? errno : EIO);
  });
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error("waitpid failed");
    if (pending_interrupt()) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
      throw_if_interrupted();
    }
  }
  check_worker_exit(status, error_path, log_path, what);
  const std::string text = read_file(out_path);
  std::remove(out_path.c_str());
  return text;
}

}  // namespace hetcoll
