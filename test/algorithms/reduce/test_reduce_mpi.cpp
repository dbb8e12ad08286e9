// The MPI libraries' reduce algorithms and selectors (docs/reduce.md, "MPI libraries"; their trees
// are checked in test/algorithms/test_mpi_trees.cpp): every row a reduction ending at its root
// with p − 1 vectors' worth of ⊕, segment counts,
// closed forms on equal hosts, and the selectors' rule tables at every threshold.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "algorithms/reduce/support/mpi_reduce_program.hpp"
#include "algorithms/reduce/support/mpi_selection.hpp"
#include "algorithms/reduce/support/reduce_family.hpp"
#include "algorithms/reduce/support/reduce_runner.hpp"
#include "core/number_format.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "reduce_harness.hpp"
#include "support/segment_rule.hpp"

namespace hetcoll {
namespace {

using reduce_test::ideal_setup;
using reduce_test::mpi_rows;
using reduce_test::run_policy;

// A row's plan, made as its run makes it.
Plan plan_of(const ReduceAlgorithm& a, const ReduceSetup& setup) {
  auto policy = a.make(setup);
  auto* planned = dynamic_cast<PlannedPolicy*>(policy.get());
  if (planned == nullptr) throw std::logic_error(a.name() + " is not planned");
  return planned->plan();
}

// The operations `op` waits for, directly or not.
std::vector<bool> ancestors(const Plan& plan, int op) {
  std::vector<std::vector<int>> before(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i)
    for (int next : plan.dependents(static_cast<int>(i))) before[next].push_back(static_cast<int>(i));
  std::vector<bool> seen(plan.size(), false);
  std::vector<int> stack{op};
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    for (int b : before[i])
      if (!seen[b]) {
        seen[b] = true;
        stack.push_back(b);
      }
  }
  return seen;
}

// Every MPI row is a reduction: each ⊕ is at most the whole vector and each message the whole
// vector and SMPI's envelope, ⊕ adds up to p − 1 vectors (every byte combined p − 1 times), the
// last message reaches the root, and it waits for a message from every other rank; run, its
// result ends at the root. A row that does not cut its messages runs whole with a segment given.
TEST(MpiReduce, EveryRowIsAReductionEndingAtItsRoot) {
  for (const ReduceAlgorithm& a : mpi_rows())
    for (int n : {1, 2, 3, 5, 6, 7, 8, 11, 16})
      for (int root : {0, n / 2, n - 1})
        for (double segment : {0.0, 1e6, 3e6}) {
          SCOPED_TRACE(a.name() + " n=" + std::to_string(n) + " root=" + std::to_string(root) +
                       " segment=" + std::to_string(segment));
          ReductionCosts costs({1, 0, 0.5});
          ReduceSetup setup = ideal_setup(n, costs);
          setup.root = root;
          setup.segment = segment;
          const Plan plan = plan_of(a, setup);
          const double envelope = kSmpiEnvelopeBytes / setup.scale.bytes_per_unit;
          double combined = 0;
          for (std::size_t i = 0; i < plan.size(); ++i) {
            const PlanOp& op = plan.op(static_cast<int>(i));
            EXPECT_EQ(op.cost, PlanOp::kDrawn);
            EXPECT_GE(op.share, op.kind == ActivityKind::comm ? envelope : 0);
            EXPECT_LE(op.share, op.kind == ActivityKind::comm ? 1 + envelope : 1);
            if (op.kind == ActivityKind::compute) combined += op.share;
            else EXPECT_NE(op.host, op.peer);
          }
          EXPECT_NEAR(combined, n - 1, 1e-9);
          if (n == 1) continue;
          // What the root ends with: a message into it or a ⊕ on it that nothing waits for.
          std::vector<bool> heard(n, false);
          int into_root = -1;
          for (std::size_t i = 0; i < plan.size(); ++i) {
            const PlanOp& op = plan.op(static_cast<int>(i));
            if ((op.kind == ActivityKind::comm ? op.peer : op.host) == root && plan.dependents(static_cast<int>(i)).empty())
              into_root = static_cast<int>(i);
          }
          ASSERT_GE(into_root, 0) << "the root ends with nothing";
          const std::vector<bool> before = ancestors(plan, into_root);
          if (plan.op(into_root).kind == ActivityKind::comm) heard[plan.op(into_root).host] = true;
          for (std::size_t i = 0; i < plan.size(); ++i)
            if (before[i] && plan.op(static_cast<int>(i)).kind == ActivityKind::comm) heard[plan.op(static_cast<int>(i)).host] = true;
          for (int r = 0; r < n; ++r)
            if (r != root) EXPECT_TRUE(heard[r]) << "rank " << r << "'s data never reaches the root";
          reduce_test::run_traced(a, setup, 5, 1, [&](int, double, const std::vector<Completion>& events) {
            const Completion* latest = nullptr;
            for (const Completion& c : events)
              if (c.activity.kind == ActivityKind::comm && (latest == nullptr || c.id > latest->id)) latest = &c;
            ASSERT_NE(latest, nullptr);
            EXPECT_EQ(latest->activity.peer, root) << "the last message started does not reach the root";
          });
        }
}

// A segmented row cuts the vector of `count` bytes into ceil(count / segment) messages per
// sending rank (one when the segment is 0 or not below count), as COLL_BASE_COMPUTED_SEGCOUNT
// does; the in-order binary tree's root (rank p − 1) then sends the result to another root.
TEST(MpiReduce, SegmentedRowsSendOneMessagePerSegment) {
  ReductionCosts costs({1, 0, 0});
  const double count = ideal_setup(1, costs).scale.bytes_per_unit;  // comm-mean 1: one value
  for (const ReduceAlgorithm& a : mpi_rows()) {
    if (!a.honours_segment()) continue;
    for (double segment : {0.0, 1e5, 1e6, 3e6, count - 1, count, count + 5})
      for (int n : {2, 5, 8}) {
        const int root = 1;
        SCOPED_TRACE(a.name() + " n=" + std::to_string(n) + " segment=" + std::to_string(segment));
        ReduceSetup setup = ideal_setup(n, costs);
        setup.root = root;
        setup.segment = segment;
        const Plan plan = plan_of(a, setup);
        const double segments = segment >= 1 && segment < count ? std::ceil(count / segment) : 1;
        std::vector<double> sent(n, 0);
        for (std::size_t i = 0; i < plan.size(); ++i)
          if (plan.op(static_cast<int>(i)).kind == ActivityKind::comm) ++sent[plan.op(static_cast<int>(i)).host];
        // Rank n−1, the in-order tree's root, sends the result once more to another root.
        const bool extra = a.name() == "mpi-in-order-binary" && root != n - 1;
        for (int r = 0; r < n; ++r) {
          const int io_root = a.name() == "mpi-in-order-binary" ? n - 1 : root;
          const double expected = (r == io_root ? 0 : segments) + (extra && r == n - 1 ? 1 : 0);
          EXPECT_EQ(sent[r], expected) << "rank " << r;
        }
        EXPECT_EQ(a.choice(setup).segment, segments > 1 ? segment : 0);
      }
  }
}

// Key segment limits a row that cuts its messages beyond kMostMpiMessages messages, naming the
// key and a segment that fits (which does); a row that does not cut runs whole at any segment.
TEST(MpiReduce, ASegmentIsRefusedBeyondTheMostMessagesOfARowThatCuts) {
  const double bytes = 8388608;
  for (const ReduceAlgorithm& a : reduce_algorithms()) {
    EXPECT_EQ(mpi_segment_limit(a, bytes, 0, 8), "") << a.name();
    const std::string refused = mpi_segment_limit(a, bytes, 1, 8);
    if (!a.honours_segment()) {
      EXPECT_EQ(refused, "") << a.name();
      continue;
    }
    EXPECT_NE(refused.find("key 'segment' = 1:"), std::string::npos) << a.name() << ": " << refused;
    EXPECT_EQ(mpi_segment_limit(a, bytes, 1e6, 8), "") << a.name();
    for (int ranks : {2, 8, 1000}) {
      const double fits = std::ceil(bytes / std::floor(kMostMpiMessages / ranks));
      EXPECT_EQ(mpi_segment_limit(a, bytes, fits, ranks), "") << a.name() << " " << ranks;
      EXPECT_NE(mpi_segment_limit(a, bytes, fits - 1, ranks), "") << a.name() << " " << ranks;
      const std::string line = mpi_segment_limit(a, bytes, fits - 1, ranks);
      EXPECT_NE(line.find("give segment >= " + format_number(fits)), std::string::npos) << line;
    }
  }
}

// Key segment is refused only where no algorithm of the run cuts its messages (it would have no
// effect at all): each row that does not cut, alone, is refused in one line naming the key; beside
// one that cuts it runs whole, and its chosen_segment says so (0 for an MPI library's
// algorithm, kNoLibrarySegment for the papers' rows); outside a run (every row) the point is read.
TEST(MpiReduce, ASegmentIsRefusedOnlyWhereNoAlgorithmOfTheRunCuts) {
  const std::vector<Point> points = expand_points(
      resolve_run_arguments({"--family", "reduce", "--cluster", "platform", "--processors", "4", "--segment", "8192"}));
  ASSERT_EQ(points.size(), 1u);
  test_support::expect_segment_refused_only_where_no_row_cuts(reduce_family(), reduce_algorithms(), points.front(),
                                                              "8192");
  ReductionCosts costs({1, 0, 0});
  ReduceSetup setup = ideal_setup(4, costs);
  setup.segment = 8192;
  for (const ReduceAlgorithm& a : reduce_algorithms())
    EXPECT_EQ(a.choice(setup).segment,
              a.honours_segment() ? 8192 : a.sends_point_to_point() ? 0 : kNoLibrarySegment) << a.name();
}

/// Makespan of one replication of row `name` on ideal_cluster(n), cv = 0, ⊕ free: a whole
/// vector lasts 1 s, a message of b bytes (b + 16) / bytes_per_unit s (SMPI's envelope).
double makespan(const std::string& name, int n, int root, double segment = 0) {
  ReductionCosts costs({1, 0, 0});
  ReduceSetup setup = ideal_setup(n, costs);
  setup.root = root;
  setup.segment = segment;
  return reduce_test::run_makespans(reduce_test::algorithm(name), setup, 3, 1).front();
}

// Closed forms on equal hosts, every message at least 64 KiB (so no send is detached) and 16
// bytes longer than its data (e, in vectors): the root's p − 1 receptions one after another;
// ceil(log2 p) rounds of the binomial tree; a pipeline of S segments through p ranks takes
// (p − 1 + S − 1) segment times; Rabenseifner on p = 2^k moves 2(1 − 1/p) of the vector through
// each rank's critical path, in 2 log2 p messages.
TEST(MpiReduce, EqualHostsGiveTheClosedForms) {
  const double count = reduce_test::ideal_scale().bytes_per_unit;
  const double e = kSmpiEnvelopeBytes / count;
  for (int n : {2, 3, 5, 8, 13})
    for (int root : {0, n - 1}) {
      SCOPED_TRACE("n=" + std::to_string(n) + " root=" + std::to_string(root));
      EXPECT_NEAR(makespan("mpi-linear", n, root), (n - 1) * (1 + e), 1e-9);
      EXPECT_NEAR(makespan("mpi-binomial", n, root), std::ceil(std::log2(n)) * (1 + e), 1e-9);
      EXPECT_NEAR(makespan("mpi-pipeline", n, root), (n - 1) * (1 + e), 1e-9);
      for (int segments : {2, 8, 32})
        EXPECT_NEAR(makespan("mpi-pipeline", n, root, count / segments),
                    (n - 1 + segments - 1.0) * (1.0 / segments + e), 1e-9)
            << segments << " segments";
    }
  for (int n : {2, 4, 8, 16})
    EXPECT_NEAR(makespan("mpi-rabenseifner", n, 0), 2 * (1 - 1.0 / n) + 2 * std::log2(n) * e, 1e-9) << n;
}

// Why Open MPI's trees get faster as CV grows (docs/reduce.md, "Against your MPI"): a parent
// posts every child's receive at once, so its children's messages share its link, and a link
// serves its flows without idling. With equal costs the two subtrees of mpi-binary's root (p = 7:
// 0 <- 1, 2; 1 <- 3, 5; 2 <- 4, 6) end together at 2 and their messages end at 2 + 2 = 4. Make
// rank 1's leaves 0.75 and rank 2's 1.25 (whole bytes), the same mean: rank 1 sends alone from 1.5,
// and the root's link, never idle from then, ends both at 1.5 + 2 = 3.5. A mean over noisy subtrees starts from
// the earlier one, which noise makes earlier, so the mean falls below the mean costs' time.
TEST(MpiReduce, AParentsLinkServesItsChildrenWithoutIdling) {
  const double e = kSmpiEnvelopeBytes / reduce_test::ideal_scale().bytes_per_unit;
  const auto binary = [&](double to_1, double to_2) {
    reduce_test::PairCosts draws([=](int /*from*/, int to) { return to == 1 ? to_1 : to == 2 ? to_2 : 1.0; });
    ReductionCosts costs({1, 0, 0});
    ReduceSetup setup = ideal_setup(7, costs, true, &draws);
    return reduce_test::run_makespans(reduce_test::algorithm("mpi-binary"), setup, 3, 1).front();
  };
  EXPECT_NEAR(binary(1, 1), 4 * (1 + e), 1e-9);
  EXPECT_NEAR(binary(0.75, 1.25), (1.5 + 2) * (1 + e), 1e-9);
}

// "n<8:7, <16:4, ..., else 3": the first bound the bytes are under wins.
struct Rule {
  std::vector<std::pair<double, int>> below;
  int otherwise;
};

Rule parse_rule(const std::string& text) {
  Rule rule;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    const std::size_t colon = part.find(':');
    const std::size_t less = part.find('<');
    if (less == std::string::npos) rule.otherwise = std::stoi(part.substr(part.find_first_of("0123456789")));
    else rule.below.emplace_back(std::stod(part.substr(less + 1, colon - less - 1)), std::stoi(part.substr(colon + 1)));
  }
  return rule;
}

