// The MPI libraries' broadcasts as policies: the program of the algorithm (or of a selector's
// choice) over the point's hosts, compiled to a plan by the point's grid.
#include "algorithms/broadcast/support/mpi_policy.hpp"

#include <stdexcept>

namespace hetcoll {
namespace {

BroadcastPlan mpi_plan(const BroadcastSetup& setup, MpiBcastAlgorithm algorithm, double segment, int radix) {
  const MpiBroadcast b = setup.grid->ranks(setup.mpi.message);
  RankProgram program = mpi_program(b);
  const double cut = add_mpi_bcast(program, b, algorithm, segment, radix);
  BroadcastPlan plan = setup.grid->rank_plan(program.plan());
  plan.chosen = mpi_bcast_name(algorithm);
  plan.segment = cut;
  return plan;
}

void check(const BroadcastSetup& setup) {
  // The family refuses the rows with abstract costs (their clusters are points, with no cost
  // for part of a message): reaching here without hosts is the family's bug.
  if (setup.grid == nullptr || !setup.grid->spans_hosts())
    throw std::logic_error("broadcast: an MPI library's algorithm needs a grid of hosts");
}

}  // namespace

std::unique_ptr<BroadcastPolicy> mpi_broadcast(const BroadcastSetup& setup, MpiBcastAlgorithm algorithm) {
  check(setup);
  return planned_broadcast(setup, [setup, algorithm] { return mpi_plan(setup, algorithm, setup.mpi.segment, setup.mpi.radix); });
}

std::unique_ptr<BroadcastPolicy> mpi_selected_broadcast(const BroadcastSetup& setup, MpiSelector select) {
  check(setup);
  return planned_broadcast(setup, [setup, select] {
    const MpiChoice choice = select(setup.grid->ranks(setup.mpi.message).ranks, setup.mpi.message);
    // The library's own segment and radix: keys segment and radix do not change its choice.
    return mpi_plan(setup, choice.algorithm, choice.segment, choice.radix);
  });
}

}  // namespace hetcoll
