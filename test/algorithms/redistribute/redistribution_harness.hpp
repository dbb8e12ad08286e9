#pragma once
/// @file redistribution_harness.hpp
/// @brief Test helpers: the paper's running example, a family Point built from keys, and the
/// bottleneck matching by enumeration.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "algorithms/redistribute/support/inputs.hpp"
#include "algorithms/redistribute/support/redistribution_policy.hpp"
#include "algorithms/redistribute/support/registry.hpp"
#include "core/error.hpp"
#include "driver/scenario.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll::test {

/// @brief The running example of the paper (§2.3): matrix 700/300/0/100 Mbit, NICs 300, 200
/// (senders 1, 2) and 100, 300 (receivers A, B) Mbit/s, backbone 200 Mbit/s, β = 1.
inline Hardware running_example_hardware() {
  Hardware hw;
  hw.matrix = {{700, 300}, {0, 100}};
  hw.nic = {300, 200, 100, 300};
  hw.backbone = 200;
  hw.beta = 1;
  return hw;
}

inline Instance running_example() { return derive_instance(running_example_hardware()).instance; }

/// @brief Writes `text` to TempDir()/name and returns the path.
inline std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

/// @brief The message of the InputError `f` throws, or "(no error)".
template <class F>
std::string input_error(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

/// @brief The largest smallest weight of a perfect matching of the n × n weights `w` (0: no edge),
/// or -1 if there is none: every one of the n! permutations, tried.
inline std::int64_t brute_bottleneck(const std::vector<std::vector<std::int64_t>>& w) {
  const int n = static_cast<int>(w.size());
  std::vector<int> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  std::int64_t best = -1;
  do {
    std::int64_t smallest = std::numeric_limits<std::int64_t>::max();
    for (int l = 0; l < n; ++l) smallest = std::min(smallest, w[l][perm[l]]);
    if (smallest > 0) best = std::max(best, smallest);
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

/// @brief The schedule row `a` runs on `g` (its policy's, on g as a fixed instance), or nothing
/// for a row that runs no schedule (a dynamic algorithm, the lower bound).
inline std::optional<Schedule> schedule_of(const RedistributionAlgorithm& a, const Instance& g) {
  static const std::uint64_t kFixed = 0;  // one instance: the policy makes its schedule once
  RedistributionSetup setup;
  setup.instance = &g;
  setup.instance_id = &kFixed;
  const std::unique_ptr<RedistributionPolicy> policy = a.make(setup);
  const Schedule* schedule = policy->schedule();
  if (schedule == nullptr) return std::nullopt;
  return *schedule;
}

/// @brief The step-schedule algorithms of the table (a schedule within k and δ) that scale to
/// random instances of a few dozen messages: a search with a work limit (exact) is for tiny
/// instances only (InputError beyond it).
inline std::vector<const RedistributionAlgorithm*> scalable_step_algorithms() {
  std::vector<const RedistributionAlgorithm*> out;
  for (const RedistributionAlgorithm& a : redistribution_algorithms())
    if (!a.ignores_limits() && a.work_bound() == nullptr && schedule_of(a, running_example())) out.push_back(&a);
  return out;
}

/// @brief A point of the redistribution family: every key at its default, then `numbers`,
/// `texts` and `lists` set by key.
inline Point redistribution_point(const std::map<std::string, double>& numbers,
                                  const std::map<std::string, std::string>& texts = {},
                                  const std::map<std::string, std::vector<double>>& lists = {}) {
  const Family& family = *find_family("redistribute");
  Point p;
  for (const ParameterSpec& spec : family.parameters()) {
    p.values.push_back(numbers.count(spec.key) ? numbers.at(spec.key) : spec.default_value);
    p.texts.push_back(texts.count(spec.key) ? texts.at(spec.key) : spec.default_text);
    p.lists.push_back(lists.count(spec.key) ? lists.at(spec.key) : std::vector<double>{});
  }
  return p;
}

/// @brief Values per replication and algorithm in one unit at `point` (seed 5), computed by
/// `engine` in a child process, on `platform` (a file) or the family's own: the value, then the
/// family's metrics in order (over_bound, over_link_bound, backbone_shared). `hosts`: the file's
/// hosts the run takes, in order (what `senders = zone:A`, `receivers = zone:B` give).
inline std::vector<double> unit_metrics(const std::vector<std::string>& algorithms, const std::string& engine,
                                        const Point& point, std::uint64_t replications, const std::string& work_dir,
                                        const std::string& platform = "", const std::vector<std::string>& hosts = {}) {
  Scenario scenario;
  scenario.family = find_family("redistribute");
  scenario.algorithms = algorithms;
  scenario.replications = replications;
  scenario.seed = 5;
  scenario.engine = engine;
  scenario.platform = platform;
  scenario.hosts = hosts;
  const std::vector<double> values = test_support::unit_values_in_child(scenario, point, work_dir);
  EXPECT_EQ(values.size(), replications * algorithms.size() * (1 + scenario.family->metrics().size()));
  return values;
}

/// @brief unit_metrics as [replication][algorithm][value, over_bound].
inline std::vector<double> unit_values(const std::vector<std::string>& algorithms, const std::string& engine,
                                       const Point& point, std::uint64_t replications, const std::string& work_dir,
                                       const std::string& platform = "") {
  const std::vector<double> all = unit_metrics(algorithms, engine, point, replications, work_dir, platform);
  const std::size_t width = 1 + find_family("redistribute")->metrics().size();
  std::vector<double> out;
  for (std::size_t i = 0; i + 1 < all.size(); i += width) out.insert(out.end(), {all[i], all[i + 1]});
  return out;
}

}  // namespace hetcoll::test
