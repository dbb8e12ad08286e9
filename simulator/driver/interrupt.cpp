#include "driver/interrupt.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cstring>

namespace hetcoll {
namespace {

volatile sig_atomic_t received = 0;
struct sigaction previous_int {}, previous_term {};

void record(int signal) { received = signal; }

}  // namespace

InterruptGuard::InterruptGuard() {
  received = 0;
  struct sigaction action {};
  action.sa_handler = record;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: waitpid returns EINTR, so the runner notices at once
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

int pending_interrupt() { return received; }

void throw_if_interrupted() {
  if (const int s = received) throw Interrupted(s, "interrupted by " + signal_name(s));
}

std::string signal_name(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGKILL: return "SIGKILL";
    case SIGABRT: return "SIGABRT";
    case SIGSEGV: return "SIGSEGV";
    case SIGFPE: return "SIGFPE";
    case SIGBUS: return "SIGBUS";
    default: return "signal " + std::to_string(signal);
  }
}

void detach_worker_from_parent_signals(int parent) {
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);  // the parent died before prctl took effect
}

}  // namespace hetcoll
