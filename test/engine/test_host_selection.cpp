/// @file test_host_selection.cpp
/// @brief Key `hosts` (engine/simgrid/host_selection.hpp): which hosts of a platform file a run
/// uses, in which order, on a two-site file with a cluster, a Full zone and a nested zone.
#include <gtest/gtest.h>

#include <fstream>

#include "core/error.hpp"
#include "engine/engine_factory.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/simgrid/simgrid_session.hpp"

namespace hetcoll {
namespace {

// Hosts are declared out of name order (b-node9 before b-node10 before b-node2, r1 before r0)
// so that file order and natural name order differ.
constexpr const char* kTwoSites = R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Floyd">
    <cluster id="siteA" prefix="a-" suffix=".lyon" radical="0-3" speed="1Gf" bw="125MBps" lat="50us"
             bb_bw="2.25GBps" bb_lat="500us"/>
    <zone id="siteB" routing="Floyd">
      <zone id="rack1" routing="Full">
        <host id="b-node9" speed="2Gf"/>
        <host id="b-node10" speed="2Gf"/>
      </zone>
      <zone id="rack2" routing="Full">
        <host id="b-node2" speed="2Gf"/>
        <host id="r1" speed="2Gf"/>
        <host id="r0" speed="2Gf"/>
      </zone>
    </zone>
  </zone>
</platform>
)";

class HostSelection : public ::testing::Test {
 protected:
  HostSelection() : dir_("hetcoll-test"), file_(dir_.path() + "/two-sites.xml") { std::ofstream(file_) << kTwoSites; }

  /// The names of the hosts `hosts` selects, space-separated, or "error: <message>".
  std::string names(const std::vector<std::string>& hosts) const {
    return run_in_child(dir_.path(), [&] {
      try {
        std::string out;
        const Platform read = SimgridSession(file_, {}, hosts).describe(false);
        for (int h = 0; h < read.host_count(); ++h) out += read.host_name(h) + ' ';
        return out;
      } catch (const InputError& e) {
        return std::string("error: ") + e.what();
      }
    });
  }

  WorkDir dir_;
  std::string file_;
};

TEST_F(HostSelection, WithoutSelectionEveryHostInNaturalNameOrder) {
  EXPECT_EQ(names({}), "a-0.lyon a-1.lyon a-2.lyon a-3.lyon b-node2 b-node9 b-node10 r0 r1 ");
}

TEST_F(HostSelection, NamesKeepTheGivenOrderAndTheFirstIsHostZero) {
  EXPECT_EQ(names({"r0", "a-2.lyon", "b-node10"}), "r0 a-2.lyon b-node10 ");
}

TEST_F(HostSelection, AZoneGivesItsHostsInFileOrderNestedZonesIncluded) {
  EXPECT_EQ(names({"zone:siteB"}), "b-node9 b-node10 b-node2 r1 r0 ");
  EXPECT_EQ(names({"zone:rack2"}), "b-node2 r1 r0 ");
  EXPECT_EQ(names({"zone:siteA"}), "a-0.lyon a-1.lyon a-2.lyon a-3.lyon ");
  EXPECT_EQ(names({"zone:world"}), "a-0.lyon a-1.lyon a-2.lyon a-3.lyon b-node9 b-node10 b-node2 r1 r0 ");
}

TEST_F(HostSelection, GlobsMatchNamesInFileOrder) {
  EXPECT_EQ(names({"b-*"}), "b-node9 b-node10 b-node2 ");
  EXPECT_EQ(names({"a-[13].lyon", "r?"}), "a-1.lyon a-3.lyon r1 r0 ");
}

TEST_F(HostSelection, WhatSelectsNothingOrTwiceIsAnInputErrorNamingTheFileAndKey) {
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{
           {"nope"}, {"zone:nope"}, {"x*"}, {"b-node2", "b-*"}, {"zone:rack2", "zone:siteB"}}) {
    const std::string got = names(bad);
    EXPECT_EQ(got.rfind("error: " + file_ + ": key 'hosts'", 0), 0u) << bad.front() << ": " << got;
  }
}

TEST_F(HostSelection, RoutesAreDescribedForTheSelectedHostsOnly) {
  const std::string size = run_in_child(dir_.path(), [&] {
    return std::to_string(SimgridSession(file_, {}, {"zone:siteA"}).describe(true).route_table.size());
  });
  EXPECT_EQ(size, "16");
}

TEST_F(HostSelection, TheSelectionIsCountedInAChild) {
  EXPECT_EQ(count_platform_hosts(file_, {}, {}), 9);
  EXPECT_EQ(count_platform_hosts(file_, {}, {"zone:siteB", "a-0.lyon"}), 6);
  EXPECT_THROW(count_platform_hosts(file_, {}, {"nope"}), InputError);
}

}  // namespace
}  // namespace hetcoll
