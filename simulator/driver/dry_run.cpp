#include "driver/dry_run.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "algorithms/family.hpp"
#include "driver/csv_output.hpp"
#include "driver/found_cells.hpp"
#include "driver/interrupt.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll {
namespace {

/// A calibration stops growing its units once one takes this much CPU time (seconds): long
/// enough to see a replication's cost above the unit's start-up, short beside any real run.
constexpr double kCalibrationSeconds = 0.25;
/// Each calibration unit holds this many times the replications of the one before.
constexpr std::uint64_t kCalibrationGrowth = 4;

/// CPU time (user and system, seconds) of the children this process has waited for.
double children_cpu_seconds() {
  rusage usage{};
  ::getrusage(RUSAGE_CHILDREN, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

std::string three_digits(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", x);
  return text;
}

std::string bytes_text(double bytes) {
  if (bytes < 1e6) return three_digits(bytes / 1e3) + " kB";
  if (bytes < 1e9) return three_digits(bytes / 1e6) + " MB";
  return three_digits(bytes / 1e9) + " GB";
}

/// "12.3 s", or "4500 s (1 h 15 min)" beyond a minute.
std::string duration_text(double seconds) {
  std::string text = three_digits(seconds) + " s";
  if (seconds < 60) return text;
  const auto minutes = static_cast<long long>(seconds / 60 + 0.5);
  if (minutes < 60) return text + " (" + std::to_string(minutes) + " min)";
  const long long hours = minutes / 60;
  if (hours < 48) return text + " (" + std::to_string(hours) + " h " + std::to_string(minutes % 60) + " min)";
  return text + " (" + three_digits(seconds / 86400) + " days)";
}

/// A unit's CPU time as fixed + replications × per_replication, from units of one replication
/// and of `replications` of the same point.
struct UnitCost {
  std::size_t point = 0;
  std::vector<std::pair<std::uint64_t, double>> runs;  // (replications, CPU seconds) of each unit run
  double fixed = 0;
  double per_replication = 0;
};

/// Runs units of 1, 4, 16 ... replications (from replication 0) of `point`, each in a forked
/// child as the run's are, until one takes kCalibrationSeconds or holds a whole unit.
UnitCost calibrate(const RunSetup& setup, std::size_t point) {
  const Scenario& s = *setup.scenario;
  const std::uint64_t whole = std::min(s.block, s.replications);
  UnitCost cost;
  cost.point = point;
  for (std::uint64_t count = 1;; count = std::min(whole, count * kCalibrationGrowth)) {
    const double before = children_cpu_seconds();
    run_units(setup, {WorkUnit{point, 0, count}}, 1, [](std::size_t, UnitResult&&) {});
    cost.runs.emplace_back(count, children_cpu_seconds() - before);
    if (count == whole || cost.runs.back().second >= kCalibrationSeconds) break;
  }
  const auto [one, first] = cost.runs.front();
  const auto [many, last] = cost.runs.back();
  cost.per_replication = many > one ? std::max(0.0, (last - first) / static_cast<double>(many - one)) : 0;
  cost.fixed = std::max(0.0, first - cost.per_replication);
  return cost;
}

}  // namespace

void report_dry_run(const Scenario& s, const std::vector<Point>& points, std::ostream& out) {
  const Family& family = *s.family;
  // The children's files (the cells a run finds, the calibration's results) go to a work
  // directory of their own, removed on return; the calibration writes no trace rows.
  InterruptGuard interrupts;
  WorkDir work;
  Scenario quiet = s;
  quiet.raw.clear();
  quiet.trace.clear();
  quiet.paje.clear();
  quiet.export_goal.clear();
  RunSetup setup;
  setup.scenario = &quiet;
  setup.points = points;
  setup.work_dir = work.path();
  setup.fields = point_cells(setup);
  const std::vector<WorkUnit> units = make_units(s, points.size(), std::vector<bool>(points.size(), false));
  std::map<std::size_t, std::uint64_t> units_of;  // this shard's units of each point
  std::uint64_t replications = 0;
  for (const WorkUnit& u : units) ++units_of[u.point], replications += u.count;
  std::size_t largest = 0;
  double largest_unit = -1;
  std::vector<int> hosts;
  for (std::size_t p = 0; p < points.size(); ++p) {
    const auto settings = point_settings(s, points[p]);
    hosts.push_back(settings->hosts);
    const double bytes = unit_memory(s, *settings);
    if (units_of.count(p) && bytes > largest_unit) largest_unit = bytes, largest = p;
  }

  out << "# hetcoll run --dry-run: nothing is written; the CPU time is an estimate from a calibration run\n";
  out << "family: " << family.name() << '\n';
  out << "algorithms: " << s.algorithms.size() << " (";
  for (std::size_t a = 0; a < s.algorithms.size(); ++a) out << (a ? " " : "") << s.algorithms[a];
  out << ")\nengine: " << s.engine << '\n';
  if (s.platform.empty())
    out << "platform: built in (each point's hosts are generated)\n";
  else
    out << "platform: " << s.platform << " (a point of n hosts uses the first n of "
        << (s.hosts.empty() ? "the file's hosts, in natural name order" : "the selection of key 'hosts'") << ")\n";
  out << "points: " << points.size() << '\n';
  out << "replications: " << s.replications << " per point and algorithm, in work units of block = " << s.block
      << '\n';
  out << "work units: " << units.size() << " (shard " << s.shard.index << '/' << s.shard.count << ", "
      << units_per_point(s) << " per point)\n";
  out << "jobs: " << s.jobs << '\n';
  out << "point," << parameter_header(family) << ",hosts,units\n";
  for (std::size_t p = 0; p < points.size(); ++p)
    out << p << ',' << setup.fields[p] << ',' << hosts[p] << ','
        << (units_of.count(p) ? units_of[p] : 0) << '\n';

  const MemoryEstimate memory = estimate_memory(s, static_cast<double>(points.size()), std::max(largest_unit, 0.0));
  out << "memory: " << bytes_text(memory.total()) << " at peak by estimate (points " << bytes_text(memory.points)
      << ", values of the point in flight " << bytes_text(memory.series) << ", list of work units "
      << bytes_text(memory.units) << ", " << s.jobs << " worker processes " << bytes_text(memory.children)
      << "); this machine has " << bytes_text(physical_memory()) << '\n';
  if (units.empty()) {
    out << "calibration: none (this shard has no work unit)\ncpu time: 0 s\n";
    return;
  }
  out.flush();  // the report so far, before the calibration's wait
  const UnitCost cost = calibrate(setup, largest);
  out << "calibration: point " << cost.point << " (the largest), units of";
  for (std::size_t i = 0; i < cost.runs.size(); ++i) out << (i ? ", " : " ") << cost.runs[i].first;
  out << " replications took";
  for (std::size_t i = 0; i < cost.runs.size(); ++i) out << (i ? ", " : " ") << three_digits(cost.runs[i].second);
  out << " s of CPU time\n";
  const double cpu = cost.fixed * static_cast<double>(units.size()) + cost.per_replication * static_cast<double>(replications);
  const double workers = static_cast<double>(std::min<std::size_t>(static_cast<std::size_t>(s.jobs), units.size()));
  out << "cpu time: about " << duration_text(cpu) << " by estimate (" << three_digits(cost.fixed)
      << " s per work unit + " << three_digits(cost.per_replication)
      << " s per replication of every algorithm, at the largest point's cost), about " << duration_text(cpu / workers)
      << " of wall time with jobs = " << s.jobs << '\n';
}

}  // namespace hetcoll
