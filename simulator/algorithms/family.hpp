#pragma once
/// @file family.hpp
/// @brief A family of algorithms as the driver sees it: parameters, algorithms, replications.
///
/// Each family (reduce, divisible, redistribute, broadcast, schedule) implements this
/// interface once and registers itself in family.cpp; the scenario parser, `hetcoll list`, the
/// sweep and the CSV writer learn about its keys and algorithms from here, with no edit
/// elsewhere. A family is its keys, its algorithm table, its settings type and its runner.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "algorithms/algorithm_table.hpp"
#include "algorithms/keys.hpp"
#include "engine/engine.hpp"
#include "engine/noisy_policy.hpp"
#include "engine/probe.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief An extra per-replication quantity a family reports beside its main value, summarised
/// in CSV columns named `<name>_<aggregate>` (e.g. `over_bound_mean`, `over_bound_max`).
struct MetricSpec {
  std::string name;                     //!< column prefix, e.g. "ratio"
  std::string description;              //!< one line for docs and `hetcoll list`
  /// Any of mean, stddev, stderr, min, max, q10, q50, q90; or `same` alone: one column named
  /// `<name>`, the value every replication had, or `varies` (a host, say, not a quantity).
  std::vector<std::string> aggregates;
  /// A choice rather than a quantity (the algorithm a selector picked): a replication's value is
  /// an index into `words`, and every cell of the metric shows the word (raw rows, and `same`,
  /// its one aggregate, in the summary). Empty: a number.
  std::vector<std::string> words;
};

/// @brief Runs the replications of one point in one process (one work unit at a time).
///
/// Built once per (point, process); policies live as long as it does and are reused across
/// replications, so building a static plan costs nothing per replication.
///
/// **Call order (the contract every family may rely on, and the only one).** noise() once; then for
/// each work unit, replications r = first, first + 1, ... in increasing order; for each
/// replication, begin_replication(r, settings) once, then for every algorithm a = 0, 1, ..., k - 1
/// of the scenario's list in turn: policy(a, r, settings), the engine runs that policy (through the
/// noise, if any) to its end, record(a, ...); after the last algorithm, complete_replication(...)
/// once. A replication's numbers must not depend on which algorithms are in the list or in which
/// order: the per-algorithm values of every family are checked alone against in a list and in the
/// reversed list (test/algorithms/test_family_contract.cpp). A unit may start at any replication
/// (units of `block` replications, resumed runs), so nothing may be carried from replication r
/// to r + 1.
class PointRunner {
 public:
  virtual ~PointRunner() = default;
  /// Starts replication r: the hook for a family's own randomness. Draw here what every
  /// algorithm of r shares (a cluster, a star, an instance), from r's own stream
  /// (derive_seed(point seed, {r, ...})), and push the link changes it implies into `settings`;
  /// the engine applies them before the first algorithm runs. Nothing by default.
  virtual void begin_replication(std::uint64_t /*replication*/, std::vector<LinkSetting>& /*settings*/) {}
  /// The uncertainty of the point's execution (key `cv` in most families): the driver runs the
  /// policy of every algorithm through one NoisyPolicy with it, positioned at each replication's
  /// noise streams (kNoiseStreams of the point's seed), so the runner returns its bare policies.
  /// Asked once, after prepare(); a `covers` predicate may read the runner's state when an
  /// activity starts. None (cv = 0) by default: the policies run as they are.
  virtual Noise noise() const { return {}; }
  /// Policy of `algorithm` (an index into the scenario's algorithm list) for `replication`,
  /// with the replication's random numbers already drawn or seeded: every algorithm of one
  /// replication sees the same numbers (common random numbers). `settings` may change links
  /// for this algorithm's run.
  virtual Policy* policy(std::size_t algorithm, std::uint64_t replication,
                         std::vector<LinkSetting>& settings) = 0;
  /// Records the outcome of `algorithm` in the current replication: metrics[0] is the main
  /// value (the makespan by default), metrics[1..] the family's extra_metrics() in order.
  virtual void record(std::size_t /*algorithm*/, double makespan, double* metrics) { metrics[0] = makespan; }
  /// Called when every algorithm of the replication has been recorded, with all of them
  /// (metrics[algorithm * width + m]): the place for paired metrics such as a ratio to another
  /// algorithm of the same replication.
  virtual void complete_replication(double* /*metrics*/, std::size_t /*width*/) {}
};

