#include "driver/scenario_parser.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <sstream>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/nearest_name.hpp"
#include "core/number_format.hpp"
#include "driver/cpu_count.hpp"
#include "driver/run_files.hpp"
#include "driver/scenario_file.hpp"
#include "driver/scenario_options.hpp"
#include "driver/scenario_values.hpp"
#include "driver/sweep.hpp"
#include "engine/engine_factory.hpp"

namespace po = boost::program_options;

namespace hetcoll {
namespace {

/// Where a key's value came from, for error messages.
class Origin {
 public:
  Origin(const po::variables_map& cli, std::string file) : cli_(cli), file_(std::move(file)) {}
  std::string of(const std::string& key) const {
    return cli_.count(key) || file_.empty() ? std::string("command line") : file_;
  }

 private:
  const po::variables_map& cli_;
  std::string file_;
};

/// Largest --jobs: processes at once. Far above any machine's cores, and it keeps `4 * jobs`
/// (the model engine's batching) and every count of children an int.
constexpr std::uint64_t kMaxJobs = 1024;

/// Largest replications and block: 2^53, so that replication numbers and unit bounds never
/// wrap; the memory estimate refuses far fewer on any real machine.
constexpr std::uint64_t kMaxReplications = std::uint64_t{1} << 53;

/// A count (replications, block, jobs): digits, or a number that is exactly whole such as 1e6
/// (counts stay far below 2^53, where doubles are exact), in [minimum, maximum].
std::uint64_t parse_count(const po::variables_map& vm, const Origin& origin, const std::string& key,
                          std::uint64_t fallback, std::uint64_t minimum, std::uint64_t maximum) {
  if (!vm.count(key)) return fallback;
  const std::string text = vm[key].as<std::string>();
  std::optional<std::uint64_t> value = parse_digits(text);
  if (!value) {
    const double v = parse_number(text, key, origin.of(key));
    if (v == std::floor(v) && v >= 0 && v <= 0x1p53) value = static_cast<std::uint64_t>(v);
  }
  if (!value || *value < minimum || *value > maximum)
    throw InputError(origin.of(key) + ": key '" + key + "' expects a whole number in [" + std::to_string(minimum) +
                     ", " + std::to_string(maximum) + "], got '" + text + "'");
  return *value;
}

/// The root seed: any unsigned 64-bit integer, in digits (a double would merge 2^53 and 2^53 + 1).
std::uint64_t parse_seed(const po::variables_map& vm, const Origin& origin, std::uint64_t fallback) {
  if (!vm.count("seed")) return fallback;
  const std::string text = vm["seed"].as<std::string>();
  const std::optional<std::uint64_t> value = parse_digits(text);
  if (!value)
    throw InputError(origin.of("seed") + ": key 'seed' expects a whole number in [0, 18446744073709551615] "
                     "written in digits, got '" + text + "'");
  return *value;
}

bool parse_flag(const po::variables_map& vm, const Origin& origin, const std::string& key) {
  if (!vm.count(key)) return false;
  const std::string v = vm[key].as<std::string>();
  if (v == "true" || v == "1" || v == "yes") return true;
  if (v == "false" || v == "0" || v == "no") return false;
  throw InputError(origin.of(key) + ": key '" + key + "' expects true or false, got '" + v + "'");
}



/// Where a point's values came from, for a rule of several keys: the file, the command line or both.
std::string point_origin(const Scenario& s, const po::variables_map& cli) {
  if (s.source.empty()) return "command line";
  for (const ParameterSpec& p : s.family->parameters())
    if (cli.count(p.key)) return s.source + " and the command line";
  return s.source;
}

/// The whole-number keys of a point above 1 (processors = 65536, senders = 300): what sizes it.
std::string sizes_of(const Family& family, const Point& point) {
  std::string text;
  const auto& params = family.parameters();
  for (std::size_t i = 0; i < params.size(); ++i)
    if (params[i].kind == ParameterKind::number && params[i].integer && !params[i].flag && point.values[i] > 1)
      text += (text.empty() ? "" : ", ") + params[i].key + " = " + format_number(point.values[i]);
  return text.empty() ? "its hosts" : text;
}

/// Share of physical memory a run may take by estimate; the rest is the system's and the
/// estimate's margin.
constexpr double kMemoryShare = 0.8;

/// Refuses a run whose memory estimate exceeds kMemoryShare of the machine, naming the keys of
/// its largest part.
void check_memory(const Scenario& s, const MemoryEstimate& m, double points, double largest_unit,
                  const std::string& largest_point, const std::string& where, const Origin& origin) {
  const double limit = kMemoryShare * physical_memory();
  if (m.total() <= limit) return;
  const double largest = std::max({m.points, m.series, m.units, m.children});
  const std::string replications = "key 'replications' = " + std::to_string(s.replications);
  std::string culprit;
  if (largest == m.points) {
    culprit = where + ": the sweep's " + format_number(points) + " points (the product of the axes' value counts)";
  } else if (largest == m.series) {
    culprit = origin.of("replications") + ": " + replications +
              " (exact quantiles keep every value of a point; key 'quantiles' = p2 estimates them in bounded memory)";
  } else if (largest == m.units) {
    culprit = origin.of("replications") + ": " + replications + " with key 'block' = " + std::to_string(s.block) +
              " (" + format_number(points * std::ceil(static_cast<double>(s.replications) / s.block)) + " work units)";
  } else if (s.jobs * largest_unit >= m.children / 2) {
    culprit = where + ": the largest point (" + largest_point + ", " + gigabytes(largest_unit) + " per process on the " +
              s.engine + " engine) with key 'jobs' = " + std::to_string(s.jobs);
  } else {
    culprit = origin.of("block") + ": key 'block' = " + std::to_string(s.block) + " with key 'jobs' = " +
              std::to_string(s.jobs) + " (each process holds a unit's values)";
  }
  throw InputError(culprit + " needs about " + gigabytes(m.total()) + " of memory by estimate, above the limit of " +
                   gigabytes(limit) + " (80% of this machine's " + gigabytes(physical_memory()) + ")");
}

/// Rules of several keys, point by point, and the memory the run needs. The sweep is sized
/// before it is expanded: axes of a million values each must be refused, not built. A default
/// `jobs` (one process per CPU) shrinks until the estimate fits: more cores than memory for
/// them is the machine's shape, not the user's mistake.
void check_sweep(Scenario& s, const std::string& where, const Origin& origin) {
  const double points = count_points(s);
  check_memory(s, estimate_memory(s, points, 0), points, 0, "", where, origin);
  double largest_unit = 0;
  const Point* largest = nullptr;
  const std::vector<Point> all = expand_points(s);
  for (const Point& point : all) {
    try {
      s.family->check_point(point);
      s.family->check_written_keys(s.written, point, !s.platform.empty());
      // The family's own check names the reason; this one holds for every key whose CSV cell a
      // point leaves empty, so no two rows differ by an empty cell alone.
      for (const ParameterSpec& p : s.family->parameters())
        if (s.written.count(p.key) && !key_applies(p, point, !s.platform.empty()))
          throw InputError("key '" + p.key + "' does not apply to this point (its CSV column is left empty); remove it");
      const double bytes = unit_memory(s, point);
      if (largest == nullptr || bytes > largest_unit) largest_unit = bytes, largest = &point;
    } catch (const InputError& e) {
      throw InputError(where + ": " + e.what());
    }
  }
  const double limit = kMemoryShare * physical_memory();
  while (!s.jobs_given && s.jobs > 1 && estimate_memory(s, points, largest_unit).total() > limit) --s.jobs;
  check_memory(s, estimate_memory(s, points, largest_unit), points, largest_unit, sizes_of(*s.family, *largest), where,
               origin);
}

/// The documented limits of the algorithms (Family::algorithm_limit), on every point: a listed
/// algorithm that cannot run a point is refused now, before anything runs; one that came with
/// the family's default list is left out, with a note, so that `--family reduce --hosts
/// zone:big` runs what can run. Sweeps too large to expand here are left to the work units.
void apply_algorithm_limits(Scenario& s, bool listed, const Origin& origin, std::vector<std::string>& notes) {
  constexpr double kMostPointsChecked = 1e5;
  if (count_points(s) > kMostPointsChecked) return;
  const std::vector<Point> points = expand_points(s);
  std::vector<std::string> kept;
  std::string first_reason;
  for (const std::string& algorithm : s.algorithms) {
    std::string reason;
    for (const Point& point : points) {
      try {
        reason = s.family->algorithm_limit(algorithm, point);
      } catch (const InputError&) {
        reason.clear();  // a bad point: check_sweep names it
      }
      if (!reason.empty()) break;
    }
    if (reason.empty()) {
      kept.push_back(algorithm);
      continue;
    }
    if (listed) throw InputError(origin.of("algorithms") + ": " + reason);
    const bool another_kind = std::any_of(points.begin(), points.end(), [&](const Point& point) {
      return !s.family->in_default_list(algorithm, point);
    });
    if (another_kind) continue;
    if (first_reason.empty()) first_reason = reason;
    notes.push_back("key 'algorithms' not given: " + algorithm + " is left out of the family's list (" + reason + ")");
  }
  if (kept.empty()) throw InputError(origin.of("algorithms") + ": " + first_reason);
  s.algorithms = std::move(kept);
}

/// True if `text` names hosts (a word that is no number) rather than counting them.
bool names_hosts(const std::string& text) {
  for (const std::string& word : split_list(text)) {
    char* end = nullptr;
    std::strtod(word.c_str(), &end);
    if (end == word.c_str() || *end != '\0') return true;
  }
  return false;
}

/// The family's host-set keys (redistribute's `senders = zone:siteA`) given as host names: each
/// becomes the count of hosts it selects, and their selections, in the family's order, the
/// run's `hosts`. The platform is read in a forked child, once per key.
void read_host_sets(Scenario& s, po::variables_map& vm, const Origin& origin) {
  std::vector<std::string> selection, named, counted;
  for (const std::string& key : s.family->host_set_keys())
    (vm.count(key) && names_hosts(vm[key].as<std::string>()) ? named : counted).push_back(key);
  // Counted hosts would be the file's first ones, which named ones may include: no mix.
  if (!named.empty() && !counted.empty())
    throw InputError(origin.of(named.front()) + ": key '" + named.front() + "' names hosts, so key '" +
                     counted.front() + "' must name its hosts too (a count takes the file's first hosts)");
  int selected = 0;
  for (const std::string& key : named) {
    if (vm.count("hosts"))
      throw InputError(origin.of(key) + ": key '" + key + "' names hosts and key 'hosts' is given too; give one of them");
    const std::string platform = vm.count("platform") ? vm["platform"].as<std::string>() : "";
    if (platform.empty())
      throw InputError(origin.of(key) + ": key '" + key + "' names hosts of a platform file; give platform = FILE.xml");
    const std::vector<std::string> patterns = split_list(vm[key].as<std::string>());
    std::vector<std::string> cfg;
    if (vm.count("cfg")) cfg = vm["cfg"].as<std::vector<std::string>>();
    const int count = count_platform_hosts(platform, cfg, patterns);
    selected += count;
    selection.insert(selection.end(), patterns.begin(), patterns.end());
    po::variable_value counted(std::string(std::to_string(count)), false);
    vm.erase(key);
    vm.emplace(key, counted);
  }
  if (selection.empty()) return;
  s.hosts = std::move(selection);
  s.hosts_selected = selected;
}

/// Key `hosts`: which hosts of the platform file the run uses. The family's count of hosts, if
/// not given, becomes what the selection holds (a forked child loads the file to count them).
void read_host_selection(Scenario& s, const po::variables_map& vm, const Origin& origin) {
  s.hosts = split_list(vm["hosts"].as<std::string>());
  if (s.hosts.empty()) throw InputError(origin.of("hosts") + ": key 'hosts' is empty");
  if (s.platform.empty())
    throw InputError(origin.of("hosts") + ": key 'hosts' selects hosts of a platform file; give platform = FILE.xml");
  const std::string key = s.family->host_count_key();
  const int index = key.empty() ? -1 : s.family->parameter_index(key);
  if (index < 0 || vm.count(key)) return;
  s.hosts_selected = count_platform_hosts(s.platform, s.cfg, s.hosts);
  s.values[index] = {s.family->host_count_for(s.hosts_selected)};
}

/// Without key `hosts`, a family that counts a file's hosts (Family::counts_file_hosts) and whose
/// count key is not given takes every host of the platform file.
void read_file_host_count(Scenario& s, const po::variables_map& vm) {
  const std::string key = s.family->host_count_key();
  const int index = key.empty() ? -1 : s.family->parameter_index(key);
  if (index < 0 || vm.count(key)) return;
  // The sweep's first point, built alone: the sweep is sized before it is expanded.
  Point first;
  first.lists = s.lists;
  first.texts = s.texts;
  for (const std::vector<double>& axis : s.values) first.values.push_back(axis.empty() ? 0.0 : axis.front());
  if (!s.family->counts_file_hosts(first)) return;
  s.hosts_selected = count_platform_hosts(s.platform, s.cfg, s.hosts);
  s.values[index] = {s.family->host_count_for(s.hosts_selected)};
}

std::string get(const po::variables_map& vm, const std::string& key, const std::string& fallback) {
  return vm.count(key) ? vm[key].as<std::string>() : fallback;
}

/// Most points one run may trace: each trace is a run of its own and an open file until the end.
constexpr double kMostPajePoints = 256;

/// Keys `paje` and `trace-replication`, read once the engine, the replications, the cfg and the
/// sweep are known: each refusal names the key.
void read_paje(Scenario& s, const po::variables_map& vm, const Origin& origin) {
  if (!vm.count("paje")) {
    if (vm.count("trace-replication"))
      throw InputError(origin.of("trace-replication") +
                       ": key 'trace-replication' chooses the replication of the Paje trace; give paje = FILE too");
    return;
  }
  s.paje = vm["paje"].as<std::string>();
  const std::string where = origin.of("paje");
  if (s.paje.empty()) throw InputError(where + ": key 'paje' expects a file path, got an empty one");
  if (s.paje == "-") throw InputError(where + ": key 'paje' expects a file path, not standard output");
  if (engine_kind(s.engine) != EngineKind::simgrid)
    throw InputError(where + ": key 'paje' needs --engine simgrid (the Paje trace is SimGrid's own), got engine '" +
                     s.engine + "'");
  s.trace_replication = parse_count(vm, origin, "trace-replication", 0, 0, kMaxReplications);
  if (s.trace_replication >= s.replications)
    throw InputError(origin.of("trace-replication") + ": key 'trace-replication' = " +
                     std::to_string(s.trace_replication) + " is not a replication of the run (0 to " +
                     std::to_string(s.replications - 1) + ", replications = " + std::to_string(s.replications) + ")");
  // SimGrid's tracing settings would trace every work unit as well, into one file that
  // concurrent workers corrupt: the trace run sets them itself.
  for (const std::string& c : s.cfg)
    if (c.rfind("tracing", 0) == 0)
      throw InputError(origin.of("cfg") + ": key 'cfg' sets '" + c +
                       "' and key 'paje' is given: the trace run sets SimGrid's tracing itself; drop the setting");
  // Points are dealt round-robin: shard i holds points i, i + N, i + 2N ...
  const double points = count_points(s);
  const double traced = points > s.shard.index ? std::floor((points - 1 - s.shard.index) / s.shard.count) + 1 : 0;
  if (traced > kMostPajePoints)
    throw InputError(where + ": key 'paje' traces each point of the sweep, and this run has more than " +
                     format_number(kMostPajePoints) + " points; sweep fewer values or split it with --shard");
  if (points > 1 && is_stream(s.paje))
    throw InputError(where + ": key 'paje' writes one file per point of the sweep (FILE.pN), so '" + s.paje +
                     "' must be a file path, not a device or a FIFO");
}

}  // namespace

Scenario parse_run_arguments(const std::vector<std::string>& args) {
  po::options_description options;
  options.add(common_options()).add(family_options());
  po::options_description positional_holder;
  positional_holder.add_options()("scenario", po::value<std::string>());
  po::options_description cli_options;
  cli_options.add(options).add(positional_holder);
  po::positional_options_description positional;
  positional.add("scenario", 1);

  po::variables_map cli;
  try {
    po::store(po::command_line_parser(args).options(cli_options).positional(positional).run(), cli);
  } catch (const po::unknown_option& e) {
    throw InputError(unknown_key("command line", e.get_option_name(), options));
  } catch (const po::error& e) {
    throw InputError(std::string("command line: ") + e.what());
  }
  Scenario s;
  s.source = get(cli, "scenario", "");
  po::variables_map vm = cli;  // the command line is stored first, so it wins over the file
  bool manifest_source = false;
  if (!s.source.empty()) {
    std::istringstream file(
        read_scenario_file(s, manifest_source, [&](const std::string& key) { return cli.count(key) > 0; }));
    try {
      po::store(po::parse_config_file(file, options, false), vm);
    } catch (const po::unknown_option& e) {
      throw InputError(unknown_key(s.source, e.get_option_name(), options));
    } catch (const po::error& e) {
      throw InputError(s.source + ": " + e.what());
    }
  }
  // Notes go out once the whole scenario is known to be good: a refusal stays one line.
  std::vector<std::string> notes;
  const Origin origin(cli, s.source);

  const std::string family = get(vm, "family", "reduce");
  s.family = find_family(family);
  if (s.family == nullptr) {
    std::vector<std::string> names;
    for (const Family* f : all_families()) names.push_back(f->name());
    std::string known;
    for (const std::string& name : names) known += (known.empty() ? "" : ", ") + name;
    throw InputError(origin.of("family") + ": key 'family' names no family: '" + family + "'" +
                     did_you_mean(family, names) + " (families: " + known + ")");
  }
  if (vm.count("platform"))
    for (const auto& [key, value] : s.family->platform_file_defaults())
      if (!vm.count(key)) vm.emplace(key, po::variable_value(value, true));  // defaulted: not written
  for (const Family* f : all_families())
    for (const ParameterSpec& p : f->parameters())
      if (vm.count(p.key) && s.family->parameter_index(p.key) < 0)
        throw InputError(origin.of(p.key) + ": key '" + p.key + "' does not apply to family " + family);

  if (vm.count("algorithms")) {
    s.algorithms = split_list(vm["algorithms"].as<std::string>());
    if (s.algorithms.empty()) throw InputError(origin.of("algorithms") + ": key 'algorithms' is empty");
    for (const std::string& a : s.algorithms)
      if (!s.family->has_algorithm(a)) {
        std::vector<std::string> names;
        for (const AlgorithmInfo& known : s.family->algorithms()) names.push_back(known.name);
        throw InputError(origin.of("algorithms") + ": key 'algorithms': unknown algorithm '" + a + "' in family " +
                         family + did_you_mean(a, names) + " (see hetcoll list)");
      }
    std::set<std::string> unique(s.algorithms.begin(), s.algorithms.end());
    if (unique.size() != s.algorithms.size())
      throw InputError(origin.of("algorithms") + ": key 'algorithms' lists an algorithm twice");
  } else {
    for (const AlgorithmInfo& a : s.family->algorithms()) s.algorithms.push_back(a.name);
  }
  read_host_sets(s, vm, origin);

  for (const ParameterSpec& p : s.family->parameters()) {
    const bool given = vm.count(p.key) > 0;
    if (manifest_source ? cli.count(p.key) > 0 : given && !vm[p.key].defaulted()) s.written.insert(p.key);
    const std::string where = origin.of(p.key);
    std::vector<double> number, list;
    std::string text;
    switch (p.kind) {
      case ParameterKind::number:
        number = given ? parse_values(p, vm[p.key].as<std::string>(), where) : std::vector<double>{p.default_value};
        break;
      case ParameterKind::list:
        if (given || !p.default_text.empty())
          list = parse_values(p, given ? vm[p.key].as<std::string>() : p.default_text, where);
        break;
      case ParameterKind::text: {
        text = given ? vm[p.key].as<std::string>() : p.default_text;
        const std::vector<std::string> words = split_list(text);
        if (given && words.size() != 1)
          throw InputError(where + ": key '" + p.key + "' expects one word, got '" + text + "'");
        if (!p.choices.empty() && std::find(p.choices.begin(), p.choices.end(), text) == p.choices.end()) {
          std::string allowed;
          for (const std::string& c : p.choices) allowed += (allowed.empty() ? "" : ", ") + c;
          throw InputError(where + ": key '" + p.key + "' expects one of " + allowed + ", got '" + text + "'");
        }
        break;
      }
    }
    s.values.push_back(std::move(number));
    s.lists.push_back(std::move(list));
    s.texts.push_back(std::move(text));
  }

  s.replications = parse_count(vm, origin, "replications", s.replications, 1, kMaxReplications);
  s.seed = parse_seed(vm, origin, s.seed);
  s.block = parse_count(vm, origin, "block", s.block, 1, kMaxReplications);
  s.jobs_given = vm.count("jobs") > 0;
  s.jobs = s.jobs_given ? static_cast<int>(parse_count(vm, origin, "jobs", 1, 1, kMaxJobs))
                        : default_jobs(static_cast<int>(kMaxJobs));
  s.engine = get(vm, "engine", s.engine);
  const std::vector<std::string>& engines = engine_words();
  if (std::find(engines.begin(), engines.end(), s.engine) == engines.end()) {
    std::string words;
    for (const std::string& w : engines) words += (words.empty() ? "" : " or ") + w;
    throw InputError(origin.of("engine") + ": key 'engine' expects " + words + ", got '" + s.engine + "'");
  }
  s.quantiles = get(vm, "quantiles", s.quantiles);
  if (s.quantiles != "exact" && s.quantiles != "p2")
    throw InputError(origin.of("quantiles") + ": key 'quantiles' expects exact or p2, got '" + s.quantiles + "'");
  s.platform = get(vm, "platform", "");
  if (vm.count("cfg")) s.cfg = vm["cfg"].as<std::vector<std::string>>();
  for (const std::string& c : s.cfg)
    if (c.find(':') == std::string::npos)
      throw InputError(origin.of("cfg") + ": key 'cfg' expects key:value, got '" + c + "'");
  refuse_settings_the_model_engine_leaves_out(s.engine, s.cfg, origin.of("cfg"), s.platform);
  s.output = get(vm, "output", s.output);
  if (s.output.empty()) throw InputError(origin.of("output") + ": key 'output' expects a file path or -, got an empty one");
  s.raw = get(vm, "raw", "");
  s.trace = get(vm, "trace", "");
  if (vm.count("shard")) s.shard = parse_shard(vm["shard"].as<std::string>(), origin.of("shard"));
  s.resume = parse_flag(vm, origin, "resume");
  s.progress = !parse_flag(vm, origin, "quiet");
  s.dry_run = parse_flag(vm, origin, "dry-run");
  if (s.resume && s.output == "-")
    throw InputError(origin.of("resume") + ": key 'resume' needs an output file, not stdout");
  if (vm.count("hosts") && s.hosts.empty()) read_host_selection(s, vm, origin);
  if (!s.platform.empty() && s.hosts.empty()) read_file_host_count(s, vm);
  apply_algorithm_limits(s, vm.count("algorithms") > 0, origin, notes);
  check_sweep(s, point_origin(s, cli), origin);
  read_paje(s, vm, origin);
  s.notes = std::move(notes);
  return s;
}

}  // namespace hetcoll
