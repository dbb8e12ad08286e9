#pragma once
/// @file registry.hpp
/// @brief The table of hetreduce algorithms (Liu & Wang, IPDPS 2000; docs/hetreduce.md).
///
/// Every algorithm turns the transmission times of one cluster into a static Plan of comms
/// (cost 1 = one message, which lasts t(sender) on the platform); the family, `hetcoll list`
/// and the tests iterate over this one table.
#include <vector>

#include "algorithms/algorithm_table.hpp"
#include "core/random.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief An optimal EP sequence and its makespan.
struct OptimalSchedule {
  double makespan = 0;
  std::vector<int> sequence;  //!< senders in start order (root excluded)
};

/// @brief What an algorithm sees of one replication.
struct HetreduceInput {
  const std::vector<double>& times;  //!< t(p) of hosts 0..n-1
  RandomStream& stream;              //!< the replication's own stream (random-order only)
  const std::vector<int>& order;     //!< key `order`: a permutation of the hosts (ep-order)
  /// The optimum of `times` if the caller has it already (optimal then skips its search).
  const OptimalSchedule* optimum = nullptr;
};

/// @brief One entry of the table.
struct HetreduceAlgorithm : AlgorithmInfo {
  bool random;         //!< draws from the stream: its plan changes every replication
  int max_processors;  //!< largest n it accepts (0: no limit)
  Plan (*make)(const HetreduceInput&);
};

/// @brief All hetreduce algorithms, in a fixed order.
const AlgorithmTable<HetreduceAlgorithm>& hetreduce_algorithms();

}  // namespace hetcoll
