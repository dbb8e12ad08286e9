// Durations the model engine cannot use (issue 9 item 11): an infinite, NaN or negative one
// used to keep its event loop turning forever; now it is an InputError naming what is wrong.
// Flows that SimGrid would share (issue 11) share their links as CM02 does: closed forms below,
// SimGrid itself in test_engine_agreement.cpp and test_max_min_sharing_simgrid.cpp.
#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "engine/engine.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/plan.hpp"

namespace hetcoll {
namespace {

/// The message of the InputError that one replication of `plan` on `platform` raises, or "".
std::string error_of(const Platform& platform, const PlanOp& op) {
  Plan plan;
  plan.add(op);
  PlanPolicy policy(plan, CostScale{1e7, 1e7}, nullptr);
  try {
    run_single(*make_model_engine(platform), policy);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ModelEngineFaults, AZeroBandwidthLinkIsAnInputErrorNamingIt) {
  Platform p = ideal_cluster(2);
  p.links.edit(p.hosts[1].down).bandwidth = 0;
  EXPECT_NE(error_of(p, {ActivityKind::comm, 0, 1, 1.0}).find("p1_DOWN"), std::string::npos);
}

TEST(ModelEngineFaults, AZeroSpeedHostIsAnInputErrorNamingIt) {
  Platform p = ideal_cluster(2);
  p.hosts.edit(1).speed = 0;
  EXPECT_NE(error_of(p, {ActivityKind::compute, 1, -1, 1.0}).find("host p1"), std::string::npos);
}

TEST(ModelEngineFaults, AnInfiniteOrNaNCostIsAnInputError) {
  const Platform p = ideal_cluster(2);
  for (double cost : {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(), 1e308}) {
    EXPECT_NE(error_of(p, {ActivityKind::comm, 0, 1, cost}), "") << cost;
    EXPECT_NE(error_of(p, {ActivityKind::compute, 0, -1, cost}), "") << cost;
  }
}

TEST(ModelEngineFaults, ALinkSettingWithoutBandwidthIsRefusedByName) {
  const Platform p = ideal_cluster(2);
  EXPECT_THROW(check_link_setting({2, 0.0, 0.0}, p), InputError);
  EXPECT_THROW(check_link_setting({2, 1e7, -1.0}, p), InputError);
  EXPECT_NO_THROW(check_link_setting({2, 1e7, 0.0}, p));
  try {
    check_link_setting({3, std::numeric_limits<double>::infinity(), 0.0}, p);
    ADD_FAILURE() << "an infinite bandwidth was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("link p1_DOWN"), std::string::npos) << e.what();
  }
  EXPECT_THROW(check_link_setting({4, 1e7, 0.0}, p), std::logic_error) << "a family's index out of the platform";
  EXPECT_THROW(check_link_setting({-1, 1e7, 0.0}, p), std::logic_error);
}

// A platform timed from its route table (a file's, as describe() reads it) cannot take a
// change of link: the table would keep the old costs. The engine stops, naming the file and the
// link, and does not run the replication on the platform as it was.
TEST(ModelEngineFaults, ALinkSettingOnARouteTableIsRefusedNamingTheFileAndTheLink) {
  Platform p = ideal_cluster(2);
  p.file = "two.xml";
  for (int s = 0; s < 2; ++s)
    for (int d = 0; d < 2; ++d) p.route_table.push_back(s == d ? RouteCost{0.0, 1e300} : p.route(s, d));
  Plan plan;
  plan.add({ActivityKind::comm, 0, 1, 1.0});
  PlanPolicy policy(plan, CostScale{1e7, 1e7}, nullptr);
  struct Source final : ReplicationSource {
    Policy* policy = nullptr;
    bool given = false;
    bool finished_one = false;
    Policy* next(std::vector<LinkSetting>& settings) override {
      if (given) return nullptr;
      given = true;
      settings.push_back({1, 5e6, 0.0});  // p0_DOWN
      return policy;
    }
    void finished(double) override { finished_one = true; }
  } source;
  source.policy = &policy;
  try {
    make_model_engine(p)->run(source);
    ADD_FAILURE() << "the setting was ignored";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("two.xml: link p0_DOWN changes before each replication", 0), 0u) << e.what();
  }
  EXPECT_FALSE(source.finished_one);
}

// Contention (issue 11): the model engine gives every comm min(rate cap, route bandwidth). That
// is SimGrid's timing only while the flows on each shared link fit in its bandwidth; beyond, the
// engine stops with one line naming the link, two flows and the date.

/// n hosts of the ideal cluster with decimal NICs (a cost of 1 is 1e7 bytes: 1 s at 1e7 B/s)
/// and one link `backbone` that every route crosses.
Platform backbone_cluster(int n, double nic, double backbone, bool shared = true) {
  Platform p = ideal_cluster(n, 1e7, nic);
  p.between = {{{p.add_link("backbone", {backbone, 0.0, shared})}}};
  return p;
}

/// The makespan of one replication of `plan` on `platform`.
double makespan(const Platform& platform, const Plan& plan) {
  PlanPolicy policy(plan, CostScale{1e7, 1e7}, nullptr);
  return run_single(*make_model_engine(platform), policy);
}

/// p0 -> p2 at 0, and p1 -> p3 once p1 has computed for `delay` s; each 1e7 bytes, capped at `rate`.
Plan two_flows(double delay, double rate = 0) {
  Plan plan;
  plan.add(comm_op(0, 2, 1.0, rate));
  const int wait = plan.add(compute_op(1, delay));
  plan.add(comm_op(1, 3, 1.0, rate), {wait});
  return plan;
}

constexpr double kTight = 1e-12;

// Routes without latency share with CM02's weight 1 each. p0 -> p2 sends 0.5e7 bytes alone at
// its NIC's 1e7 B/s, then both get 0.75e7 of the 1.5e7 backbone: p0 -> p2 ends 2/3 s later,
// having left p1 -> p3 0.5e7 bytes to send alone: 0.5 + 2/3 + 0.5.
TEST(ModelEngineSharing, TwoFlowsBeyondASharedLinkShareItEqually) {
  EXPECT_NEAR(makespan(backbone_cluster(4, 1e7, 1.5e7), two_flows(0.5)), 0.5 + 2.0 / 3 + 0.5, kTight);
}

TEST(ModelEngineSharing, TheSameFlowsRunAtTheirRatesOnAFatpipeOrWhenTheirRatesFit) {
  EXPECT_EQ(makespan(backbone_cluster(4, 1e7, 1.5e7, false), two_flows(0.5)), 1.5);
  EXPECT_EQ(makespan(backbone_cluster(4, 1e7, 2e7), two_flows(0.5)), 1.5);
  // Capped at 0.75e7 B/s each, they fill the 1.5e7 backbone exactly: 0.5 + 1e7 / 0.75e7.
  EXPECT_EQ(makespan(backbone_cluster(4, 1e7, 1.5e7), two_flows(0.5, 0.75e7)), 0.5 + 1e7 / 0.75e7);
  // One after the other, even when the second starts the instant the first ends.
  EXPECT_EQ(makespan(backbone_cluster(4, 1e7, 1e7), two_flows(1)), 2);
}

TEST(ModelEngineSharing, RatesThatFillALinkToRoundingKeepTheirRatesAndAMillionthBeyondShares) {
  // Three flows into p3 capped at a third of its downlink: their sum is 1e7 to rounding.
  Plan thirds;
  for (int h = 0; h < 3; ++h) thirds.add(comm_op(h, 3, 1.0, 1e7 / 3));
  EXPECT_EQ(makespan(ideal_cluster(4, 1e7, 1e7), thirds), 1e7 / (1e7 / 3));
  // Two flows capped just above half of it get half each.
  Plan over;
  for (int h = 0; h < 2; ++h) over.add(comm_op(h, 3, 1.0, 0.5e7 * (1 + 1e-6)));
  EXPECT_NEAR(makespan(ideal_cluster(4, 1e7, 1e7), over), 2, kTight);
}

// p1's uplink has 0.25 s of latency: p1 -> p3 takes no share before 0.75 s, then shares with
// weight 1 / 0.25 against p0 -> p2's 1 (no latency): 8e6 and 2e6 B/s of the 1e7 backbone. p0 ->
// p2's last 0.25e7 bytes and p1 -> p3's 1e7 both take 1.25 s: both end at 2.
TEST(ModelEngineSharing, AFlowTakesNoBandwidthDuringItsLatencyThenSharesByItsInverse) {
  Platform p = backbone_cluster(4, 1e7, 1e7);
  p.links.edit(p.hosts[1].up).latency = 0.25;
  EXPECT_EQ(makespan(p, two_flows(0.8)), 2.05);
  EXPECT_NEAR(makespan(p, two_flows(0.5)), 2, kTight);
}

// p0 -> p2 starts first but pays 0.5 s of latency; p1 -> p3 (5e6 bytes) starts at 0.25 and has
// sent 2.5e6 by 0.5. Then weights 1 / 0.5 and 1 share the 1.5e7 backbone: 1e7 and 5e6 B/s, so
// p1 -> p3 ends at 1 and p0 -> p2, at its NIC's rate throughout, at 1.5.
TEST(ModelEngineSharing, AFlowWhoseLatencyEndsLaterSharesFromThen) {
  Platform p = backbone_cluster(4, 1e7, 1.5e7);
  p.links.edit(p.hosts[0].up).latency = 0.5;
  Plan plan;
  plan.add(comm_op(0, 2, 1.0));
  const int wait = plan.add(compute_op(1, 0.25));
  plan.add(comm_op(1, 3, 0.5), {wait});
  EXPECT_NEAR(makespan(p, plan), 1.5, kTight);
}

TEST(ModelEngineSharing, ARouteThatCrossesALinkTwiceCountsTwiceThere) {
  // The backbone listed twice between the zones: p0 -> p2 alone gets half of it.
  Platform p = ideal_cluster(4, 1e7, 1e7);
  const int backbone = p.add_link("backbone", {1.5e7, 0.0, true});
  p.between = {{{backbone, backbone}}};
  Plan plan;
  plan.add(comm_op(0, 2, 1.0));
  EXPECT_NEAR(makespan(p, plan), 1e7 / 0.75e7, kTight);
}

TEST(ModelEngineSharing, AHostSendingTwoMessagesAtOnceSharesItsUplink) {
  Plan plan;
  plan.add(comm_op(0, 1, 1.0));
  plan.add(comm_op(0, 2, 1.0));
  EXPECT_NEAR(makespan(ideal_cluster(3, 1e7, 1e7), plan), 2, kTight);
  // One after the other they do not; nor do a send and a receive (split duplex).
  Plan sequence;
  sequence.add(comm_op(0, 1, 1.0), {sequence.add(comm_op(0, 2, 1.0))});
  sequence.add(comm_op(1, 0, 1.0));
  EXPECT_EQ(makespan(ideal_cluster(3, 1e7, 1e7), sequence), 2);
}

TEST(ModelEngineSharing, AFlowEndingNowFreesItsLinkBeforeItsDeliveryLaterInTheBatch) {
  // At 1 s, p0 -> p2 (owner p2) and p3 -> p1 (owner p1) end together; p3 -> p1 is delivered
  // first and starts p0 -> p3 on p0's uplink, whose flow p0 -> p2 is over but not yet delivered.
  Plan plan;
  plan.add(comm_op(0, 2, 1.0));
  plan.add(comm_op(0, 3, 1.0), {plan.add(comm_op(3, 1, 1.0))});
  EXPECT_EQ(makespan(ideal_cluster(4, 1e7, 1e7), plan), 2);
  // The same on links of unequal bandwidths, where routes are walked rather than computed.
  Platform unequal = ideal_cluster(4, 1e7, 1e7);
  unequal.links.edit(unequal.hosts[2].down).bandwidth = 2e7;
  EXPECT_EQ(makespan(unequal, plan), 2);
  // A flow that has not ended shares the link: from 1 s, p0 -> p2's last 1e7 bytes and p0 ->
  // p3's 1e7 get 0.5e7 B/s each.
  Plan overlap;
  overlap.add(comm_op(0, 2, 2.0));
  overlap.add(comm_op(0, 3, 1.0), {overlap.add(comm_op(3, 1, 1.0))});
  EXPECT_NEAR(makespan(unequal, overlap), 3, kTight);
}

}  // namespace
}  // namespace hetcoll
