#include "driver/work_runner.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <optional>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/csv_output.hpp"
#include "driver/interrupt.hpp"
#include "engine/engine_factory.hpp"
#include "engine/goal_writer.hpp"
#include "engine/noisy_policy.hpp"
#include "engine/recording_policy.hpp"

namespace hetcoll {
namespace {

std::string point_text(const RunSetup& setup, std::size_t point);

/// Feeds a unit's replications to an engine: every algorithm of replication r, then r + 1, each
/// through the point's noise (the same draws for all of them) and, for the traced replication,
/// a recorder.
class UnitSource final : public ReplicationSource {
 public:
  UnitSource(const RunSetup& setup, const WorkUnit& unit, PointRunner& runner, std::uint64_t seed, int hosts,
             UnitResult& result)
      : setup_(setup), unit_(unit), runner_(runner), seed_(seed), hosts_(hosts), result_(result),
        algorithms_(setup.scenario->algorithms.size()), width_(1 + setup.scenario->family->metrics().size()) {
    result_.values.assign(unit.count * algorithms_ * width_, 0.0);
    // Without noise no decorator at all: nothing stands between a policy and the engine.
    Noise noise = runner.noise();
    if (noise.cv > 0) noisy_.emplace(std::move(noise));
  }

  Policy* next(std::vector<LinkSetting>& settings) override {
    if (replication_ == unit_.count) return nullptr;
    if (algorithm_ == 0) runner_.begin_replication(unit_.first + replication_, settings);
    Policy* policy = runner_.policy(algorithm_, unit_.first + replication_, settings);
    bare_ = policy;
    if (noisy_) {
      noisy_->wrap(*policy, seed_, unit_.first + replication_);
      policy = &*noisy_;
    }
    if (unit_.first + replication_ == 0 && (!setup_.scenario->trace.empty() || setup_.goal)) {
      recorder_ = std::make_unique<RecordingPolicy>(*policy);
      return recorder_.get();
    }
    recorder_.reset();
    return policy;
  }

  void finished(double makespan) override {
    double* replication = &result_.values[replication_ * algorithms_ * width_];
    runner_.record(algorithm_, makespan, replication + algorithm_ * width_);
    if (recorder_ && !setup_.scenario->trace.empty()) append_trace();
    if (recorder_ && setup_.goal) export_goal();
    if (++algorithm_ == algorithms_) {
      runner_.complete_replication(replication, width_);
      algorithm_ = 0;
      ++replication_;
    }
  }

 private:
  void append_trace() {
    const Scenario& s = *setup_.scenario;
    const std::string fields = point_fields(setup_, unit_.point);
    for (const Completion& c : recorder_->events())
      result_.trace += trace_row(s.algorithms[algorithm_], fields, 0, c.activity, c.start, c.end);
  }

  // The plan of the algorithm just run, as GOAL: its amounts as they started (after the noise),
  // rank i on host i of the run. A dynamic algorithm has no plan and writes nothing.
  void export_goal() {
    const Plan* plan = bare_->static_plan();
    if (plan == nullptr) return;
    const Scenario& s = *setup_.scenario;
    const std::string& name = s.algorithms[algorithm_];
    const std::vector<Activity> started = activities_by_operation(*plan, recorder_->events());
    const std::string refusal = goal_refusal(*plan, started);
    if (!refusal.empty())
      throw InputError("key 'export-goal': the plan of " + name + " at point " + point_text(setup_, unit_.point) +
                       " cannot be written in GOAL: " + refusal);
    const std::string path = goal_work_file(setup_.work_dir, unit_.point, algorithm_);
    std::ofstream out(path);
    errno = 0;
    write_goal(out, *plan, started, hosts_,
               {"hetcoll: family " + s.family->name() + ", algorithm " + name + ", point " +
                    point_text(setup_, unit_.point) + ", replication 0",
                "rank i is host i of the run; sizes in bytes, calc in flops (calc-unit = flops)"});
    if (!out.flush()) throw WorkFileError(path, errno ? errno : EIO);
  }