/// @brief A command of its own that a family adds to `hetcoll` (`hetcoll cluster` is the
/// broadcast family's): the CLI dispatches on `name`, so a family's tools need no CLI edit.
struct Subcommand {
  std::string name;   //!< the word after `hetcoll`
  std::string usage;  //!< arguments and what it prints, for `hetcoll --help`
  /// Runs on the words after `name`, writing to `out` only once the whole answer is known;
  /// throws InputError on bad input; returns the exit status.
  std::function<int(const std::vector<std::string>& args, std::ostream& out)> run;
  /// True if run() may open an engine: the CLI then runs it in a child process (SimGrid allows
  /// one engine per process and prints on its own).
  bool own_process = false;
};

/// @brief What a family says about itself: data, read by `hetcoll list`, the docs check and the
/// CSV writer.
struct FamilyInfo {
  std::string name;
  std::string description;
  /// What the main value is, for the docs and `hetcoll list`.
  std::string value_description = "makespan (s)";
  /// A small scenario that runs in about a second, as command-line words (`--key value ...`, on
  /// top of the defaults): what the property tests and the docs' examples run when the defaults
  /// alone describe no instance (none needed: empty).
  std::vector<std::string> example;
  std::vector<MetricSpec> metrics;       //!< per-replication metrics beside the main value
  std::vector<Subcommand> subcommands;   //!< commands of the family's own
};

/// @brief Where a point is read: what the scenario wrote and whether it names a platform file.
struct PointContext {
  /// The family keys the scenario file or the command line gave, whatever their value: a key
  /// written at its default that does not apply to the point is refused, not silently ignored.
  const std::set<std::string>& written;
  bool platform_file = false;
  /// The run's algorithms: the scenario's list, or the family's default list once the parser has
  /// left out those a limit stops; null outside a run (Family::read_point). A key that only some
  /// algorithms read is refused where none of them runs (key `segment`).
  const std::vector<std::string>* algorithms = nullptr;
  /// The run's algorithms, or every algorithm of `family` (its table) outside a run.
  std::vector<std::string> run_algorithms(const std::vector<AlgorithmInfo>& family) const;
};

/// @brief One point as its family has read it, once: Family::settings() checks every key against
/// the others and refuses the point or returns this. A family derives its own settings type from
/// it (the typed values its runner prepares from); the fields here are what the driver needs.
class PointSettings {
 public:
  virtual ~PointSettings() = default;
  /// Hosts 0 .. hosts - 1 of the platform are those the point uses.
  int hosts = 0;
  /// Bytes a work unit needs beside the engine's own per-host cost (which the driver counts):
  /// tables of n² entries, say. The parser refuses points the machine cannot hold.
  double unit_memory = 0;
  /// prepare() reads a platform file's route table on the SimGrid engine too (the model engine
  /// always has it); reading it costs n² route look-ups per work unit.
  bool needs_routes = false;
  /// found_cells() has something to find: the driver opens an engine on the point's platform
  /// for it, once, before the run.
  bool finds_cells = false;
  /// Per algorithm of the family (by name), why it cannot run the point by a documented limit
  /// of its own (a search too large, a model it does not hold), as one line naming the key;
  /// absent if it can. The parser refuses a listed algorithm with it and leaves a limited one
  /// out of the default list with a note.
  std::map<std::string, std::string> limits;
  /// Algorithms that belong to another kind of point (broadcast's dynamic ECEF with costs =
  /// platform): the default list leaves them out without a note; listed, their limit refuses them.
  std::set<std::string> other_kind;
  /// The limit of `algorithm` on this point, or "".
  std::string limit(const std::string& algorithm) const {
    const auto found = limits.find(algorithm);
    return found == limits.end() ? "" : found->second;
  }

