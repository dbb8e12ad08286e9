// The MPI libraries' broadcasts as rows of the family: every mpi-* row and selector, read
// through its factory, compiles to a plan that brings the message to every rank and none to
// the root, with SMPI's envelope and no rank left waiting; on a platform both engines run it
// alike and never beat its pLogP prediction; the columns chosen and chosen_segment say what ran.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/broadcast/broadcast_harness.hpp"
#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "algorithms/broadcast/support/mpi_selectors.hpp"
#include "algorithms/broadcast/support/registry.hpp"
#include "driver/work_dir.hpp"
#include "support/segment_rule.hpp"

namespace hetcoll {
namespace {

using test::broadcast_point;
using test::family_values;

/// Hosts beside nothing: rank programs pass through and are kept for the test to read.
class ProgramsOnly final : public BroadcastGrid {
 public:
  ProgramsOnly(int ranks, int root) : ranks_(ranks), root_(root) {}
  BroadcastPlan plan(const InterSchedule&) const override { throw std::logic_error("no clusters here"); }
  bool spans_hosts() const override { return true; }
  BroadcastPlan host_tree(TreeChildren (*)(int)) const override { throw std::logic_error("no trees here"); }
  MpiBroadcast ranks(double message) const override { return MpiBroadcast{ranks_, root_, message}; }
  BroadcastPlan rank_plan(Plan program) const override {
    last = program;
    BroadcastPlan p;
    p.plan = std::move(program);
    return p;
  }
  mutable Plan last;

