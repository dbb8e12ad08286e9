#pragma once
/// @file simgrid_plugin.hpp
/// @brief How hetcoll reaches SimGrid: a plugin, hetcoll_simgrid.so, loaded on first use.
///
/// The plugin holds every file of this folder that includes SimGrid headers. When loaded, it
/// registers its two session factories (register_simgrid_plugin(), from a static initialiser of
/// simgrid_session.cpp); SimgridSession's constructors then call them. Programs that link those
/// files in (the tests, the benchmarks) register the same way at start-up and never load the
/// plugin. Where hetcoll looks for it is in simgrid_plugin.cpp.
#include <memory>
#include <string>
#include <vector>

#include "engine/simgrid/simgrid_session.hpp"

namespace hetcoll {

/// @brief The plugin's entry points: a session on a platform file, or on a generated platform.
struct SimgridPlugin {
  std::unique_ptr<SimgridSession::Backend> (*open_file)(const std::string& platform_file,
                                                        const std::vector<std::string>& cfg,
                                                        const std::vector<std::string>& hosts);
  std::unique_ptr<SimgridSession::Backend> (*build)(const Platform& platform, const std::vector<std::string>& cfg);
};

/// @brief Also exported by the plugin, as a C function the loader finds by name before it uses
/// anything else of it: the revision it was built from (HETCOLL_REVISION). A plugin of another
/// build, whose structures may differ from the program's, is refused rather than run.
extern "C" const char* hetcoll_simgrid_revision();

/// @brief Called once by the plugin's code when it is loaded or linked in.
void register_simgrid_plugin(const SimgridPlugin& plugin);

/// @brief The registered plugin, loading hetcoll_simgrid.so first if none is. Throws
/// InputError naming the file if it cannot be loaded (an installation without it).
const SimgridPlugin& simgrid_plugin();

}  // namespace hetcoll
