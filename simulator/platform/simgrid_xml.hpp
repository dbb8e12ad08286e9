#pragma once
/// @file simgrid_xml.hpp
/// @brief Writes a Platform as a SimGrid XML platform file (version 4.1).
#include <ostream>
#include <string>

#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Writes `platform` as SimGrid XML: one Cluster-routed zone per platform zone, each host
/// with its own UP and DOWN links (`host_link`), and the zone's backbone if it has one.
///
/// A single zone is written as zone "cluster" inside a root zone "world" (Full routing). Several
/// zones (numbered 0..N−1, no backbone, exactly one link between two zones) are written as one
/// Floyd-routed zone "world" with a router per zone: host -> router over the host's uplink,
/// router -> host over its downlink, router -> router over `between[a][b]`. SimGrid then routes a
/// message from a host of zone a to one of zone b through the sender's uplink, that link and the
/// receiver's downlink, as Platform::route(). (SimGrid 3.32 cannot give a Cluster zone's router a
/// route from XML, so zoneRoute gateways are not an option.)
/// A link that is not `shared` is written with sharing_policy="FATPIPE", so SimGrid shares
/// exactly the links the model engine checks for contention.
/// Throws InputError for shapes the writer does not support (routes given as a table, more than
/// one backbone per zone or an unshared one, the multi-zone restrictions above).
void write_simgrid_xml(const Platform& platform, std::ostream& out);

/// @brief Same, to a file; throws InputError naming the path if it cannot be written.
void write_simgrid_xml_file(const Platform& platform, const std::string& path);

}  // namespace hetcoll
