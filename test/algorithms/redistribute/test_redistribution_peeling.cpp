// The peeling of GGP, OGGP and DGGP (peel.hpp) against what defines it, computed here without
// peel.cpp's code (Jeannot & Wagner; docs/redistribute.md): its steps are matchings of the unit
// graph, of at most k edges, whose pieces add up to every edge's units; their longest pieces add
// up to R = max(max node weight, ⌈P/k⌉), the least any schedule's do, in at most R steps; on tiny
// graphs it costs at least the optimum that brute force finds and at most twice it; and the
// matcher's perfect and bottleneck matchings are those an enumeration of every perfect matching
// gives, over any sequence of peels, with either weight storage.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/inputs.hpp"
#include "algorithms/redistribute/support/matching.hpp"
#include "algorithms/redistribute/redistribution_harness.hpp"
#include "algorithms/redistribute/support/registry.hpp"
#include "core/random.hpp"

namespace hetcoll {
namespace {

constexpr MatchingRule kRules[] = {MatchingRule::any, MatchingRule::bottleneck};

/// A random unit graph: 1..max_side nodes a side, each pair an edge with a random density, units
/// in 1..max_units (small maxima make many ties); edge e carries message e, so pieces name edges.
UnitGraph random_graph(RandomStream& random, int max_side, std::int64_t max_units) {
  UnitGraph g;
  g.left = 1 + static_cast<int>(random.below(max_side));
  g.right = 1 + static_cast<int>(random.below(max_side));
  const std::uint64_t density = 1 + random.below(4);  // in quarters
  for (int l = 0; l < g.left; ++l)
    for (int r = 0; r < g.right; ++r)
      if (random.below(4) < density)
        g.edges.push_back({l, r, 1 + static_cast<std::int64_t>(random.below(max_units)), static_cast<int>(g.edges.size())});
  if (g.edges.empty()) g.edges.push_back({0, 0, 1 + static_cast<std::int64_t>(random.below(max_units)), 0});
  return g;
}

/// The graph with edge e carrying message e: peel() only carries message numbers along.
UnitGraph edges_as_messages(UnitGraph g) {
  for (std::size_t e = 0; e < g.edges.size(); ++e) g.edges[e].message = static_cast<int>(e);
  return g;
}

/// What every schedule of the graph needs with backbone limit k: k' = min(k, sides) streams a
/// step, longest pieces adding up to R at least, and at least `steps` steps.
struct Needs {
  int k = 0;
  std::int64_t R = 0;
  std::int64_t steps = 0;
};

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

Needs needs_of(const UnitGraph& g, int k) {
  Needs n;
  n.k = std::min({k, g.left, g.right});
  std::vector<std::int64_t> weight(g.left + g.right, 0), degree(g.left + g.right, 0);
  std::int64_t total = 0;
  for (const UnitGraph::Edge& e : g.edges) {
    weight[e.left] += e.units;
    weight[g.left + e.right] += e.units;
    ++degree[e.left];
    ++degree[g.left + e.right];
    total += e.units;
  }
  // A node sends or receives one piece a step, no longer than the step's longest; k' pieces a step.
  n.R = std::max(*std::max_element(weight.begin(), weight.end()), ceil_div(total, n.k));
  n.steps = std::max<std::int64_t>(*std::max_element(degree.begin(), degree.end()),
                                   ceil_div(static_cast<std::int64_t>(g.edges.size()), n.k));
  return n;
}

/// "" if `steps` (pieces naming edges, as peel(edges_as_messages(g)) gives) are a peeling of g
/// with backbone limit k, else the first reason they are not.
std::string peeling_violation(const UnitGraph& g, int k, const std::vector<UnitStep>& steps) {
  const Needs needs = needs_of(g, k);
  std::vector<std::int64_t> sent(g.edges.size(), 0);
  std::int64_t longest_sum = 0;
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const std::string where = "step " + std::to_string(s) + ": ";
    if (steps[s].empty()) return where + "empty";
    if (static_cast<int>(steps[s].size()) > needs.k)
      return where + std::to_string(steps[s].size()) + " pieces, k' is " + std::to_string(needs.k);
    std::set<int> senders, receivers;
    std::int64_t longest = 0;
    for (const auto& [e, units] : steps[s]) {
      if (e < 0 || e >= static_cast<int>(g.edges.size())) return where + "a piece of no edge";
      if (units < 1) return where + "a piece of " + std::to_string(units) + " units";
      if (!senders.insert(g.edges[e].left).second) return where + "two pieces from one sender";
      if (!receivers.insert(g.edges[e].right).second) return where + "two pieces to one receiver";
      sent[e] += units;
      longest = std::max(longest, units);
    }
    longest_sum += longest;
  }
  for (std::size_t e = 0; e < g.edges.size(); ++e)
    if (sent[e] != g.edges[e].units)
      return "edge " + std::to_string(e) + ": " + std::to_string(sent[e]) + " of " + std::to_string(g.edges[e].units) +
             " units sent";
  if (longest_sum != needs.R)
    return "longest pieces add up to " + std::to_string(longest_sum) + ", R is " + std::to_string(needs.R);
  if (static_cast<std::int64_t>(steps.size()) > needs.R)
    return std::to_string(steps.size()) + " steps, more than R = " + std::to_string(needs.R);
  return "";
}

/// Cost in units of β: one per step (its set-up) plus its longest piece.
std::int64_t unit_cost(const std::vector<UnitStep>& steps) {
  std::int64_t cost = 0;
  for (const UnitStep& step : steps) {
    std::int64_t longest = 0;
    for (const auto& piece : step) longest = std::max(longest, piece.second);
    cost += 1 + longest;
  }
  return cost;
}

/// The least unit cost of any schedule of a tiny graph, by exhaustive search over the units left:
/// each step is a matching of at most k edges with units left, and its length L sends min(L,
/// units left) on each (sending less never helps: fewer units left never cost more).
class BruteForceOptimum {
 public:
  BruteForceOptimum(const UnitGraph& g, int k) : g_(g), k_(std::min({k, g.left, g.right})) {
    for (unsigned set = 1; set < (1u << g.edges.size()); ++set) {
      std::set<int> senders, receivers;
      bool matching = true;
      int size = 0;
      for (std::size_t e = 0; e < g.edges.size(); ++e)
        if (set >> e & 1) {
          ++size;
          matching = matching && senders.insert(g.edges[e].left).second && receivers.insert(g.edges[e].right).second;
        }
      if (matching && size <= k_) matchings_.push_back(set);
    }
  }

