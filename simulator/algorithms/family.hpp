#pragma once
/// @file family.hpp
/// @brief A family of algorithms as the driver sees it: parameters, algorithms, replications.
///
/// Each family (reduce, divisible, redistribute, broadcast) implements this
/// interface once and registers itself in family.cpp; the scenario parser, `hetcoll list`, the
/// sweep and the CSV writer learn about its keys and algorithms from here, with no edit
/// elsewhere.
#include <cstdint>
#include <functional>
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

/// @brief A family of algorithms.
class Family {
 public:
  virtual ~Family() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  virtual const std::vector<ParameterSpec>& parameters() const = 0;
  /// The CSV parameter columns, in their order, as indices into parameters(): every sweep axis
  /// once (KeyTable::columns). The order of rows and of a sweep's points follows it too.
  virtual const std::vector<std::size_t>& columns() const = 0;
  virtual const std::vector<AlgorithmInfo>& algorithms() const = 0;
  /// A small scenario of this family that runs in about a second, as command-line words
  /// (`--key value ...`, on top of the defaults): what the property tests and the docs' examples
  /// run when the defaults alone describe no instance (none needed by default).
  virtual std::vector<std::string> example() const { return {}; }
  /// Extra per-replication metrics, beside the main value (none by default).
  virtual const std::vector<MetricSpec>& metrics() const;
  /// What the main value is, for the docs and `hetcoll list` ("makespan (s)" by default).
  virtual std::string value_description() const { return "makespan (s)"; }
  /// The key that counts the hosts a point uses (`processors`, `workers`), or "" if none. With
  /// key `hosts` and this key not given, it takes host_count_for(the number of hosts selected).
  virtual std::string host_count_key() const { return ""; }
  /// The value of host_count_key() that uses `selected` hosts (all of them by default).
  virtual double host_count_for(int selected) const { return selected; }
  /// Keys whose default differs when the scenario names a platform file, as (key, value as
  /// written in a scenario): there the file's own costs are the input (reduce: cluster = file).
  /// None by default.
  virtual std::vector<std::pair<std::string, std::string>> platform_file_defaults() const { return {}; }
  /// True if, with a platform file and neither key `hosts` nor host_count_key() given, the host
  /// count takes host_count_for(every host of the file) on `point` (the first of the sweep; the
  /// keys that decide it are no axes). False by default: the key keeps its own default.
  virtual bool counts_file_hosts(const Point& /*point*/) const { return false; }
  /// Why `algorithm` cannot run `point`, by a documented limit of the algorithm (a search too
  /// large, a model it does not hold), as one line naming the key; empty if it can. The parser
  /// refuses a listed algorithm with it, and leaves a limited one out of the default list with
  /// a note. Bad points are not its business (hosts_needed and check_point refuse them).
  virtual std::string algorithm_limit(const std::string& /*algorithm*/, const Point& /*point*/) const { return ""; }
  /// False if `algorithm` belongs to another kind of point than `point` (broadcast's dynamic ECEF
  /// with costs = platform): the default list leaves it out without a note, since nothing was
  /// asked of it; listed, algorithm_limit refuses it. True by default.
  virtual bool in_default_list(const std::string& /*algorithm*/, const Point& /*point*/) const { return true; }
  /// Keys that count hosts and may name them instead, in the order the run takes their hosts
  /// (redistribute: `senders`, then `receivers`): `senders = zone:siteA` counts the hosts of
  /// siteA and puts them first. Names are those of key `hosts` (names, globs, zone:NAME).
  virtual std::vector<std::string> host_set_keys() const { return {}; }
  /// Number of hosts the point uses (hosts 0 .. n-1 of the platform).
  virtual int hosts_needed(const Point& point) const = 0;
  /// Checks that need several keys of one point (the tables check each key alone), e.g. that
  /// the largest cost a point can draw is still a whole number of bytes a double holds. Called
  /// by the parser on every point; throws InputError naming the keys (the caller adds the file).
  virtual void check_point(const Point& /*point*/) const {}
  /// Refuses (InputError naming the key) a key the scenario wrote that does not apply to the
  /// point: `written` holds the family keys given in the scenario file or on the command line,
  /// whatever their value, so a key written at its default is not silently ignored; check_point
  /// sees values only. `platform_file`: the scenario names one. Called by the parser per point.
  virtual void check_written_keys(const std::set<std::string>& /*written*/, const Point& /*point*/,
                                  bool /*platform_file*/) const {}
  /// Bytes a work unit of the point needs beside the engine's own per-host cost (which the
  /// driver counts): tables of n² entries, say. The parser refuses points the machine cannot hold.
  virtual double unit_memory(const Point& /*point*/) const { return 0; }
  /// True if prepare() needs the route table of a platform file on the SimGrid engine too (the
  /// model engine always gets it); reading it costs n² route look-ups per work unit. Per point:
  /// reduce reads routes with cluster = file only.
  virtual bool needs_routes(const Point& /*point*/) const { return false; }
  /// Platform of the point when the scenario names no file (the ideal cluster by default).
  virtual Platform platform_for(const Point& point) const { return ideal_cluster(hosts_needed(point)); }
  /// Prepares a point for `algorithms` (names, already validated) on `platform`; `seed` is the
  /// point's own seed, from which every replication derives its stream.
  virtual std::unique_ptr<PointRunner> prepare(const Point& point,
                                               const std::vector<std::string>& algorithms,
                                               const Platform& platform, std::uint64_t seed) const = 0;
  /// prepare() for a family that measures the platform first (the broadcast family pings it):
  /// `probe` is the run's, from the engine factory, so no family builds an engine. The driver
  /// calls this one; by default it needs no measurement.
  virtual std::unique_ptr<PointRunner> prepare(const Point& point, const std::vector<std::string>& algorithms,
                                               const Platform& platform, std::uint64_t seed, Probe& /*probe*/) const {
    return prepare(point, algorithms, platform, seed);
  }
  /// True if found_cells() has something to find at the point: the driver then opens an engine
  /// on the point's platform for it, once, before the run. False by default.
  virtual bool finds_cells(const Point& /*point*/) const { return false; }
  /// The CSV cells the run finds rather than the scenario gives, as (key index, value) written in
  /// place of the key's value (broadcast: with costs = platform and clusters = 0, any count,
  /// the clusters Lowekamp finds). Measured on `platform` through `probe` as prepare() would;
  /// the point, and so its seed, stays as given.
  virtual std::vector<std::pair<std::size_t, double>> found_cells(const Point& /*point*/, const Platform& /*platform*/,
                                                                  Probe& /*probe*/) const {
    return {};
  }
  /// Commands of the family's own (none by default).
  virtual std::vector<Subcommand> subcommands() const { return {}; }

  /// Index of parameter `key`, or -1.
  int parameter_index(const std::string& key) const;
  /// True if `name` is one of algorithms().
  bool has_algorithm(const std::string& name) const;
};

/// @brief Every family, in the order `hetcoll list` shows them.
const std::vector<const Family*>& all_families();
/// @brief The family called `name`, or nullptr.
const Family* find_family(const std::string& name);

}  // namespace hetcoll
