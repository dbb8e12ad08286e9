#pragma once
/// @file engine.hpp
/// @brief The engine interface: run replications back to back, each driven by a policy.
#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "engine/executor.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief A change to a link, applied before a replication starts and kept until changed.
///
/// The link is named by its index in the Platform the engine runs and the families see
/// (Platform::links), not by its name: a cluster drawn per replication sets every host's link,
/// and a name would cost a string and a hash look-up each time (docs/design.md).
struct LinkSetting {
  int link = -1;          //!< index in Platform::links
  double bandwidth = 0;   //!< bytes per second
  double latency = 0;     //!< seconds
};

/// @brief Throws what check_link_setting() throws for `setting`, which it found wrong.
[[noreturn]] void refuse_link_setting(const LinkSetting& setting, const Platform& platform);

/// @brief Throws InputError naming the link (its name in `platform`) unless `setting` has a
/// positive, finite bandwidth and a finite, non-negative latency (anything else makes a message
/// last forever or go back in time); std::logic_error if `platform` has no link of that index
/// (a family's mistake, not the user's). Inline: a drawn cluster checks every host's link at
/// every replication.
inline void check_link_setting(const LinkSetting& setting, const Platform& platform) {
  const double most = std::numeric_limits<double>::max();
  if (setting.link >= 0 && static_cast<std::size_t>(setting.link) < platform.links.size() && setting.bandwidth > 0 &&
      setting.bandwidth <= most && setting.latency >= 0 && setting.latency <= most)
    return;
  refuse_link_setting(setting, platform);
}

/// @brief The InputError both engines stop with on an activity whose duration cannot be finite
/// (its amount, or a comm's rate cap: docs/design.md); `host` and `peer` name its hosts (`peer`
/// is unused for a computation).
InputError no_finite_duration(const Activity& activity, const std::string& host, const std::string& peer);

/// @brief Supplies replications to an engine and collects their outcomes.
///
/// Engines own the control flow (SimGrid's run() does not return until the simulation ends),
/// so the driver hands over a source and the engine pulls from it.
class ReplicationSource {
 public:
  virtual ~ReplicationSource() = default;
  /// Policy of the next replication (owned by the source), or nullptr when there is none.
  /// `settings` comes empty; fill it to change links before this replication.
  virtual Policy* next(std::vector<LinkSetting>& settings) = 0;
  /// Outcome of the replication returned by the last next(): its makespan in seconds.
  virtual void finished(double makespan) = 0;
};

/// @brief An engine executes policies on a platform.
class Engine {
 public:
  virtual ~Engine() = default;
  /// Runs every replication the source supplies, in order. Call at most once.
  virtual void run(ReplicationSource& source) = 0;
};

/// @brief Runs one replication of `policy` on `engine` and returns its makespan in seconds.
///
/// For a single run (a measurement, a check of one schedule) without writing a source; as
/// with Engine::run, call it at most once per engine.
double run_single(Engine& engine, Policy& policy);

}  // namespace hetcoll
