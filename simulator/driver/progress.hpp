#pragma once
/// @file progress.hpp
/// @brief Progress with rate and ETA on stderr, never mixed with results.
#include <chrono>
#include <cstdint>

namespace hetcoll {

/// @brief Reports units done, replications per second and the time left. Silent for runs
/// shorter than a second; rewrites one line on a terminal, prints a line every 10 s otherwise.
class Progress {
 public:
  Progress(std::uint64_t total_replications, bool enabled);
  void advance(std::uint64_t replications);
  /// Ends the line on a terminal, if anything was shown.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  std::uint64_t total_;
  std::uint64_t done_ = 0;
  bool enabled_;
  bool terminal_;
  bool shown_ = false;
  Clock::time_point start_;
  Clock::time_point last_;
};

}  // namespace hetcoll
