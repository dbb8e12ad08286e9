// Durations the model engine cannot use (issue 9 item 11): an infinite, NaN or negative one
// used to keep its event loop turning forever; now it is an InputError naming what is wrong.
#include <gtest/gtest.h>

#include <limits>

#include "core/error.hpp"
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
  p.links[p.hosts[1].down].bandwidth = 0;
  EXPECT_NE(error_of(p, {ActivityKind::comm, 0, 1, 1.0}).find("p1_DOWN"), std::string::npos);
}

TEST(ModelEngineFaults, AZeroSpeedHostIsAnInputErrorNamingIt) {
  Platform p = ideal_cluster(2);
  p.hosts[1].speed = 0;
  EXPECT_NE(error_of(p, {ActivityKind::compute, 1, -1, 1.0}).find("host p1"), std::string::npos);
}

TEST(ModelEngineFaults, AnInfiniteOrNaNCostIsAnInputError) {
  const Platform p = ideal_cluster(2);
  for (double cost : {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(), 1e308}) {
    EXPECT_NE(error_of(p, {ActivityKind::comm, 0, 1, cost}), "") << cost;
    EXPECT_NE(error_of(p, {ActivityKind::compute, 0, -1, cost}), "") << cost;
  }
}

TEST(ModelEngineFaults, ALinkSettingWithoutBandwidthIsRefused) {
  EXPECT_THROW(check_link_setting({"p0_UP", 0.0, 0.0}), InputError);
  EXPECT_THROW(check_link_setting({"p0_UP", 1e7, -1.0}), InputError);
  EXPECT_NO_THROW(check_link_setting({"p0_UP", 1e7, 0.0}));
}

}  // namespace
}  // namespace hetcoll
