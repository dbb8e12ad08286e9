#pragma once
/// @file smpi_check.hpp
/// @brief The SMPI check's common parts (docs/smpi.md): the platforms, rank counts and message
/// sizes it compares on, SMPI run on them (smpirun over test/smpi/coll_time.c), and the table of
/// residuals every comparison prints and asserts on.
///
/// SMPI is SimGrid's MPI: `smpirun --cfg=smpi/bcast:<name>` runs SimGrid 3.32's own code of an
/// MPI library's algorithm on a platform file, one rank per host of a host file. Run with
/// hetcoll's exact timing (CM02, no cross-traffic, a TCP window that never binds) and no
/// simulated computation, it dates the same messages on the same links as hetcoll's engines; the
/// check asks the two to agree within kTolerance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "driver/work_dir.hpp"
#include "engine/simgrid/simgrid_session.hpp"

namespace hetcoll::smpi_check {

/// Largest |hetcoll / SMPI − 1| accepted (the 1 %).
inline constexpr double kTolerance = 0.01;

/// A platform file and its hosts in rank order (rank i on the i-th; a run of p ranks takes the
/// first p).
struct CheckPlatform {
  std::string name;
  std::string file;
  std::vector<std::string> hosts;
};

/// (a) 16 equal hosts without a backbone; (b) platforms/two-racks.xml, ranks alternating between
/// the racks (a-0, b-0, a-1, ...): hosts of two speeds and links of two bandwidths, and every
/// other message crossing the shared inter-rack link.
inline const std::vector<CheckPlatform>& platforms() {
  static const std::vector<CheckPlatform> all = [] {
    CheckPlatform homogeneous{"homogeneous", std::string(HETCOLL_SOURCE_DIR) + "/test/smpi/homogeneous-cluster.xml", {}};
    CheckPlatform racks{"two-racks", std::string(HETCOLL_SOURCE_DIR) + "/platforms/two-racks.xml", {}};
    for (int i = 0; i < 16; ++i) {
      homogeneous.hosts.push_back("c-" + std::to_string(i));
      if (i < 8) {
        racks.hosts.push_back("a-" + std::to_string(i));
        racks.hosts.push_back("b-" + std::to_string(i));
      }
    }
    return std::vector<CheckPlatform>{homogeneous, racks};
  }();
  return all;
}

/// Rank counts: a power of two, an odd count and an even count that is not a power of two
/// (the trees' shapes differ on each).
inline const std::vector<int> kRanks = {4, 7, 12};

/// Message sizes in bytes: small; the largest a detached send has (SMPI detaches sends below
/// 65536 bytes of user data, while the network carries 16 more: 65520 + 16 = 65536 tells the two
/// apart); the smallest rendezvous; and large.
inline const std::vector<double> kBytes = {1000, 65520, 65536, 1048576};

/// @brief What one command printed and how it ended.
struct CommandOutput {
  std::string text;  //!< standard output and error together
  int status = -1;   //!< pclose()'s status
};

inline CommandOutput command_output(const std::string& command) {
  CommandOutput out;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return out;
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.text.append(buffer, got);
  out.status = ::pclose(pipe);
  return out;
}

/// @brief SMPI on this machine: smpirun, and coll_time compiled with smpicc into a temporary
/// directory (once per process), where smpirun also writes its own temporary files.
class Smpi {
 public:
  /// The process's SMPI; missing() says why there is none.
  static Smpi& get() {
    static Smpi smpi;
    return smpi;
  }

  /// Why SMPI cannot run here ("" if it can): the one line a skipped check prints.
  const std::string& missing() const { return missing_; }

