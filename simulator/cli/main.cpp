/// @file main.cpp
/// @brief `hetcoll`: list, run, merge, platform. Thin: every subcommand lives in the library.
#include <cmath>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/family.hpp"
#include "algorithms/reduce/support/cluster.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/atomic_file.hpp"
#include "driver/interrupt.hpp"
#include "driver/list_command.hpp"
#include "driver/manifest.hpp"
#include "driver/merge.hpp"
#include "driver/run_command.hpp"
#include "driver/scenario_parser.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"

namespace {

constexpr const char* kUsage =
    "usage: hetcoll list [FAMILY] [--json]        algorithms by family, with their parameters (--json: as JSON)\n"
    "       hetcoll run [FILE.ini] [--KEY VALUE]  run a scenario (hetcoll run --help for the keys)\n"
    "       hetcoll merge A.csv B.csv ... --output M.csv [--raw R.csv] [--trace T.csv] [--remove-parts]\n"
    "                                              join shard outputs (checked through their manifests)\n"
    "       hetcoll platform N [--output FILE.xml]          write the ideal cluster of N hosts\n"
    "       hetcoll platform --times T1,T2,... [--message BYTES] [--output FILE.xml]\n"
    "                                     hosts whose values of BYTES (default 8388608) take T1, T2, ... s\n"
    "       hetcoll --version                              the revision and SimGrid version\n";

/// The usage, with the commands the families add.
std::string usage() {
  std::string text = kUsage;
  for (const hetcoll::Family* family : hetcoll::all_families())
    for (const hetcoll::Subcommand& sub : family->info().subcommands)
      text += "       hetcoll " + sub.name + " " + sub.usage + "  (family " + family->name() + ")\n";
  return text;
}

/// `hetcoll list [FAMILY] [--json]`.
int list(const std::vector<std::string>& args) {
  bool json = false;
  std::vector<const hetcoll::Family*> families = hetcoll::all_families();
  bool named = false;
  for (const std::string& a : args) {
    if (a == "--json" && !json) {
      json = true;
    } else if (const hetcoll::Family* family = hetcoll::find_family(a); family != nullptr && !named) {
      families = {family};
      named = true;
    } else {
      std::string names;
      for (const hetcoll::Family* f : hetcoll::all_families()) names += (names.empty() ? "" : ", ") + f->name();
      throw hetcoll::InputError("command line: list takes a family (" + names + ") and --json, each at most once; got '" +
                                a + "'");
    }
  }
  if (json)
    hetcoll::write_list_json(std::cout, families);
  else
    hetcoll::write_list(std::cout, families);
  return 0;
}

int run(const std::vector<std::string>& args, const std::string& command_line) {
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") {
      // `--family F --help` shows F's keys only.
      std::string family;
      for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--family") family = args[i + 1];
      if (!family.empty()) {
        const hetcoll::Family* named = hetcoll::find_family(family);
        if (named == nullptr)
          throw hetcoll::InputError("command line: key 'family' names no family: '" + family + "' (see hetcoll list)");
        family = named->name();
      }
      std::cout << hetcoll::run_usage(family);
      return 0;
    }
  hetcoll::Scenario scenario = hetcoll::parse_run_arguments(args);
  scenario.command_line = command_line;
  hetcoll::run_scenario(std::move(scenario));
  return 0;
}

int merge(const std::vector<std::string>& args, const std::string& command_line) {
  hetcoll::MergeRequest request;
  request.command_line = command_line;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--output" || a == "--raw" || a == "--trace") {
      if (i + 1 == args.size()) throw hetcoll::InputError("command line: " + a + " expects a path");
      if (args[i + 1].empty()) throw hetcoll::InputError("command line: " + a + " expects a path, got an empty one");
      (a == "--output" ? request.output : a == "--raw" ? request.raw : request.trace) = args[++i];
    } else if (a == "--remove-parts") {
      request.remove_parts = true;
    } else if (a.rfind("--", 0) == 0) {
      throw hetcoll::InputError("command line: merge has no option " + a +
                                " (expected --output, --raw, --trace or --remove-parts)");
    } else if (a.empty()) {
      throw hetcoll::InputError("command line: merge expects the path of a part, got an empty one");
    } else {
      request.parts.push_back(a);
    }
  }
  hetcoll::merge_parts(request);
  return 0;
}

