#pragma once
/// @file segment_rule.hpp
/// @brief Test support: key `segment`'s rule of the point, the same in every family that has it
/// (docs/keys.md): refused only where no algorithm of the run cuts its messages.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "core/error.hpp"

namespace hetcoll::test_support {

/// Checks `point` (a non-zero `segment`, `segment_text` as the refusal writes it) of `family`,
/// whose table is `table`: each row that does not cut, alone, is refused in one line naming the
/// key; beside any row that cuts, it is read (it runs whole); outside a run (every row) it is
/// read. Asks that some row cuts, or the key has no reader.
template <class Table>
void expect_segment_refused_only_where_no_row_cuts(const Family& family, const Table& table, const Point& point,
                                                   const std::string& segment_text) {
  const std::set<std::string> none;
  auto read = [&](const std::vector<std::string>& run) { return family.settings(point, PointContext{none, false, &run}); };
  EXPECT_NO_THROW(family.settings(point, PointContext{none, false}));
  std::size_t cutting = 0;
  for (const auto& a : table) {
    if (a.honours_segment()) {
      ++cutting;
      EXPECT_NO_THROW(read({a.name()})) << a.name();
      continue;
    }
    try {
      read({a.name()});
      ADD_FAILURE() << a.name() << " alone: a segment no row of the run reads was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("key 'segment' = " + segment_text + ":"), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
    for (const auto& b : table)
      if (b.honours_segment()) EXPECT_NO_THROW(read({a.name(), b.name()})) << a.name() << " beside " << b.name();
  }
  EXPECT_GT(cutting, 0u) << family.name() << ": no row cuts its messages, so key segment has no reader";
}

}  // namespace hetcoll::test_support
