#pragma once
/// @file unit_in_child.hpp
/// @brief Test support: numbers computed in a forked child (one work unit, or any task), handed
/// back to the test exactly.
///
/// SimGrid allows one engine per process, so a test that runs SimGrid more than once, or next
/// to the model engine, runs each engine in its own child, as hetcoll does for every unit.
/// The numbers cross the pipe as text in format_number's shortest form, which parse_number
/// reads back to the same double, so tests can compare them bit for bit.
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "core/number_format.hpp"
#include "driver/scenario.hpp"
#include "driver/sweep.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll::test_support {

/// @brief What `task` returns, computed in a forked child whose files go to `work_dir`.
inline std::vector<double> values_in_child(const std::string& work_dir,
                                           const std::function<std::vector<double>()>& task) {
  const std::string text = run_in_child(work_dir, [&] {
    std::string out;
    for (double v : task()) out += format_number(v) + ' ';
    return out;
  });
  std::vector<double> values;
  std::istringstream in(text);
  for (std::string item; in >> item;) values.push_back(parse_number(item, "value", "child"));
  return values;
}

/// @brief The values of `unit` (UnitResult::values), computed by execute_unit in a forked
/// child whose files go to `setup.work_dir`; like a unit of hetcoll run, it starts at clock 0.
inline std::vector<double> unit_values_in_child(const RunSetup& setup, const WorkUnit& unit) {
  return values_in_child(setup.work_dir, [&] { return execute_unit(setup, unit).values; });
}

/// @brief The values of every replication of `scenario` at `point`, run as one unit in a
/// forked child whose files go to `work_dir`.
inline std::vector<double> unit_values_in_child(const Scenario& scenario, const Point& point,
                                                const std::string& work_dir) {
  RunSetup setup;
  setup.scenario = &scenario;
  setup.points = {point};
  setup.work_dir = work_dir;
  return unit_values_in_child(setup, {0, 0, scenario.replications});
}

}  // namespace hetcoll::test_support
