#pragma once
/// @file simgrid_engine.hpp
/// @brief Internal: the Engine that executes policies with s4u actors (see SimgridSession).
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.hpp"

namespace simgrid::s4u {
class Engine;
class Host;
}  // namespace simgrid::s4u

namespace hetcoll {

/// @brief Runs replications as one SimGrid simulation on `hosts` (host index i = hosts[i]) of
/// the platform loaded from `file` (named in error messages). Unless `every_route_checked`, it
/// checks each route beyond kAllPairsHosts hosts before its first message. LinkSetting indices
/// refer to `platform`, the description the families see (null: no link may be set).
std::unique_ptr<Engine> make_simgrid_engine(simgrid::s4u::Engine& engine,
                                            std::vector<simgrid::s4u::Host*> hosts, const std::string& file,
                                            bool every_route_checked, std::shared_ptr<const Platform> platform);

}  // namespace hetcoll
