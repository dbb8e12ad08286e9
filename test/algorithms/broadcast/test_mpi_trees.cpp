// The MPI libraries' broadcast trees, segment rule and selectors against what their sources say:
// the trees of Open MPI 4.1.8's coll_base_topo.c and MPICH 4.2.3's binomial broadcast, written
// out below as `rank<-parent:[children in service order]` for three communicators (each checked
// against the sends SMPI 3.32 makes where it implements the tree), Open MPI's segment count, and
// both selectors at every boundary of their tables, read from the tables as the sources print them.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/broadcast/support/mpi_bcast_program.hpp"
#include "algorithms/broadcast/support/mpi_selectors.hpp"
#include "algorithms/mpi_trees.hpp"

namespace hetcoll {
namespace {

std::string written(const MpiTree& t) {
  std::string out;
  for (std::size_t r = 0; r < t.parent.size(); ++r) {
    out += (r ? "  " : "") + std::to_string(r) + "<-" + (t.parent[r] < 0 ? "None" : std::to_string(t.parent[r])) + ":[";
    for (std::size_t c = 0; c < t.children[r].size(); ++c) out += (c ? ", " : "") + std::to_string(t.children[r][c]);
    out += "]";
  }
  return out;
}

struct Vector {
  int ranks, root;
  const char* builder;
  const char* tree;
};

// Open MPI's build_tree(2), build_bmtree, build_chain(1), build_chain(3), build_kmtree(4) and
// MPICH's binomial tree, for p = 8 root 0, p = 6 root 2 and p = 11 root 3.
const Vector kVectors[] = {
    {8, 0, "build_tree(2)", "0<-None:[1, 2]  1<-0:[3, 5]  2<-0:[4, 6]  3<-1:[7]  4<-2:[]  5<-1:[]  6<-2:[]  7<-3:[]"},
    {8, 0, "bmtree", "0<-None:[1, 2, 4]  1<-0:[3, 5]  2<-0:[6]  3<-1:[7]  4<-0:[]  5<-1:[]  6<-2:[]  7<-3:[]"},
    {8, 0, "chain(1)", "0<-None:[1]  1<-0:[2]  2<-1:[3]  3<-2:[4]  4<-3:[5]  5<-4:[6]  6<-5:[7]  7<-6:[]"},
    {8, 0, "chain(3)", "0<-None:[1, 4, 6]  1<-0:[2]  2<-1:[3]  3<-2:[]  4<-0:[5]  5<-4:[]  6<-0:[7]  7<-6:[]"},
    {8, 0, "kmtree(4)", "0<-None:[4, 1, 2, 3]  1<-0:[]  2<-0:[]  3<-0:[]  4<-0:[5, 6, 7]  5<-4:[]  6<-4:[]  7<-4:[]"},
    {8, 0, "mpich_binomial", "0<-None:[4, 2, 1]  1<-0:[]  2<-0:[3]  3<-2:[]  4<-0:[6, 5]  5<-4:[]  6<-4:[7]  7<-6:[]"},
    {6, 2, "build_tree(2)", "0<-4:[]  1<-3:[]  2<-None:[3, 4]  3<-2:[5, 1]  4<-2:[0]  5<-3:[]"},
    {6, 2, "bmtree", "0<-2:[]  1<-3:[]  2<-None:[3, 4, 0]  3<-2:[5, 1]  4<-2:[]  5<-3:[]"},
    {6, 2, "chain(1)", "0<-5:[1]  1<-0:[]  2<-None:[3]  3<-2:[4]  4<-3:[5]  5<-4:[0]"},
    {6, 2, "chain(3)", "0<-5:[]  1<-2:[]  2<-None:[3, 5, 1]  3<-2:[4]  4<-3:[]  5<-2:[0]"},
    {6, 2, "kmtree(4)", "0<-2:[1]  1<-0:[]  2<-None:[0, 3, 4, 5]  3<-2:[]  4<-2:[]  5<-2:[]"},
    {6, 2, "mpich_binomial", "0<-2:[1]  1<-0:[]  2<-None:[0, 4, 3]  3<-2:[]  4<-2:[5]  5<-4:[]"},
    {11, 3, "build_tree(2)",
     "0<-7:[]  1<-8:[]  2<-9:[]  3<-None:[4, 5]  4<-3:[6, 8]  5<-3:[7, 9]  6<-4:[10]  7<-5:[0]  8<-4:[1]  9<-5:[2]  "
     "10<-6:[]"},
    {11, 3, "bmtree",
     "0<-3:[]  1<-4:[]  2<-5:[]  3<-None:[4, 5, 7, 0]  4<-3:[6, 8, 1]  5<-3:[9, 2]  6<-4:[10]  7<-3:[]  8<-4:[]  "
     "9<-5:[]  10<-6:[]"},
    {11, 3, "chain(1)",
     "0<-10:[1]  1<-0:[2]  2<-1:[]  3<-None:[4]  4<-3:[5]  5<-4:[6]  6<-5:[7]  7<-6:[8]  8<-7:[9]  9<-8:[10]  "
     "10<-9:[0]"},
    {11, 3, "chain(3)",
     "0<-3:[1]  1<-0:[2]  2<-1:[]  3<-None:[4, 8, 0]  4<-3:[5]  5<-4:[6]  6<-5:[7]  7<-6:[]  8<-3:[9]  9<-8:[10]  "
     "10<-9:[]"},
    {11, 3, "kmtree(4)",
     "0<-3:[1, 2]  1<-0:[]  2<-0:[]  3<-None:[7, 0, 4, 5, 6]  4<-3:[]  5<-3:[]  6<-3:[]  7<-3:[8, 9, 10]  8<-7:[]  "
     "9<-7:[]  10<-7:[]"},
    {11, 3, "mpich_binomial",
     "0<-3:[2, 1]  1<-0:[]  2<-0:[]  3<-None:[0, 7, 5, 4]  4<-3:[]  5<-3:[6]  6<-5:[]  7<-3:[9, 8]  8<-7:[]  "
     "9<-7:[10]  10<-9:[]"},
};

MpiTree built(const std::string& builder, int p, int root) {
  if (builder == "build_tree(2)") return ompi_kary_tree(2, p, root);
  if (builder == "bmtree") return ompi_binomial_tree(p, root);
  if (builder == "chain(1)") return ompi_chain_tree(1, p, root);
  if (builder == "chain(3)") return ompi_chain_tree(3, p, root);
  if (builder == "kmtree(4)") return ompi_knomial_tree(4, p, root);
  return mpich_binomial_tree(p, root);
}

TEST(MpiTrees, EveryBuilderGivesTheLibrarysTreeOnTheTestVectors) {
  for (const Vector& v : kVectors)
    EXPECT_EQ(written(built(v.builder, v.ranks, v.root)), v.tree)
        << v.builder << " p " << v.ranks << " root " << v.root;
}

TEST(MpiTrees, EveryTreeSpansEveryRankOnceFromTheRoot) {
  for (const Vector& v : kVectors)
    for (int p = 1; p <= 40; ++p)
      for (int root : {0, p / 2, p - 1}) {
        const MpiTree t = built(v.builder, p, root);
        std::vector<int> seen(p, 0);
        std::vector<int> queue = {root};
        for (std::size_t i = 0; i < queue.size(); ++i)
          for (int c : t.children[queue[i]]) {
            EXPECT_EQ(t.parent[c], queue[i]);
            queue.push_back(c);
          }
        for (int r : queue) ++seen[r];
        for (int r = 0; r < p; ++r)
          EXPECT_EQ(seen[r], 1) << v.builder << " p " << p << " root " << root << " rank " << r;
        EXPECT_EQ(t.parent[root], -1);
      }
}

TEST(MpiTrees, TheKnomialRadixTwoIsMpichsBinomialShape) {
  // build_kmtree of radix 2 serves the farthest child first on the lowest set bit: MPICH's tree.
  for (int p = 1; p <= 70; ++p)
    for (int root : {0, p - 1})
      EXPECT_EQ(written(ompi_knomial_tree(2, p, root)), written(mpich_binomial_tree(p, root)));
}

TEST(MpiSegments, OpenMpisSegmentCountIsTheCeilingAndTheLastSegmentTakesTheRest) {
  for (double n : {1.0, 2.0, 1000.0, 1024.0, 1025.0, 65536.0, 1048577.0})
    for (double seg : {0.0, 1.0, 7.0, 1024.0, 8192.0, 131072.0, 2e6}) {
      const std::vector<double> s = ompi_segments(n, seg);
      const double expected = seg == 0 || seg >= n ? 1 : std::ceil(n / seg);
      ASSERT_EQ(s.size(), expected) << n << " at " << seg;
      double sum = 0;
      for (std::size_t i = 0; i < s.size(); ++i) {
        sum += s[i];
        if (i + 1 < s.size()) EXPECT_EQ(s[i], seg);
        EXPECT_GT(s[i], 0);
        EXPECT_LE(s[i], s.size() > 1 ? seg : n);
      }
      EXPECT_EQ(sum, n);
    }
}

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
