#pragma once
/// @file simgrid_platform_builder.hpp
/// @brief Internal: builds a generated Platform in the SimGrid engine through s4u's platform API.
#include <vector>

#include "platform/platform.hpp"

namespace simgrid::s4u {
class Host;
}  // namespace simgrid::s4u

namespace hetcoll {

/// @brief Creates the zones, hosts, links and routes of `platform` in this process's SimGrid
/// engine (created, platform not yet loaded) in the layout of simgrid_layout(), which it checks
/// first, and seals the platform. Returns the hosts in platform order (host i = hosts[i]).
///
/// It makes the calls SimGrid's XML loader makes for write_simgrid_xml()'s file, in the same
/// order and with the same doubles (the file's 17 digits read back exactly), so a run on the
/// built platform is the run on the written file, event for event and bit for bit; it only
/// skips writing and parsing the file (28% of a 65,536-host run).
std::vector<simgrid::s4u::Host*> build_simgrid_platform(const Platform& platform);

}  // namespace hetcoll
