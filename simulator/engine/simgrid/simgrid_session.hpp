#pragma once
/// @file simgrid_session.hpp
/// @brief The one SimGrid engine of a process: platform loading, description and execution.
///
/// SimGrid allows a single engine per process (its clock never resets and its configuration
/// freezes), so a process opens one session, reads the platform through it and runs all of its
/// replications inside one Engine::run(). The driver forks a child per block of work, which
/// keeps the simulated clock small and lets a parent stay free of SimGrid state.
///
/// SimGrid is a plugin: the code that calls it (this folder, but for simgrid_plugin.cpp and
/// simgrid_probe.cpp) is built into hetcoll_simgrid.so, which hetcoll loads when a process first
/// opens a session (simgrid_plugin.hpp). A process that never does, such as every model-engine
/// run on a generated platform, loads neither SimGrid nor the 23 libraries it pulls in: 14 ms
/// and 29 MB of every process before (docs/design.md, "SimGrid engine"). SimgridSession is the front the rest of hetcoll
/// sees; each call goes to the plugin's Backend.
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Configuration that makes SimGrid time messages exactly as latency + size / bandwidth
/// (docs/design.md, principle 2); user `--cfg` values come after and can override them.
std::vector<std::string> exact_timing_config();

/// @brief Above this many hosts, SimgridSession::engine gives agents small stacks without guard
/// pages (unless `--cfg` sets contexts/stack-size or contexts/guard-size).
inline constexpr int kManyHosts = 2048;
/// @brief Agent stack size on platforms of more than kManyHosts hosts, in KiB. Agents only call
/// SimGrid (the policies run in maestro, on the process's stack); the deepest
/// they go is SimGrid's end of an actor, an exception unwound on the actor's stack. With guard
/// pages every shipped scenario runs on 3 KiB and 2 KiB overflows (test/cli/small_stacks.sh),
/// once the dynamic linker's first resolutions of the unwinder are done on a larger stack
/// (SimgridEngine::run). SimGrid zeroes every stack (calloc), so this is resident per agent: of
/// the 8.1 KB per host of one Tree-dyn replication at 2^20 hosts, 3 KiB (docs/design.md).
inline constexpr int kSmallStackKiB = 3;
/// @brief Agent stack size in KiB, under a guard page, on platforms of more than kManyHosts hosts
/// when SimGrid traces the actors' states (`--paje` sets tracing/actor): SimGrid then formats
/// each state change as a Paje event on the agent's own stack, a double through printf, 7 KiB
/// deep (measured under a guard page on every family: 6 KiB overflows), so 16 leaves more than
/// twice that; test/cli/small_stacks.sh runs a Paje trace above kManyHosts hosts. The guard
/// page makes a deeper event a crash, never a silent overwrite. The same with a SimGrid plugin loaded (its
/// daemons and callbacks run on actors' stacks of this size; host_dvfs's need 4 KiB).
inline constexpr int kTracedStackKiB = 16;

/// @brief A SimGrid engine with a loaded platform, in this process.
class SimgridSession {
 public:
  /// Loads `platform_file`; `cfg` holds "key:value" SimGrid settings. Throws InputError naming
  /// the file if it is missing, a directory or malformed, and "cfg: ..." for a setting SimGrid
  /// refuses (checked in a forked child first: SimGrid aborts on some). With `hosts` (key
  /// `hosts`: names, globs, zone:NAME; host_selection.hpp), the session sees only the hosts they
  /// select, in their order; without, every host in natural name order.
  SimgridSession(const std::string& platform_file, const std::vector<std::string>& cfg,
                 const std::vector<std::string>& hosts = {});
  /// Builds the generated `platform` through s4u (simgrid_platform_builder.hpp) rather than
  /// from a file: the session's hosts are its hosts, in its order; error messages name it
  /// "platform". Throws InputError for a shape SimGrid cannot be given (simgrid_layout()).
  SimgridSession(const Platform& platform, const std::vector<std::string>& cfg);
  ~SimgridSession();
  SimgridSession(const SimgridSession&) = delete;
  SimgridSession& operator=(const SimgridSession&) = delete;

  /// The session's hosts (the selection, or all in natural name order: p2 before p10): host
  /// index i of every algorithm is hosts[i]. With `routes`, also their route table (n² look-ups,
  /// n the session's hosts, not the file's), so the model engine can time
  /// messages on this platform, and the links of every route (Platform::route_links). The
  /// platform's `file` is the path it was loaded from (empty for a built platform). With `routes`, every host and route of
  /// the file is checked (InputError naming the file and the host, link or host pair).
  Platform describe(bool routes) const { return backend_->describe(routes); }

  /// How many hosts the session sees (the selection, or every host of the file), without
  /// describe()'s walk over every link of the file.
  int host_count() const { return backend_->host_count(); }

  /// Keeps the first `hosts` hosts only (a run uses hosts 0 .. hosts−1), so that describe()
  /// reads routes among them, not among every host of the file: 64 hosts of a 65,536-host file
  /// need 4,096 routes, not 4 billion. Throws InputError naming the file if it has fewer.
  void keep_first(int hosts) { backend_->keep_first(hosts); }

  /// The engine that runs replications on the first `hosts` hosts (in describe() order).
  /// Call once per session. Checks those hosts and routes among them first (platform_checks.hpp).
  /// `platform` is the description the families see (describe()'s, or the built platform): the
  /// indices of LinkSettings refer to its links; without it, no replication may set a link.
  std::unique_ptr<Engine> engine(int hosts, std::shared_ptr<const Platform> platform = nullptr) {
    return backend_->engine(hosts, std::move(platform));
  }

  /// SimGrid's version string, for run manifests: the version hetcoll was built against (the
  /// plugin's), known without loading it.
  static std::string version();

  /// What the plugin implements for each session (simgrid_session.cpp): the calls above.
  class Backend {
   public:
    virtual ~Backend() = default;
    virtual Platform describe(bool routes) const = 0;
    virtual int host_count() const = 0;
    virtual void keep_first(int hosts) = 0;
    virtual std::unique_ptr<Engine> engine(int hosts, std::shared_ptr<const Platform> platform) = 0;
  };

 private:
  std::unique_ptr<Backend> backend_;
};

}  // namespace hetcoll
