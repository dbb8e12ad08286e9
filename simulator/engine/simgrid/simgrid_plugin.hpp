#pragma once
/// @file simgrid_plugin.hpp
/// @brief How hetcoll reaches SimGrid: a plugin, hetcoll_simgrid.so, loaded on first use.
///
/// The plugin holds every file of this folder that includes SimGrid headers and exports two C
/// functions, which the loader finds by name: the build it comes from, read first, and its
/// session factories, taken only once that build is the program's own. Nothing of the plugin's
/// runs before (it has no static initialiser of its own). Programs that link those files in
/// (the tests, the benchmarks) reach the same two functions directly and never load the
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

/// @brief The registered plugin, loading hetcoll_simgrid.so first if it is not linked in.
/// Throws InputError naming the file if it cannot be loaded or is not this build's.
const SimgridPlugin& simgrid_plugin();

}  // namespace hetcoll

/// @brief The plugin's two entry points (simgrid_session.cpp), C functions found by name. The
/// first gives the build the plugin comes from, HETCOLL_BUILD (hetcoll_revision.h): the revision
/// and the build directory's own identifier, drawn when it was first configured, so that a
/// plugin of another build directory is refused even when both say the same revision (two
/// trees with edits on one commit, say): its structures may differ from the program's.
extern "C" const char* hetcoll_simgrid_build();
extern "C" const hetcoll::SimgridPlugin* hetcoll_simgrid_plugin();
