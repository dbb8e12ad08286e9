#pragma once
/// @file scenario.hpp
/// @brief The plain description of a run: what the parser reads from a file and a command line,
/// then what resolve_scenario() finds in the platform file and the machine.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace hetcoll {

class Family;

/// @brief Which part of the sweep this process computes (`--shard i/N`).
struct Shard {
  int index = 0;   //!< i, from 0
  int count = 1;   //!< N
};

/// @brief An input file a run read, as its manifest records it.
struct RecordedInput {
  std::string key;     //!< the key that named it ("platform", a family key)
  std::string path;    //!< absolute
  std::string sha256;  //!< of its bytes when that run read them
};

/// @brief Where the keys of a scenario came from, for the refusals of the stages after the parser.
struct KeySources {
  std::string file;                    //!< the scenario file; empty for none
  std::set<std::string> command_line;  //!< the keys the command line gave
  /// The keys given anywhere: the command line, the file, a platform file's defaults
  /// (ParameterSpec::file_default)
  std::set<std::string> given;
  /// "command line" if the command line gave `key` (or there is no file), else the file.
  std::string of(const std::string& key) const;
};

/// @brief A family's host-set key given as host names (redistribute's `senders = zone:siteA`),
/// which resolve_scenario() turns into the count of hosts they select.
struct NamedHostSet {
  std::string key;                    //!< the family's key
  std::vector<std::string> patterns;  //!< names, globs, zone:NAME
};

/// @brief Everything `hetcoll run` needs; no Boost type leaks out of the parser.
struct Scenario {
  std::string source;                 //!< scenario file, for error messages and the manifest
  /// SHA-256 of the scenario file's bytes as the parser read them: a pipe (`/dev/stdin`) can be
  /// read once only, so the manifest records this, not a second reading.
  std::string source_sha256;
  /// For a manifest rerun (`hetcoll run OUTPUT.manifest.json`): the input files its run read, but
  /// those whose key the command line gives again; the run refuses to start if one changed.
  std::vector<RecordedInput> recorded_inputs;
  std::string command_line;           //!< as typed, for the manifest
  const Family* family = nullptr;
  std::vector<std::string> algorithms;
  /// Values of every number parameter, in family->parameters() order; axes may hold several
  /// (empty for list and text parameters).
  std::vector<std::vector<double>> values;
  /// Values of list parameters, by parameter index (empty for the others).
  std::vector<std::vector<double>> lists;
  /// Values of text parameters, by parameter index (empty for the others).
  std::vector<std::string> texts;
  /// The family keys the scenario file or the command line wrote, whatever their value (a
  /// manifest's keys are not counted: they passed the family's checks when it ran).
  std::set<std::string> written;
  std::uint64_t replications = 1000;
  std::uint64_t seed = 1;
  std::uint64_t block = 1000;         //!< replications per work unit (fixed: results depend on it, not on jobs)
  std::string engine = "simgrid";     //!< simgrid or model
  /// exact (every value kept, exact quantiles) or p2 (streaming P² estimates of q10, q50 and q90
  /// in bounded memory; mean, stddev and stderr stay exact): results depend on it
  std::string quantiles = "exact";
  std::string platform;               //!< SimGrid XML file; empty for the family's built-in platform
  /// Key `hosts`: the platform file's hosts to use, in order (names, globs, zone:NAME); empty
  /// for the first ones in natural name order.
  std::vector<std::string> hosts;
  /// How many hosts `hosts` selects, if resolve_scenario() has counted them (0: not counted).
  int hosts_selected = 0;
  /// The host-set keys given as host names, in the family's order; each one's value is its
  /// default, a placeholder, until resolve_scenario() counts the hosts.
  std::vector<NamedHostSet> named_host_sets;
  KeySources sources;  //!< where the keys came from
  std::vector<std::string> cfg;       //!< SimGrid --cfg pass-through, "key:value"
  std::string output = "-";           //!< CSV path, or - for stdout
  std::string raw;                    //!< per-replication CSV path, empty for none
  std::string trace;                  //!< trace CSV path, empty for none
  /// Paje trace path, empty for none: SimGrid's own trace of one replication per point, made by
  /// a dedicated run (FILE for a one-point sweep, FILE with `.pN` before the extension otherwise).
  std::string paje;
  std::uint64_t trace_replication = 0;  //!< the replication the Paje trace shows
  /// Key `export-goal`: where each static algorithm's plan of replication 0 goes as GOAL, with
  /// `{point}` and `{algorithm}` replaced (run_files.hpp); empty for none.
  std::string export_goal;
  int jobs = 1;
  /// False when `jobs` is not given: resolve_scenario() sets the default (driver/cpu_count.hpp),
  /// which then shrinks to what the memory estimate allows; a `jobs` given is refused instead.
  bool jobs_given = false;
  Shard shard;
  bool resume = false;
  bool progress = true;               //!< progress lines on stderr
  /// Key `dry-run`: say what the run would cost (points, units, hosts, memory, CPU time from a
  /// calibration unit) on stdout, and write nothing.
  bool dry_run = false;
};

/// @brief The resolved scenario as a scenario file (key = value lines), for the manifest.
std::string to_ini(const Scenario& scenario);

}  // namespace hetcoll
