#include "driver/run_command.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/statistics.hpp"
#include "driver/csv_output.hpp"
#include "driver/merge.hpp"
#include "driver/progress.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/simgrid/simgrid_session.hpp"

#ifndef HETCOLL_REVISION
#define HETCOLL_REVISION "unknown"
#endif

namespace hetcoll {
namespace {

/// Results of a point while its units come in: one series per (algorithm, metric), metric 0
/// being the main value.
struct PointState {
  std::vector<std::vector<double>> values;
  std::size_t units_left = 0;
  std::string trace;
};

std::size_t count_commas(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), ','));
}

/// Summary rows of points already in OUTPUT.partial (a checkpoint appended point by point).
std::map<std::string, std::vector<std::string>> read_checkpoint(const std::string& path, const Scenario& s) {
  std::map<std::string, std::vector<std::string>> rows;  // parameter fields -> rows
  std::ifstream in(path);
  std::string line;
  const std::size_t columns = count_commas(summary_header(*s.family));
  const std::size_t parameters = count_commas(parameter_header(*s.family)) + 1;
  while (std::getline(in, line)) {
    // A run stopped mid-write may leave a short last line: only whole rows count.
    if (static_cast<std::size_t>(std::count(line.begin(), line.end(), ',')) != columns) continue;
    std::size_t end = line.find(',');
    for (std::size_t i = 0; i < parameters; ++i) end = line.find(',', end + 1);
    const std::size_t start = line.find(',') + 1;
    rows[line.substr(start, end - start)].push_back(line);
  }
  return rows;
}

void write_manifest(const Scenario& s, const std::string& path) {
  std::ofstream out(path);
  out << "# hetcoll run manifest: rerun with `hetcoll run " << path << "`\n"
      << "# command: " << s.command_line << "\n# revision: " << HETCOLL_REVISION
      << "\n# simgrid: " << SimgridSession::version() << "\n# engine: " << s.engine << "\n# seed: " << s.seed
      << "\n# shard: " << s.shard.index << '/' << s.shard.count << '\n'
      << to_ini(s);
}

}  // namespace