  /// The point's platform when the scenario names no file (the ideal cluster of `hosts` by default).
  virtual Platform platform() const { return ideal_cluster(hosts); }
  /// The CSV cells the run finds rather than the scenario gives, as (key index, value) written in
  /// place of the key's value (broadcast: with costs = platform and clusters = 0, the clusters
  /// Lowekamp finds), measured on `platform` through `probe` as prepare() would; the point, and
  /// so its seed, stays as given. Called only if finds_cells.
  virtual std::vector<std::pair<std::size_t, double>> found_cells(const Platform& /*platform*/,
                                                                  Probe& /*probe*/) const {
    return {};
  }
};

/// @brief A family of algorithms: its keys, its algorithm table, the typed settings it reads a
/// point into (the one place that refuses a point) and the runner it prepares from them.
class Family {
 public:
  virtual ~Family() = default;
  virtual const FamilyInfo& info() const = 0;
  /// The keys, in the order `hetcoll list` shows them, and the CSV parameter columns.
  virtual const KeyTable& key_table() const = 0;
  virtual const std::vector<AlgorithmInfo>& algorithms() const = 0;
  /// Reads `point` into the family's settings: checks every key against the others (the key
  /// table checks each alone) and the keys the scenario wrote that do not apply; throws
  /// InputError naming the keys (the caller adds the file). Cheap: the parser calls it for every
  /// point, the driver again for every work unit.
  virtual std::unique_ptr<const PointSettings> settings(const Point& point, const PointContext& context) const = 0;
  /// Prepares a point for `algorithms` (names, already validated against `settings.limits`) on
  /// `platform`; `seed` is the point's own seed, from which every replication derives its
  /// stream; `probe` (the run's, from the engine factory) measures the platform where the family
  /// needs it (the broadcast family pings it), so no family builds an engine.
  virtual std::unique_ptr<PointRunner> prepare(const PointSettings& settings,
                                               const std::vector<std::string>& algorithms,
                                               const Platform& platform, std::uint64_t seed, Probe& probe) const = 0;

  // Conveniences over the hooks above.
  const std::string& name() const { return info().name; }
  const std::vector<ParameterSpec>& parameters() const { return key_table().specs(); }
  const std::vector<std::size_t>& columns() const { return key_table().columns(); }
  const std::vector<MetricSpec>& metrics() const { return info().metrics; }
  /// Index of parameter `key`, or -1.
  int parameter_index(const std::string& key) const;
  /// True if `name` is one of algorithms().
  bool has_algorithm(const std::string& name) const;
  /// The key that counts the hosts a point uses (ParameterSpec::counts_hosts), or null.
  const ParameterSpec* host_count_key() const;
  /// settings() of one point outside a scenario (tests, benchmarks, tools): no key written.
  std::unique_ptr<const PointSettings> read_point(const Point& point, bool platform_file = false) const;
  /// settings() and prepare() of one point outside a scenario (tests, benchmarks, tools): no key
  /// written, a platform file if `platform` is one; without a probe, a family that measures the
  /// platform refuses (logic_error).
  std::unique_ptr<PointRunner> prepare_point(const Point& point, const std::vector<std::string>& algorithms,
                                             const Platform& platform, std::uint64_t seed,
                                             Probe* probe = nullptr) const;
};

/// @brief Every family, in the order `hetcoll list` shows them.
const std::vector<const Family*>& all_families();
/// @brief The family called `name`, or nullptr.
const Family* find_family(const std::string& name);

}  // namespace hetcoll
