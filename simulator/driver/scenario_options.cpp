#include "driver/scenario_options.hpp"

#include <set>
#include <sstream>
#include <vector>

#include "algorithms/family.hpp"
#include "core/nearest_name.hpp"
#include "core/number_format.hpp"
#include "driver/scenario_parser.hpp"

namespace po = boost::program_options;

namespace hetcoll {

po::options_description common_options() {
  po::options_description d("common keys");
  d.add_options()
      ("family", po::value<std::string>(), "family of algorithms (default: reduce)")
      ("algorithms", po::value<std::string>(), "space-separated algorithm names (default: all of the family)")
      ("replications", po::value<std::string>(), "Monte Carlo replications per point (default 1000)")
      ("seed", po::value<std::string>(), "root seed of every random stream (default 1)")
      ("block", po::value<std::string>(), "replications per work unit (default 1000)")
      ("engine", po::value<std::string>(), "simgrid (default) or model")
      ("quantiles", po::value<std::string>(),
       "exact (default: every value kept) or p2 (streaming estimates of q10, q50, q90 in bounded memory)")
      ("platform", po::value<std::string>(), "SimGrid XML platform (default: the family's built-in one)")
      ("hosts", po::value<std::string>(),
       "the platform file's hosts to use, in order: names, globs (cb1-*), zone:NAME (default: natural name order)")
      ("cfg", po::value<std::vector<std::string>>()->composing(), "SimGrid setting key:value (repeatable)")
      ("output", po::value<std::string>(), "CSV path, or - for stdout (default -)")
      ("raw", po::value<std::string>(), "CSV of every replication's value")
      ("trace", po::value<std::string>(), "CSV of the events of replication 0 of each point")
      ("paje", po::value<std::string>(),
       "Paje trace (SimGrid's, engine simgrid only) of one replication of each point, from a run of its own; "
       "FILE.pN.EXT per point when the sweep has several")
      ("trace-replication", po::value<std::string>(), "the replication the Paje trace shows (default 0)")
      ("export-goal", po::value<std::string>(),
       "GOAL file (LogGOPSim's format) of each static algorithm's plan as replication 0 ran it; "
       "{point} and {algorithm} in FILE give each (point, algorithm) its own file")
      ("jobs", po::value<std::string>(),
       "processes run at once (default: SLURM_CPUS_PER_TASK if set, else the CPUs this process may use, "
       "fewer if memory would not hold them)")
      ("shard", po::value<std::string>(), "i/N: compute only shard i of N's work units (dealt round-robin)")
      ("resume", po::value<std::string>()->implicit_value("true"), "skip points already in OUTPUT.partial")
      ("quiet", po::value<std::string>()->implicit_value("true"), "no progress on stderr")
      ("dry-run", po::value<std::string>()->implicit_value("true"),
       "print the points, work units, hosts, memory and an estimate of CPU time on stdout, then stop; "
       "runs a short calibration of the largest point and writes nothing");
  return d;
}

po::options_description family_options() {
  po::options_description d("family keys");
  std::set<std::string> seen;
  for (const Family* f : all_families())
    for (const ParameterSpec& p : f->parameters())
      if (seen.insert(p.key).second) {
        auto* value = po::value<std::string>();
        if (p.flag) value->implicit_value("1");
        d.add_options()(p.key.c_str(), value, p.description.c_str());
      }
  return d;
}

std::string unknown_key(const std::string& where, std::string key, const po::options_description& options) {
  key.erase(0, key.find_first_not_of('-'));  // the command line's spelling: --key
  std::vector<std::string> names;
  for (const auto& option : options.options()) names.push_back(option->long_name());
  return where + ": unknown key '" + key + "'" + did_you_mean(key, names) + " (see hetcoll list)";
}

namespace {

/// "  --key  description" with the description wrapped at 100 columns under a fixed indent.
void describe_key(std::ostream& out, const std::string& key, const std::string& text) {
  constexpr std::size_t kIndent = 24, kWidth = 100;
  std::string line = "  --" + key;
  if (line.size() + 2 > kIndent) {
    out << line << '\n';
    line.clear();
  }
  line.resize(kIndent, ' ');
  std::istringstream words(text);
  bool first = true;
  for (std::string word; words >> word; first = false) {
    if (!first && line.size() + 1 + word.size() > kWidth) {
      out << line << '\n';
      line.assign(kIndent, ' ');
      first = true;
    }
    line += (first ? "" : " ") + word;
  }
  out << line << '\n';
}

/// A family key's help: its description, then its kind, default and valid range.
std::string key_help(const ParameterSpec& p) {
  std::string text = p.description + " (";
  if (p.kind == ParameterKind::text) {
    text += "a word";
    if (!p.choices.empty()) {
      std::string words;
      for (const std::string& c : p.choices) words += (words.empty() ? "" : ", ") + c;
      text += ": " + words;
    } else if (!p.valid_text.empty()) {
      text += ": " + p.valid_text;
    }
    text += "; default " + (p.default_text.empty() ? std::string("none") : p.default_text);
  } else {
    text += p.kind == ParameterKind::list ? "a list, " : "";
    text += range_text(p) + "; default ";
    text += p.kind == ParameterKind::list ? (p.default_text.empty() ? std::string("none") : p.default_text)
                                          : format_number(p.default_value);
    if (p.axis) text += "; a sweep axis: several values sweep";
  }
  return text + ")";
}

}  // namespace

std::string run_usage(const std::string& family) {
  std::ostringstream out;
  out << "usage: hetcoll run [SCENARIO.ini | OUTPUT.manifest.json] [--KEY VALUE ...]\n"
      << "       hetcoll run --family FAMILY --help    only that family's keys\n\n"
      << "Every key may be given in the scenario file (KEY = VALUE) or on the command line, which\n"
      << "wins. Valid ranges and the reasons for them: docs/keys.md.\n\ncommon keys:\n";
  const po::options_description common = common_options();
  for (const auto& option : common.options())
    describe_key(out, option->long_name(), option->description());
  for (const Family* f : all_families()) {
    if (!family.empty() && f->name() != family) continue;
    out << "\nfamily " << f->name() << ": " << f->info().description << "\n";
    for (const ParameterSpec& p : f->parameters()) describe_key(out, p.key, key_help(p));
  }
  return out.str();
}

}  // namespace hetcoll
