#pragma once
/// @file intra_models.hpp
/// @brief pLogP cost models of intra-cluster broadcast (Steffenel §4.2, Table 1),
/// the segment-size search and the choice of the best strategy for a cluster.
#include <string>
#include <vector>

#include "algorithms/broadcast/support/plogp.hpp"

namespace hetcoll {

/// @brief The strategies of Table 1, in its order.
enum class IntraStrategy {
  flat,
  flat_rendezvous,
  segmented_flat,
  chain,
  chain_rendezvous,
  segmented_chain,
  binary,
  binomial,
  binomial_rendezvous,
  segmented_binomial,
  scatter_collect,
};

/// @brief Name and properties of a strategy.
struct IntraStrategyInfo {
  IntraStrategy id;
  std::string name;   //!< as in scenario files, e.g. "segmented-chain"
  bool segmented;     //!< its time depends on a segment size s (k = m/s segments)
  bool executable;    //!< hetcoll also executes it as a plan (flat, chain, segmented chain, binary, binomial)
};

/// @brief All strategies of Table 1, in its order.
const std::vector<IntraStrategyInfo>& intra_strategies();
/// @brief The entry of `id`.
const IntraStrategyInfo& intra_strategy_info(IntraStrategy id);
/// @brief The entry named `name`, or nullptr.
const IntraStrategyInfo* find_intra_strategy(const std::string& name);

/// @brief Table 1's time of `strategy` for P nodes, a message of m bytes and segments of s bytes
/// (ignored by unsegmented strategies). P ≤ 1 costs 0: there is nobody to send to.
double intra_time(IntraStrategy strategy, int P, double m, double s, const PLogP& link);

/// @brief A strategy with its segment size and predicted time.
struct IntraChoice {
  IntraStrategy strategy = IntraStrategy::flat;
  double segment = 0;   //!< s (bytes); m for unsegmented strategies
  double segments = 1;  //!< k = m/s
  double time = 0;      //!< predicted broadcast time (s)
};

/// @brief The strategy with the best segment size among s = m/2^i, i = 0..⌊log2 m⌋ (Kielmann's
/// search; ties keep the larger segment). Unsegmented strategies have s = m.
IntraChoice tune_intra(IntraStrategy strategy, int P, double m, const PLogP& link);

/// @brief The fastest of `candidates` (ties: the first listed), each with its best segment size.
IntraChoice best_intra(const std::vector<IntraStrategy>& candidates, int P, double m, const PLogP& link);

/// @brief The strategies hetcoll executes: flat, chain, segmented chain, binary, binomial.
std::vector<IntraStrategy> executable_intra_strategies();

}  // namespace hetcoll
