#include "driver/interrupt.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstring>

namespace hetcoll {
namespace {

volatile sig_atomic_t received = 0;
struct sigaction previous_int {}, previous_term {}, previous_alarm {};
itimerval previous_timer {};

void record(int signal) { received = signal; }
void wake_up(int /*signal*/) {}

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

WakeUpTimer::WakeUpTimer(double period) {
  struct sigaction action {};
  action.sa_handler = wake_up;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: waitpid returns EINTR
  sigaction(SIGALRM, &action, &previous_alarm);
  itimerval timer{};
  timer.it_value.tv_sec = static_cast<time_t>(period);
  timer.it_value.tv_usec = static_cast<suseconds_t>((period - static_cast<double>(timer.it_value.tv_sec)) * 1e6);
  if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
  timer.it_interval = timer.it_value;
  setitimer(ITIMER_REAL, &timer, &previous_timer);
}

WakeUpTimer::~WakeUpTimer() {
  setitimer(ITIMER_REAL, &previous_timer, nullptr);
  sigaction(SIGALRM, &previous_alarm, nullptr);
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
  ::signal(SIGALRM, SIG_DFL);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);  // the parent died before prctl took effect
}

}  // namespace hetcoll