void run_scenario(const Scenario& s) {
  const Family& family = *s.family;
  RunSetup setup;
  setup.scenario = &s;
  setup.points = expand_points(s);
  int hosts = 0;
  for (const Point& p : setup.points) hosts = std::max(hosts, family.hosts_needed(p));

  // Every file is opened before any work: an unwritable path fails now, with nothing written.
  AtomicFile output(s.output, "output");
  std::unique_ptr<AtomicFile> raw, trace;
  if (!s.raw.empty()) raw = std::make_unique<AtomicFile>(s.raw, "raw");
  if (!s.trace.empty()) trace = std::make_unique<AtomicFile>(s.trace, "trace");
  WorkDir work;
  setup.work_dir = work.path();

  if (!s.platform.empty()) {
    const int available = std::stoi(run_in_child(work.path(), [&] {
      return std::to_string(SimgridSession(s.platform, s.cfg).describe(false).host_count());
    }));
    if (available < hosts)
      throw InputError(s.platform + ": the platform has " + std::to_string(available) + " hosts, the scenario needs " +
                       std::to_string(hosts) + " at its largest point");
  }

  // Resume: points whose every algorithm is in the checkpoint are not run again.
  const std::string checkpoint_path = s.output == "-" ? "" : s.output + ".partial";
  std::map<std::string, std::vector<std::string>> done_rows;
  if (s.resume) done_rows = read_checkpoint(checkpoint_path, s);
  std::vector<bool> skip(setup.points.size(), false);
  std::vector<std::string> rows;
  for (std::size_t p = 0; p < setup.points.size(); ++p) {
    const auto it = done_rows.find(parameter_fields(family, setup.points[p]));
    if (it != done_rows.end() && it->second.size() == s.algorithms.size() && in_shard(s, p)) {
      skip[p] = true;
      rows.insert(rows.end(), it->second.begin(), it->second.end());
    }
  }
  // Opened when the first point is done, so a run that fails before (bad input found in a
  // worker process) leaves no file behind.
  std::ofstream checkpoint;
  auto checkpoint_row = [&](const std::string& row) {
    if (checkpoint_path.empty()) return;
    if (!checkpoint.is_open()) checkpoint.open(checkpoint_path, s.resume ? std::ios::app : std::ios::trunc);
    checkpoint << row << '\n' << std::flush;
  };

  const std::vector<WorkUnit> units = make_units(s, setup.points.size(), skip);
  // Values are held only for points with units in flight; a point's memory is taken when its
  // first unit returns and given back when its row is written.
  std::map<std::size_t, PointState> open;
  for (const WorkUnit& u : units) ++open[u.point].units_left;
  // Finished points are written in point order, whatever order the children finish in, so
  // the raw and trace files are byte-identical for any number of jobs.
  std::map<std::size_t, std::string> raw_ready, trace_ready;
  std::set<std::size_t> pending_points;
  for (const auto& entry : open) pending_points.insert(entry.first);
  if (raw) raw->stream() << raw_header(family) << '\n';
  if (trace) trace->stream() << trace_header(family) << '\n';
  auto flush_in_order = [&] {
    while (!pending_points.empty()) {
      const std::size_t p = *pending_points.begin();
      if (open.count(p)) return;  // still running
      if (raw) raw->stream() << raw_ready[p];
      if (trace) trace->stream() << trace_ready[p];
      raw_ready.erase(p);
      trace_ready.erase(p);
      pending_points.erase(pending_points.begin());
    }
  };

  std::uint64_t total = 0;
  for (const WorkUnit& u : units) total += u.count * s.algorithms.size();
  Progress progress(total, s.progress);

  run_units(setup, units, s.jobs, [&](std::size_t i, UnitResult&& result) {
    const WorkUnit& u = units[i];
    PointState& state = open[u.point];
    const std::size_t algorithms = s.algorithms.size(), width = 1 + family.metrics().size();
    if (state.values.empty()) state.values.assign(algorithms * width, std::vector<double>(s.replications));
    for (std::uint64_t r = 0; r < u.count; ++r)
      for (std::size_t k = 0; k < algorithms * width; ++k)
        state.values[k][u.first + r] = result.values[r * algorithms * width + k];
    state.trace += result.trace;
    progress.advance(u.count * algorithms);
    if (--state.units_left > 0) return;
    const std::string fields = parameter_fields(family, setup.points[u.point]);
    std::string raw_text;
    for (std::size_t a = 0; a < algorithms; ++a) {
      const std::vector<double>* series = &state.values[a * width];
      std::vector<Summary> metrics;
      for (std::size_t m = 1; m < width; ++m) metrics.push_back(summarize(series[m]));
      rows.push_back(summary_row(family, s.algorithms[a], fields, summarize(series[0]), metrics));
      checkpoint_row(rows.back());
      if (!raw) continue;
      for (std::uint64_t r = 0; r < s.replications; ++r) {
        raw_text += s.algorithms[a] + ',' + fields + ',' + std::to_string(r);
        for (std::size_t m = 0; m < width; ++m) raw_text += ',' + format_number(series[m][r]);
        raw_text += '\n';
      }
    }
    raw_ready[u.point] = std::move(raw_text);
    trace_ready[u.point] = std::move(state.trace);
    open.erase(u.point);
    flush_in_order();
  });
  flush_in_order();
  progress.finish();

  output.stream() << summary_header(family) << '\n';
  const std::size_t parameter_columns = count_commas(parameter_header(family)) + 1;
  for (const std::string& row : canonical_order(rows, parameter_columns, s.output)) output.stream() << row << '\n';
  if (raw) raw->commit();
  if (trace) trace->commit();
  output.commit();
  if (!checkpoint_path.empty()) {
    checkpoint.close();
    std::remove(checkpoint_path.c_str());
  }
  if (s.output != "-") write_manifest(s, s.output + ".manifest.ini");
}

}  // namespace hetcoll
