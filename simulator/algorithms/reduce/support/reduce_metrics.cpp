// The metrics of the reduce family, beside its makespan (docs/outputs.md, docs/reduce.md): one
// list, whose order is the order of the runner's values per algorithm (reduce_runner.cpp).
#include <vector>

#include "algorithms/reduce/support/reduce_family.hpp"
#include "algorithms/reduce/support/registry.hpp"

namespace hetcoll {

const std::vector<MetricSpec>& reduce_metrics() {
  static const std::vector<MetricSpec> metrics = {
      {"over_bound",
       "makespan / a lower bound of every schedule ending at the run's root, at mean costs with a free ⊕: the "
       "optimal EP makespan of the cluster's times for that root (n <= 12; a lower bound of it beyond), of each "
       "host's fastest route on a file read with cluster = file; a true bound when cv = 0 of the schedules of one "
       "message per host, which the MPI rows' segments and halves may beat",
       {"mean", "max"}},
      {"sender_spread",
       "how far the platform is from one time per sender: max over senders of the slowest over the fastest "
       "route to the others (cluster = file on a platform without <host>_UP links; 1 where the model holds by "
       "construction, and with cluster = platform, where no times are derived)",
       {"max"}},
      {"root",
       "the host where the result ended (an index into the run's hosts): key 'root', or with root = any each "
       "algorithm's choice ('varies' when replications ended at different hosts)",
       {"same"}},
      {"chosen",
       "the algorithm the row ran: a selector's pick (an mpi-* row, or MPICH's own mpich-binomial or "
       "mpich-reduce-scatter-gather), else the row itself",
       {"same"},
       reduce_choice_words()},
      {"chosen_segment",
       "bytes per segment of the algorithm the row ran (0: whole messages)",
       {"same"}}};
  return metrics;
}

}  // namespace hetcoll
