#include "driver/run_command.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/atomic_file.hpp"
#include "driver/checkpoint.hpp"
#include "driver/interrupt.hpp"
#include "driver/manifest.hpp"
#include "engine/engine_factory.hpp"
#include "driver/point_collector.hpp"
#include "driver/progress.hpp"
#include "driver/run_files.hpp"
#include "driver/run_outputs.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"

namespace hetcoll {
namespace {

/// "interrupted by SIGINT; 3 of 8 points are saved in out.csv.partial: ..." and the like.
std::string saved_points_text(const Checkpoint& checkpoint, std::size_t points, const std::string& then) {
  return std::to_string(checkpoint.points_saved()) + " of " + std::to_string(points) + " points are saved in " +
         checkpoint.path() + ": " + then;
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
  const std::vector<NamedPath> inputs = input_files(s);
  refuse_unreadable_inputs(inputs);
  refuse_clashing_paths(inputs, output_files(s));
  const std::vector<InputDigest> digests = digest_inputs(s);
  const nlohmann::json identity = run_identity(s, digests);
  RunOutputs outputs(s);
  InterruptGuard interrupts;
  WorkDir work;
  setup.work_dir = work.path();

  if (!s.platform.empty()) {
    // Loading a large file takes SimGrid a while: the parser's count of the selection serves.
    const int available =
        s.hosts_selected > 0 ? s.hosts_selected : count_platform_hosts(s.platform, s.cfg, s.hosts);
    if (available < hosts)
      throw InputError(s.platform + ": " +
                       (s.hosts.empty() ? "the platform has " : "key 'hosts' selects ") + std::to_string(available) +
                       " hosts, the scenario needs " + std::to_string(hosts) + " at its largest point");
  }

  // Resume: points already in the checkpoint are not run again.
  Checkpoint checkpoint(s, identity);
  checkpoint.set_writer(work.path(), outputs.temporaries());
  std::error_code no_error;
  const bool checkpoint_existed = outputs.beside() && std::filesystem::exists(checkpoint.path(), no_error);
  std::map<std::size_t, SavedPoint> saved;
  if (outputs.beside()) saved = checkpoint.load(setup.points, outputs.wants_raw() ? outputs.raw_spool() : work.path());
  std::vector<bool> skip(setup.points.size(), false);
  for (const auto& entry : saved) skip[entry.first] = true;

  const std::vector<WorkUnit> units = make_units(s, setup.points.size(), skip);
  PointCollector collector(setup, units, outputs.raw_spool());
  auto still_running = [&](std::size_t point) { return collector.pending(point); };
  for (const WorkUnit& u : units) outputs.expect(u.point);
  for (const auto& entry : saved) outputs.expect(entry.first);
  for (const auto& [point, rows] : saved) outputs.add(point, rows, still_running);

  std::uint64_t total = 0;
  for (const WorkUnit& u : units) total += u.count * s.algorithms.size();
  Progress progress(total, s.progress);
  auto on_unit = [&](std::size_t i, UnitResult&& result) {
    progress.advance(units[i].count * s.algorithms.size());
    if (std::optional<SavedPoint> done = collector.add(i, std::move(result))) {
      checkpoint.append(units[i].point, *done);
      outputs.add(units[i].point, *done, still_running);
    }
  };
  const std::size_t shard_points = std::count_if(
      setup.points.begin(), setup.points.end(), [&, p = std::size_t{0}](const Point&) mutable { return in_shard(s, p++); });
  try {
    // The Paje traces first: one replication per point is quick, and a trace SimGrid cannot
    // write stops the run before its long part.
    if (!outputs.paje_points().empty())
      run_paje_traces(setup, outputs.paje_points(), s.jobs,
                      [&](std::size_t point, const std::string& file) { outputs.take_paje(point, file); });
    run_units(setup, units, s.jobs, on_unit);
    progress.finish();
    outputs.commit(identity, digests);
  } catch (const Interrupted& e) {
    progress.finish();
    throw Interrupted(e.signal(), std::string(e.what()) + "; " +
                                      (outputs.beside() ? saved_points_text(checkpoint, shard_points,
                                                                            "run the same command with --resume to finish")
                                                        : "nothing was kept (the output is a stream)"));
  } catch (const OutputError& e) {
    // A full disk or an I/O error: finished points stay in a sound checkpoint for --resume.
    progress.finish();
    if (checkpoint_existed || (checkpoint.points_saved() > 0 && !checkpoint.broken()))
      throw OutputError(std::string(e.what()) + "; " +
                        saved_points_text(checkpoint, shard_points, "make room and run the same command with --resume"));
    checkpoint.discard();
    throw;
  } catch (const WorkerFailure& e) {
    // Finished points stay in the checkpoint: a rerun with --resume need not compute them again.
    progress.finish();
    if (outputs.beside() && checkpoint.points_saved() > 0)
      throw WorkerFailure(std::string(e.what()) + "; " +
                          saved_points_text(checkpoint, shard_points, "run the same command with --resume to go on"));
    if (!checkpoint_existed) checkpoint.discard();
    throw;
  } catch (const InputError&) {
    // Bad input found by a worker: a checkpoint this run began holds nothing worth resuming.
    if (!checkpoint_existed) checkpoint.discard();
    throw;
  }
  if (outputs.beside()) checkpoint.discard();
}

}  // namespace hetcoll
