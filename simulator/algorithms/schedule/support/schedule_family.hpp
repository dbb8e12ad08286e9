#pragma once
/// @file schedule_family.hpp
/// @brief The `schedule` family: any static schedule as data, a GOAL file (LogGOPSim's format,
/// docs/schedule.md) run on any platform, on both engines, under uncertain costs.
#include "algorithms/family.hpp"
#include "algorithms/keys.hpp"

namespace hetcoll {

/// @brief The family's keys: the GOAL file, the unit of its calcs, and cv (the one sweep axis
/// and CSV column).
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
  ScheduleKeys();
};

/// @brief The family's keys, built once.
const ScheduleKeys& schedule_keys();

/// @brief Value: the makespan (s); metrics `last_rank` (the rank that finished last, lowest
/// first among ties) and `first_finish` (the earliest finish of a rank, s).
const Family& schedule_family();

}  // namespace hetcoll
