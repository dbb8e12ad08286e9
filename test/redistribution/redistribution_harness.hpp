#pragma once
/// @file redistribution_harness.hpp
/// @brief Test helpers: the paper's running example and a family Point built from keys.
#include <map>
#include <string>

#include "algorithms/family.hpp"
#include "algorithms/redistribution/inputs.hpp"

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

/// @brief A point of the redistribution family: every key at its default, then `numbers`,
/// `texts` and `lists` set by key.
inline Point redistribution_point(const std::map<std::string, double>& numbers,
                                  const std::map<std::string, std::string>& texts = {},
                                  const std::map<std::string, std::vector<double>>& lists = {}) {
  const Family& family = *find_family("redistribution");
  Point p;
  for (const ParameterSpec& spec : family.parameters()) {
    p.values.push_back(numbers.count(spec.key) ? numbers.at(spec.key) : spec.default_value);
    p.texts.push_back(texts.count(spec.key) ? texts.at(spec.key) : spec.default_text);
    p.lists.push_back(lists.count(spec.key) ? lists.at(spec.key) : std::vector<double>{});
  }
  return p;
}

}  // namespace hetcoll::test
