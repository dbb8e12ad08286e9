#pragma once
/// @file simgrid_xml.hpp
/// @brief Writes a Platform as a SimGrid XML platform file (version 4.1).
#include <ostream>
#include <string>

#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Writes `platform` as SimGrid XML: one Cluster-routed zone per platform zone, each host
/// with its own UP and DOWN links (`host_link`), and the zone's backbone if it has one.
/// Throws InputError for shapes the writer does not support (routes given as a table).
void write_simgrid_xml(const Platform& platform, std::ostream& out);

/// @brief Same, to a file; throws InputError naming the path if it cannot be written.
void write_simgrid_xml_file(const Platform& platform, const std::string& path);

}  // namespace hetcoll
