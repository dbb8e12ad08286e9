#include "engine/simgrid/simgrid_session.hpp"

#include <simgrid/s4u.hpp>
#include <xbt/config.hpp>

#include <signal.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <limits>
#include <unordered_map>

#include "core/error.hpp"
#include "engine/simgrid/config_check.hpp"
#include "engine/simgrid/host_selection.hpp"
#include "engine/simgrid/platform_checks.hpp"
#include "engine/simgrid/simgrid_engine.hpp"
#include "engine/simgrid/simgrid_platform_builder.hpp"
#include "engine/simgrid/simgrid_plugin.hpp"
#include "platform/platform_file_scan.hpp"
#include "hetcoll_revision.h"  // generated at build time (simulator/driver/revision.cmake)

namespace sg4 = simgrid::s4u;

namespace hetcoll {
namespace {

// "p2" < "p10": digit runs compare as numbers, so host i of a generated platform is p<i>.
bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      std::size_t ei = i, ej = j;
      while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei]))) ++ei;
      while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej]))) ++ej;
      const std::string na = a.substr(i, ei - i), nb = b.substr(j, ej - j);
      const std::size_t za = na.find_first_not_of('0'), zb = nb.find_first_not_of('0');
      const std::string ta = za == std::string::npos ? "" : na.substr(za);
      const std::string tb = zb == std::string::npos ? "" : nb.substr(zb);
      if (ta.size() != tb.size()) return ta.size() < tb.size();
      if (ta != tb) return ta < tb;
      i = ei;
      j = ej;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

std::string first_line(const std::string& text) {
  const std::size_t end = text.find('\n');
  return end == std::string::npos ? text : text.substr(0, end);
}

}  // namespace

namespace {

// Refuses, before SimGrid reads it, a platform file hetcoll cannot run as it says
// (platform_file_scan.hpp): an <include>, which SimGrid aborts on; a host or link with a
// profile, which SimGrid also aborts on when the profile file is missing; and a <config>
// setting that the command line sets otherwise, which SimGrid would leave out with a note at
// most.
void check_platform_file(const std::string& file, const std::vector<std::string>& cfg) {
  const PlatformFileScan scan = scan_platform_file(file);
  if (scan.include_line > 0)
    throw InputError(file + ":" + std::to_string(scan.include_line) +
                     ": <include> left SimGrid's platform format in version 3.18, and SimGrid " +
                     SimgridSession::version() + " stops on it; put the included zones in the file itself");
  if (scan.time_varying)
    throw InputError(scan.time_varying->describe() +
                     ": a profile changes this resource over time, and hetcoll runs every replication on the same "
                     "platform; remove it");
  std::vector<std::string> command_line = exact_timing_config();
  command_line.insert(command_line.end(), cfg.begin(), cfg.end());
  for (const FileSetting& s : scan.settings) {
    const std::string set = setting_value(command_line, s.key);
    if (!set.empty() && !same_setting_value(set, s.value))
      throw InputError(s.where() + ": <config> sets " + s.key + " to '" + s.value +
                       "', which this run sets to '" + set +
                       "' (hetcoll's exact timing, or key 'cfg'); remove the setting from the file");
  }
}

// A session as the plugin implements it (SimgridSession is its front; simgrid_plugin.hpp).
class Session final : public SimgridSession::Backend {
 public:
  Session(const std::string& platform_file, const std::vector<std::string>& cfg, const std::vector<std::string>& hosts);
  Session(const Platform& generated, const std::vector<std::string>& cfg);
  ~Session() override;
  Platform describe(bool routes) const override;
  int host_count() const override { return static_cast<int>(hosts_.size()); }
  void keep_first(int hosts) override;
  std::unique_ptr<Engine> engine(int hosts, std::shared_ptr<const Platform> platform) override;

 private:
  void start_engine(const std::vector<std::string>& cfg);

