#include "engine/forked_child.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <stdexcept>

namespace hetcoll {

ChildOutput run_forked(const std::function<void(int fd)>& child, const std::string& what) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error(what + ": cannot create a pipe");
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(what + ": cannot fork");
  if (pid == 0) {
    ::close(fds[0]);
    child(fds[1]);
    ::_exit(1);  // the child must end itself; no atexit handlers, no destructors of the parent's objects
  }
  ::close(fds[1]);
  ChildOutput out;
  char buffer[4096];
  for (ssize_t got; (got = ::read(fds[0], buffer, sizeof buffer)) != 0;) {
    if (got < 0) {
      if (errno == EINTR) continue;
      break;
    }
    out.text.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fds[0]);
  while (::waitpid(pid, &out.status, 0) < 0 && errno == EINTR) {
  }
  return out;
}

}  // namespace hetcoll
