#include "driver/scenario_parser.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/nearest_name.hpp"
#include "core/number_format.hpp"
#include "driver/run_files.hpp"
#include "driver/scenario_file.hpp"
#include "driver/scenario_options.hpp"
#include "driver/scenario_values.hpp"
#include "driver/sweep.hpp"
#include "engine/engine_factory.hpp"

namespace po = boost::program_options;

namespace hetcoll {
namespace {

/// Largest replications and block: 2^53, so that replication numbers and unit bounds never
/// wrap; the memory estimate refuses far fewer on any real machine.
constexpr std::uint64_t kMaxReplications = std::uint64_t{1} << 53;

/// A count (replications, block, jobs): digits, or a number that is exactly whole such as 1e6
/// (counts stay far below 2^53, where doubles are exact), in [minimum, maximum].
std::uint64_t parse_count(const po::variables_map& vm, const KeySources& origin, const std::string& key,
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
std::uint64_t parse_seed(const po::variables_map& vm, const KeySources& origin, std::uint64_t fallback) {
  if (!vm.count("seed")) return fallback;
  const std::string text = vm["seed"].as<std::string>();
  const std::optional<std::uint64_t> value = parse_digits(text);
  if (!value)
    throw InputError(origin.of("seed") + ": key 'seed' expects a whole number in [0, 18446744073709551615] "
                     "written in digits, got '" + text + "'");
  return *value;
}

bool parse_flag(const po::variables_map& vm, const KeySources& origin, const std::string& key) {
  if (!vm.count(key)) return false;
  const std::string v = vm[key].as<std::string>();
  if (v == "true" || v == "1" || v == "yes") return true;
  if (v == "false" || v == "0" || v == "no") return false;
  throw InputError(origin.of(key) + ": key '" + key + "' expects true or false, got '" + v + "'");
}

/// True if `text` names hosts (a word that is no number) rather than counting them.
bool names_hosts(const std::string& text) {
  const std::vector<std::string> words = split_list(text);
  return !std::all_of(words.begin(), words.end(), is_number);
}

/// The family's host-set keys (redistribute's `senders = zone:siteA`) given as host names: their
/// selections, in the family's order, become the run's `hosts`, and resolve_scenario() counts
/// them in the platform file.
void read_host_sets(Scenario& s, const po::variables_map& vm) {
  std::vector<std::string> named, counted;
  for (const ParameterSpec& p : s.family->parameters())
    if (p.names_hosts) (vm.count(p.key) && names_hosts(vm[p.key].as<std::string>()) ? named : counted).push_back(p.key);
  // Counted hosts would be the file's first ones, which named ones may include: no mix.
  if (!named.empty() && !counted.empty())
    throw InputError(s.sources.of(named.front()) + ": key '" + named.front() + "' names hosts, so key '" +
                     counted.front() + "' must name its hosts too (a count takes the file's first hosts)");
  for (const std::string& key : named) {
    if (vm.count("hosts"))
      throw InputError(s.sources.of(key) + ": key '" + key +
                       "' names hosts and key 'hosts' is given too; give one of them");
    if (!vm.count("platform") || vm["platform"].as<std::string>().empty())
      throw InputError(s.sources.of(key) + ": key '" + key +
                       "' names hosts of a platform file; give platform = FILE.xml");
    NamedHostSet set{key, split_list(vm[key].as<std::string>())};
    s.hosts.insert(s.hosts.end(), set.patterns.begin(), set.patterns.end());
    s.named_host_sets.push_back(std::move(set));
  }
}

/// Key `hosts`: which hosts of the platform file the run uses (resolve_scenario() counts them).
void read_host_selection(Scenario& s, const po::variables_map& vm) {
  s.hosts = split_list(vm["hosts"].as<std::string>());
  if (s.hosts.empty()) throw InputError(s.sources.of("hosts") + ": key 'hosts' is empty");
  if (s.platform.empty())
    throw InputError(s.sources.of("hosts") +
                     ": key 'hosts' selects hosts of a platform file; give platform = FILE.xml");
}

std::string get(const po::variables_map& vm, const std::string& key, const std::string& fallback) {
  return vm.count(key) ? vm[key].as<std::string>() : fallback;
}

/// Most points one run may trace: each trace is a run of its own and an open file until the end.
constexpr double kMostPajePoints = 256;

/// Keys `paje` and `trace-replication`, read once the engine, the replications, the cfg and the
/// sweep are known: each refusal names the key.
void read_paje(Scenario& s, const po::variables_map& vm, const KeySources& origin) {
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

/// Key `export-goal`: a file path (its placeholders and how many files it names are checked
/// when the run knows its algorithms and which of them have a plan: run_files.hpp).
void read_export_goal(Scenario& s, const po::variables_map& vm, const KeySources& origin) {
  if (!vm.count("export-goal")) return;
  s.export_goal = vm["export-goal"].as<std::string>();
  const std::string where = origin.of("export-goal");
  if (s.export_goal.empty()) throw InputError(where + ": key 'export-goal' expects a file path, got an empty one");
  if (s.export_goal == "-")
    throw InputError(where + ": key 'export-goal' expects a file path, not standard output");
}

/// A family key's values: the numbers of an axis or of a list, or a word.
void read_family_keys(Scenario& s, const po::variables_map& vm, bool manifest_source) {
  for (const ParameterSpec& p : s.family->parameters()) {
    const bool given = vm.count(p.key) > 0;
    if (manifest_source ? s.sources.command_line.count(p.key) > 0 : given && !vm[p.key].defaulted())
      s.written.insert(p.key);
    const std::string where = s.sources.of(p.key);
    std::vector<double> number, list;
    std::string text;
    const bool named_hosts = std::any_of(s.named_host_sets.begin(), s.named_host_sets.end(),
                                         [&](const NamedHostSet& set) { return set.key == p.key; });
    switch (p.kind) {
      case ParameterKind::number:
        // Hosts named by a host-set key are counted by resolve_scenario(): one value till then.
        number = given && !named_hosts ? parse_values(p, vm[p.key].as<std::string>(), where)
                                       : std::vector<double>{p.default_value};
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
}

/// Key `family`, then the keys of other families refused and the platform file's defaults added
/// (not written).
void read_family(Scenario& s, po::variables_map& vm) {
  const std::string family = get(vm, "family", "reduce");
  s.family = find_family(family);
  if (s.family == nullptr) {
    std::vector<std::string> names;
    for (const Family* f : all_families()) names.push_back(f->name());
    std::string known;
    for (const std::string& name : names) known += (known.empty() ? "" : ", ") + name;
    throw InputError(s.sources.of("family") + ": key 'family' names no family: '" + family + "'" +
                     did_you_mean(family, names) + " (families: " + known + ")");
  }
  if (vm.count("platform"))
    for (const ParameterSpec& p : s.family->parameters())
      if (!p.file_default.empty() && !vm.count(p.key))
        vm.emplace(p.key, po::variable_value(p.file_default, true));  // defaulted: not written
  for (const Family* f : all_families())
    for (const ParameterSpec& p : f->parameters())
      if (vm.count(p.key) && s.family->parameter_index(p.key) < 0)
        throw InputError(s.sources.of(p.key) + ": key '" + p.key + "' does not apply to family " + family);
}

/// Key `algorithms`: names of the family's table, each once; the whole table if not given.
void read_algorithms(Scenario& s, const po::variables_map& vm) {
  if (!vm.count("algorithms")) {
    for (const AlgorithmInfo& a : s.family->algorithms()) s.algorithms.push_back(a.name);
    return;
  }
  s.algorithms = split_list(vm["algorithms"].as<std::string>());
  if (s.algorithms.empty()) throw InputError(s.sources.of("algorithms") + ": key 'algorithms' is empty");
  for (const std::string& a : s.algorithms)
    if (!s.family->has_algorithm(a)) {
      std::vector<std::string> names;
      for (const AlgorithmInfo& known : s.family->algorithms()) names.push_back(known.name);
      throw InputError(s.sources.of("algorithms") + ": key 'algorithms': unknown algorithm '" + a + "' in family " +
                       s.family->name() + did_you_mean(a, names) + " (see hetcoll list)");
    }
  std::set<std::string> unique(s.algorithms.begin(), s.algorithms.end());
  if (unique.size() != s.algorithms.size())
    throw InputError(s.sources.of("algorithms") + ": key 'algorithms' lists an algorithm twice");
}

/// The common keys of the run: counts, seed, engine, files, shard and flags.
void read_common_keys(Scenario& s, const po::variables_map& vm) {
  const KeySources& origin = s.sources;
  s.replications = parse_count(vm, origin, "replications", s.replications, 1, kMaxReplications);
  s.seed = parse_seed(vm, origin, s.seed);
  s.block = parse_count(vm, origin, "block", s.block, 1, kMaxReplications);
  s.jobs_given = vm.count("jobs") > 0;
  if (s.jobs_given) s.jobs = static_cast<int>(parse_count(vm, origin, "jobs", 1, 1, kMaxJobs));
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
  // The platform file's own <config> is resolve_scenario()'s to read.
  refuse_settings_the_model_engine_leaves_out(s.engine, s.cfg, origin.of("cfg"), "");
  s.output = get(vm, "output", s.output);
  if (s.output.empty())
    throw InputError(origin.of("output") + ": key 'output' expects a file path or -, got an empty one");
  s.raw = get(vm, "raw", "");
  s.trace = get(vm, "trace", "");
  if (vm.count("shard")) s.shard = parse_shard(vm["shard"].as<std::string>(), origin.of("shard"));
  s.resume = parse_flag(vm, origin, "resume");
  s.progress = !parse_flag(vm, origin, "quiet");
  s.dry_run = parse_flag(vm, origin, "dry-run");
  if (s.resume && s.output == "-")
    throw InputError(origin.of("resume") + ": key 'resume' needs an output file, not stdout");
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
  s.sources.file = s.source;
  for (const auto& entry : cli) s.sources.command_line.insert(entry.first);
  read_family(s, vm);
  for (const auto& entry : vm) s.sources.given.insert(entry.first);
  read_algorithms(s, vm);
  read_host_sets(s, vm);
  read_family_keys(s, vm, manifest_source);
  read_common_keys(s, vm);
  if (vm.count("hosts") && s.hosts.empty()) read_host_selection(s, vm);
  read_paje(s, vm, s.sources);
  read_export_goal(s, vm, s.sources);
  return s;
}

}  // namespace hetcoll
