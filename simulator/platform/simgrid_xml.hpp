#pragma once
/// @file simgrid_xml.hpp
/// @brief How a Platform maps onto SimGrid zones, and writing it as a SimGrid XML platform file
/// (version 4.1). The SimGrid engine builds the same zones through s4u instead of re-reading
/// a file (engine/simgrid/simgrid_platform_builder.hpp); the file is for users and tests.
#include <ostream>
#include <string>

#include "platform/platform.hpp"

namespace hetcoll {

/// @brief The SimGrid shape of a Platform: how many zones, and the backbone of a single zone.
///
/// A single zone is zone "cluster" (Cluster routing, a star: each host with its own UP and
/// DOWN links, and the zone's backbone if it has one) inside a root zone "world" (Full routing).
/// Several zones (numbered 0..N−1, no backbone, exactly one link between two zones) are one
/// Floyd-routed zone "world" with a router per zone: host -> router over the host's uplink,
/// router -> host over its downlink, router -> router over `between[a][b]`. SimGrid then routes a
/// message from a host of zone a to one of zone b through the sender's uplink, that link and the
/// receiver's downlink, as Platform::route(). (SimGrid 3.32 cannot give a Cluster zone's router a
/// route from XML, so zoneRoute gateways are not an option.)
/// A link that is not `shared` gets sharing policy FATPIPE, so SimGrid shares exactly the links
/// the model engine checks for contention.
struct SimgridLayout {
  int zones = 1;
  int backbone = -1;  //!< index into Platform::links of a single zone's backbone, -1 for none
};

/// @brief The layout of `platform`; throws InputError for shapes SimGrid cannot be given (routes
/// given as a table, more than one backbone per zone or an unshared one, a host without up or
/// down link, the multi-zone restrictions above).
SimgridLayout simgrid_layout(const Platform& platform);

/// @brief Writes `platform` as SimGrid XML in the layout of simgrid_layout(), which it checks
/// first.
void write_simgrid_xml(const Platform& platform, std::ostream& out);

/// @brief Same, to a file; throws InputError naming the path if it cannot be written.
void write_simgrid_xml_file(const Platform& platform, const std::string& path);

}  // namespace hetcoll
