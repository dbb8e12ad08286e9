#pragma once
/// @file host_selection.hpp
/// @brief Internal: the hosts of a loaded platform that key `hosts` selects, in order.
#include <string>
#include <vector>

namespace simgrid::s4u {
class Engine;
class Host;
}  // namespace simgrid::s4u

namespace hetcoll {

/// @brief The hosts `patterns` select, in order: each pattern is an exact host name, a glob
/// (`*`, `?`, `[...]`: every matching host) or `zone:NAME` (every host of that zone or
/// `<cluster>`, nested zones included). Within one pattern hosts come in file order: zone by
/// zone, depth first from the root, each zone's hosts in the order the file declares them
/// (a SimGrid zone holds either hosts or sub-zones, so this is the order of the file).
///
/// Throws InputError naming `file` and key 'hosts' if a pattern selects nothing (a name,
/// glob or zone the file lacks) or a host is selected twice.
std::vector<simgrid::s4u::Host*> select_hosts(const simgrid::s4u::Engine& engine,
                                              const std::vector<std::string>& patterns, const std::string& file);

}  // namespace hetcoll
