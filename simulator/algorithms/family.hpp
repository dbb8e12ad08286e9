#pragma once
/// @file family.hpp
/// @brief A family of algorithms as the driver sees it: parameters, algorithms, replications.
///
/// Each family (reduction, hetreduce, divisible, redistribution, broadcast) implements this
/// interface once and registers itself in family.cpp; the scenario parser, `hetcoll list`, the
/// sweep and the CSV writer learn about its keys and algorithms from here, with no edit
/// elsewhere.
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief What a family key holds.
enum class ParameterKind {
  number,  //!< a number; with `axis`, a list of numbers is a sweep axis
  list,    //!< one list of numbers, order kept (e.g. `times = 10,5,5,5,4,2,2`); not an axis
  text,    //!< one word, e.g. a distribution name or a file path
};

/// @brief A scenario key of a family.
struct ParameterSpec {
  std::string key;            //!< name in scenario files and on the command line
  std::string description;    //!< one line for `hetcoll list`
  double default_value = 0;   //!< number: used when the scenario does not give the key
  bool axis = false;          //!< number: may hold a list of values (a sweep axis); also a CSV column
  bool integer = false;       //!< number or list: every value must be a whole number
  double minimum = 0;         //!< number or list: smallest allowed value
  bool minimum_exclusive = false;  //!< the minimum itself is not allowed
  /// number or list: largest allowed value. Every key has a finite one, chosen so that every
  /// amount stays a whole number of bytes or flops a double holds exactly (docs/keys.md).
  double maximum = std::numeric_limits<double>::infinity();
  bool maximum_exclusive = false;  //!< the maximum itself is not allowed
  /// number or list: values in (0, smallest_nonzero) are refused, 0 and larger ones allowed
  /// (a CV: 0 means deterministic, but a gamma law of CV 1e-200 has shape 1/CV² = inf).
  double smallest_nonzero = 0;
  ParameterKind kind = ParameterKind::number;
  std::string default_text;   //!< list or text: the default, as it would be written in a file
  std::vector<std::string> choices;  //!< text: the allowed words (empty: any word)
  bool flag = false;          //!< number: a 0/1 switch; `--key` alone on the command line means 1

  // Named steps for the families' tables: `number_key("k", "...", 0).sweep().whole()` reads
  // better than a row of positional booleans, and every family builds its keys the same way.
  ParameterSpec sweep() const { return with([](ParameterSpec& p) { p.axis = true; }); }
  ParameterSpec whole() const { return with([](ParameterSpec& p) { p.integer = true; }); }
  ParameterSpec at_least(double m) const { return with([m](ParameterSpec& p) { p.minimum = m; }); }
  ParameterSpec above(double m) const {
    return with([m](ParameterSpec& p) { p.minimum = m, p.minimum_exclusive = true; });
  }
  ParameterSpec at_most(double m) const { return with([m](ParameterSpec& p) { p.maximum = m; }); }
  ParameterSpec below(double m) const {
    return with([m](ParameterSpec& p) { p.maximum = m, p.maximum_exclusive = true; });
  }
  /// 0, or at least `m` (and at most the maximum).
  ParameterSpec zero_or_at_least(double m) const {
    return with([m](ParameterSpec& p) { p.minimum = 0, p.smallest_nonzero = m; });
  }
  /// A 0/1 sweep axis that `--key` alone sets to 1.
  ParameterSpec as_flag() const {
    return with([](ParameterSpec& p) { p.axis = p.integer = p.flag = true, p.maximum = 1; });
  }

 private:
  template <class Change>
  ParameterSpec with(Change change) const {
    ParameterSpec copy = *this;
    change(copy);
    return copy;
  }
};

/// @brief The valid values of a number or list key in words, e.g. "whole numbers in [1, 1048576]"
/// or "0, or values in [1e-06, 100]": the form error messages and docs/keys.md use.
std::string range_text(const ParameterSpec& spec);

/// @brief True if `value` lies in the range of `spec` (bounds, whole, 0/1 for a flag).
bool in_range(const ParameterSpec& spec, double value);

/// @brief Largest host count a key may ask for (2^20): it keeps every host index an int with
/// room to spare; the parser's memory estimate refuses a point the machine cannot hold sooner.
inline constexpr double kMaxHosts = 1048576;