  std::vector<std::string> args_;  // SimGrid keeps pointers into argv
  std::vector<char*> argv_;
  std::unique_ptr<sg4::Engine> engine_;
  std::vector<sg4::Host*> hosts_;
  std::string file_;
  bool built_ = false;  // built through s4u: hosts and links checked, every route sound
};

// SimGrid's engine with hetcoll's timing settings and the user's `cfg`, platform not yet loaded.
void Session::start_engine(const std::vector<std::string>& cfg) {
  check_simgrid_config(cfg, exact_timing_config());
  args_.push_back("hetcoll");
  for (const std::string& c : exact_timing_config()) args_.push_back("--cfg=" + c);
  // SimGrid copies its command line into the head of a Paje trace: a trace file named there
  // would carry the run's temporary directory, and two runs of one replication would differ.
  // The file name is set after, out of the command line.
  std::vector<std::string> unlisted;
  for (const std::string& c : cfg) {
    if (c.rfind("tracing/filename:", 0) == 0)
      unlisted.push_back(c);
    else
      args_.push_back("--cfg=" + c);
  }
  // SimGrid announces every configuration change at INFO level; keep stderr for progress. Its
  // parser's notes (an older file version, a <config> setting the command line has set: the
  // same value, check_platform_file() refuses another) are not the user's concern either.
  args_.push_back("--log=xbt_cfg.thres:warning");
  args_.push_back("--log=surf_parse.thres:warning");
  for (std::string& a : args_) argv_.push_back(a.data());
  argv_.push_back(nullptr);
  int argc = static_cast<int>(args_.size());
  // SimGrid installs a ^C handler that prints every actor's state: it would run on whatever stack
  // is current, an agent's 3 KiB one included (SimgridSession::engine), and the run that made
  // this session already decides what an interrupt does. Its own handlers stay.
  struct sigaction interrupt {};
  sigaction(SIGINT, nullptr, &interrupt);
  engine_ = std::make_unique<sg4::Engine>(&argc, argv_.data());
  sigaction(SIGINT, &interrupt, nullptr);
  for (const std::string& c : unlisted) sg4::Engine::set_config(c);
}

Session::Session(const std::string& platform_file, const std::vector<std::string>& cfg,
                 const std::vector<std::string>& hosts) {
  file_ = platform_file;
  std::error_code error;
  if (std::filesystem::is_directory(platform_file, error))
    throw InputError(platform_file + ": is a directory; expected a SimGrid platform file (platform = FILE.xml)");
  if (!std::ifstream(platform_file))
    throw InputError(platform_file + ": cannot read the platform file (platform = FILE.xml)");
  check_platform_file(platform_file, cfg);
  start_engine(cfg);
  try {
    engine_->load_platform(platform_file);
    // run() would seal it anyway; sealing now lets describe() query routes of every routing
    // (Floyd and Dijkstra zones compute their tables when sealed).
    engine_->seal_platform();
  } catch (const std::exception& e) {
    throw InputError(platform_file + ": not a valid SimGrid platform: " + first_line(e.what()));
  }
  if (engine_->get_host_count() == 0) throw InputError(platform_file + ": the platform has no host");
  if (!hosts.empty()) {
    // A selection sets the order: sorting every host of a large file by name would be wasted.
    hosts_ = select_hosts(*engine_, hosts, platform_file);
    return;
  }
  hosts_ = engine_->get_all_hosts();
  std::sort(hosts_.begin(), hosts_.end(),
            [](const sg4::Host* a, const sg4::Host* b) { return natural_less(a->get_name(), b->get_name()); });
}

Session::Session(const Platform& generated, const std::vector<std::string>& cfg) {
  file_ = "platform";
  start_engine(cfg);
  hosts_ = build_simgrid_platform(generated);
  // Every route of a built platform exists (a star, or routers joined two by two) and crosses
  // only the platform's links: with its hosts and links checked, so is every route, and the
  // engine need not look each one up before its first message (5% of a 1024-host Tree-dyn run).
  for (const sg4::Host* h : hosts_) check_host(*h, file_);
  for (std::size_t i = 0; i < generated.links.size(); ++i)
    check_link(*sg4::Link::by_name(generated.link_name(static_cast<int>(i))), file_);
  built_ = true;
}

Session::~Session() {
  // Tearing an engine down frees its hosts and links one by one: 0.3 s for a 65,536-host file,
  // as long as loading it. A process holds one engine and exits right after it (a forked
  // worker or counting child, or the CLI), so the engine is left to the process's exit.
  static_cast<void>(engine_.release());
}

Platform Session::describe(bool routes) const {
  Platform p;
  if (!built_) p.file = file_;  // a generated platform has no file
  for (const sg4::Host* h : hosts_) p.add_host(h->get_name(), {h->get_speed(), -1, -1, 0});
  // SimGrid adds internal links (named "__loopback__" and the like) that no route between two
  // hosts crosses; they would make the fastest link, and so the unit of cost, meaningless.
  std::unordered_map<const sg4::Link*, int> index;
  for (const sg4::Link* l : engine_->get_all_links())
    if (l->get_name().rfind("__", 0) != 0) {
      index[l] = static_cast<int>(p.links.size());
      // Each direction of a SPLITDUPLEX link is a link of its own (NAME_UP, NAME_DOWN), shared.
      p.add_link(l->get_name(), {l->get_bandwidth(), l->get_latency(),
                                 l->get_sharing_policy() != sg4::Link::SharingPolicy::FATPIPE});
    }
  if (!routes) return p;
  // The model engine and the families that read routes see every host of the file through
  // this table, so every host and every route must be usable, not only those of a scenario.
  for (const sg4::Host* h : hosts_) check_host(*h, file_);
  const std::size_t n = hosts_.size();
  p.route_table.resize(n * n);
  p.route_link_start.assign(1, 0);
  p.route_link_start.reserve(n * n + 1);
  std::vector<sg4::Link*> links;
  for (std::size_t s = 0; s < n; ++s)
    for (std::size_t d = 0; d < n; ++d) {
      RouteCost& cost = p.route_table[s * n + d];
      cost.bandwidth = std::numeric_limits<double>::infinity();
      links.clear();
      if (s != d) {
        check_route(*hosts_[s], *hosts_[d], file_);
        hosts_[s]->route_to(hosts_[d], links, &cost.latency);
      }
      for (const sg4::Link* l : links) {
        cost.bandwidth = std::min(cost.bandwidth, l->get_bandwidth());
        const auto found = index.find(l);
        if (found != index.end()) p.route_links.push_back(found->second);
      }
      p.route_link_start.push_back(p.route_links.size());
    }
  return p;
}

void Session::keep_first(int hosts) {
  if (hosts > static_cast<int>(hosts_.size()))
    throw InputError(file_ + ": " + std::to_string(hosts) + " hosts needed, the platform has " +
                     std::to_string(hosts_.size()));
  hosts_.resize(hosts);
}

namespace {

// The most agents with guard pages a process can have: each stack and its guard page are two
// memory mappings, the kernel allows vm.max_map_count (65530 by default) and the process's own
// libraries and heap take about a thousand. Past it SimGrid cannot create the next actor and
// aborts in mid-run.
long most_guarded_agents() {
  long mappings = 65530;
  std::ifstream limit("/proc/sys/vm/max_map_count");
  long read = 0;
  if (limit >> read && read > 0) mappings = read;
  return std::max(0L, (mappings - 1024) / 2);
}

}  // namespace

std::unique_ptr<Engine> Session::engine(int hosts, std::shared_ptr<const Platform> platform) {
  if (hosts > static_cast<int>(hosts_.size()))
    throw InputError("platform: " + std::to_string(hosts) + " hosts needed, the platform has " +
                     std::to_string(hosts_.size()));
  std::vector<sg4::Host*> used(hosts_.begin(), hosts_.begin() + hosts);
  if (!built_) check_hosts_and_routes(used, file_);
  // Every host gets an agent actor or more. SimGrid's default 8 MiB stacks, each with a guard
  // page, exhaust the process's memory mappings near 32768 actors (vm.max_map_count); small
  // stacks without guard pages come from the heap. Only defaults change: a user's --cfg wins.
  // Traced actors (a Paje trace) go deeper, to a depth known only by measure (kTracedStackKiB),
  // and so may SimGrid's plugins, which run on actors' stacks of the same size (host_dvfs's
  // daemons overflow 3 KiB): then agents keep their guard pages as long as the process's memory
  // mappings allow (some 32000 agents), and beyond it have kTracedStackKiB, more than twice the
  // measured depth, without them.
  const bool deep_actors =
      (simgrid::config::get_value<bool>("tracing") && simgrid::config::get_value<bool>("tracing/actor")) ||
      !simgrid::config::is_default("plugin");
  const long most_guarded = most_guarded_agents();
  if (hosts > kManyHosts) {
    const bool guarded = deep_actors && hosts <= most_guarded;
    if (!guarded && simgrid::config::is_default("contexts/guard-size"))
      sg4::Engine::set_config("contexts/guard-size", 0);
    if (simgrid::config::is_default("contexts/stack-size"))
      sg4::Engine::set_config("contexts/stack-size", deep_actors ? kTracedStackKiB : kSmallStackKiB);
  }
  // An agent that outgrows a stack without a guard page writes over other memory, with no
  // signal: a wrong number, not a crash. Smaller stacks run only under guard pages.
  const int stack_kib = simgrid::config::get_value<int>("contexts/stack-size");
  const int guard = simgrid::config::get_value<int>("contexts/guard-size");
  const int least_kib = deep_actors ? kTracedStackKiB : kSmallStackKiB;
  if (stack_kib < least_kib && guard == 0)
    throw InputError("cfg: contexts/stack-size:" + std::to_string(stack_kib) +
                     " without guard pages (contexts/guard-size:0" +
                     (hosts > kManyHosts && !deep_actors ? ", the default above " + std::to_string(kManyHosts) + " hosts"
                                                         : std::string()) +
                     "): an agent could overflow it unseen" + (deep_actors ? " (actors are traced, or a plugin is loaded)" : "") +
                     "; expected at least " + std::to_string(least_kib) + " KiB, or a guard page");
  // Every host has an agent at least: with guard pages (a user's choice above kManyHosts hosts),
  // a platform beyond the mapping limit would abort in mid-run.
  if (guard > 0 && hosts > most_guarded)
    throw InputError("cfg: contexts/guard-size:" + std::to_string(guard) +
                     " on " + std::to_string(hosts) +
                     " hosts: each agent's stack and its guard page are two memory mappings, and this machine "
                     "allows enough (vm.max_map_count) for " + std::to_string(most_guarded) +
                     " agents; expected at most that many hosts, or contexts/guard-size:0 with contexts/stack-size:" +
                     std::to_string(least_kib) + " or more");
  // Agents report into the coordinator's records from their own context: they must run one at
  // a time. In parallel, SimGrid would run them in threads that race on those records (and a
  // data race is a wrong number, not a crash).
  const int threads = simgrid::config::get_value<int>("contexts/nthreads");
  if (threads != 1)
    throw InputError("cfg: contexts/nthreads:" + std::to_string(threads) +
                     ": the SimGrid engine's agents share the coordinator's records and must run one at a "
                     "time; expected contexts/nthreads:1");
  // SimGrid's chaos monkey turns hosts and links off and on at dates of the clock that a work
  // unit's replications share: each replication would meet another stretch of it, as with a
  // profile (platform_file_scan.hpp), and a host turned off kills its agents.
  const std::string plugins = simgrid::config::get_value<std::string>("plugin");
  if (plugins.find("cmonkey") != std::string::npos)
    throw InputError("cfg: plugin:" + plugins +
                     ": the chaos monkey turns hosts and links off during the run, and hetcoll runs every "
                     "replication on the same platform; drop it");
  return make_simgrid_engine(*engine_, std::move(used), file_, built_, std::move(platform));
}

// The plugin's session factories (hetcoll_simgrid_plugin()).
const SimgridPlugin kPlugin{
    [](const std::string& file, const std::vector<std::string>& cfg,
       const std::vector<std::string>& hosts) -> std::unique_ptr<SimgridSession::Backend> {
      return std::make_unique<Session>(file, cfg, hosts);
    },
    [](const Platform& platform, const std::vector<std::string>& cfg) -> std::unique_ptr<SimgridSession::Backend> {
      return std::make_unique<Session>(platform, cfg);
    }};

}  // namespace

}  // namespace hetcoll

extern "C" const char* hetcoll_simgrid_build() { return HETCOLL_BUILD; }

extern "C" const hetcoll::SimgridPlugin* hetcoll_simgrid_plugin() { return &hetcoll::kPlugin; }
