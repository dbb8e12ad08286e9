// GGP, OGGP and DGGP give exactly the schedules of the former peeling (reference_peeling.hpp):
// the incremental matcher (matching.cpp) changes how fast a matching is found, never which one.
// Same steps, same pieces in the same order, same amounts to the bit, on random instances of
// every shape, small and medium, with many equal weights (where ties decide the matching).
#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/redistribute/factories.hpp"
#include "algorithms/redistribute/inputs.hpp"
#include "algorithms/redistribute/matching.hpp"
#include "core/random.hpp"
#include "reference_peeling.hpp"

namespace hetcoll {
namespace {

/// "" if `a` and `b` are the same schedule, else where they first differ.
std::string first_difference(const Schedule& a, const Schedule& b) {
  if (a.size() != b.size()) return std::to_string(a.size()) + " steps against " + std::to_string(b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].size() != b[i].size())
      return "step " + std::to_string(i) + ": " + std::to_string(a[i].size()) + " pieces against " +
             std::to_string(b[i].size());
    for (std::size_t j = 0; j < a[i].size(); ++j)
      if (a[i][j].message != b[i][j].message || a[i][j].amount != b[i][j].amount)
        return "step " + std::to_string(i) + " piece " + std::to_string(j);
  }
  return "";
}

/// Random shapes: sides 1..max_side, any edge count up to `max_edges` (0: any), k in 1..max_k,
/// weights 1..weight_max (small maxima make many ties), β among 0, 0.5, 1, 3, and, one time in
/// four, fractional weights (the normalisation rounds them up).
Instance random_shape(RandomStream& random, std::uint64_t seed, int max_side, int max_edges, int max_k) {
  RandomSpec spec;
  spec.senders = 1 + static_cast<int>(random.below(max_side));
  spec.receivers = 1 + static_cast<int>(random.below(max_side));
  const std::uint64_t pairs = static_cast<std::uint64_t>(spec.senders) * spec.receivers;
  const std::uint64_t cap = max_edges > 0 ? std::min<std::uint64_t>(pairs, max_edges) : pairs;
  spec.edges = 1 + static_cast<int>(random.below(cap));
  spec.k = 1 + static_cast<int>(random.below(max_k));
  spec.delta_max = 1 + static_cast<int>(random.below(6));
  static const int weight_max[] = {1, 2, 3, 5, 20, 100};
  spec.weight_max = weight_max[random.below(6)];
  static const double beta[] = {0, 0.5, 1, 3};
  spec.beta = beta[random.below(4)];
  Instance g = random_instance(spec, RandomStream(seed)).instance;
  if (random.below(4) == 0)
    for (Message& m : g.messages) m.weight *= 0.37;
  return g;
}

void expect_same_schedules(std::uint64_t stream, int instances, int max_side, int max_edges, int max_k) {
  RandomStream random(stream);
  for (int i = 0; i < instances; ++i) {
    const Instance g = random_shape(random, stream * 100000 + i, max_side, max_edges, max_k);
    const std::string where = "instance " + std::to_string(i) + ": " + std::to_string(g.senders) + " + " +
                              std::to_string(g.receivers) + " nodes, " + std::to_string(g.messages.size()) +
                              " messages, k " + std::to_string(g.k) + ", beta " + std::to_string(g.beta);
    ASSERT_EQ(first_difference(ggp_schedule(g), reference::ggp(g)), "") << "ggp, " << where;
    ASSERT_EQ(first_difference(oggp_schedule(g), reference::oggp(g)), "") << "oggp, " << where;
    ASSERT_EQ(first_difference(dggp_schedule(g), reference::dggp(g)), "") << "dggp, " << where;
  }
}

TEST(RedistributionSameness, SmallInstancesGiveTheReferenceSchedules) { expect_same_schedules(1, 3000, 8, 0, 8); }

TEST(RedistributionSameness, MediumInstancesGiveTheReferenceSchedules) { expect_same_schedules(2, 150, 40, 600, 30); }

TEST(RedistributionSameness, DenseInstancesWithFewDistinctWeightsGiveTheReferenceSchedules) {
  // Few weights, many edges per node: the bottleneck search meets long runs of equal weights.
  RandomStream random(3);
  for (int i = 0; i < 12; ++i) {
    RandomSpec spec;
    spec.senders = 20 + static_cast<int>(random.below(41));
    spec.receivers = 20 + static_cast<int>(random.below(41));
    spec.edges = static_cast<int>(spec.senders * spec.receivers * (2 + random.below(7)) / 10);
    spec.k = 1 + static_cast<int>(random.below(std::min(spec.senders, spec.receivers)));
    spec.weight_max = 1 + static_cast<int>(random.below(4));
    spec.beta = 1;
    const Instance g = random_instance(spec, RandomStream(300 + i)).instance;
    ASSERT_EQ(first_difference(ggp_schedule(g), reference::ggp(g)), "") << "ggp " << i;
    ASSERT_EQ(first_difference(oggp_schedule(g), reference::oggp(g)), "") << "oggp " << i;
    ASSERT_EQ(first_difference(dggp_schedule(g), reference::dggp(g)), "") << "dggp " << i;
  }
}