/// @brief A number key (at least 0 unless told otherwise), `fallback` when the scenario omits it.
inline ParameterSpec number_key(std::string key, std::string description, double fallback) {
  ParameterSpec p;
  p.key = std::move(key);
  p.description = std::move(description);
  p.default_value = fallback;
  return p;
}

/// @brief A list key, `fallback` written as in a scenario file ("" for none).
inline ParameterSpec list_key(std::string key, std::string description, std::string fallback = "") {
  ParameterSpec p = number_key(std::move(key), std::move(description), 0);
  p.kind = ParameterKind::list;
  p.default_text = std::move(fallback);
  return p;
}

/// @brief A one-word key; with `choices`, only those words are accepted.
inline ParameterSpec text_key(std::string key, std::string description, std::string fallback = "",
                              std::vector<std::string> choices = {}) {
  ParameterSpec p = number_key(std::move(key), std::move(description), 0);
  p.kind = ParameterKind::text;
  p.default_text = std::move(fallback);
  p.choices = std::move(choices);
  return p;
}

/// @brief An extra per-replication quantity a family reports beside its main value, summarised
/// in CSV columns named `<name>_<aggregate>` (e.g. `ratio_mean`, `ratio_max`).
struct MetricSpec {
  std::string name;                     //!< column prefix, e.g. "ratio"
  std::string description;              //!< one line for docs and `hetcoll list`
  std::vector<std::string> aggregates;  //!< any of mean, stddev, stderr, min, max, q10, q50, q90
};

/// @brief Name and one-line description of an algorithm, for `hetcoll list` and validation.
struct AlgorithmInfo {
  std::string name;
  std::string description;
};

/// @brief One sweep point: a value for every parameter of the family, indexed like
/// parameters(): `values` for numbers, `lists` for lists, `texts` for text keys (the other
/// entries are left empty or 0).
struct Point {
  std::vector<double> values;
  std::vector<std::vector<double>> lists;
  std::vector<std::string> texts;
};

/// @brief Runs the replications of one point in one process (one work unit at a time).
///
/// Built once per (point, process); policies live as long as it does and are reused across
/// replications, so building a static plan costs nothing per replication.
class PointRunner {
 public:
  virtual ~PointRunner() = default;
  /// Policy of `algorithm` (an index into the scenario's algorithm list) for `replication`,
  /// with the replication's random numbers already drawn or seeded: every algorithm of one
  /// replication sees the same numbers (common random numbers). `settings` may change links
  /// for this replication (a cluster drawn per replication).
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

/// @brief A family of algorithms.
class Family {
 public:
  virtual ~Family() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  virtual const std::vector<ParameterSpec>& parameters() const = 0;
  virtual const std::vector<AlgorithmInfo>& algorithms() const = 0;
  /// Extra per-replication metrics, beside the main value (none by default).
  virtual const std::vector<MetricSpec>& metrics() const;
  /// What the main value is, for the docs and `hetcoll list` ("makespan (s)" by default).
  virtual std::string value_description() const { return "makespan (s)"; }
  /// Number of hosts the point uses (hosts 0 .. n-1 of the platform).
  virtual int hosts_needed(const Point& point) const = 0;
  /// Checks that need several keys of one point (the tables check each key alone), e.g. that
  /// the largest cost a point can draw is still a whole number of bytes a double holds. Called
  /// by the parser on every point; throws InputError naming the keys (the caller adds the file).
  virtual void check_point(const Point& /*point*/) const {}
  /// Bytes a work unit of the point needs beside the engine's own per-host cost (which the
  /// driver counts): tables of n² entries, say. The parser refuses points the machine cannot hold.
  virtual double unit_memory(const Point& /*point*/) const { return 0; }
  /// True if prepare() needs the route table of a platform file on the SimGrid engine too (the
  /// model engine always gets it); reading it costs n² route look-ups per work unit.
  virtual bool needs_routes() const { return false; }
  /// Platform of the point when the scenario names no file (the ideal cluster by default).
  virtual Platform platform_for(const Point& point) const { return ideal_cluster(hosts_needed(point)); }
  /// Prepares a point for `algorithms` (names, already validated) on `platform`; `seed` is the
  /// point's own seed, from which every replication derives its stream.
  virtual std::unique_ptr<PointRunner> prepare(const Point& point,
                                               const std::vector<std::string>& algorithms,
                                               const Platform& platform, std::uint64_t seed) const = 0;

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
