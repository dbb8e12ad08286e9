#pragma once
/// @file family.hpp
/// @brief A family of algorithms as the driver sees it: parameters, algorithms, replications.
///
/// Each family (reduction, hetreduce, divisible, redistribution, broadcast) implements this
/// interface once and registers itself in family.cpp; the scenario parser, `hetcoll list`, the
/// sweep and the CSV writer learn about its keys and algorithms from here, with no edit
/// elsewhere.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief A numeric scenario key of a family.
struct ParameterSpec {
  std::string key;            //!< name in scenario files and on the command line
  std::string description;    //!< one line for `hetcoll list`
  double default_value = 0;   //!< used when the scenario does not give the key
  bool axis = false;          //!< may hold a list of values (a sweep axis); also a CSV column
  bool integer = false;       //!< must be a whole number
  double minimum = 0;         //!< smallest allowed value
  bool minimum_exclusive = false;  //!< the minimum itself is not allowed
};

/// @brief Name and one-line description of an algorithm, for `hetcoll list` and validation.
struct AlgorithmInfo {
  std::string name;
  std::string description;
};

/// @brief One sweep point: a value for every parameter of the family, in parameters() order.
struct Point {
  std::vector<double> values;
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
  /// replication sees the same numbers (common random numbers).
  virtual Policy* policy(std::size_t algorithm, std::uint64_t replication,
                         std::vector<LinkSetting>& settings) = 0;
  /// Value reported for a replication, from the engine's makespan (the makespan by default).
  virtual double value(std::size_t /*algorithm*/, double makespan) const { return makespan; }
};

/// @brief A family of algorithms.
class Family {
 public:
  virtual ~Family() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  virtual const std::vector<ParameterSpec>& parameters() const = 0;
  virtual const std::vector<AlgorithmInfo>& algorithms() const = 0;
  /// Number of hosts the point uses (hosts 0 .. n-1 of the platform).
  virtual int hosts_needed(const Point& point) const = 0;
  /// Platform used when the scenario names no file.
  virtual Platform default_platform(int hosts) const { return ideal_cluster(hosts); }
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
