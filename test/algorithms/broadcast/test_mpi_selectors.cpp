// The MPI libraries' broadcast selectors against what their sources say: both at every boundary
// of their tables, read from the tables as the sources print them (the trees they run:
// test/algorithms/test_mpi_trees.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "algorithms/broadcast/support/mpi_bcast_program.hpp"
#include "algorithms/broadcast/support/mpi_selectors.hpp"

namespace hetcoll {
namespace {

/// Open MPI 4.1's bcast table as its source prints it: per band of p, "n<T:id" in order, then
/// the id beyond (coll_tuned_decision_fixed.c @ v4.1.8).
struct Band {
  int from, below;  // from <= p < below (0: no bound)
  const char* rule;
};
const Band kOmpiTable[] = {
    {1, 4, "n<32:3, <256:5, <512:3, <1024:7, <32768:1, <131072:5, <262144:2, <524288:1, <1048576:6, else 5"},
    {4, 8, "n<64:5, <128:6, <2048:5, <8192:6, <1048576:1, else 2"},
    {8, 16, "n<8:7, <64:5, <4096:7, <16384:5, <32768:6, else 1"},
    {16, 32, "n<4096:7, <1048576:6, else 8"},
    {32, 64, "n<2048:6, else 7"},
    {64, 128, "else 7"},
    {128, 256, "n<2:6, <16384:5, <32768:1, <65536:5, else 7"},
    {256, 1024, "n<16384:7, <32768:4, else 7"},
    {1024, 2048, "n<524288:7, else 8"},
    {2048, 4096, "n<262144:7, else 8"},
    {4096, 0, "n<8192:7, <16384:5, <262144:7, else 8"},
};

/// What Open MPI runs for id (4.1's fixed rules: segsize 0, chain fanout 0 clamped to 1).
MpiBcastAlgorithm ompi_id(int id) {
  const MpiBcastAlgorithm ids[] = {MpiBcastAlgorithm::linear,
                                   MpiBcastAlgorithm::pipeline,
                                   MpiBcastAlgorithm::pipeline,
                                   MpiBcastAlgorithm::split_binary,
                                   MpiBcastAlgorithm::binary,
                                   MpiBcastAlgorithm::binomial,
                                   MpiBcastAlgorithm::knomial,
                                   MpiBcastAlgorithm::scatter_rd_allgather,
                                   MpiBcastAlgorithm::scatter_ring_allgather};
  return ids[id - 1];
}

TEST(MpiSelectors, OmpiTunedPicksPerOpenMpi41sTableOnBothSidesOfEveryThreshold) {
  for (const Band& band : kOmpiTable) {
    // (threshold, id) pairs and the id beyond, parsed from the printed rule.
    std::vector<std::pair<double, int>> steps;
    int beyond = 0;
    std::string rule = band.rule;
    for (std::size_t at = 0; at < rule.size();) {
      std::size_t end = rule.find(',', at);
      if (end == std::string::npos) end = rule.size();
      std::string part = rule.substr(at, end - at);
      at = end + 1;
      if (part.find("else") != std::string::npos) {
        beyond = std::stoi(part.substr(part.find("else") + 4));
        continue;
      }
      const std::size_t lt = part.find('<'), colon = part.find(':');
      steps.emplace_back(std::stod(part.substr(lt + 1, colon - lt - 1)), std::stoi(part.substr(colon + 1)));
    }
    std::vector<int> ranks = {band.from, band.below ? band.below - 1 : band.from * 2};
    for (int p : ranks) {
      double previous = 1;
      for (std::size_t i = 0; i <= steps.size(); ++i) {
        const double threshold = i < steps.size() ? steps[i].first : previous * 4;
        const int id = i < steps.size() ? steps[i].second : beyond;
        for (double n : {previous, threshold - 1}) {
          if (n < previous || n >= threshold) continue;
          MpiBcastAlgorithm expected = ompi_id(id);
          // Open MPI's scatter-allgathers broadcast linearly when count < p.
          if ((id == 8 || id == 9) && n < p) expected = MpiBcastAlgorithm::linear;
          const MpiChoice c = ompi_tuned_bcast(p, n);
          EXPECT_EQ(mpi_bcast_name(c.algorithm), std::string(mpi_bcast_name(expected))) << "p " << p << " n " << n;
          EXPECT_EQ(c.segment, 0) << "4.1's fixed rules never segment";
        }
        previous = threshold;
      }
    }
  }
}

TEST(MpiSelectors, MpichPicksPerItsDefaultJsonWithInclusiveSizes) {
  const std::string binomial = mpi_bcast_name(MpiBcastAlgorithm::mpich_binomial),
                    rd = mpi_bcast_name(MpiBcastAlgorithm::scatter_rd_allgather),
                    ring = mpi_bcast_name(MpiBcastAlgorithm::scatter_ring_allgather);
  struct Case {
    int p;
    double n;
    const std::string& expected;
  };
  const Case cases[] = {{2, 1e9, binomial},    {7, 1e9, binomial}, {8, 12288, binomial}, {8, 12289, rd},
                        {8, 524288, rd},       {8, 524289, ring},  {16, 1, binomial},    {1024, 524288, rd},
                        {12, 12288, binomial}, {12, 12289, ring},  {12, 1e6, ring},      {9, 524288, ring},
                        {1000, 12289, ring}};
  for (const Case& c : cases)
    EXPECT_EQ(mpi_bcast_name(mpich_bcast(c.p, c.n).algorithm), c.expected) << "p " << c.p << " n " << c.n;
}

}  // namespace
}  // namespace hetcoll
