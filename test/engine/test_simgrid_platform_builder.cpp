/// @file test_simgrid_platform_builder.cpp
/// @brief The SimGrid engine builds a generated platform through s4u
/// (engine/simgrid/simgrid_platform_builder.hpp) as SimGrid's loader builds the XML file
/// write_simgrid_xml() writes for it: same hosts, links and routes, number for number.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "core/error.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"

namespace hetcoll {
namespace {

// Doubles in hexadecimal: every bit shows.
std::string hex(double x) {
  char text[64];
  std::snprintf(text, sizeof text, "%a", x);
  return text;
}

/// Everything describe(true) reads from SimGrid, as text.
std::string described(const Platform& p) {
  std::string out;
  for (int h = 0; h < p.host_count(); ++h) out += "host " + p.host_name(h) + ' ' + hex(p.hosts[h].speed) + '\n';
  for (std::size_t i = 0; i < p.links.size(); ++i) {
    const LinkSpec& l = p.links[i];
    out += "link " + p.link_name(static_cast<int>(i)) + ' ' + hex(l.bandwidth) + ' ' + hex(l.latency) +
           (l.shared ? " shared\n" : " fatpipe\n");
  }
  for (const RouteCost& r : p.route_table) out += "route " + hex(r.latency) + ' ' + hex(r.bandwidth) + '\n';
  for (int link : p.route_links) out += std::to_string(link) + ' ';
  return out;
}

// A cluster whose numbers need all 17 digits, with a FATPIPE uplink and a backbone.
Platform cluster_with_backbone() {
  Platform p;
  for (int i = 0; i < 4; ++i) {
    const std::string name = "p" + std::to_string(i);
    const int up = p.add_link(name + "_UP", {1e8 / (3 + i), 1e-5 / 7, i != 2});
    const int down = p.add_link(name + "_DOWN", {1e8 / (5 + i), 2e-5 / 3});
    p.add_host(name, {1e9 / (1 + i), up, down, 0});
  }
  p.between = {{{p.add_link("backbone", {1e9 / 3, 1e-4 / 9})}}};
  return p;
}

// Three zones, one link between every two, one pair joined by a different link each way.
Platform three_zones() {
  Platform p;
  for (int i = 0; i < 6; ++i) {
    const std::string name = "p" + std::to_string(i);
    const int up = p.add_link(name + "_UP", {1e7 * (i + 1) / 3, 1e-6 * (i + 1)});
    const int down = p.add_link(name + "_DOWN", {1e7 * (i + 2) / 7, 2e-6 * (i + 1)});
    p.add_host(name, {1e9, up, down, i / 2});
  }
  const int first = static_cast<int>(p.links.size());
  for (const char* name : {"wan01", "wan02", "wan12", "wan21"}) p.add_link(name, {1e6 / 3, 1e-2 / 3});
  p.between = {{{}, {first}, {first + 1}}, {{first}, {}, {first + 2}}, {{first + 1}, {first + 3}, {}}};
  return p;
}

class BuiltPlatform : public ::testing::Test {
 protected:
  BuiltPlatform() : dir_("hetcoll-builder-test") {}

  /// describe(true) of `p` built through s4u, and of `p` written as XML and loaded.
  std::pair<std::string, std::string> both(const Platform& p) const {
    const std::string built = run_in_child(dir_.path(), [&] { return described(SimgridSession(p, {}).describe(true)); });
    const std::string file = dir_.path() + "/written.xml";
    write_simgrid_xml_file(p, file);
    const std::string loaded = run_in_child(dir_.path(), [&] { return described(SimgridSession(file, {}).describe(true)); });
    return {built, loaded};
  }

  /// The InputError message building `p` gives, or "" if it builds.
  std::string refusal(const Platform& p) const {
    return run_in_child(dir_.path(), [&] {
      try {
        SimgridSession session(p, {});
        session.engine(p.host_count());
        return std::string();
      } catch (const InputError& e) {
        return std::string(e.what());
      }
    });
  }

  WorkDir dir_;
};

TEST_F(BuiltPlatform, IsTheWrittenFileNumberForNumber) {
  for (const Platform& p : {ideal_cluster(5), cluster_with_backbone(), three_zones()}) {
    const auto [built, loaded] = both(p);
    EXPECT_NE(built.find("route "), std::string::npos);
    EXPECT_EQ(built, loaded);
  }
}

TEST_F(BuiltPlatform, ShapesSimgridCannotTakeAreRefusedInOneLine) {
  Platform table = ideal_cluster(2);
  table.route_table.resize(4);
  EXPECT_NE(refusal(table).find("platform: a platform given by a route table"), std::string::npos);

  Platform zero = ideal_cluster(3);
  zero.links.edit(3).bandwidth = 0;
  const std::string message = refusal(zero);
  EXPECT_NE(message.find("platform: link p1_DOWN has bandwidth 0"), std::string::npos) << message;

  Platform unshared_backbone = cluster_with_backbone();
  unshared_backbone.links.edit(unshared_backbone.links.size() - 1).shared = false;
  EXPECT_NE(refusal(unshared_backbone).find("backbone"), std::string::npos);
  EXPECT_EQ(refusal(cluster_with_backbone()), "");
}

}  // namespace
}  // namespace hetcoll
