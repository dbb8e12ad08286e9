#include "driver/cpu_count.hpp"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>

#include "core/error.hpp"

namespace hetcoll {
namespace {

/// The quota of the cgroup this process is in, in CPUs (0: none). Containers and Slurm (with
/// ConstrainCores off) may limit time rather than cores: a quota of 2 CPUs on a 64-core node
/// means 2 processes, not 64.
double cgroup_quota() {
  // cgroup v2: "max 100000" or "200000 100000" in the process's own group (mounted at the root
  // of /sys/fs/cgroup inside a container or a Slurm step's namespace).
  std::ifstream v2("/sys/fs/cgroup/cpu.max");
  std::string quota;
  double period = 0;
  if (v2 >> quota >> period) return quota == "max" || period <= 0 ? 0 : std::strtod(quota.c_str(), nullptr) / period;
  // cgroup v1: -1 means none.
  std::ifstream q1("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"), p1("/sys/fs/cgroup/cpu/cpu.cfs_period_us");
  double q = 0;
  if (q1 >> q && p1 >> period && q > 0 && period > 0) return q / period;
  return 0;
}

/// The value of environment variable `name` as a count of jobs: a whole number from 1 to `most`,
/// or InputError naming the variable (a wrong value would silently oversubscribe or idle cores).
int count_from(const char* name, const std::string& text, int most, const std::string& fix) {
  const bool digits = !text.empty() && text.size() <= 9 &&
                      std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  const long value = digits ? std::strtol(text.c_str(), nullptr, 10) : 0;
  if (value < 1 || value > most)
    throw InputError(std::string("environment variable ") + name + " (the default of key 'jobs') expects a whole "
                     "number from 1 to " + std::to_string(most) + ", got '" + text + "'" + fix);
  return static_cast<int>(value);
}

}  // namespace

int usable_cpus() {
  int cpus = 0;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) cpus = CPU_COUNT(&set);
  const double quota = cgroup_quota();
  if (quota > 0) cpus = cpus > 0 ? std::min(cpus, static_cast<int>(std::ceil(quota))) : static_cast<int>(std::ceil(quota));
  return std::max(cpus, 1);
}

int default_jobs(const std::optional<std::string>& slurm_cpus_per_task, int usable, int most) {
  if (slurm_cpus_per_task)
    return count_from("SLURM_CPUS_PER_TASK", *slurm_cpus_per_task, most, "; set it right or give key 'jobs'");
  return std::clamp(usable, 1, most);
}

int default_jobs(int most) {
  const char* slurm = std::getenv("SLURM_CPUS_PER_TASK");
  if (slurm) return default_jobs(std::optional<std::string>(slurm), usable_cpus(), most);
  // hetcoll-mpi sets it to 1 for its ranks' runs: ranks are usually one per core already.
  const char* launcher = std::getenv("HETCOLL_DEFAULT_JOBS");
  if (launcher) return count_from("HETCOLL_DEFAULT_JOBS", launcher, most, "");
  return default_jobs(std::nullopt, usable_cpus(), most);
}

}  // namespace hetcoll
