/// @file test_platform.cpp
/// @brief Platform's names: the ideal cluster produces them by its rule, every other platform
/// stores them, and no reader can tell the two apart.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include "platform/platform.hpp"
#include "platform/simgrid_xml.hpp"

namespace hetcoll {
namespace {

// The records hold no name (names live beside them): 2^20 hosts and 2^21 links fit in 72 MB.
TEST(Platform, RecordsHoldNoName) {
  EXPECT_LE(sizeof(HostSpec), 24u);
  EXPECT_LE(sizeof(LinkSpec), 24u);
}

// The same cluster as ideal_cluster(n), every name stored through add_host and add_link.
Platform ideal_cluster_named_one_by_one(int n) {
  Platform p;
  for (int i = 0; i < n; ++i) {
    const std::string name = "p" + std::to_string(i);
    const int up = p.add_link(name + "_UP", {8388608, 0.0});
    const int down = p.add_link(name + "_DOWN", {8388608, 0.0});
    p.add_host(name, {8388608, up, down, 0});
  }
  p.between = {{{}}};
  return p;
}

std::string xml(const Platform& p) {
  std::ostringstream out;
  write_simgrid_xml(p, out);
  return out.str();
}

TEST(Platform, IdealClusterNamesFollowItsRule) {
  const int n = 12;
  const Platform ruled = ideal_cluster(n);
  const Platform stored = ideal_cluster_named_one_by_one(n);
  ASSERT_EQ(ruled.host_count(), n);
  ASSERT_EQ(ruled.links.size(), 2u * n);
  for (int i = 0; i < n; ++i) {
    const std::string name = "p" + std::to_string(i);
    EXPECT_EQ(ruled.host_name(i), name);
    EXPECT_EQ(ruled.link_name(ruled.hosts[i].up), name + "_UP");
    EXPECT_EQ(ruled.link_name(ruled.hosts[i].down), name + "_DOWN");
    EXPECT_EQ(ruled.host_name(i), stored.host_name(i));
  }
  for (int l = 0; l < 2 * n; ++l) {
    EXPECT_EQ(ruled.link_name(l), stored.link_name(l));
    EXPECT_EQ(ruled.link_index(ruled.link_name(l)), l);
    EXPECT_EQ(stored.link_index(stored.link_name(l)), l);
  }
  // Readers see the same platform: its SimGrid file is the same, byte for byte.
  EXPECT_EQ(xml(ruled), xml(stored));
}

TEST(Platform, IdealClusterRefusesNamesThatAreNotItsLinks) {
  const Platform p = ideal_cluster(12);
  for (const std::string name :
       {"p01_UP", "p5_up", "p-1_UP", "p+1_UP", "p99999999999_UP", "p12_UP", "p12_DOWN", "p2147483648_UP", "p1",
        "p", "p_UP", "", "P1_UP", "q1_UP", " p1_UP", "p1_UP ", "p1_UPX", "p1_DOWN_UP", "p1__UP", "p1_", "_UP"}) {
    EXPECT_EQ(p.link_index(name), -1) << "'" << name << "'";
    EXPECT_EQ(ideal_cluster_named_one_by_one(12).link_index(name), -1) << "'" << name << "'";
  }
  EXPECT_EQ(ideal_cluster(0).link_index("p0_UP"), -1);
}

TEST(Platform, IdealClusterNamesItsLastLinkAtScale) {
  const int n = 1 << 17;
  const Platform p = ideal_cluster(n);
  const std::string last = "p" + std::to_string(n - 1) + "_DOWN";
  EXPECT_EQ(p.link_name(2 * n - 1), last);
  EXPECT_EQ(p.link_index(last), 2 * n - 1);
  EXPECT_EQ(p.link_index("p" + std::to_string(n) + "_UP"), -1);
}

// A generator may start from the ideal cluster and add links or hosts of its own names.
TEST(Platform, NamesAddedAfterTheIdealClusterAreKept) {
  Platform p = ideal_cluster(3);
  const int backbone = p.add_link("backbone", {1e9, 1e-6});
  const int again = p.add_link("p0_UP", {1e9, 0.0});  // a second link of that name
  const int host = p.add_host("extra", {1e9, backbone, backbone, 0});
  EXPECT_EQ(backbone, 6);
  EXPECT_EQ(again, 7);
  EXPECT_EQ(host, 3);
  EXPECT_EQ(p.link_name(backbone), "backbone");
  EXPECT_EQ(p.link_name(again), "p0_UP");
  EXPECT_EQ(p.host_name(host), "extra");
  EXPECT_EQ(p.host_name(2), "p2");
  EXPECT_EQ(p.link_name(5), "p2_DOWN");
  EXPECT_EQ(p.link_index("backbone"), backbone);
  EXPECT_EQ(p.link_index("p0_UP"), 0);  // the first link of that name, as a scan would find
  EXPECT_EQ(p.link_index("p3_UP"), -1);
  EXPECT_EQ(p.link_index("extra"), -1);  // a host's name, not a link's
}

// The ideal cluster's records are produced by its rule, not stored; readers see the same
// entries as those of a cluster stored one by one, and a change to one entry (which stores the
// ruled ones first) changes that entry alone, whatever was added after them.
TEST(Platform, RuledRecordsReadAsStoredOnesAndEditChangesOneEntry) {
  const int n = 5;
  Platform ruled = ideal_cluster(n);
  const Platform stored = ideal_cluster_named_one_by_one(n);
  auto same_host = [](const HostSpec& a, const HostSpec& b) {
    return a.speed == b.speed && a.up == b.up && a.down == b.down && a.zone == b.zone;
  };
  auto same_link = [](const LinkSpec& a, const LinkSpec& b) {
    return a.bandwidth == b.bandwidth && a.latency == b.latency && a.shared == b.shared;
  };
  for (int i = 0; i < n; ++i) EXPECT_TRUE(same_host(ruled.hosts[i], stored.hosts[i])) << i;
  std::size_t visited = 0;
  for (const LinkSpec& l : ruled.links) EXPECT_TRUE(same_link(l, stored.links[visited++]));
  EXPECT_EQ(visited, 2u * n);
  EXPECT_THROW(ruled.hosts.at(n), std::out_of_range);

  const int backbone = ruled.add_link("backbone", {1e9, 1e-6});
  ruled.hosts.edit(2).speed = 7;
  ruled.links.edit(3).latency = 0.5;
  ASSERT_EQ(ruled.host_count(), n);
  ASSERT_EQ(ruled.links.size(), 2u * n + 1);
  for (int i = 0; i < n; ++i) {
    HostSpec expected = stored.hosts[i];
    if (i == 2) expected.speed = 7;
    EXPECT_TRUE(same_host(ruled.hosts[i], expected)) << i;
  }
  for (int l = 0; l < 2 * n; ++l) {
    LinkSpec expected = stored.links[l];
    if (l == 3) expected.latency = 0.5;
    EXPECT_TRUE(same_link(ruled.links[l], expected)) << l;
  }
  EXPECT_TRUE(same_link(ruled.links[backbone], {1e9, 1e-6}));
  EXPECT_TRUE(same_link(ruled.links.back(), {1e9, 1e-6}));
  EXPECT_EQ(ruled.link_name(backbone), "backbone");
  EXPECT_EQ(ruled.link_name(3), "p1_DOWN");
}

}  // namespace
}  // namespace hetcoll