 private:
  int ranks_, root_;
};

std::vector<const BroadcastAlgorithm*> mpi_rows() {
  std::vector<const BroadcastAlgorithm*> rows;
  for (const BroadcastAlgorithm& a : broadcast_algorithms())
    if (!a.runs_on_abstract_costs()) rows.push_back(&a);
  return rows;
}

TEST(MpiBroadcast, EveryRowBringsTheWholeMessageToEveryRankFromItsParentsAndNoneToTheRoot) {
  ASSERT_FALSE(mpi_rows().empty());
  for (const BroadcastAlgorithm* row : mpi_rows())
    for (int p : {1, 2, 3, 5, 8, 11, 16, 24})
      for (int root : {0, p - 1, p / 3})
        for (double n : {1.0, 7.0, 1000.0, 65535.0, 65536.0, 1048576.0 + 3})
          for (double segment : {0.0, 8192.0}) {
            SCOPED_TRACE(row->name() + " p " + std::to_string(p) + " root " + std::to_string(root) + " n " +
                         std::to_string(n) + " segment " + std::to_string(segment));
            const ProgramsOnly grid(p, root);
            const std::uint64_t instance = 0;
            BroadcastSetup setup{nullptr, &instance, HeuristicOptions{}, &grid, MpiOptions{n, segment, 4}};
            const std::unique_ptr<BroadcastPolicy> policy = row->make(setup);
            ASSERT_NO_THROW(policy->predicted());  // plans: a deadlock or truncation would throw
            std::vector<double> received(p, 0);
            std::vector<int> messages(p, 0);
            for (std::size_t i = 0; i < grid.last.size(); ++i) {
              const PlanOp& op = grid.last.op(static_cast<int>(i));
              ASSERT_EQ(op.kind, ActivityKind::comm);
              ASSERT_GE(op.cost, kSmpiEnvelopeBytes);
              received[op.peer] += op.cost - kSmpiEnvelopeBytes;
              ++messages[op.peer];
            }
            for (int r = 0; r < p; ++r)
              if (r != root) EXPECT_GE(received[r], n) << "rank " << r;
            // Trees and the linear broadcast send each byte to each rank but the root once; the
            // scatter-allgathers' allgather sends every rank, the root too, the blocks it got
            // in the scatter again, as the library does.
            const std::string chosen = policy->chosen();
            if (chosen.find("scatter") == std::string::npos)
              for (int r = 0; r < p; ++r)
                EXPECT_EQ(received[r], r == root ? 0 : n) << "rank " << r << " (" << chosen << ")";
            const double cut = policy->chosen_segment();
            EXPECT_TRUE(cut == 0 || cut == segment) << cut;
            // A tree pipeline brings every rank Open MPI's count of segments, one message each.
            if (chosen.find("scatter") == std::string::npos && chosen != "mpi-split-binary")
              for (int r = 0; r < p; ++r)
                EXPECT_EQ(messages[r], r == root ? 0 : static_cast<int>(ompi_segments(n, cut).size())) << "rank " << r;
          }
}

/// The messages of the plan `row` makes for p ranks from root 0 with `options`, as text.
std::string messages(const BroadcastAlgorithm& row, int p, const MpiOptions& options) {
  const ProgramsOnly grid(p, 0);
  const std::uint64_t instance = 0;
  row.make(BroadcastSetup{nullptr, &instance, HeuristicOptions{}, &grid, options})->predicted();
  std::string text;
  for (std::size_t i = 0; i < grid.last.size(); ++i) {
    const PlanOp& op = grid.last.op(static_cast<int>(i));
    text += std::to_string(op.host) + ">" + std::to_string(op.peer) + ":" + std::to_string(op.cost) + " ";
  }
  return text;
}

TEST(MpiBroadcast, TheSelectorsRunTheLibrarysSegmentAndRadixWhateverTheKeysSay) {
  // Open MPI 4.1's fixed rules pick the k-nomial tree of radix 4, unsegmented, at p = 8 and
  // 1000 bytes; the rows that run it themselves read the keys.
  for (const char* name : {"ompi-tuned", "mpich"})
    for (double n : {1000.0, 1048576.0}) {
      const BroadcastAlgorithm& row = broadcast_algorithms().at(name);
      EXPECT_EQ(messages(row, 8, MpiOptions{n, 0, 4}), messages(row, 8, MpiOptions{n, 512, 3})) << name << " " << n;
    }
  const BroadcastAlgorithm& knomial = broadcast_algorithms().at("mpi-knomial");
  EXPECT_NE(messages(knomial, 8, MpiOptions{1000, 0, 4}), messages(knomial, 8, MpiOptions{1000, 0, 3}));
}

TEST(MpiBroadcast, TheMpiRowsRunWithCostsPlatformOnly) {
  // Listed with abstract costs, a row is refused naming key algorithms; left out of the default.
  for (const BroadcastAlgorithm* row : mpi_rows()) {
    std::string out, err;
    EXPECT_EQ(test::run_hetcoll("run --family broadcast --algorithms " + row->name() + " --quiet", out, err), 2);
    EXPECT_NE(err.find("key 'algorithms'"), std::string::npos) << err;
    EXPECT_NE(err.find(row->name()), std::string::npos) << err;
  }
}

TEST(MpiBroadcast, BothEnginesRunEveryRowAlikeAndSayWhatRan) {
  const WorkDir dir("hetcoll-broadcast-test");
  std::vector<std::string> names;
  for (const BroadcastAlgorithm* row : mpi_rows()) names.push_back(row->name());
  const std::size_t w = test::value_width();
  const std::vector<MetricSpec>& metrics = broadcast_metrics();
  std::size_t chosen = 0, segment = 0;
  for (std::size_t m = 0; m < metrics.size(); ++m) {
    if (metrics[m].name == "chosen") chosen = m + 1;
    if (metrics[m].name == "chosen_segment") segment = m + 1;
  }
  ASSERT_TRUE(chosen > 0 && segment > 0);
  for (const char* message : {"1000", "1048576"})
    for (const char* root : {"0", "5"}) {
      const Point point = broadcast_point(
          {{"costs", "platform"}, {"cluster-hosts", "11"}, {"rho", "0.3"}, {"message", message}, {"root", root}});
      const std::vector<double> simgrid =
          family_values(point, "simgrid", 1, names, dir, test::kTwoSitesXml, {"zone:lyon", "n-1", "n-2", "n-3"});
      ASSERT_EQ(simgrid.size(), w * names.size());
      for (std::size_t a = 0; a < names.size(); ++a) {
        SCOPED_TRACE(names[a] + " message " + message + " root " + root);
        const std::vector<double> model =
            test::model_values(point, names[a], dir, test::kTwoSitesXml, {"zone:lyon", "n-1", "n-2", "n-3"});
        ASSERT_EQ(model.size(), w);
        EXPECT_NEAR(model[0] / simgrid[w * a], 1, 1e-9) << "model engine vs SimGrid";
        EXPECT_EQ(model[1], simgrid[w * a + 1]) << "the prediction depends on the engine";
        const std::string& word = broadcast_chosen_words().at(static_cast<std::size_t>(simgrid[w * a + chosen]));
        if (names[a].rfind("mpi-", 0) == 0) EXPECT_EQ(word, names[a]);
        // The selectors' words are their rules' choice for the run's 11 hosts.
        if (names[a] == "ompi-tuned")
          EXPECT_EQ(word, mpi_bcast_name(ompi_tuned_bcast(11, std::stod(message)).algorithm));
        if (names[a] == "mpich") EXPECT_EQ(word, mpi_bcast_name(mpich_bcast(11, std::stod(message)).algorithm));
        EXPECT_EQ(simgrid[w * a + segment], 0) << "unsegmented by default";
      }
    }
}

TEST(MpiBroadcast, TheLinearBroadcastOnOneRackTakesItsClosedFormOnBothEnginesAndAsPredicted) {
  // platforms/two-racks.xml, rack A: private 10 Gbit/s links of 2 us. The root's p − 1 messages
  // of n + 16 bytes (SMPI's envelope; 64 KiB and more: not detached) share its uplink and all end
  // at (p − 1)(n + 16) / B + 2 x 2 us; pLogP, one message at a time, ends the last one then too.
  const WorkDir dir("hetcoll-broadcast-test");
  const double bandwidth = 1.25e9, latency = 4e-6;
  const std::string xml = test::kSource + "/platforms/two-racks.xml";
  for (int p : {2, 5, 8})
    for (double n : {65536.0, 1048576.0}) {
      std::vector<std::string> hosts;
      for (int h = 0; h < p; ++h) hosts.push_back("a-" + std::to_string(h));
      const Point point = broadcast_point({{"costs", "platform"},
                                           {"cluster-hosts", std::to_string(p)},
                                           {"message", std::to_string(static_cast<long long>(n))}});
      const double expected = (p - 1) * (n + kSmpiEnvelopeBytes) / bandwidth + latency;
      for (const char* engine : {"model", "simgrid"}) {
        const std::vector<double> v = family_values(point, engine, 1, {"mpi-linear"}, dir, xml, hosts);
        ASSERT_EQ(v.size(), test::value_width());
        EXPECT_NEAR(v[0], expected, 1e-12) << engine << " p " << p << " n " << n;
        EXPECT_NEAR(v[1], expected, 1e-12) << engine << " p " << p << " n " << n << ": the prediction";
      }
    }
}

// Key segment is refused only where no algorithm of the run cuts its messages (it would have no
// effect at all): each row that does not cut, alone, is refused in one line naming the key; beside
// one that cuts it runs whole; outside a run (every row) the point is read.
TEST(MpiBroadcast, ASegmentIsRefusedOnlyWhereNoAlgorithmOfTheRunCuts) {
  test_support::expect_segment_refused_only_where_no_row_cuts(
      broadcast_family(), broadcast_algorithms(),
      broadcast_point({{"costs", "platform"}, {"cluster-hosts", "4"}, {"segment", "8192"}}), "8192");
}

}  // namespace
}  // namespace hetcoll
