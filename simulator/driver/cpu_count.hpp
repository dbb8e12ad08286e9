#pragma once
/// @file cpu_count.hpp
/// @brief How many processes a run starts when `jobs` is not given: the CPUs Slurm gave the task,
/// or else the CPUs this process may use (its affinity mask, bounded by its cgroup's quota).
#include <optional>
#include <string>

namespace hetcoll {

/// @brief CPUs this process may run on: the affinity mask (taskset, Slurm's and MPI's binding),
/// bounded by the cgroup's CPU quota (cgroup v2 cpu.max, or v1 cpu.cfs_quota_us / period,
/// rounded up), and at least 1.
int usable_cpus();

/// @brief The default of key `jobs`. `slurm_cpus_per_task` is the value of SLURM_CPUS_PER_TASK
/// (unset: nullopt), `usable` what usable_cpus() says, `most` the largest `jobs` allowed.
/// Slurm's value wins when set (sbatch --cpus-per-task); it must be a whole number from 1 to
/// `most`, or the run stops (InputError naming the variable): a wrong value there would
/// otherwise silently oversubscribe or idle the task's cores.
int default_jobs(const std::optional<std::string>& slurm_cpus_per_task, int usable, int most);

/// @brief default_jobs() for this process: SLURM_CPUS_PER_TASK if set, else HETCOLL_DEFAULT_JOBS
/// if set (hetcoll-mpi sets 1 for its ranks' runs), else usable_cpus(); a bad value of either
/// variable stops the run (InputError naming it).
int default_jobs(int most);

}  // namespace hetcoll
