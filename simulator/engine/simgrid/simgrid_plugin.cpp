#include "engine/simgrid/simgrid_plugin.hpp"

#include <dlfcn.h>
#include <sys/auxv.h>
#include <unistd.h>

#include <xbt/base.h>          // what version.h assumes included
#include <simgrid/version.h>  // macros only: the version is known without loading SimGrid

#include <climits>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "engine/executor.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "hetcoll_revision.h"  // generated at build time (simulator/driver/revision.cmake)

// Weak: programs that link the plugin's files in (tests, benchmarks) define it; hetcoll does not,
// and it is null there (the plugin's own is found in it by name once loaded).
#pragma weak hetcoll_simgrid_plugin

namespace hetcoll {
namespace {

// The directory of the running program: where the build tree keeps the plugin, and the root of
// the relative path an installation puts it at. /proc/self/exe, or else the path the program
// was started by (hetcoll never changes directory); never the current directory, where any
// file of that name could be loaded.
std::string program_directory() {
  char path[PATH_MAX];
  std::string program;
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (n > 0) {
    program.assign(path, static_cast<std::size_t>(n));
  } else if (const char* started = reinterpret_cast<const char*>(::getauxval(AT_EXECFN))) {
    if (::realpath(started, path) != nullptr) program = path;
  }
  if (program.empty())
    throw InputError("hetcoll's SimGrid plugin: cannot tell where this program lies (/proc/self/exe is unreadable), "
                     "so not where its plugin is; expected /proc mounted");
  return program.substr(0, program.rfind('/'));
}

// Beside the program (a build tree), then where `cmake --install` puts it relative to the
// program (HETCOLL_PLUGIN_FROM_BINDIR, set by CMake from the install directories), its symbols
// kept to itself. Lazily, as the program's libraries always were: the plugin's own calls are
// bound at load all the same (it is linked with -z now: SimGrid's agents run on 3 KiB stacks,
// too small for the dynamic linker's resolver; SimgridEngine::run), and binding all of SimGrid's
// and ns-3's at once would cost 12 ms more per process (55 million instructions).
const SimgridPlugin& load_plugin() {
  const std::string dir = program_directory();
  const std::string candidates[] = {dir + "/hetcoll_simgrid.so", dir + "/" HETCOLL_PLUGIN_FROM_BINDIR "/hetcoll_simgrid.so"};
  for (const std::string& path : candidates) {
    if (::access(path.c_str(), F_OK) != 0) continue;
    void* plugin = ::dlopen(path.c_str(), RTLD_LAZY | RTLD_LOCAL);
    if (plugin == nullptr) {
      const char* why = ::dlerror();
      throw InputError(path + ": cannot load hetcoll's SimGrid plugin: " + (why ? why : "unknown error"));
    }
    // Its build first, through the one entry point whose form never changes: nothing else of
    // it is called before the two builds are known to be one.
    const auto build = reinterpret_cast<const char* (*)()>(::dlsym(plugin, "hetcoll_simgrid_build"));
    if (build == nullptr || std::string(build()) != HETCOLL_BUILD)
      throw InputError(path + ": SimGrid plugin of " + (build ? std::string(build()) : std::string("another program")) +
                       ", this hetcoll is " + HETCOLL_BUILD + "; expected the plugin built with it (rebuild, or install both)");
    const auto entry = reinterpret_cast<const SimgridPlugin* (*)()>(::dlsym(plugin, "hetcoll_simgrid_plugin"));
    if (entry == nullptr) throw InputError(path + ": not hetcoll's SimGrid plugin (no hetcoll_simgrid_plugin)");
    return *entry();
  }
  throw InputError(candidates[0] + ": hetcoll's SimGrid plugin is missing (nor is it in " + candidates[1] +
                   "); expected it beside the program, as the build and `cmake --install` put it");
}

}  // namespace

const SimgridPlugin& simgrid_plugin() {
  static const SimgridPlugin* plugin = nullptr;
  if (plugin == nullptr) plugin = hetcoll_simgrid_plugin ? hetcoll_simgrid_plugin() : &load_plugin();
  return *plugin;
}

std::vector<std::string> exact_timing_config() {
  // TCP-gamma bounds a flow at gamma / (2 latency). 0 would mean no window bound, but
  // SimGrid 3.32 then also drops a Comm::set_rate cap on any route with latency; a window too
  // large to ever bind (1e30 bytes) gives the same timing and keeps the cap.
  return {"network/model:CM02", "network/crosstraffic:0", "network/TCP-gamma:1e30",
          // Dates closer than this are one instant; the model engine applies the same rule
          // (kSimultaneity) so both engines cut batches alike even for vanishing gamma costs.
          "surf/precision:" + format_number(kSimultaneity)};
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
