#include "driver/progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace hetcoll {
namespace {

void print_duration(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  if (s >= 3600) std::fprintf(stderr, "%ldh%02ldm", s / 3600, (s / 60) % 60);
  else if (s >= 60) std::fprintf(stderr, "%ldm%02lds", s / 60, s % 60);
  else std::fprintf(stderr, "%lds", s);
}

}  // namespace

Progress::Progress(std::uint64_t total, std::uint64_t total_units, bool enabled)
    : total_(total), total_units_(total_units), enabled_(enabled), terminal_(::isatty(2) != 0),
      start_(Clock::now()), last_(start_), file_written_(start_) {
  if (const char* file = std::getenv("HETCOLL_PROGRESS_FILE")) file_ = file;
  write_file();
}

void Progress::write_file() {
  if (file_.empty()) return;
  // Replaced by a rename, so a reader never sees half a line. A file that cannot be written
  // costs the launcher's summary only, never the run.
  const std::string temporary = file_ + ".tmp";
  if (std::FILE* f = std::fopen(temporary.c_str(), "w")) {
    std::fprintf(f, "%llu %llu %llu %llu\n", static_cast<unsigned long long>(units_done_),
                 static_cast<unsigned long long>(total_units_), static_cast<unsigned long long>(done_),
                 static_cast<unsigned long long>(total_));
    if (std::fclose(f) == 0) std::rename(temporary.c_str(), file_.c_str());
  }
  file_written_ = Clock::now();
}

void Progress::advance(std::uint64_t replications) {
  done_ += replications;
  ++units_done_;
  const auto now = Clock::now();
  if (!file_.empty() && std::chrono::duration<double>(now - file_written_).count() >= 1.0) write_file();
  if (!enabled_) return;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double since = std::chrono::duration<double>(now - last_).count();
  if (elapsed < 1.0 || since < (terminal_ ? 0.2 : 10.0)) return;
  last_ = now;
  shown_ = true;
  const double rate = static_cast<double>(done_) / elapsed;
  std::fprintf(stderr, "%shetcoll: %llu/%llu replications (%.1f%%), %.3g rep/s, ETA ", terminal_ ? "\r" : "",
               static_cast<unsigned long long>(done_), static_cast<unsigned long long>(total_),
               100.0 * static_cast<double>(done_) / static_cast<double>(total_ ? total_ : 1), rate);
  print_duration(rate > 0 ? static_cast<double>(total_ - done_) / rate : 0.0);
  std::fprintf(stderr, terminal_ ? "   " : "\n");
  std::fflush(stderr);
}

void Progress::waiting(const std::string& unit, double seconds) {
  if (!enabled_) return;
  shown_ = true;
  std::fprintf(stderr, "%shetcoll: %llu/%llu replications, none finished for ", terminal_ ? "\r" : "",
               static_cast<unsigned long long>(done_), static_cast<unsigned long long>(total_));
  print_duration(seconds);
  std::fprintf(stderr, "; still running %s%s", unit.c_str(), terminal_ ? "   " : "\n");
  std::fflush(stderr);
}

void Progress::finish() {
  write_file();
  if (enabled_ && shown_ && terminal_) std::fprintf(stderr, "\n");
}

}  // namespace hetcoll