  /// The date the last rank returns from `collective` ("bcast" or "reduce") of `bytes` from
  /// rank 0, run by SMPI's `algorithm` on the first `ranks` hosts of `platform`; NaN, with the
  /// reason in `error`, if smpirun fails.
  double time(const std::string& collective, const std::string& algorithm, const CheckPlatform& platform,
              int ranks, double bytes, std::string& error) const {
    std::ostringstream command;
    // A run takes well under a second; one that hangs is stopped and reported as failed.
    command << "cd '" << dir_->path() << "' && timeout 120 smpirun -np " << ranks << " -platform '" << platform.file
            << "' -hostfile '" << platform.name << ".hosts'";
    // hetcoll's exact timing (smpirun's own network/model:SMPI comes first and is overridden),
    // no computation timed between MPI calls, MPI_Wtime() free of charge.
    for (const std::string& c : exact_timing_config()) command << " --cfg=" << c;
    command << " --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf --cfg=smpi/wtime:0"
            << " --cfg=smpi/" << collective << ':' << algorithm << " --log=root.thres:warning ./coll_time "
            << collective << ' ' << std::llround(bytes);
    const CommandOutput out = command_output(command.str());
    // Every rank prints the date it returned ("time <seconds>"); the collective ends at the last.
    double last = 0;
    int dates = 0;
    std::istringstream lines(out.text);
    for (std::string line; std::getline(lines, line);)
      if (line.rfind("time ", 0) == 0) {
        last = std::max(last, std::stod(line.substr(5)));
        ++dates;
      }
    if (out.status != 0 || dates != ranks) {
      const std::string first = out.text.substr(0, out.text.find('\n'));
      error = "smpirun failed (status " + std::to_string(out.status) + ", " + std::to_string(dates) + " of " +
              std::to_string(ranks) + " ranks' dates): " + first;
      return std::numeric_limits<double>::quiet_NaN();
    }
    return last;
  }

 private:
  Smpi() {
    for (const char* tool : {"smpirun", "smpicc"})
      if (command_output(std::string("command -v ") + tool).status != 0) {
        missing_ = std::string(tool) +
                   " not found: the SMPI check is skipped (scripts/setup.sh installs SimGrid's MPI, Debian "
                   "package libsimgrid-dev)";
        return;
      }
    dir_ = std::make_unique<WorkDir>("hetcoll-smpi");
    const CommandOutput built = command_output("smpicc -O2 -o '" + dir_->path() + "/coll_time' '" +
                                               HETCOLL_SOURCE_DIR + "/test/smpi/coll_time.c'");
    if (built.status != 0) throw std::runtime_error("smpicc could not build test/smpi/coll_time.c: " + built.text);
    // smpirun puts rank i on the i-th line of its host file.
    for (const CheckPlatform& platform : platforms()) {
      std::ofstream out(dir_->path() + "/" + platform.name + ".hosts");
      for (const std::string& h : platform.hosts) out << h << '\n';
    }
  }

  std::string missing_;
  std::unique_ptr<WorkDir> dir_;
};

/// @brief One comparison: an algorithm on a platform, rank count and size, dated by SMPI and by
/// each of hetcoll's engines.
struct Comparison {
  std::string algorithm;  //!< hetcoll's name (SMPI's in brackets)
  std::string platform;
  int ranks = 0;
  double bytes = 0;
  double smpi = 0;
  double simgrid = 0;
  double model = 0;
  std::string error;  //!< why a date is missing, if one is

  /// The larger of the engines' |hetcoll / SMPI − 1|; NaN if a date is missing.
  double residual() const {
    if (!error.empty() || !(smpi > 0)) return std::numeric_limits<double>::quiet_NaN();
    return std::max(std::abs(simgrid / smpi - 1), std::abs(model / smpi - 1));
  }
};

/// Prints the residuals of `rows` as a table, under `title`, and fails the test for every row
/// whose residual exceeds kTolerance or could not be computed, naming it.
inline void report(const std::string& title, const std::vector<Comparison>& rows) {
  std::ostringstream table;
  table << title << "\n"
        << std::left << std::setw(44) << "algorithm" << std::setw(12) << "platform" << std::right << std::setw(6)
        << "ranks" << std::setw(10) << "bytes" << std::setw(15) << "smpi (s)" << std::setw(15) << "simgrid (s)"
        << std::setw(15) << "model (s)" << std::setw(11) << "residual" << "\n";
  double worst = 0;
  for (const Comparison& c : rows) {
    const double r = c.residual();
    table << std::left << std::setw(44) << c.algorithm << std::setw(12) << c.platform << std::right << std::setw(6)
          << c.ranks << std::setw(10) << std::llround(c.bytes) << std::setprecision(6) << std::setw(15) << c.smpi
          << std::setw(15) << c.simgrid << std::setw(15) << c.model << std::setw(11) << std::setprecision(2) << r
          << (c.error.empty() ? "" : "  " + c.error) << "\n";
    if (!(r <= kTolerance))
      ADD_FAILURE() << c.algorithm << " on " << c.platform << ", " << c.ranks << " ranks, " << std::llround(c.bytes)
                    << " bytes: " << (c.error.empty() ? "hetcoll/SMPI − 1 = " + std::to_string(r) : c.error);
    if (std::isfinite(r)) worst = std::max(worst, r);
  }
  table << "largest residual: " << worst << " (tolerance " << kTolerance << ")\n";
  std::cout << table.str() << std::flush;
}

}  // namespace hetcoll::smpi_check
