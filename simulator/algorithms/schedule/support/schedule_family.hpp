#pragma once
/// @file schedule_family.hpp
/// @brief The `schedule` family: any schedule as data, a GOAL file (LogGOPSim's format,
/// docs/schedule.md) run on any platform, on both engines, under uncertain costs.
#include "algorithms/family.hpp"
#include "algorithms/keys.hpp"

namespace hetcoll {

/// @brief The family's keys: the GOAL file, the unit of its calcs, cv and the rank whose finish
/// is reported (the sweep axes and CSV columns).
struct ScheduleKeys {
  KeyTable table;
  /// Out of the seed, as every key here: the noise is the only draw, and every schedule meets
  /// the same draws in the order it starts its activities.
  TextKey goal = table.text("goal", "the GOAL file to run (LogGOPSim's format, docs/schedule.md); not given: the "
                                    "built-in two-rank example")
                     .valid("a GOAL file (LogGOPSim's format); none: the built-in example")
                     .same_draws();
  TextKey calc_unit = table.text("calc-unit", "what a calc's TIME is: seconds on its rank's host, or flops of work",
                                 "seconds", {"seconds", "flops"})
                          .same_draws();
  NumberKey cv;
  /// A sweep axis out of the seed: `rank = 0 1 2 ...` gives one row per rank of the same
  /// replications, each rank's finish in its own row's `rank_finish` columns (tidy).
  NumberKey rank = table.number("rank", "the rank whose finish the metric rank_finish reports (-1: the rank that "
                                        "finished last, so rank_finish is the makespan)",
                                -1)
                       .sweep()
                       .whole()
                       .at_least(-1)
                       .at_most(kMaxHosts - 1)
                       .same_draws();
  ScheduleKeys();
};

/// @brief The family's keys, built once.
const ScheduleKeys& schedule_keys();

/// @brief Value: the makespan (s); metrics `last_rank` (the rank that finished last, lowest
/// first among ties), `first_finish` (the earliest finish of a rank, s) and `rank_finish` (the
/// finish of the rank key `rank` names, s).
const Family& schedule_family();

}  // namespace hetcoll
