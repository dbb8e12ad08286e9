#include "engine/simgrid/simgrid_plugin.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <xbt/base.h>          // what version.h assumes included
#include <simgrid/version.h>  // macros only: the version is known without loading SimGrid

#include <climits>
#include <string>

#include "core/error.hpp"
#include "hetcoll_revision.h"  // generated at build time (simulator/driver/revision.cmake)

#ifndef HETCOLL_PLUGIN_FROM_BINDIR
#define HETCOLL_PLUGIN_FROM_BINDIR "../lib/hetcoll"
#endif

namespace hetcoll {
namespace {

const SimgridPlugin*& registered() {
  static const SimgridPlugin* plugin = nullptr;
  return plugin;
}

// The directory of the running program: where the build tree keeps the plugin, and the root of
// the relative path an installation puts it at.
std::string program_directory() {
  char path[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return ".";
  const std::string program(path, static_cast<std::size_t>(n));
  return program.substr(0, program.rfind('/'));
}

// Beside the program (a build tree), then where `cmake --install` puts it relative to the
// program (HETCOLL_PLUGIN_FROM_BINDIR, set by CMake from the install directories), its symbols
// kept to itself. Lazily, as the program's libraries always were: the plugin's own calls are
// bound at load all the same (it is linked with -z now: SimGrid's agents run on 3 KiB stacks,
// too small for the dynamic linker's resolver; SimgridEngine::run), and binding all of SimGrid's
// and ns-3's at once would cost 12 ms more per process (55 million instructions).
void load_plugin() {
  const std::string dir = program_directory();
  const std::string candidates[] = {dir + "/hetcoll_simgrid.so", dir + "/" HETCOLL_PLUGIN_FROM_BINDIR "/hetcoll_simgrid.so"};
  std::string error;
  for (const std::string& path : candidates) {
    if (::access(path.c_str(), F_OK) != 0) continue;
    void* plugin = ::dlopen(path.c_str(), RTLD_LAZY | RTLD_LOCAL);
    if (plugin == nullptr) {
      const char* why = ::dlerror();
      throw InputError(path + ": cannot load hetcoll's SimGrid plugin: " + (why ? why : "unknown error"));
    }
    // Its revision first, through the one entry point whose form never changes: what it
    // registered is only used once the two builds are known to be one.
    const auto revision = reinterpret_cast<const char* (*)()>(::dlsym(plugin, "hetcoll_simgrid_revision"));
    if (revision == nullptr || std::string(revision()) != HETCOLL_REVISION) {
      registered() = nullptr;
      throw InputError(path + ": SimGrid plugin built from " +
                       (revision ? "revision " + std::string(revision()) : std::string("another program")) +
                       ", this hetcoll is revision " + HETCOLL_REVISION +
                       "; expected the plugin built with it (rebuild, or install both)");
    }
    if (registered() == nullptr) throw InputError(path + ": not hetcoll's SimGrid plugin (it registered no engine)");
    return;
  }
  throw InputError(candidates[0] + ": hetcoll's SimGrid plugin is missing (nor is it in " + candidates[1] +
                   "); expected it beside the program, as the build and `cmake --install` put it");
}

}  // namespace

void register_simgrid_plugin(const SimgridPlugin& plugin) {
  static const SimgridPlugin kept = plugin;
  registered() = &kept;
}

const SimgridPlugin& simgrid_plugin() {
  if (registered() == nullptr) load_plugin();
  return *registered();
}

SimgridSession::SimgridSession(const std::string& platform_file, const std::vector<std::string>& cfg,
                               const std::vector<std::string>& hosts)
    : backend_(simgrid_plugin().open_file(platform_file, cfg, hosts)) {}

SimgridSession::SimgridSession(const Platform& platform, const std::vector<std::string>& cfg)
    : backend_(simgrid_plugin().build(platform, cfg)) {}

SimgridSession::~SimgridSession() = default;

std::string SimgridSession::version() {
  return std::to_string(SIMGRID_VERSION_MAJOR) + "." + std::to_string(SIMGRID_VERSION_MINOR) +
         (SIMGRID_VERSION_PATCH > 0 ? "." + std::to_string(SIMGRID_VERSION_PATCH) : "");
}

}  // namespace hetcoll
