// The default of key `jobs`: Slurm's CPUs per task when set and valid, else the usable CPUs.
#include <gtest/gtest.h>

#include <sched.h>

#include <optional>
#include <string>

#include "core/error.hpp"
#include "driver/cpu_count.hpp"

namespace hetcoll {
namespace {

TEST(DefaultJobs, SlurmCpusPerTaskWinsOverTheUsableCpus) {
  EXPECT_EQ(default_jobs(std::string("3"), 64, 1024), 3);
  EXPECT_EQ(default_jobs(std::string("1024"), 2, 1024), 1024);
}

TEST(DefaultJobs, WithoutSlurmTheUsableCpusWithinTheLimit) {
  EXPECT_EQ(default_jobs(std::nullopt, 7, 1024), 7);
  EXPECT_EQ(default_jobs(std::nullopt, 5000, 1024), 1024);
  EXPECT_EQ(default_jobs(std::nullopt, 0, 1024), 1);
}

TEST(DefaultJobs, ABadSlurmValueStopsTheRunNamingTheVariable) {
  for (const std::string bad : {"", "0", "-2", "2.5", "1025", "4(x2)", " 4", "99999999999"}) {
    try {
      default_jobs(bad, 8, 1024);
      ADD_FAILURE() << "accepted SLURM_CPUS_PER_TASK='" << bad << "'";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("SLURM_CPUS_PER_TASK"), std::string::npos) << e.what();
    }
  }
}

TEST(UsableCpus, NoMoreThanTheAffinityMaskAndAtLeastOne) {
  cpu_set_t set;
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  EXPECT_GE(usable_cpus(), 1);
  EXPECT_LE(usable_cpus(), CPU_COUNT(&set));
}

}  // namespace
}  // namespace hetcoll