  const RunSetup& setup_;
  const WorkUnit& unit_;
  PointRunner& runner_;
  std::uint64_t seed_;  // the point's: its noise streams are the replication's under it
  int hosts_;           // the run's hosts: the GOAL export's ranks
  UnitResult& result_;
  std::size_t algorithms_;
  std::size_t width_;
  std::size_t algorithm_ = 0;
  std::uint64_t replication_ = 0;
  std::optional<NoisyPolicy> noisy_;  // the point's noise, if any
  std::unique_ptr<RecordingPolicy> recorder_;
  Policy* bare_ = nullptr;  // the algorithm's own policy, without the noise or the recorder
};

// A child's batch of units leaves one file, its units' results one after the other: creating
// and deleting a file per unit cost the kernel 4 % of RR-8315's Figure 4 (13,000 units of 1,000
// replications; an ext4 /tmp looks for a free inode at each creation).
void append_result(std::ofstream& out, const std::string& path, const UnitResult& r) {
  errno = 0;
  encode_unit_result(out, r);
  // A failed write leaves the stream failed, with no system call after it: errno is its reason.
  if (!out.flush()) throw WorkFileError(path, errno ? errno : EIO);
}

UnitResult read_result(std::ifstream& in, const std::string& path) {
  UnitResult r;
  if (!decode_unit_result(in, std::numeric_limits<std::uint64_t>::max(), r))
    throw std::runtime_error(path + ": a unit's results are incomplete");
  return r;
}

/// "processors=8,cv=1": the point's keys that apply to it (non-empty cells), for messages.
std::string point_text(const RunSetup& setup, std::size_t index) {
  const Family& family = *setup.scenario->family;
  const std::vector<std::string> names = split_csv_row(parameter_header(family));
  const std::vector<std::string> values = split_csv_row(point_fields(setup, index));
  std::string point;
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
    if (!values[i].empty()) point += (point.empty() ? "" : ",") + names[i] + "=" + values[i];
  return point;
}

/// "point processors=8,cv=1 (replications 0 to 999)", for messages about a unit.
std::string describe_unit(const RunSetup& setup, const WorkUnit& unit) {
  const std::string point = point_text(setup, unit.point);
  if (setup.goal)
    return "the GOAL export run at point " + point + " (replication 0)";
  if (setup.paje)
    return "the Paje trace run at point " + point + " (replication " + std::to_string(unit.first) + ")";
  return "the work unit at point " + point + " (replications " + std::to_string(unit.first) + " to " +
         std::to_string(unit.first + unit.count - 1) + ")";
}

/// SimGrid's settings for a Paje trace in `file`: the platform as containers (zones, one per
/// host, links), each actor's states inside its host, and the hosts' and links' use over time
/// (there are no categories, hence uncategorized). Dates get 9 decimals: the engines' dates lie
/// on a 2^-23 s grid (1.2e-7 s), which SimGrid's default of 6 would blur.
std::vector<std::string> paje_config(const std::string& file) {
  return {"tracing:yes", "tracing/filename:" + file, "tracing/platform:yes", "tracing/actor:yes",
          "tracing/uncategorized:yes", "tracing/platform/topology:no", "tracing/precision:9"};
}

}  // namespace

void encode_unit_result(std::ostream& out, const UnitResult& r) {
  const std::uint64_t n = r.values.size(), t = r.trace.size();
  out.write(reinterpret_cast<const char*>(&n), sizeof n);
  out.write(reinterpret_cast<const char*>(r.values.data()), static_cast<std::streamsize>(n * sizeof(double)));
  out.write(reinterpret_cast<const char*>(&t), sizeof t);
  out.write(r.trace.data(), static_cast<std::streamsize>(t));
}

std::uint64_t encoded_size(const UnitResult& r) {
  return 2 * sizeof(std::uint64_t) + r.values.size() * sizeof(double) + r.trace.size();
}

bool decode_unit_result(std::istream& in, std::uint64_t limit, UnitResult& r) {
  // Each length is checked against what is left before anything is allocated: a damaged
  // length must not ask for terabytes.
  std::uint64_t n = 0, t = 0, left = limit;
  if (left < sizeof n || !in.read(reinterpret_cast<char*>(&n), sizeof n)) return false;
  left -= sizeof n;
  if (n > left / sizeof(double)) return false;
  r.values.resize(n);
  if (!in.read(reinterpret_cast<char*>(r.values.data()), static_cast<std::streamsize>(n * sizeof(double)))) return false;
  left -= n * sizeof(double);
  if (left < sizeof t || !in.read(reinterpret_cast<char*>(&t), sizeof t)) return false;
  left -= sizeof t;
  if (t > left) return false;
  r.trace.resize(t);
  if (!in.read(r.trace.data(), static_cast<std::streamsize>(t))) return false;
  return limit == std::numeric_limits<std::uint64_t>::max() || t == left;
}

std::string point_fields(const RunSetup& setup, std::size_t point) {
  if (!setup.fields.empty()) return setup.fields[point];
  const Scenario& s = *setup.scenario;
  return parameter_fields(*s.family, setup.points[point], !s.platform.empty());
}

std::unique_ptr<EngineRun> open_point_engine(const RunSetup& setup, std::size_t index, const PointSettings& settings) {
  const Scenario& s = *setup.scenario;
  EngineRequest request;
  request.engine = s.engine;
  request.platform_file = s.platform;
  request.cfg = s.cfg;
  if (setup.paje) {
    const std::vector<std::string> tracing = paje_config(paje_work_file(setup.work_dir, index));
    request.cfg.insert(request.cfg.end(), tracing.begin(), tracing.end());
  }
  request.generated = [&] { return settings.platform(); };
  request.hosts = s.hosts;
  request.host_count = settings.hosts;
  request.routes = settings.needs_routes;
  return open_engine(request);
}

UnitResult execute_unit(const RunSetup& setup, const WorkUnit& unit) {
  const Scenario& s = *setup.scenario;
  const Point& point = setup.points[unit.point];
  const auto settings = point_settings(s, point);
  const std::unique_ptr<EngineRun> run = open_point_engine(setup, unit.point, *settings);
  UnitResult result;
  const std::uint64_t seed = point_seed(s.seed, s.family->parameters(), point, !s.platform.empty());
  auto runner = s.family->prepare(*settings, s.algorithms, run->platform(), seed, run->probe());
  UnitSource source(setup, unit, *runner, seed, settings->hosts, result);
  run->engine().run(source);
  return result;
}

void run_units(const RunSetup& setup, const std::vector<WorkUnit>& units, int jobs,
               const std::function<void(std::size_t, UnitResult&&)>& done,
               const std::function<void(const std::string&, double)>& waiting, double waiting_period) {
  // A child runs a batch of consecutive units, each with a fresh engine, so batching never
  // changes a number. SimGrid allows one engine per process, even once the first has ended: one
  // unit per child wherever a unit opens SimGrid, which the model engine does too when it reads
  // a platform file. Otherwise the model engine takes batches, so forks stay rare: a quarter of
  // a job's share of the units (at most 256). With several jobs, of the units left, so that
  // batches shrink towards the end and no job is left running a long one while the others have
  // nothing to do; a single job has no one to wait for, and takes four batches.
  const bool simgrid = opens_simgrid(setup.scenario->engine, setup.scenario->platform);
  if (simgrid && !units.empty()) load_simgrid();  // once, here: every child shares it
  auto batch_from = [&](std::size_t next) {
    const std::size_t share = (jobs == 1 ? units.size() : units.size() - next) / (4 * static_cast<std::size_t>(jobs));
    return simgrid ? 1 : std::clamp<std::size_t>(share, 1, 256);
  };
  std::map<pid_t, std::pair<std::size_t, std::size_t>> running;  // child -> its units [first, last)
  auto path = [&](std::size_t i, const char* what) { return setup.work_dir + "/unit" + std::to_string(i) + what; };
  auto stop_all = [&] {
    for (const auto& child : running) ::kill(child.first, SIGKILL);
    for (const auto& child : running) ::waitpid(child.first, nullptr, 0);
    running.clear();
  };
  std::size_t next = 0;
  // Results are handed over in unit order: a unit that ends before an earlier one waits, on
  // disk, in its batch's result file. The parent then sees each point's units in replication order
  // and the points in order, so it can write raw rows and feed streaming statistics as they
  // come, holding no more than one unit, whatever the number of jobs.
  std::map<std::size_t, std::size_t> batch_end;  // a finished batch not yet read: first unit -> end
  std::size_t delivered = 0;
  std::optional<WakeUpTimer> wake_up;
  if (waiting) wake_up.emplace(waiting_period);
  auto last_finished = std::chrono::steady_clock::now();
  try {
    while (next < units.size() || !running.empty()) {
      while (next < units.size() && static_cast<int>(running.size()) < jobs) {
        const std::size_t first = next, last = std::min(units.size(), next + batch_from(next));
        next = last;
        const pid_t pid = spawn_worker(path(first, ".err"), path(first, ".log"), [&] {
          const std::string results = path(first, ".bin");
          std::ofstream out(results, std::ios::binary);
          for (std::size_t i = first; i < last; ++i) append_result(out, results, execute_unit(setup, units[i]));
        });
        running[pid] = {first, last};
      }
      int status = 0;
      const pid_t pid = ::waitpid(-1, &status, 0);
      throw_if_interrupted();
      if (pid < 0) {
        if (errno != EINTR) throw std::runtime_error("waitpid failed");
        const double silent = std::chrono::duration<double>(std::chrono::steady_clock::now() - last_finished).count();
        if (waiting && !running.empty() && silent >= waiting_period) {
          std::size_t oldest = running.begin()->second.first;
          for (const auto& child : running) oldest = std::min(oldest, child.second.first);
          waiting(describe_unit(setup, units[oldest]), silent);
        }
        continue;
      }
      const auto it = running.find(pid);
      if (it == running.end()) continue;
      const auto [first, last] = it->second;
      running.erase(it);
      last_finished = std::chrono::steady_clock::now();
      check_worker_exit(status, path(first, ".err"), path(first, ".log"), describe_unit(setup, units[first]));
      batch_end[first] = last;
      // Batches are consecutive units, handed over in order: each finished batch whose turn has
      // come is read whole, from its file's start to its end.
      for (auto ready = batch_end.find(delivered); ready != batch_end.end(); ready = batch_end.find(delivered)) {
        const std::string results = path(delivered, ".bin");
        std::ifstream in(results, std::ios::binary);
        for (; delivered < ready->second; ++delivered) done(delivered, read_result(in, results));
        in.close();
        std::remove(results.c_str());
        batch_end.erase(ready);
      }
    }
  } catch (...) {
    stop_all();
    throw;
  }
}

std::string paje_work_file(const std::string& work_dir, std::size_t point) {
  return work_dir + "/paje-p" + std::to_string(point) + ".trace";
}

namespace {

// Runs `replication` of each point alone, as a run of its own: its units record no CSV rows (they
// would be those of the run's own units), only what `side` asks of them; `done(point)` as each
// point's unit ends.
void run_alone(const RunSetup& setup, const std::vector<std::size_t>& points, std::uint64_t replication, int jobs,
               bool RunSetup::*side, const std::function<void(std::size_t)>& done) {
  Scenario alone = *setup.scenario;
  alone.trace.clear();
  alone.raw.clear();
  RunSetup alone_setup = setup;
  alone_setup.scenario = &alone;
  alone_setup.*side = true;
  std::vector<WorkUnit> units;
  for (std::size_t p : points) units.push_back({p, replication, 1});
  run_units(alone_setup, units, jobs, [&](std::size_t i, UnitResult&&) { done(units[i].point); });
}

}  // namespace

void run_paje_traces(const RunSetup& setup, const std::vector<std::size_t>& points, int jobs,
                     const std::function<void(std::size_t, const std::string&)>& done) {
  run_alone(setup, points, setup.scenario->trace_replication, jobs, &RunSetup::paje,
            [&](std::size_t point) { done(point, paje_work_file(setup.work_dir, point)); });
}

std::string goal_work_file(const std::string& work_dir, std::size_t point, std::size_t algorithm) {
  return work_dir + "/goal-p" + std::to_string(point) + "-a" + std::to_string(algorithm) + ".goal";
}

void run_goal_exports(const RunSetup& setup, const std::vector<std::size_t>& points, int jobs,
                      const std::function<void(std::size_t)>& done) {
  run_alone(setup, points, 0, jobs, &RunSetup::goal, done);
}

}  // namespace hetcoll