TEST(RedistributionSameness, LargerInstancesGiveTheReferenceSchedules) {
  // Enough peels for the matcher to drop its absent edges several times and for the bottleneck
  // value to fall many times (the paths where its own matching fails and where it starts over).
  for (int i = 0; i < 4; ++i) {
    RandomSpec spec;
    spec.senders = spec.receivers = 60 + 20 * i;
    spec.edges = 1000 + 1000 * i;
    spec.k = 10 + 10 * i;
    spec.weight_max = i % 2 == 0 ? 20 : 4;
    const Instance g = random_instance(spec, RandomStream(500 + i)).instance;
    ASSERT_EQ(first_difference(ggp_schedule(g), reference::ggp(g)), "") << "ggp " << i;
    ASSERT_EQ(first_difference(oggp_schedule(g), reference::oggp(g)), "") << "oggp " << i;
    ASSERT_EQ(first_difference(dggp_schedule(g), reference::dggp(g)), "") << "dggp " << i;
  }
}

TEST(RedistributionSameness, WeightsBeyondThirtyTwoBitsGiveTheReferenceSchedules) {
  // Weights × 2^34 (exact in a double): every unit weight exceeds 2^31 whatever β, so the peeling
  // takes the matcher with 64-bit weights, where smaller ones take the 32-bit one.
  RandomStream random(6);
  for (int i = 0; i < 300; ++i) {
    Instance g = random_shape(random, 600000 + i, 8, 0, 8);
    for (Message& m : g.messages) m.weight *= 0x1p34;
    ASSERT_EQ(first_difference(ggp_schedule(g), reference::ggp(g)), "") << "ggp " << i;
    ASSERT_EQ(first_difference(oggp_schedule(g), reference::oggp(g)), "") << "oggp " << i;
    ASSERT_EQ(first_difference(dggp_schedule(g), reference::dggp(g)), "") << "dggp " << i;
  }
}

// Both ways of storing the weights.
template <class Matcher>
class MatcherSameness : public ::testing::Test {};
using WeightStorages = ::testing::Types<CompactBipartiteMatcher, BipartiteMatcher>;
TYPED_TEST_SUITE(MatcherSameness, WeightStorages);

TEST(MatcherWeights, AWeightBeyondTheStorageIsRefused) {
  const std::vector<int> left{0}, right{0};
  EXPECT_THROW(CompactBipartiteMatcher(1, 1, left, right, {std::int64_t{1} << 31}), std::invalid_argument);
  BipartiteMatcher wide(1, 1, left, right, {std::int64_t{1} << 31});
  ASSERT_TRUE(wide.perfect());
  EXPECT_EQ(wide.matched_weight(0), std::int64_t{1} << 31);
}

TYPED_TEST(MatcherSameness, TakesTheReferenceMatchingsOnAnySequenceOfPeels) {
  // Graphs that are not regular (some have no perfect matching), weights with many ties, and
  // peels of any size up to the lightest matched edge: both matchers must agree on every call.
  RandomStream random(4);
  int matchings = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + static_cast<int>(random.below(12));
    const int weight_max = 1 + static_cast<int>(random.below(6));
    std::vector<int> left, right;
    std::vector<std::int64_t> weight;
    for (int l = 0; l < n; ++l)
      for (int r = 0; r < n; ++r)
        if (random.below(6) != 0) {
          left.push_back(l);
          right.push_back(r);
          // One edge in 20 starts absent (weight 0): the matchers must never match it.
          weight.push_back(random.below(20) == 0 ? 0 : 1 + static_cast<std::int64_t>(random.below(weight_max)));
        }
    const bool bottleneck = random.below(2) == 0;
    TypeParam fast(n, n, left, right, weight);
    std::vector<std::int64_t> reference_weight = weight;  // the reference reads the caller's weights
    reference::ReferenceMatcher slow(n, n, left, right, reference_weight);
    for (int peel = 0;; ++peel) {
      const bool found = bottleneck ? fast.bottleneck() : fast.perfect();
      ASSERT_EQ(found, bottleneck ? slow.bottleneck() : slow.perfect()) << trial << " peel " << peel;
      if (!found) break;
      ++matchings;
      std::int64_t lightest = std::numeric_limits<std::int64_t>::max();
      for (int l = 0; l < n; ++l) {
        ASSERT_EQ(fast.edge_of(l), slow.edge_of(l)) << trial << " peel " << peel << " node " << l;
        lightest = std::min(lightest, fast.matched_weight(l));
      }
      const std::int64_t d = 1 + static_cast<std::int64_t>(random.below(static_cast<std::uint64_t>(lightest)));
      fast.take_from_matched(d);
      for (int l = 0; l < n; ++l) reference_weight[slow.edge_of(l)] -= d;
    }
  }
  EXPECT_GT(matchings, 1000);  // most trials run several peels before no perfect matching is left
}

}  // namespace
}  // namespace hetcoll