// Open MPI 4.1's reduce decision (coll_tuned_decision_fixed.c), transcribed band by band from
// the source's tables: just below and at every threshold, at both ends of every band of p.
TEST(MpiSelectors, OmpiTunedFollowsOpenMpi41RulesAtEveryThreshold) {
  const char* const names[] = {"", "mpi-linear", "mpi-chain", "mpi-pipeline", "mpi-binary", "mpi-binomial",
                               "mpi-in-order-binary", "mpi-rabenseifner"};
  struct Band {
    int from, to;  // p in [from, to)
    std::string rule;
  };
  const std::vector<Band> commutative = {
      {2, 4, "n<8:7, <16:4, <32:3, <262144:1, <524288:3, <1048576:2, else 3"},
      {4, 8, "n<4096:4, <65536:2, <262144:5, <524288:1, <1048576:5, else 1"},
      {8, 16, "n<8192:4, else 5"},
      {16, 32, "n<4096:4, else 5"},
      {32, 256, "else 5"},
      {256, 512, "n<8192:5, <16384:6, else 5"},
      {512, 2048, "else 5"},
      {2048, 4096, "n<512:5, <1024:6, <8192:5, <16384:6, else 5"},
      {4096, 100000, "n<16:5, <32:6, <1024:5, <2048:6, <8192:5, <16384:6, else 5"}};
  const std::vector<Band> non_commutative = {{2, 4, "n<8:6, else 1"},
                                             {4, 8, "else 1"},
                                             {8, 16, "n<1024:6, <8192:1, <16384:6, <262144:1, else 6"},
                                             {16, 128, "else 6"},
                                             {128, 256, "n<512:6, <1024:1, else 6"},
                                             {256, 100000, "else 6"}};
  for (bool commute : {true, false})
    for (const Band& band : commute ? commutative : non_commutative) {
      const Rule rule = parse_rule(band.rule);
      for (int p : {band.from, band.to - 1}) {
        double previous = 1;
        for (const auto& [bound, id] : rule.below) {
          for (double n : {previous, bound - 1})
            EXPECT_EQ(ompi_tuned_reduce_choice(p, n, commute), names[id]) << "p=" << p << " n=" << n;
          previous = bound;
        }
        for (double n : {previous, previous * 4})
          EXPECT_EQ(ompi_tuned_reduce_choice(p, n, commute), names[rule.otherwise]) << "p=" << p << " n=" << n;
      }
    }
}

