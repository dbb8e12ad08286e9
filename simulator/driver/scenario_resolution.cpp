#include "driver/scenario_resolution.hpp"

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "driver/cpu_count.hpp"
#include "driver/scenario_parser.hpp"
#include "driver/scenario_values.hpp"
#include "driver/sweep_checks.hpp"
#include "engine/engine_factory.hpp"

namespace hetcoll {
namespace {

/// The family's host-set keys given as host names: each becomes the count of hosts it selects
/// (ranged as if written), and the run's `hosts`, their selections, holds that many.
void count_named_host_sets(Scenario& s) {
  int selected = 0;
  for (const NamedHostSet& set : s.named_host_sets) {
    const int count = count_platform_hosts(s.platform, s.cfg, set.patterns);
    selected += count;
    const int index = s.family->parameter_index(set.key);
    s.values[index] = parse_values(s.family->parameters()[index], std::to_string(count), s.sources.of(set.key));
  }
  if (!s.named_host_sets.empty()) s.hosts_selected = selected;
}

/// The family's count of hosts, if not given, becomes what key `hosts` selects or, without the
/// key, every host of the file when the family counts a file's hosts (ParameterSpec::counts_file_hosts).
void count_selected_hosts(Scenario& s) {
  const ParameterSpec* key = s.family->host_count_key();
  if (key == nullptr || s.sources.given.count(key->key)) return;
  const int index = s.family->parameter_index(key->key);
  if (s.hosts.empty()) {
    // The sweep's first point, built alone: the sweep is sized before it is expanded.
    Point first;
    first.lists = s.lists;
    first.texts = s.texts;
    for (const std::vector<double>& axis : s.values) first.values.push_back(axis.empty() ? 0.0 : axis.front());
    if (!key->counts_file_hosts || !key->counts_file_hosts(first, true)) return;
  }
  s.hosts_selected = count_platform_hosts(s.platform, s.cfg, s.hosts);
  s.values[index] = {static_cast<double>(s.hosts_selected - key->hosts_beside)};
}

}  // namespace

std::vector<std::string> resolve_scenario(Scenario& s) {
  if (!s.jobs_given) s.jobs = default_jobs(static_cast<int>(kMaxJobs));
  if (!s.platform.empty()) {
    count_named_host_sets(s);
    // Key 'cfg' itself passed the parser: the file's own <config> is what is left to check.
    refuse_settings_the_model_engine_leaves_out(s.engine, {}, s.sources.of("cfg"), s.platform);
    if (s.named_host_sets.empty()) count_selected_hosts(s);
  }
  std::vector<std::string> notes = apply_algorithm_limits(s);
  check_sweep(s);
  return notes;
}

Scenario resolve_run_arguments(const std::vector<std::string>& args) {
  Scenario s = parse_run_arguments(args);
  resolve_scenario(s);
  return s;
}

void refuse_too_few_hosts(const Scenario& s, int hosts) {
  if (s.platform.empty()) return;
  // Loading a large file takes SimGrid a while: the count made by resolve_scenario() serves.
  const int available = s.hosts_selected > 0 ? s.hosts_selected : count_platform_hosts(s.platform, s.cfg, s.hosts);
  if (available < hosts)
    throw InputError(s.platform + ": " + (s.hosts.empty() ? "the platform has " : "key 'hosts' selects ") +
                     std::to_string(available) + " hosts, the scenario needs " + std::to_string(hosts) +
                     " at its largest point");
}

}  // namespace hetcoll