  std::int64_t cost() {
    std::vector<std::int64_t> left;
    for (const UnitGraph::Edge& e : g_.edges) left.push_back(e.units);
    return cost(left);
  }

 private:
  std::int64_t cost(const std::vector<std::int64_t>& left) {
    if (std::all_of(left.begin(), left.end(), [](std::int64_t u) { return u == 0; })) return 0;
    const auto known = memo_.find(left);
    if (known != memo_.end()) return known->second;
    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    for (unsigned set : matchings_) {
      std::int64_t longest = 0;
      bool live = true;
      for (std::size_t e = 0; e < left.size(); ++e)
        if (set >> e & 1) {
          live = live && left[e] > 0;
          longest = std::max(longest, left[e]);
        }
      if (!live) continue;
      for (std::int64_t length = 1; length <= longest; ++length) {
        std::vector<std::int64_t> next = left;
        for (std::size_t e = 0; e < left.size(); ++e)
          if (set >> e & 1) next[e] -= std::min(length, left[e]);
        best = std::min(best, 1 + length + cost(next));
      }
    }
    memo_[left] = best;
    return best;
  }

  const UnitGraph& g_;
  int k_;
  std::vector<unsigned> matchings_;
  std::map<std::vector<std::int64_t>, std::int64_t> memo_;
};

void expect_peelings(std::uint64_t stream, int graphs, int max_side, int max_k, std::int64_t scale = 1) {
  RandomStream random(stream);
  static const std::int64_t kMaxUnits[] = {1, 2, 3, 5, 20, 100};
  for (int i = 0; i < graphs; ++i) {
    UnitGraph g = random_graph(random, max_side, kMaxUnits[random.below(6)]);
    // Units beyond 32 bits take the matcher with 64-bit weights; an offset keeps their ties rare.
    if (scale > 1)
      for (UnitGraph::Edge& e : g.edges) e.units = e.units * scale + static_cast<std::int64_t>(random.below(3));
    const int k = 1 + static_cast<int>(random.below(max_k));
    for (MatchingRule rule : kRules)
      ASSERT_EQ(peeling_violation(g, k, peel(g, k, rule)), "")
          << "graph " << i << ": " << g.left << " + " << g.right << " nodes, " << g.edges.size() << " edges, k " << k
          << ", rule " << static_cast<int>(rule);
  }
}

TEST(Peeling, SmallGraphsArePeeledIntoMatchingsThatSendEveryUnitAndWhoseLongestPiecesAddUpToR) {
  expect_peelings(1, 2000, 8, 8);
}

TEST(Peeling, MediumGraphsArePeeledIntoMatchingsThatSendEveryUnitAndWhoseLongestPiecesAddUpToR) {
  expect_peelings(2, 150, 40, 30);
}

TEST(Peeling, UnitsBeyondThirtyTwoBitsArePeeledIntoMatchingsThatSendEveryUnitAndAddUpToR) {
  expect_peelings(3, 300, 8, 8, std::int64_t{1} << 34);
}

// Jeannot & Wagner's guarantee: steps ≤ R and longest pieces = R give cost ≤ 2R, and every
// schedule costs more than R.
TEST(Peeling, OnTinyGraphsItCostsAtLeastTheBruteForceOptimumAndAtMostTwiceIt) {
  RandomStream random(4);
  int strict = 0;
  for (int i = 0; i < 300; ++i) {
    UnitGraph g = random_graph(random, 3, 3);
    while (g.edges.size() > 6) g = random_graph(random, 3, 3);  // the search grows as 3^edges
    const int k = 1 + static_cast<int>(random.below(3));
    const std::int64_t optimum = BruteForceOptimum(g, k).cost();
    const Needs needs = needs_of(g, k);
    ASSERT_GE(optimum, needs.R + needs.steps) << "graph " << i << ": the bound exceeds the optimum";
    for (MatchingRule rule : kRules) {
      const std::int64_t cost = unit_cost(peel(g, k, rule));
      ASSERT_GE(cost, optimum) << "graph " << i;
      ASSERT_LE(cost, 2 * optimum) << "graph " << i;
      strict += cost > optimum ? 1 : 0;
    }
  }
  EXPECT_GT(strict, 0);  // the optimum is not always the peeling's: the comparison can fail
}

/// The peelings of the registry: which graph of the instance each peels and with which rule.
struct Peeling {
  const char* name;
  UnitGraph (*graph)(const Instance&);
  MatchingRule rule;
};
const Peeling kPeelings[] = {{"ggp", message_graph, MatchingRule::any},
                             {"oggp", message_graph, MatchingRule::bottleneck},
                             {"dggp", dggp_split, MatchingRule::bottleneck}};

TEST(Peeling, EveryPeelingOfTheRegistrySchedulesTheStepsOfAPeelingOfItsGraph) {
  std::set<std::string> found;
  RandomStream random(5);
  for (int i = 0; i < 300; ++i) {
    RandomSpec spec;
    spec.senders = 1 + static_cast<int>(random.below(8));
    spec.receivers = 1 + static_cast<int>(random.below(8));
    spec.edges = 1 + static_cast<int>(random.below(static_cast<std::uint64_t>(spec.senders * spec.receivers)));
    spec.k = 1 + static_cast<int>(random.below(8));
    spec.delta_max = 1 + static_cast<int>(random.below(4));
    spec.weight_max = 1 + static_cast<int>(random.below(20));
    spec.beta = i % 3 == 0 ? 0.5 : 1;
    const Instance g = random_instance(spec, RandomStream(500 + i)).instance;
    for (const RedistributionAlgorithm& a : redistribution_algorithms())
      for (const Peeling& p : kPeelings) {
        if (a.name() != p.name) continue;
        found.insert(a.name());
        const UnitGraph graph = p.graph(g);
        const std::vector<UnitStep> steps = peel(edges_as_messages(graph), g.k, p.rule);
        ASSERT_EQ(peeling_violation(graph, g.k, steps), "") << a.name() << ", instance " << i;
        // Back to the instance's messages, then to seconds: the algorithm's schedule.
        std::vector<UnitStep> by_message = steps;
        for (UnitStep& step : by_message)
          for (auto& piece : step) piece.first = graph.edges[piece.first].message;
        const Schedule expected = to_schedule(g, by_message), made = *test::schedule_of(a, g);
        ASSERT_EQ(made.size(), expected.size()) << a.name() << ", instance " << i;
        for (std::size_t s = 0; s < made.size(); ++s) {
          ASSERT_EQ(made[s].size(), expected[s].size()) << a.name() << ", instance " << i << ", step " << s;
          for (std::size_t j = 0; j < made[s].size(); ++j) {
            EXPECT_EQ(made[s][j].message, expected[s][j].message) << a.name() << ", instance " << i;
            EXPECT_EQ(made[s][j].amount, expected[s][j].amount) << a.name() << ", instance " << i;
          }
        }
        ASSERT_EQ(check_schedule(p.graph == message_graph ? one_port(g) : g, made), "") << a.name() << ", instance " << i;
      }
  }
  EXPECT_EQ(found.size(), std::size(kPeelings)) << "a peeling is no longer in the registry under its name";
}

// Both ways of storing the weights.
template <class Matcher>
class MatcherAgainstEnumeration : public ::testing::Test {};
using WeightStorages = ::testing::Types<CompactBipartiteMatcher, BipartiteMatcher>;
TYPED_TEST_SUITE(MatcherAgainstEnumeration, WeightStorages);

TEST(MatcherWeights, AWeightBeyondTheStorageIsRefused) {
  const std::vector<int> left{0}, right{0};
  EXPECT_THROW(CompactBipartiteMatcher(1, 1, left, right, {std::int64_t{1} << 31}), std::invalid_argument);
  BipartiteMatcher wide(1, 1, left, right, {std::int64_t{1} << 31});
  ASSERT_TRUE(wide.perfect());
  EXPECT_EQ(wide.matched_weight(0), std::int64_t{1} << 31);
}

TYPED_TEST(MatcherAgainstEnumeration, FindsAPerfectMatchingIffOneExistsAndTheBestBottleneckOnAnySequenceOfPeels) {
  // Graphs that are not regular (some have no perfect matching), weights with many ties, and
  // peels of any size up to the lightest matched edge: after every peel, perfect() and
  // bottleneck() answer as the enumeration of all n! matchings of the weights left does.
  RandomStream random(6);
  int matchings = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + static_cast<int>(random.below(7));
    const int weight_max = 1 + static_cast<int>(random.below(6));
    std::vector<int> left, right;
    std::vector<std::int64_t> weight;
    std::vector<std::vector<std::int64_t>> w(n, std::vector<std::int64_t>(n, 0));  // 0: no edge
    for (int l = 0; l < n; ++l)
      for (int r = 0; r < n; ++r)
        if (random.below(6) != 0) {
          left.push_back(l);
          right.push_back(r);
          // One edge in 20 starts absent (weight 0): the matchers must never match it.
          weight.push_back(random.below(20) == 0 ? 0 : 1 + static_cast<std::int64_t>(random.below(weight_max)));
          w[l][r] = weight.back();
        }
    const bool bottleneck = random.below(2) == 0;
    TypeParam matcher(n, n, left, right, weight);
    for (int peel = 0;; ++peel) {
      const std::int64_t best = test::brute_bottleneck(w);
      const bool found = bottleneck ? matcher.bottleneck() : matcher.perfect();
      ASSERT_EQ(found, best > 0) << trial << " peel " << peel;
      if (!found) break;
      ++matchings;
      std::int64_t lightest = std::numeric_limits<std::int64_t>::max();
      std::vector<bool> right_used(n, false);
      for (int l = 0; l < n; ++l) {
        const int e = matcher.edge_of(l);
        ASSERT_GE(e, 0) << trial << " peel " << peel;
        ASSERT_EQ(left[e], l);
        ASSERT_FALSE(right_used[right[e]]) << trial << " peel " << peel;
        right_used[right[e]] = true;
        ASSERT_EQ(matcher.matched_weight(l), w[l][right[e]]) << trial << " peel " << peel;
        ASSERT_GT(w[l][right[e]], 0) << trial << " peel " << peel << ": an absent edge matched";
        lightest = std::min(lightest, w[l][right[e]]);
      }
      if (bottleneck) ASSERT_EQ(lightest, best) << trial << " peel " << peel;
      const std::int64_t d = 1 + static_cast<std::int64_t>(random.below(static_cast<std::uint64_t>(lightest)));
      for (int l = 0; l < n; ++l) w[l][right[matcher.edge_of(l)]] -= d;
      matcher.take_from_matched(d);
    }
  }
  EXPECT_GT(matchings, 1000);  // most trials run several peels before no perfect matching is left
}

}  // namespace
}  // namespace hetcoll
