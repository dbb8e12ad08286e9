#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>

#include "algorithms/algorithm_table.hpp"

namespace hetcoll {
namespace {

struct ToySetup {
  int hosts = 0;
};

class Idle final : public Policy {
 public:
  void begin(Executor&) override {}
  void on_complete(Executor&, const Completion&) override {}
};

std::unique_ptr<Policy> make_idle(const ToySetup&) { return std::make_unique<Idle>(); }

struct ToyAlgorithm : AlgorithmRow<ToyAlgorithm, ToySetup> {
  using AlgorithmRow::AlgorithmRow;
  ToyAlgorithm& at_most(int hosts) {
    max_hosts = hosts;
    return *this;
  }
  int max_hosts = 0;
};

}  // namespace

TEST(AlgorithmTable, RowsReadByNameInAnyOrderOfTheirSteps) {
  const AlgorithmTable<ToyAlgorithm> table({
      ToyAlgorithm("a").description("first").reference("here").make(make_idle),
      ToyAlgorithm("b").at_most(3).make(make_idle).reference("there").description("second"),
  });
  ASSERT_EQ(table.infos().size(), 2u);
  EXPECT_EQ(table.infos()[1].name, "b");
  EXPECT_EQ(table.at("b").description(), "second");
  EXPECT_EQ(table.at("b").reference(), "there");
  EXPECT_EQ(table.at("b").max_hosts, 3);
  EXPECT_NE(table.at("a").make(ToySetup{}), nullptr);
  EXPECT_EQ(table.find("c"), nullptr);
  EXPECT_THROW(table.at("c"), std::logic_error);
}

TEST(AlgorithmTable, RefusesATwiceNamedRowARowWithoutItsWordsAndAMissingFactory) {
  auto row = [](const char* name) { return ToyAlgorithm(name).description("d").reference("r"); };
  EXPECT_THROW(AlgorithmTable<ToyAlgorithm>({row("a"), row("a")}), std::logic_error);
  EXPECT_THROW(AlgorithmTable<ToyAlgorithm>({ToyAlgorithm("a").reference("r")}), std::logic_error);
  EXPECT_THROW(AlgorithmTable<ToyAlgorithm>({ToyAlgorithm("a").description("d")}), std::logic_error);
  EXPECT_THROW(row("a").make(ToySetup{}), std::logic_error);
}

}  // namespace hetcoll
