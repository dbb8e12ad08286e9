#include "algorithms/broadcast/support/cluster_command.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <new>
#include <sstream>
#include <stdexcept>

#include "algorithms/broadcast/support/latency_matrix.hpp"
#include "algorithms/broadcast/support/lowekamp.hpp"
#include "algorithms/broadcast/support/plogp_measure.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "engine/engine_factory.hpp"

namespace hetcoll {
namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

/// Runs ping-pongs on the engine of a run, once: the SimGrid engine itself, not the model's
/// timing of the platform's description.
class EngineProbe final : public Probe {
 public:
  explicit EngineProbe(Engine& engine) : engine_(engine) {}
  std::vector<double> round_trips(const std::vector<PingPong>& pings) override {
    return run_ping_pongs(engine_, pings);
  }

 private:
  Engine& engine_;
};

/// Bytes per host² that pinging every pair of hosts holds at its peak: the pings, their round
/// trips, the matrix, its CSV text and the engine's activities (370 MB measured at 1024 hosts,
/// 353 bytes per host², with a margin).
constexpr double kBytesPerHostSquared = 400;

/// The memory this process may take: 80% of the machine's (the rest is the system's), or less
/// under a limit of its address space or data (`ulimit -v`, `ulimit -d`).
double memory_available() {
  double limit = 0.8 * static_cast<double>(::sysconf(_SC_PHYS_PAGES)) * static_cast<double>(::sysconf(_SC_PAGE_SIZE));
  for (const int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit r {};
    if (::getrlimit(resource, &r) == 0 && r.rlim_cur != RLIM_INFINITY) limit = std::min(limit, static_cast<double>(r.rlim_cur));
  }
  return limit;
}

/// A latency matrix and the names of its hosts (host indices for a CSV, which names none).
struct Measured {
  LatencyMatrix latency;
  std::vector<std::string> names;
};

/// The latencies of the hosts `request` names, pinged, and their names.
Measured ping_platform(const EngineRequest& request) {
  const std::string& file = request.platform_file;
  const std::unique_ptr<EngineRun> run = open_engine(request);
  EngineProbe probe(run->engine());
  Measured m;
  // Through the CSV reader, so measured latencies pass the checks a latency file does.
  m.latency = parse_latency_csv(latency_csv(ping_latencies(probe, request.host_count)), file);
  const Platform& platform = run->platform();
  for (int h = 0; h < platform.host_count(); ++h) m.names.push_back(platform.host_name(h));
  return m;
}

/// One-way latencies of every pair of the hosts `hosts` selects (every host of the file if
/// empty), measured by pinging each pair on the SimGrid engine (which is why the subcommand runs
/// in a process of its own), with the hosts' names, numbered as a run with the same key `hosts`
/// numbers them (natural name order without it): the clusters are that run's.
Measured measure_platform(const std::string& file, const std::vector<std::string>& hosts) {
  EngineRequest request;
  request.engine = "simgrid";
  request.platform_file = file;
  request.hosts = hosts;
  request.host_count = count_platform_hosts(file, {}, hosts);
  // Every pair is pinged, so memory (and time: about 30 us per pair) grows with the square of
  // the hosts: a platform too large is refused before the engine is built.
  const double hosts_squared = static_cast<double>(request.host_count) * request.host_count;
  const std::string measured = std::to_string(request.host_count) + " hosts";
  if (kBytesPerHostSquared * hosts_squared > memory_available())
    throw InputError(file + ": pinging every pair of its " + measured + " needs about " +
                     gigabytes(kBytesPerHostSquared * hosts_squared) + " of memory by estimate, above the " +
                     gigabytes(memory_available()) + " this process may take; select fewer with --hosts");
  try {
    return ping_platform(request);
  } catch (const std::bad_alloc&) {
    throw InputError(file + ": pinging every pair of its " + measured + " ran out of memory (" +
                     gigabytes(memory_available()) + " available); select fewer with --hosts");
  }
}

Measured read_matrix(const std::string& file) {
  Measured m;
  m.latency = read_latency_csv(file);
  for (int h = 0; h < m.latency.n; ++h) m.names.push_back(std::to_string(h));
  return m;
}

}  // namespace

int cluster_command(const std::vector<std::string>& args, std::ostream& out) {
  std::string file;
  double rho = 0.2;  // the tolerance of the paper's listing of Algorithm 1
  std::vector<std::string> hosts;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--rho") {
      if (i + 1 == args.size()) throw InputError("command line: --rho expects a tolerance in (0, 1]");
      rho = parse_number(args[++i], "rho", "command line");
    } else if (args[i] == "--hosts") {
      if (i + 1 == args.size()) throw InputError("command line: --hosts expects the hosts to use (names, globs, zone:NAME)");
      std::istringstream words(args[++i]);
      for (std::string w; words >> w;) hosts.push_back(w);
      if (hosts.empty()) throw InputError("command line: --hosts is empty");
    } else if (file.empty() && args[i].rfind("--", 0) != 0) {
      file = args[i];
    } else {
      throw InputError("command line: unexpected argument '" + args[i] +
                       "' (usage: hetcoll cluster LATENCY.csv|PLATFORM.xml [--hosts LIST] [--rho R])");
    }
  }
  if (file.empty())
    throw InputError("command line: usage: hetcoll cluster LATENCY.csv|PLATFORM.xml [--hosts LIST] [--rho R]");
  if (!(rho > 0 && rho <= 1))
    throw InputError("command line: --rho expects a tolerance in (0, 1], got " + format_number(rho));
  const bool platform = ends_with(file, ".xml");
  if (!platform && !hosts.empty())
    throw InputError("command line: --hosts selects hosts of a platform file (PLATFORM.xml), not of " + file);
  const Measured measured = platform ? measure_platform(file, hosts) : read_matrix(file);
  const Clusters clusters = lowekamp_clusters(measured.latency, rho);
  std::ostringstream text;
  for (const std::vector<int>& c : clusters) {
    for (std::size_t i = 0; i < c.size(); ++i) text << (i ? " " : "") << measured.names[c[i]];
    text << '\n';
  }
  out << text.str();
  return 0;
}

Subcommand cluster_subcommand() {
  return {"cluster",
          "LATENCY.csv|PLATFORM.xml [--hosts LIST] [--rho R]   Lowekamp's logical clusters, one per line (host "
          "names of a platform, indices of a matrix); with --hosts (key `hosts`), those of a run on that selection",
          cluster_command, true};
}

}  // namespace hetcoll
