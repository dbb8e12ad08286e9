#include "driver/run_command.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/statistics.hpp"
#include "driver/atomic_file.hpp"
#include "driver/checkpoint.hpp"
#include "driver/csv_output.hpp"
#include "driver/interrupt.hpp"
#include "driver/manifest.hpp"
#include "driver/merge.hpp"
#include "driver/progress.hpp"
#include "driver/run_files.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/simgrid/simgrid_session.hpp"

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

}  // namespace

void run_scenario(const Scenario& s) {
  const Family& family = *s.family;
  RunSetup setup;
  setup.scenario = &s;
  setup.points = expand_points(s);
  int hosts = 0;
  for (const Point& p : setup.points) hosts = std::max(hosts, family.hosts_needed(p));

  // Every file is checked and opened before any work: a clash or an unwritable path fails now,
  // with nothing written.
  refuse_unreadable_inputs(input_files(s));
  refuse_clashing_paths(input_files(s), output_files(s));
  const nlohmann::json identity = run_identity(s);
  const std::string raw_path = shard_path(s.raw, s.shard), trace_path = shard_path(s.trace, s.shard);
  AtomicFile output(s.output, "output");
  std::unique_ptr<AtomicFile> raw, trace, manifest;
  if (!s.raw.empty()) raw = std::make_unique<AtomicFile>(raw_path, "raw");
  if (!s.trace.empty()) trace = std::make_unique<AtomicFile>(trace_path, "trace");
  const bool beside = !is_stream(s.output);  // a checkpoint and a manifest beside the output
  if (beside) manifest = std::make_unique<AtomicFile>(manifest_path(s.output), "output (its manifest)");
  InterruptGuard interrupts;
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
  Checkpoint checkpoint(s, identity);
  std::vector<std::string> temporaries;
  for (const AtomicFile* f : {&output, raw.get(), trace.get(), manifest.get()})
    if (f && !f->temporary().empty()) temporaries.push_back(f->temporary());
  checkpoint.set_writer(work.path(), temporaries);
  std::error_code no_error;
  const bool checkpoint_existed = beside && std::filesystem::exists(checkpoint.path(), no_error);
  std::vector<bool> skip(setup.points.size(), false);
  std::vector<std::string> rows;
  // Finished points are written in point order, whatever order the children finish in, so
  // the raw and trace files are byte-identical for any number of jobs.
  std::map<std::size_t, std::string> raw_ready, trace_ready;
  std::set<std::size_t> pending_points;
  if (beside)
    for (auto& [point, saved] : checkpoint.load(setup.points)) {
      skip[point] = true;
      rows.insert(rows.end(), saved.rows.begin(), saved.rows.end());
      raw_ready[point] = std::move(saved.raw);
      trace_ready[point] = std::move(saved.trace);
      pending_points.insert(point);
    }

  const std::vector<WorkUnit> units = make_units(s, setup.points.size(), skip);
  // Values are held only for points with units in flight; a point's memory is taken when its
  // first unit returns and given back when its row is written.
  std::map<std::size_t, PointState> open;
  for (const WorkUnit& u : units) ++open[u.point].units_left;
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

  auto on_unit = [&](std::size_t i, UnitResult&& result) {
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
    std::vector<double> replication_values(width);
    const std::size_t first_row = rows.size();
    for (std::size_t a = 0; a < algorithms; ++a) {
      const std::vector<double>* series = &state.values[a * width];
      std::vector<Summary> metrics;
      for (std::size_t m = 1; m < width; ++m) metrics.push_back(summarize(series[m]));
      rows.push_back(summary_row(family, s.algorithms[a], fields, summarize(series[0]), metrics));
      if (!raw) continue;
      for (std::uint64_t r = 0; r < s.replications; ++r) {
        for (std::size_t m = 0; m < width; ++m) replication_values[m] = series[m][r];
        raw_text += raw_row(s.algorithms[a], fields, r, replication_values);
      }
    }
    raw_ready[u.point] = std::move(raw_text);
    trace_ready[u.point] = std::move(state.trace);
    checkpoint.append(u.point, {{rows.begin() + static_cast<long>(first_row), rows.end()},
                                raw ? raw_ready[u.point] : std::string(), trace ? trace_ready[u.point] : std::string()});
    open.erase(u.point);
    flush_in_order();
  };
  auto write_outputs = [&] {
    output.stream() << summary_header(family) << '\n';
    const std::size_t parameter_columns = count_commas(parameter_header(family)) + 1;
    for (const std::string& row : canonical_order(rows, parameter_columns, s.output)) output.stream() << row << '\n';
    if (raw) raw->commit();
    if (trace) trace->commit();
    output.commit();
    if (manifest) {
      manifest->stream() << make_manifest(s, {s.output, raw_path, trace_path, s.raw, s.trace}).dump(2) << '\n';
      manifest->commit();
    }
  };
  const std::size_t shard_points = std::count_if(
      setup.points.begin(), setup.points.end(), [&, p = std::size_t{0}](const Point&) mutable { return in_shard(s, p++); });
  try {
    run_units(setup, units, s.jobs, on_unit);
    flush_in_order();
    progress.finish();
    write_outputs();
  } catch (const Interrupted& e) {
    progress.finish();
    throw Interrupted(e.signal(), !beside ? std::string(e.what()) + "; nothing was kept (the output is a stream)"
                                          : std::string(e.what()) + "; " + std::to_string(checkpoint.points_saved()) +
                                                " of " + std::to_string(shard_points) + " points are saved in " +
                                                checkpoint.path() + ": run the same command with --resume to finish");
  } catch (const OutputError& e) {
    // A full disk or an I/O error: finished points stay in a sound checkpoint for --resume.
    progress.finish();
    if (checkpoint_existed || (checkpoint.points_saved() > 0 && !checkpoint.broken()))
      throw OutputError(std::string(e.what()) + "; " + std::to_string(checkpoint.points_saved()) + " of " +
                        std::to_string(shard_points) + " points are saved in " + checkpoint.path() +
                        ": make room and run the same command with --resume");
    checkpoint.discard();
    throw;
  } catch (const InputError&) {
    // Bad input found by a worker: a checkpoint this run began holds nothing worth resuming.
    if (!checkpoint_existed) checkpoint.discard();
    throw;
  }
  if (beside) checkpoint.discard();
}

}  // namespace hetcoll