int platform(const std::vector<std::string>& args) {
  std::string output = "-";
  std::string hosts_text, times_text, message_text;
  bool output_given = false, times_given = false, message_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--output" || a == "--times" || a == "--message") {
      bool& given = a == "--output" ? output_given : a == "--times" ? times_given : message_given;
      if (given) throw hetcoll::InputError("command line: " + a + " is given twice");
      if (i + 1 == args.size()) throw hetcoll::InputError("command line: " + a + " expects a value");
      given = true;
      (a == "--output" ? output : a == "--times" ? times_text : message_text) = args[++i];
    } else if (a.rfind("--", 0) == 0) {
      throw hetcoll::InputError("command line: platform has no option " + a +
                                " (expected --output, --times or --message)");
    } else if (!hosts_text.empty()) {
      throw hetcoll::InputError("command line: platform takes one host count N, got '" + hosts_text + "' and '" + a + "'");
    } else {
      hosts_text = a;
    }
  }
  hetcoll::Platform p;
  if (message_given && !times_given)
    throw hetcoll::InputError("command line: --message sizes the uplinks of --times; give --times too");
  if (times_given) {
    p = hetcoll::times_platform(times_text, hosts_text, message_text);
  } else {
    constexpr double kMostHosts = 1 << 20;  // as many as a scenario may use (docs/keys.md)
    const double hosts = hetcoll::parse_number(hosts_text, "N", "command line");
    if (hosts < 1 || hosts > kMostHosts || hosts != std::floor(hosts))
      throw hetcoll::InputError("command line: N expects a whole number of hosts in [1, 1048576], got '" + hosts_text + "'");
    p = hetcoll::ideal_cluster(static_cast<int>(hosts));
  }
  hetcoll::AtomicFile file(output, "output");
  hetcoll::write_simgrid_xml(p, file.stream());
  file.commit();
  return 0;
}

/// A family's subcommand; one that may open an engine runs in a child (SimGrid allows one
/// engine per process), its output and status handed back as text.
int subcommand(const hetcoll::Subcommand& sub, const std::vector<std::string>& args) {
  if (!sub.own_process) return sub.run(args, std::cout);
  const hetcoll::WorkDir dir("hetcoll-" + sub.name);
  const std::string answer = hetcoll::run_in_child(
      dir.path(),
      [&] {
        std::ostringstream out;
        const int status = sub.run(args, out);
        return std::to_string(status) + '\n' + out.str();
      },
      "hetcoll " + sub.name);
  const std::size_t newline = answer.find('\n');
  std::cout << answer.substr(newline + 1);
  return std::stoi(answer.substr(0, newline));
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> all(argv + 1, argv + argc);
  std::string command_line = "hetcoll";
  for (const std::string& a : all) command_line += " '" + a + "'";
  if (all.empty()) {
    std::cerr << usage();
    return hetcoll::kExitBadInput;
  }
  const std::string command = all.front();
  const std::vector<std::string> args(all.begin() + 1, all.end());
  try {
    if (command == "list") return list(args);
    if (command == "run") return run(args, command_line);
    if (command == "merge") return merge(args, command_line);
    if (command == "platform") return platform(args);
    for (const hetcoll::Family* family : hetcoll::all_families())
      for (const hetcoll::Subcommand& sub : family->info().subcommands)
        if (command == sub.name) return subcommand(sub, args);
    if (command == "--version" || command == "version") {
      std::cout << "hetcoll " << hetcoll::hetcoll_revision() << " (SimGrid " << hetcoll::SimgridSession::version()
                << ")\n";
      return 0;
    }
    if (command == "--help" || command == "-h" || command == "help") {
      std::cout << usage();
      return 0;
    }
    std::cerr << "hetcoll: unknown command '" << command << "' (see hetcoll --help)\n";
    return hetcoll::kExitBadInput;
  } catch (const hetcoll::Interrupted& e) {
    std::cerr << "hetcoll: " << e.what() << '\n';
    return e.exit_status();
  } catch (const hetcoll::InputError& e) {
    std::cerr << "hetcoll: " << e.what() << '\n';
    return hetcoll::kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "hetcoll: error: " << e.what() << '\n';
    return 1;
  }
}