// MPICH 4's generic.json: binomial up to 2,048 bytes included; above, Rabenseifner for a built-in
// operation on at least p' elements (p' the largest power of two <= p), else binomial.
TEST(MpiSelectors, MpichFollowsItsSelectionJsonAtEveryThreshold) {
  for (int p : {2, 3, 4, 7, 8, 9, 100}) {
    int pof2 = 1;
    while (pof2 * 2 <= p) pof2 *= 2;
    EXPECT_EQ(mpich_reduce_choice(p, 2048, 2048, true), kMpichBinomial) << p;
    EXPECT_EQ(mpich_reduce_choice(p, 2049, 2049, true), kMpichReduceScatterGather) << p;
    EXPECT_EQ(mpich_reduce_choice(p, 2049, 2049, false), kMpichBinomial) << p;
    // Elements, not bytes: a vector of 8-byte elements below p' of them.
    EXPECT_EQ(mpich_reduce_choice(p, 4096.0 * (pof2 - 1), pof2 - 1, true), kMpichBinomial) << p;
    EXPECT_EQ(mpich_reduce_choice(p, 4096.0 * pof2, pof2, true), kMpichReduceScatterGather) << p;
  }
}

// A selector runs what its `chosen` says: the ompi-tuned makespan is that of the row it names
// (mpi-chain with the fixed rules' one chain: mpi-pipeline), on hosts of different speeds, at
// sizes across its bands; its choice is the one the rule table gives.
TEST(MpiSelectors, OmpiTunedRunsTheRowItChooses) {
  const std::vector<double> times = {1, 3, 2, 5, 1.5, 4, 2.5};
  for (int n : {3, 5, 7})
    for (double bytes : {4.0, 24.0, 3000.0, 100000.0, 400000.0, 800000.0, 3e6}) {
      const std::vector<double> hosts(times.begin(), times.begin() + n);
      const Platform platform = cluster_platform(hosts, bytes);
      ReductionCosts costs({1, 0, 0.25});
      const reduce_test::ClusterSetup cluster(hosts, costs, CostScale{bytes, platform.reference_speed()}, 0, 1);
      const ReduceChoice choice = reduce_test::algorithm("ompi-tuned").choice(cluster.setup);
      EXPECT_EQ(choice.algorithm, ompi_tuned_reduce_choice(n, bytes, true));
      EXPECT_EQ(choice.segment, 0);
      const std::string ran = choice.algorithm == "mpi-chain" ? "mpi-pipeline" : choice.algorithm;
      auto selector = reduce_test::algorithm("ompi-tuned").make(cluster.setup);
      auto row = reduce_test::algorithm(ran).make(cluster.setup);
      EXPECT_EQ(run_policy(platform, *selector, costs, {1}), run_policy(platform, *row, costs, {1}))
          << "n=" << n << " bytes=" << bytes << ": " << choice.algorithm;
    }
}

}  // namespace
}  // namespace hetcoll
