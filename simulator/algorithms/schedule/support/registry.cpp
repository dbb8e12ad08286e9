#include "algorithms/schedule/support/registry.hpp"

namespace hetcoll {

// The factories, each defined in the algorithm's own file (make_ + the row's name, '-' as '_'):
// a new algorithm is its file, its line here and its row below.
std::unique_ptr<Policy> make_goal(const ScheduleSetup& setup);

const AlgorithmTable<ScheduleAlgorithm>& schedule_algorithms() {
  using Row = ScheduleAlgorithm;
  static const AlgorithmTable<ScheduleAlgorithm> table({
      Row("goal")
          .description("the GOAL file's schedule: matched sends and receives as messages, calcs as work, "
                       "each operation started once its dependencies have ended")
          .reference("GOAL, the format of LogGOPSim (Hoefler, Schneider & Lumsdaine, HPDC 2010)")
          .make(make_goal),
  });
  return table;
}

}  // namespace hetcoll
