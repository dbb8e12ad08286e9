// The MPI libraries' trees and Open MPI's segment rule (algorithms/mpi_trees.hpp), shared by the
// reduce and broadcast families, against what their sources say: the trees of Open MPI 4.1.8's
// coll_base_topo.c and MPICH 4.2.3's binomial broadcast, written out below as
// `rank<-parent:[children in service order]` for three communicators (each checked against the
// sends SMPI 3.32 makes where it implements the tree), and Open MPI's segment count.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

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

// Open MPI's build_tree(2), build_bmtree, build_chain(1), build_chain(3), build_kmtree(4),
// build_in_order_bmtree and build_in_order_bintree (rooted at p - 1 whatever the root), and
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
    {8, 0, "in_order_bmtree",
     "0<-None:[1, 2, 4]  1<-0:[]  2<-0:[3]  3<-2:[]  4<-0:[5, 6]  5<-4:[]  6<-4:[7]  7<-6:[]"},
    {8, 0, "in_order_bintree",
     "0<-1:[]  1<-3:[0]  2<-3:[]  3<-7:[2, 1]  4<-6:[]  5<-6:[]  6<-7:[5, 4]  7<-None:[6, 3]"},
    {6, 2, "in_order_bmtree",
     "0<-2:[1]  1<-0:[]  2<-None:[3, 4, 0]  3<-2:[]  4<-2:[5]  5<-4:[]"},
    {6, 2, "in_order_bintree",
     "0<-2:[]  1<-2:[]  2<-5:[1, 0]  3<-4:[]  4<-5:[3]  5<-None:[4, 2]"},
    {11, 3, "in_order_bmtree",
     "0<-3:[1, 2]  1<-0:[]  2<-0:[]  3<-None:[4, 5, 7, 0]  4<-3:[]  5<-3:[6]  6<-5:[]  7<-3:[8, 9]  "
     "8<-7:[]  9<-7:[10]  10<-9:[]"},
    {11, 3, "in_order_bintree",
     "0<-1:[]  1<-4:[0]  2<-3:[]  3<-4:[2]  4<-10:[3, 1]  5<-6:[]  6<-9:[5]  7<-8:[]  8<-9:[7]  "
     "9<-10:[8, 6]  10<-None:[9, 4]"},
};

MpiTree built(const std::string& builder, int p, int root) {
  if (builder == "build_tree(2)") return ompi_kary_tree(2, p, root);
  if (builder == "bmtree") return ompi_binomial_tree(p, root);
  if (builder == "chain(1)") return ompi_chain_tree(1, p, root);
  if (builder == "chain(3)") return ompi_chain_tree(3, p, root);
  if (builder == "kmtree(4)") return ompi_knomial_tree(4, p, root);
  if (builder == "in_order_bmtree") return ompi_in_order_binomial_tree(p, root);
  if (builder == "in_order_bintree") return ompi_in_order_binary_tree(p);
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
        std::vector<int> queue = {t.root};
        for (std::size_t i = 0; i < queue.size(); ++i)
          for (int c : t.children[queue[i]]) {
            EXPECT_EQ(t.parent[c], queue[i]);
            queue.push_back(c);
          }
        for (int r : queue) ++seen[r];
        for (int r = 0; r < p; ++r)
          EXPECT_EQ(seen[r], 1) << v.builder << " p " << p << " root " << root << " rank " << r;
        EXPECT_EQ(t.parent[t.root], -1);
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

}  // namespace
}  // namespace hetcoll
