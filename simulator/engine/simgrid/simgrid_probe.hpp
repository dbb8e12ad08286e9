#pragma once
/// @file simgrid_probe.hpp
/// @brief The SimGrid engine's Probe: ping-pongs simulated on a loaded platform file.
#include <memory>

#include "engine/probe.hpp"
#include "engine/simgrid/simgrid_session.hpp"

namespace hetcoll {

/// @brief Pings on the engine of `session` over its first `hosts` hosts. SimGrid runs one
/// engine once per process, so round_trips() may be called once, and the session must not
/// run replications too. `session` must outlive the probe.
std::unique_ptr<Probe> make_simgrid_probe(SimgridSession& session, int hosts);

}  // namespace hetcoll
