#pragma once
/// @file progress.hpp
/// @brief Progress with rate and ETA on stderr, never mixed with results.
#include <chrono>
#include <string>
#include <cstdint>

namespace hetcoll {

/// @brief Reports units done, replications per second and the time left. Silent for runs
/// shorter than a second; rewrites one line on a terminal, prints a line every 10 s otherwise.
///
/// With the environment variable HETCOLL_PROGRESS_FILE set (hetcoll-mpi sets it for each rank's
/// run), it also keeps that file at `UNITS_DONE UNITS_TOTAL REPLICATIONS_DONE REPLICATIONS_TOTAL`
/// (one line, replaced whole by a rename at most once a second, and at the end), for the
/// launcher's rank 0 to sum up the ranks' progress; `--quiet` silences stderr only.
class Progress {
 public:
  Progress(std::uint64_t total_replications, std::uint64_t total_units, bool enabled);
  /// One unit of `replications` is done.
  void advance(std::uint64_t replications);
  /// No unit has finished for `seconds`; `unit` (the work unit at point ..., work_runner.hpp's
  /// describe_unit) is the oldest still running: says so, a point's preparation can be long.
  void waiting(const std::string& unit, double seconds);
  /// Ends the line on a terminal, if anything was shown; brings the progress file up to date.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  void write_file();

  std::uint64_t total_;
  std::uint64_t done_ = 0;
  std::uint64_t total_units_;
  std::uint64_t units_done_ = 0;
  bool enabled_;
  bool terminal_;
  bool shown_ = false;
  std::string file_;  // HETCOLL_PROGRESS_FILE, or ""
  Clock::time_point start_;
  Clock::time_point last_;
  Clock::time_point file_written_;
};

}  // namespace hetcoll
