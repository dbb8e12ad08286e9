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

#include "algorithms/broadcast/support/broadcast_family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/work_dir.hpp"
#include "engine/engine.hpp"
#include "engine/plan.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll::test {

inline const std::string kSource = HETCOLL_SOURCE_DIR;
inline const std::string kGrid5000Csv = kSource + "/platforms/grid5000-88-latency.csv";
inline const std::string kGrid5000Xml = kSource + "/platforms/grid5000-88.xml";
/// Two sites joined by a WAN link: lyon, a <cluster> of 8 hosts a-0.lyon .. a-7.lyon with a
/// backbone, and nancy, a zone of 6 hosts behind two switches (n-1 .. n-3 on one, n-4 .. n-6 on
/// the other).
inline const std::string kTwoSitesXml = kSource + "/platforms/two-sites.xml";

/// Values per (replication, algorithm): the completion time, then the family's metrics
/// (predicted, prediction_error, clusters_found).
inline std::size_t value_width() { return 1 + broadcast_family().metrics().size(); }

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

/// @brief A valid value of key `p` other than its default, as a scenario would write it: the
/// first word of its choices that is not the default, a file for a path, a list of two numbers,
/// or the first of default + 1, default × 2, default / 2 in the key's range.
inline std::string other_value(const ParameterSpec& p) {
  if (p.kind == ParameterKind::text) {
    for (const std::string& c : p.choices)
      if (c != p.default_text) return c;
    return kGrid5000Csv;  // the family's one free word is a file path
  }
  if (p.kind == ParameterKind::list) return "1,2";
  for (double v : {p.default_value + 1, p.default_value * 2, p.default_value / 2})
    if (v != p.default_value && in_range(p, v)) return format_number(v);
  return "";
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
/// [value, predicted, prediction_error, clusters_found] (value_width() each), computed by
/// `engine` in a child process, on `platform` (a file; "" for the family's own) and its `hosts`
/// (key hosts; empty: every host in natural name order).
inline std::vector<double> family_values(const Point& point, const std::string& engine, std::uint64_t replications,
                                         const std::vector<std::string>& algorithms, const WorkDir& dir,
                                         const std::string& platform = "",
                                         const std::vector<std::string>& hosts = {}) {
  Scenario s;
  s.family = &broadcast_family();
  s.algorithms = algorithms;
  s.replications = replications;
  s.seed = 17;
  s.engine = engine;
  s.platform = platform;
  s.hosts = hosts;
  return test_support::unit_values_in_child(s, point, dir.path());
}

/// @brief family_values of `algorithm` alone on the model engine (a replication's values do not
/// depend on the other algorithms).
inline std::vector<double> model_values(const Point& point, const std::string& algorithm, const WorkDir& dir,
                                        const std::string& platform = "", const std::vector<std::string>& hosts = {}) {
  return family_values(point, "model", 1, {algorithm}, dir, platform, hosts);
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
