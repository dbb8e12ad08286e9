// Open MPI 4.1.8's fixed broadcast rules (coll_tuned_decision_fixed.c,
// ompi_coll_tuned_bcast_intra_dec_fixed) and MPICH 4.2.3's default selection (generic.json).
#include "algorithms/broadcast/support/mpi_selectors.hpp"

#include <utility>
#include <vector>

namespace hetcoll {
namespace {

/// Open MPI's algorithm ids: 1 linear, 2 chain, 3 pipeline, 4 split binary, 5 binary,
/// 6 binomial, 7 k-nomial, 8 scatter + allgather, 9 scatter + ring allgather.
struct Band {
  int below_ranks;                             // the band holds p < below_ranks (0: every p)
  std::vector<std::pair<double, int>> below;  // (T, id): the first T with n < T wins
  int otherwise;
};

// The table of coll_tuned_decision_fixed.c @ v4.1.8, row by row.
const std::vector<Band>& ompi_bands() {
  static const std::vector<Band> bands = {
      {4, {{32, 3}, {256, 5}, {512, 3}, {1024, 7}, {32768, 1}, {131072, 5}, {262144, 2}, {524288, 1}, {1048576, 6}}, 5},
      {8, {{64, 5}, {128, 6}, {2048, 5}, {8192, 6}, {1048576, 1}}, 2},
      {16, {{8, 7}, {64, 5}, {4096, 7}, {16384, 5}, {32768, 6}}, 1},
      {32, {{4096, 7}, {1048576, 6}}, 8},
      {64, {{2048, 6}}, 7},
      {128, {}, 7},
      {256, {{2, 6}, {16384, 5}, {32768, 1}, {65536, 5}}, 7},
      {1024, {{16384, 7}, {32768, 4}}, 7},
      {2048, {{524288, 7}}, 8},
      {4096, {{262144, 7}}, 8},
      {0, {{8192, 7}, {16384, 5}, {262144, 7}}, 8},
  };
  return bands;
}

MpiBcastAlgorithm ompi_algorithm(int id) {
  switch (id) {
    case 1: return MpiBcastAlgorithm::linear;
    // Chain with the fixed rules' fanout 0, which build_chain clamps to 1: the pipeline.
    case 2: return MpiBcastAlgorithm::pipeline;
    case 3: return MpiBcastAlgorithm::pipeline;
    case 4: return MpiBcastAlgorithm::split_binary;
    case 5: return MpiBcastAlgorithm::binary;
    case 6: return MpiBcastAlgorithm::binomial;
    case 7: return MpiBcastAlgorithm::knomial;
    case 8: return MpiBcastAlgorithm::scatter_rd_allgather;
    default: return MpiBcastAlgorithm::scatter_ring_allgather;
  }
}

}  // namespace

MpiChoice ompi_tuned_bcast(int ranks, double message) {
  for (const Band& band : ompi_bands()) {
    if (band.below_ranks != 0 && ranks >= band.below_ranks) continue;
    int id = band.otherwise;
    for (const auto& [threshold, chosen] : band.below)
      if (message < threshold) {
        id = chosen;
        break;
      }
    // bcast_intra_scatter_allgather(_ring) fall back to basic linear when count < p.
    if ((id == 8 || id == 9) && message < ranks) id = 1;
    return {ompi_algorithm(id), 0};
  }
  return {};
}

MpiChoice mpich_bcast(int ranks, double message) {
  constexpr int kMinProcs = 8;
  constexpr double kShortMessage = 12288, kLongMessage = 524288;
  const bool power_of_two = (ranks & (ranks - 1)) == 0;
  if (ranks < kMinProcs || message <= kShortMessage) return {MpiBcastAlgorithm::mpich_binomial, 0};
  if (power_of_two && message <= kLongMessage) return {MpiBcastAlgorithm::scatter_rd_allgather, 0};
  return {MpiBcastAlgorithm::scatter_ring_allgather, 0};
}

}  // namespace hetcoll
