#include "driver/run_command.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/atomic_file.hpp"
#include "driver/checkpoint.hpp"
#include "driver/csv_output.hpp"
#include "driver/dry_run.hpp"
#include "driver/found_cells.hpp"
#include "driver/interrupt.hpp"
#include "driver/manifest.hpp"
#include "engine/engine_factory.hpp"
#include "driver/point_collector.hpp"
#include "driver/progress.hpp"
#include "driver/run_files.hpp"
#include "driver/run_outputs.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll {
namespace {

/// What this run holds: its whole points and, if it shares points with other shards, its units
/// of those.
struct ShardShare {
  std::size_t points = 0;
  std::size_t units = 0;
};

/// "interrupted by SIGINT; 3 of 8 points are saved in out.csv.partial: ..." and the like.
std::string saved_points_text(const Checkpoint& checkpoint, const ShardShare& share, const std::string& then) {
  // The checkpoint goes with its directory, if that is removed during the run.
  if (checkpoint.points_saved() + checkpoint.units_saved() > 0 && !checkpoint.on_disk())
    return "nothing is saved: the checkpoint " + checkpoint.path() + " was removed during the run";
  std::string saved;
  if (share.points > 0 || share.units == 0)
    saved = std::to_string(checkpoint.points_saved()) + " of " + std::to_string(share.points) + " points";
  if (share.units > 0)
    saved += (saved.empty() ? "" : " and ") + std::to_string(checkpoint.units_saved()) + " of " +
             std::to_string(share.units) + " work units";
  return saved + (checkpoint.points_saved() + checkpoint.units_saved() == 1 ? " is" : " are") + " saved in " +
         checkpoint.path() + ": " + then;
}

/// The GOAL exports (key `export-goal`): replication 0 of each of this shard's points run again
/// alone, each static algorithm's plan taken into its file; returns the notes of the run (the
/// algorithms left out for having no plan).
std::vector<std::string> export_goal_files(const RunSetup& setup, RunOutputs& outputs) {
  const Scenario& s = *setup.scenario;
  std::vector<std::pair<std::size_t, std::string>> exports;  // (point, algorithm)
  std::vector<std::string> files;
  std::vector<bool> planless(s.algorithms.size(), false);
  run_goal_exports(setup, export_points(s, setup.points.size()), s.jobs, [&](std::size_t point) {
    for (std::size_t a = 0; a < s.algorithms.size(); ++a) {
      const std::string file = goal_work_file(setup.work_dir, point, a);
      std::error_code error;
      if (std::filesystem::exists(file, error)) {
        exports.push_back({point, s.algorithms[a]});
        files.push_back(file);
      } else {
        planless[a] = true;
      }
    }
  });
  refuse_colliding_exports(s, exports);
  for (std::size_t e = 0; e < exports.size(); ++e)
    outputs.take_goal(export_path(s, exports[e].first, exports[e].second), files[e]);
  std::string names;
  std::size_t count = 0;
  for (std::size_t a = 0; a < s.algorithms.size(); ++a)
    if (planless[a]) names += std::string(count++ ? ", " : "") + s.algorithms[a];
  if (count == 0) return {};
  return {"key 'export-goal': " + names + (count == 1 ? " has" : " have") +
          " no plan to export (a dynamic algorithm decides as it runs)"};
}

/// The run of a resolved scenario: its files checked, then its work units; returns its notes.
std::vector<std::string> run_resolved_scenario(const Scenario& s) {
  RunSetup setup;
  setup.scenario = &s;
  setup.points = expand_points(s);
  int hosts = 0;
  for (const Point& p : setup.points) hosts = std::max(hosts, point_settings(s, p)->hosts);

  // A shard that shares its points with others hands its units' results to `hetcoll merge`
  // through a file beside its output.
  if (shards_split_points(s) && is_stream(s.output))
    throw InputError("key 'output': shard " + std::to_string(s.shard.index) + "/" + std::to_string(s.shard.count) +
                     " shares its points with other shards and writes its work units' results beside its output "
                     "(OUTPUT.units) for hetcoll merge; give a file, not standard output or a device");
  // Every file is checked and opened before any work: a clash or an unwritable path fails now,
  // with nothing written.
  const std::vector<NamedPath> inputs = input_files(s);
  refuse_unreadable_inputs(inputs);
  refuse_clashing_paths(inputs, output_files(s));
  if (s.dry_run) {
    // Everything the run checks before it opens a file, then the report: no output is opened.
    refuse_too_few_hosts(s, hosts);
    report_dry_run(s, setup.points, std::cout);
    return {};
  }
  const std::vector<InputDigest> digests = digest_inputs(s);
  refuse_changed_inputs(s, digests);
  const nlohmann::json identity = run_identity(s, digests);
  RunOutputs outputs(s);
  InterruptGuard interrupts;
  WorkDir work;
  setup.work_dir = work.path();

  refuse_too_few_hosts(s, hosts);

  // Resume: points and units already in the checkpoint are not run again.
  Checkpoint checkpoint(s, identity);
  checkpoint.set_writer(work.path(), outputs.temporaries());
  std::error_code no_error;
  const bool checkpoint_existed = outputs.beside() && std::filesystem::exists(checkpoint.path(), no_error);
  // Each point's CSV cells, those the run finds measured first: every file writes the same.
  setup.fields = point_cells(setup);
  auto fields_of = [&](std::size_t point) { return setup.fields[point]; };
  std::map<std::size_t, SavedPoint> saved;
  std::set<std::pair<std::size_t, std::uint64_t>> saved_units;
  if (outputs.beside())
    saved = checkpoint.load(setup.fields, outputs.wants_raw() ? outputs.raw_spool() : work.path(),
                            [&](const WorkUnit& u, const std::string& fields, UnitResult&& result) {
                              outputs.add_unit(u, fields, result);
                              saved_units.insert({u.point, u.first});
                            });
  std::vector<bool> skip(setup.points.size(), false);
  for (const auto& entry : saved) skip[entry.first] = true;

  // Units of the points whole in this shard go to the collector, which makes their rows; those
  // of points other shards share go to the units file.
  const std::vector<WorkUnit> units = make_units(s, setup.points.size(), skip, saved_units);
  std::vector<WorkUnit> whole_units;
  for (const WorkUnit& u : units)
    if (whole_in_shard(s, u.point)) whole_units.push_back(u);
  PointCollector collector(s, fields_of, whole_units, outputs.raw_spool());
  auto still_running = [&](std::size_t point) { return collector.pending(point); };
  for (const WorkUnit& u : whole_units) outputs.expect(u.point);
  for (const auto& entry : saved) outputs.expect(entry.first);
  for (const auto& [point, rows] : saved) outputs.add(point, rows, still_running);

  std::uint64_t total = 0;
  for (const WorkUnit& u : units) total += u.count * s.algorithms.size();
  Progress progress(total, units.size(), s.progress);
  auto on_unit = [&](std::size_t i, UnitResult&& result) {
    const WorkUnit& u = units[i];
    progress.advance(u.count * s.algorithms.size());
    if (!whole_in_shard(s, u.point)) {
      const std::string fields = fields_of(u.point);
      checkpoint.append_unit(u, fields, result);
      outputs.add_unit(u, fields, result);
    } else if (std::optional<SavedPoint> done = collector.add(u, std::move(result))) {
      checkpoint.append(u.point, *done);
      outputs.add(u.point, *done, still_running);
    }
  };
  std::vector<std::string> notes;
  ShardShare shard_share;
  shard_share.points = whole_points_in_shard(s, setup.points.size());
  if (shards_split_points(s)) shard_share.units = units.size() + saved_units.size();
  try {
    // The Paje traces first: one replication per point is quick, and a trace SimGrid cannot
    // write stops the run before its long part.
    if (!outputs.paje_points().empty())
      run_paje_traces(setup, outputs.paje_points(), s.jobs,
                      [&](std::size_t point, const std::string& file) { outputs.take_paje(point, file); });
    // The GOAL exports next, for the same reason: a plan GOAL cannot say stops the run early.
    if (!s.export_goal.empty()) notes = export_goal_files(setup, outputs);
    run_units(setup, units, s.jobs, on_unit,
              [&](const std::string& unit, double seconds) { progress.waiting(unit, seconds); });
    progress.finish();
    outputs.commit(identity, digests);
    work.remove_abandoned();  // the work directories of killed runs
  } catch (const Interrupted& e) {
    progress.finish();
    throw Interrupted(e.signal(), std::string(e.what()) + "; " +
                                      (outputs.beside() ? saved_points_text(checkpoint, shard_share,
                                                                            "run the same command with --resume to finish")
                                                        : "nothing was kept (the output is a stream)"));
  } catch (const OutputError& e) {
    // A full disk or an I/O error: finished points stay in a sound checkpoint for --resume.
    progress.finish();
    if (checkpoint_existed || (checkpoint.points_saved() + checkpoint.units_saved() > 0 && !checkpoint.broken()))
      throw OutputError(std::string(e.what()) + "; " +
                        saved_points_text(checkpoint, shard_share, "make room and run the same command with --resume"));
    checkpoint.discard();
    throw;
  } catch (const WorkerFailure& e) {
    // Finished points stay in the checkpoint: a rerun with --resume need not compute them again.
    progress.finish();
    if (outputs.beside() && checkpoint.points_saved() + checkpoint.units_saved() > 0)
      throw WorkerFailure(std::string(e.what()) + "; " +
                          saved_points_text(checkpoint, shard_share, "run the same command with --resume to go on"));
    if (!checkpoint_existed) checkpoint.discard();
    throw;
  } catch (const InputError&) {
    // Bad input found by a worker: a checkpoint this run began holds nothing worth resuming.
    if (!checkpoint_existed) checkpoint.discard();
    throw;
  }
  if (outputs.beside()) checkpoint.discard();
  return notes;
}

}  // namespace

void run_scenario(Scenario s) {
  std::vector<std::string> notes = resolve_scenario(s);
  const std::vector<std::string> run_notes = run_resolved_scenario(s);
  notes.insert(notes.end(), run_notes.begin(), run_notes.end());
  // Once the run has succeeded: a refused run says one line.
  for (const std::string& note : notes) std::cerr << "hetcoll: note: " << note << '\n';
}

}  // namespace hetcoll
