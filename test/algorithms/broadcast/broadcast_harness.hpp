#pragma once
/// @file broadcast_harness.hpp
/// @brief Test helpers for the broadcast family: points built from key overrides, plans run on an
/// engine, a unit of the family in a forked child, and the hetcoll binary.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/broadcast/broadcast_family.hpp"
#include "core/number_format.hpp"
#include "driver/work_dir.hpp"
#include "engine/engine.hpp"
#include "engine/plan.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll::test {

inline const std::string kSource = HETCOLL_SOURCE_DIR;
inline const std::string kGrid5000Csv = kSource + "/platforms/grid5000-88-latency.csv";
inline const std::string kGrid5000Xml = kSource + "/platforms/grid5000-88.xml";

/// @brief A point of the broadcast family: every key at its default, then `keys` (numbers as
/// text, lists as comma-separated text).
inline Point broadcast_point(const std::map<std::string, std::string>& keys) {
  const Family& f = broadcast_family();
  Point p;
  for (const ParameterSpec& spec : f.parameters()) {
    const auto it = keys.find(spec.key);
    std::vector<double> list;
    std::string text = spec.kind == ParameterKind::text ? spec.default_text : "";
    double value = spec.default_value;
    if (it != keys.end()) {
      if (spec.kind == ParameterKind::number) value = parse_number(it->second, spec.key, "test");
      else if (spec.kind == ParameterKind::text) text = it->second;
      else {
        std::istringstream in(it->second);
        for (std::string item; std::getline(in, item, ',');) list.push_back(parse_number(item, spec.key, "test"));
      }
    }
    p.values.push_back(value);
    p.lists.push_back(list);
    p.texts.push_back(text);
  }
  return p;
}

/// @brief Supplies a list of policies to one engine run and keeps their makespans.
class PolicyList final : public ReplicationSource {
 public:
  explicit PolicyList(std::vector<Policy*> policies) : policies_(std::move(policies)) {}
  Policy* next(std::vector<LinkSetting>&) override { return next_ < policies_.size() ? policies_[next_] : nullptr; }
  void finished(double makespan) override {
    makespans.push_back(makespan);
    ++next_;
  }
  std::vector<double> makespans;

 private:
  std::vector<Policy*> policies_;
  std::size_t next_ = 0;
};

/// @brief Makespans of `plans` (costs in bytes and flops), run one after another on `engine`.
inline std::vector<double> run_plans(Engine& engine, const std::vector<const Plan*>& plans) {
  std::vector<std::unique_ptr<PlanPolicy>> owned;
  std::vector<Policy*> policies;
  for (const Plan* plan : plans) {
    owned.push_back(std::make_unique<PlanPolicy>(*plan, CostScale{1, 1}, nullptr));
    policies.push_back(owned.back().get());
  }
  PolicyList source(policies);
  engine.run(source);
  return source.makespans;
}

/// @brief Values of one work unit of the broadcast family at `point`, [replication][algorithm]
/// [value, predicted], computed by `engine` in a child process.
inline std::vector<double> family_values(const Point& point, const std::string& engine, std::uint64_t replications,
                                         const std::vector<std::string>& algorithms, const WorkDir& dir) {
  Scenario s;
  s.family = &broadcast_family();
  s.algorithms = algorithms;
  s.replications = replications;
  s.seed = 17;
  s.engine = engine;
  return test_support::unit_values_in_child(s, point, dir.path());
}

/// @brief Runs the hetcoll binary with `args` (shell words) from directory `cwd` (empty: the
/// current one); returns the exit status, stdout in `out`, stderr in `err`.
inline int run_hetcoll(const std::string& args, std::string& out, std::string& err, const std::string& cwd = "") {
  char pattern[] = "/tmp/hetcoll-broadcast-stderr.XXXXXX";
  ::close(::mkstemp(pattern));
  const std::string stderr_file = pattern;
  const std::string cd = cwd.empty() ? "" : "cd '" + cwd + "' && ";
  FILE* pipe = ::popen((cd + HETCOLL_BINARY + " " + args + " 2>" + stderr_file).c_str(), "r");
  out.clear();
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, got);
  const int status = ::pclose(pipe);
  std::ifstream in(stderr_file);
  err.assign(std::istreambuf_iterator<char>(in), {});
  std::remove(stderr_file.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace hetcoll::test
