#pragma once
/// @file engine_factory.hpp
/// @brief The one place that turns the `--engine` word into an engine: the engine a work unit
/// runs on, the platform it runs on, and the Probe a family measures that platform with.
///
/// Code above the engines (the driver, the families, the commands) names an engine only by its
/// word and never includes engine/model or engine/simgrid to build one.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "engine/probe.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief The engines, by their `--engine` word.
enum class EngineKind { simgrid, model };

/// @brief Every `--engine` word, in the order the docs list them ("simgrid", "model").
const std::vector<std::string>& engine_words();

/// @brief The engine called `word`; throws InputError "engine: unknown engine ..." otherwise.
EngineKind engine_kind(const std::string& word);

/// @brief What a work unit asks of its engine.
struct EngineRequest {
  std::string engine;                   //!< the `--engine` word
  std::string platform_file;            //!< the scenario's platform file, "" for `generated`
  std::vector<std::string> hosts;       //!< key `hosts`: the file's hosts to use, in order (empty: all)
  std::vector<std::string> cfg;         //!< SimGrid settings, "key:value"
  std::function<Platform()> generated;  //!< the family's platform of the point, when there is no file
  int host_count = 0;                   //!< the unit runs on hosts 0 .. host_count−1
  /// SimGrid with a file: also read the file's route table (PointSettings::needs_routes); the model
  /// engine always reads it.
  bool routes = false;
};

/// @brief An engine ready to run one work unit, with what runs on it.
class EngineRun {
 public:
  virtual ~EngineRun() = default;
  /// The engine; run it once.
  virtual Engine& engine() = 0;
  /// The platform the engine runs on, as the families see it.
  virtual const Platform& platform() const = 0;
  /// Measurements of platform() for a family to take while it prepares the point (before the
  /// engine runs). Both engines answer them on the platform's description (the model engine's
  /// timing, a fresh clock per measurement): a SimGrid engine runs once per process, and
  /// measuring on it would move the clock origin of the replications. Ping-pongs run one at a
  /// time, where SimGrid times a message as the model does.
  virtual Probe& probe() = 0;
};

/// @brief Whether a work unit on `engine` (its word) with `platform_file` ("" for none) opens
/// SimGrid: the SimGrid engine does, and so does the model engine on a file, which it reads
/// through SimGrid. SimGrid allows one engine per process.
bool opens_simgrid(const std::string& engine, const std::string& platform_file);

/// @brief On the model engine (`engine` is its word), refuses a SimGrid setting that would change
/// SimGrid's timing. The setting may come from key 'cfg' (`cfg_origin` names where it was
/// given) or from the <config> of `platform_file` ("" for none).
///
/// The model engine times activities by its own rules: SimGrid's under exact_timing_config().
/// It reads no SimGrid setting, so another one would make the two engines differ without a
/// word. A file setting of exact_timing_config()'s value passes. So do the settings of how
/// SimGrid runs, which change no date: contexts/, tracing, debug/, exception/, path,
/// model-check/ and smpi/. The SimGrid engine needs no such check.
void refuse_settings_the_model_engine_leaves_out(const std::string& engine, const std::vector<std::string>& cfg,
                                                 const std::string& cfg_origin, const std::string& platform_file);

/// @brief SimGrid's reason for aborting a process that opened it, from what the process printed:
/// the text of its first critical message ("[0.000000] FILE:LINE: [root/CRITICAL] REASON"), or
/// "". SimGrid aborts on some platforms that its API lets through.
std::string simgrid_abort_reason(const std::string& output);

/// @brief Loads SimGrid's code (hetcoll's SimGrid plugin) into this process without opening an
/// engine, so that workers forked afterwards share it instead of each loading it again (about
/// 19 ms and all of SimGrid's libraries per worker). Throws InputError naming the plugin if it
/// cannot be loaded.
void load_simgrid();

/// @brief Opens the engine of `request`: the model engine of the family's platform or of the
/// file's description (SimGrid reads the file and answers route queries, its engine is never
/// run), or a SimGrid session of the file or of the family's platform built through s4u. Throws
/// InputError for an unknown word, a platform file SimGrid refuses, or hosts and routes the
/// engine cannot time. With SimGrid, once per process.
std::unique_ptr<EngineRun> open_engine(const EngineRequest& request);

/// @brief The hosts of `file` that `hosts` selects (all of them if empty; key `hosts`), counted
/// in a forked child: SimGrid opens one engine per process, and the caller may open its own
/// afterwards, or never. Throws InputError naming the file for a platform SimGrid refuses or a
/// selection that selects nothing.
int count_platform_hosts(const std::string& file, const std::vector<std::string>& cfg,
                         const std::vector<std::string>& hosts);

/// @brief A platform file loaded for measurements only (no replications follow).
class PlatformProbe {
 public:
  virtual ~PlatformProbe() = default;
  /// Hosts of the file, numbered in natural name order.
  virtual int hosts() const = 0;
  /// Ping-pongs among the hosts; with SimGrid, one call of round_trips() per process.
  virtual Probe& probe() = 0;
};

/// @brief Loads `file` for measurements by the engine called `word` (`hetcoll cluster` pings a
/// platform's hosts on SimGrid). With SimGrid, once per process: run it in a child.
std::unique_ptr<PlatformProbe> open_platform_probe(const std::string& word, const std::string& file,
                                                   const std::vector<std::string>& cfg);

}  // namespace hetcoll
