#include "algorithms/broadcast/cluster_command.hpp"

#include <sstream>

#include "algorithms/broadcast/latency_matrix.hpp"
#include "algorithms/broadcast/lowekamp.hpp"
#include "algorithms/broadcast/plogp_measure.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "engine/engine_factory.hpp"

namespace hetcoll {
namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

/// One-way latencies of every pair of hosts of a SimGrid platform, measured by pinging each pair
/// on the SimGrid engine (which is why the subcommand runs in a process of its own).
LatencyMatrix measure_platform(const std::string& file) {
  const std::unique_ptr<PlatformProbe> platform = open_platform_probe("simgrid", file, {});
  // Through the CSV reader, so measured latencies pass the checks a latency file does.
  return parse_latency_csv(latency_csv(ping_latencies(platform->probe(), platform->hosts())), file);
}

}  // namespace

int cluster_command(const std::vector<std::string>& args, std::ostream& out) {
  std::string file;
  double rho = 0.2;  // the tolerance of the paper's listing of Algorithm 1
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--rho") {
      if (i + 1 == args.size()) throw InputError("command line: --rho expects a tolerance in (0, 1]");
      rho = parse_number(args[++i], "rho", "command line");
    } else if (file.empty() && args[i].rfind("--", 0) != 0) {
      file = args[i];
    } else {
      throw InputError("command line: unexpected argument '" + args[i] +
                       "' (usage: hetcoll cluster LATENCY.csv|PLATFORM.xml [--rho R])");
    }
  }
  if (file.empty()) throw InputError("command line: usage: hetcoll cluster LATENCY.csv|PLATFORM.xml [--rho R]");
  if (!(rho > 0 && rho <= 1))
    throw InputError("command line: --rho expects a tolerance in (0, 1], got " + format_number(rho));
  const LatencyMatrix latency = ends_with(file, ".xml") ? measure_platform(file) : read_latency_csv(file);
  const Clusters clusters = lowekamp_clusters(latency, rho);
  std::ostringstream text;
  for (const std::vector<int>& c : clusters) {
    for (std::size_t i = 0; i < c.size(); ++i) text << (i ? " " : "") << c[i];
    text << '\n';
  }
  out << text.str();
  return 0;
}

Subcommand cluster_subcommand() {
  return {"cluster", "LATENCY.csv|PLATFORM.xml [--rho R]   Lowekamp's logical clusters, one per line",
          cluster_command, true};
}

}  // namespace hetcoll
