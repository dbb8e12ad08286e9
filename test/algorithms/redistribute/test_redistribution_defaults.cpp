// The family's defaults run, and random matrices run on any platform file: k = 0 on the
// family's own platform is a backbone that limits no step; `exact` is in the default list only
// where its search fits every instance the point may draw; on a file, a random matrix has the
// messages of the family's own draws and the file's speeds, and runs on both engines.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "algorithms/redistribute/support/execution.hpp"
#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "core/random.hpp"
#include "driver/scenario.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"
#include "algorithms/redistribute/redistribution_harness.hpp"

namespace hetcoll {
namespace {

using test::redistribution_point;

/// Every message as (sender, receiver, weight), in order.
std::vector<double> messages_of(const Instance& g) {
  std::vector<double> out;
  for (const Message& m : g.messages) out.insert(out.end(), {double(m.sender), double(m.receiver), m.weight});
  return out;
}

// With k = 0 the backbone carries every step the NICs allow: the same draws with a backbone far
// wider than any step give the same instance, bound and schedule costs.
TEST(RedistributionDefaults, KZeroOnTheFamilysOwnPlatformLimitsNoStep) {
  for (const auto& [senders, receivers, delta_max, edges] :
       std::vector<std::array<double, 4>>{{14, 14, 5, 0}, {3, 7, 1, 0}, {6, 2, 4, 12}, {1, 5, 3, 0}}) {
    const Point point = redistribution_point(
        {{"senders", senders}, {"receivers", receivers}, {"delta-max", delta_max}, {"edges", edges}, {"k", 0}});
    const RandomSpec spec = resolve_redistribution_point(point).random;
    RandomSpec wide = spec;
    wide.k = 1'000'000;
    for (std::uint64_t r = 0; r < 20; ++r) {
      const Instance g = random_instance(spec, RandomStream(11, r)).instance;
      const Instance w = random_instance(wide, RandomStream(11, r)).instance;
      ASSERT_EQ(messages_of(g), messages_of(w));
      EXPECT_EQ(g.delta, w.delta) << "a node's delta is its ports";
      EXPECT_EQ(lower_bound(g), lower_bound(w));
      for (const RedistributionAlgorithm* a : test::scalable_step_algorithms())
        EXPECT_EQ(schedule_cost(g, *test::schedule_of(*a, g)), schedule_cost(w, *test::schedule_of(*a, w))) << a->name() << " r " << r;
    }
  }
}

// Where the family lets a search into the list, it finishes on every draw of the point; the
// defaults' instances are far too large for it, and it is left out of their list, alone.
TEST(RedistributionDefaults, ASearchIsListedOnlyWhereItFitsEveryInstanceThePointDraws) {
  const Family& family = *find_family("redistribute");
  int fitting = 0, refused = 0;
  for (double senders : {1, 2, 3})
    for (double receivers : {1, 2, 3})
      for (double weight_max : {1, 2, 4, 6})
        for (double k : {0, 1, 2, 3}) {
          const Point point = redistribution_point(
              {{"senders", senders}, {"receivers", receivers}, {"weight-max", weight_max}, {"k", k}});
          const RandomSpec spec = resolve_redistribution_point(point).random;
          for (const RedistributionAlgorithm& a : redistribution_algorithms()) {
            if (a.work_bound() == nullptr) {
              EXPECT_EQ(family.read_point(point)->limit(a.name()), "") << a.name();
              continue;
            }
            if (!family.read_point(point)->limit(a.name()).empty()) {
              ++refused;
              continue;
            }
            ++fitting;
            for (std::uint64_t r = 0; r < 10; ++r) {
              const Instance g = random_instance(spec, RandomStream(3, r)).instance;
              const std::string error = test::input_error([&] {
                EXPECT_GE(schedule_cost(g, *test::schedule_of(a, g)), lower_bound(g) - 1e-9);
              });
              EXPECT_EQ(error, "(no error)") << a.name() << " on " << senders << " x " << receivers << ", k " << k;
            }
          }
        }
  EXPECT_GT(fitting, 0);
  EXPECT_GT(refused, 0);
  const Scenario defaults = resolve_run_arguments({"--family", "redistribute"});
  const Point point = expand_points(defaults).at(0);
  for (const RedistributionAlgorithm& a : redistribution_algorithms()) {
    const bool listed = std::count(defaults.algorithms.begin(), defaults.algorithms.end(), a.name()) > 0;
    EXPECT_EQ(listed, family.read_point(point)->limit(a.name()).empty()) << a.name();
  }
}

// A random matrix on given speeds: the pairs and weights of the family's own draws, the base,
// k, ports and δ of the speeds, no port drawn.
TEST(RedistributionRandomOnFile, DrawsTheMessagesOfTheOwnPlatformWithTheGivenSpeeds) {
  const Derived speeds = derive_speeds({200, 100, 300, 100, 200, 400}, 400);
  RandomSpec spec;
  spec.senders = 3;
  spec.receivers = 3;
  spec.k = speeds.instance.k;
  for (std::uint64_t r = 0; r < 30; ++r) {
    const Derived own = random_instance(spec, RandomStream(9, r));
    const Derived on_file = random_matrix(spec, RandomStream(9, r), speeds);
    EXPECT_EQ(messages_of(on_file.instance), messages_of(own.instance));
    EXPECT_EQ(on_file.base, 100);
    EXPECT_EQ(on_file.instance.k, 4);
    EXPECT_EQ(on_file.instance.delta, (std::vector<int>{2, 1, 3, 1, 2, 4}));
    EXPECT_EQ(on_file.ports, speeds.ports);
  }
}

// On a file of the family's own shape, capped steps fit every link: both engines give the same
// time, no run beats the link bound, capped steps take at least LB; key 'k' must be 0 or the
// file's.
TEST(RedistributionRandomOnFile, RunsOnBothEnginesWithTheFilesSpeeds) {
  const WorkDir dir("hetcoll-jw");
  const std::string file = dir.path() + "/random.xml";
  std::vector<double> nic;
  for (double mbit : {200, 100, 300, 100, 200, 400}) nic.push_back(mbit * kBytesPerMbit);
  write_simgrid_xml_file(two_cluster_platform(nic, 400 * kBytesPerMbit), file);
  std::vector<std::string> algorithms;
  for (const RedistributionAlgorithm* a : test::scalable_step_algorithms()) algorithms.push_back(a->name());
  algorithms.push_back("lower-bound");
  const Point point = redistribution_point({{"senders", 3}, {"receivers", 3}, {"weight-max", 5}, {"beta", 0.5}});
  const std::vector<double> model = test::unit_metrics(algorithms, "model", point, 6, dir.path(), file);
  const std::vector<double> simgrid = test::unit_metrics(algorithms, "simgrid", point, 6, dir.path(), file);
  ASSERT_EQ(model.size(), simgrid.size());
  for (std::size_t i = 0; i < model.size(); i += 4) {
    EXPECT_NEAR(model[i], simgrid[i], 1e-9 * simgrid[i]) << "value " << i / 4;
    EXPECT_GE(simgrid[i + 1], 1 - 1e-9) << "over_bound " << i / 4;
    EXPECT_GE(simgrid[i + 2], 1 - 1e-9) << "over_link_bound " << i / 4;
    EXPECT_EQ(simgrid[i + 3], 1) << "backbone_shared " << i / 4;
  }
  // The file's k is 4 (400 / 100).
  const std::string error = test::input_error([&] {
    test::unit_metrics({"ggp"}, "model", redistribution_point({{"senders", 3}, {"receivers", 3}, {"k", 3}}), 1,
                       dir.path(), file);
  });
  EXPECT_NE(error.find("key 'k' = 3 but backbone / base speed = 4 in " + file), std::string::npos) << error;
}

}  // namespace
}  // namespace hetcoll
