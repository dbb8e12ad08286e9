/// @file mpi_launcher.cpp
/// @brief `hetcoll-mpi`: spreads one sweep over MPI ranks and merges it into the file a single
/// run would have written.
///
///   mpirun -n 8 build/hetcoll-mpi SCENARIO.ini [--KEY VALUE ...] --output OUT.csv
///
/// Rank r runs `hetcoll run ... --shard r/N --output OUT.csv.rank<r> --quiet` as a child
/// process; rank 0 then merges the parts with `hetcoll merge --remove-parts`. The launcher
/// links MPI only: libsimgrid exports MPI symbols of its own (SMPI), so SimGrid must never be
/// loaded in an MPI process (docs/design.md, principle 6). Results are byte-identical to a
/// single run: shards take work units, every unit starts a fresh engine whatever rank runs it,
/// and the merge summarises each point's units in replication order.
///
/// Progress: each rank's run keeps OUT.csv.rank<r>.progress up to date (Progress, through
/// HETCOLL_PROGRESS_FILE); rank 0 reads them all (the parts must be on a file system every rank
/// sees, for the merge) and prints one summary line for the whole run; the other ranks say
/// nothing. A rank's run writes its messages to OUT.csv.rank<r>.log (rank 0's go to stderr),
/// removed unless that rank failed; rank 0 then names each failed rank and its log.
///
/// Ranks whose run is over wait for the others with MPI_Test and a sleep, not a blocking
/// collective: an MPI library's blocking wait spins on a core, which an oversubscribed node
/// needs for the ranks still running.
#include <fcntl.h>
#include <mpi.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

extern char** environ;

namespace {

/// Starts `args` (args[0] is the program) with stderr to `log` if one is given; -1 if it could
/// not start.
pid_t start(const std::vector<std::string>& args, const std::string& log) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!log.empty()) posix_spawn_file_actions_addopen(&actions, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return spawned == 0 ? pid : -1;
}

/// The exit status of a child that ended (127 if it could not be waited for).
int exit_status(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

/// The hetcoll binary beside this launcher.
std::string sibling_hetcoll() {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string path = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : std::string("./hetcoll-mpi");
  return path.substr(0, path.find_last_of('/') + 1) + "hetcoll";
}

/// Rank 0's summary of every rank's progress file: units done of the total, and the time left
/// at the rate so far. Silent for runs shorter than a second; rewrites one line on a terminal,
/// prints a line every 10 s otherwise, like a single run's progress.
class Summary {
 public:
  Summary(std::string output, int ranks, bool enabled)
      : output_(std::move(output)), ranks_(ranks), enabled_(enabled), terminal_(isatty(2) != 0),
        start_(Clock::now()), last_(start_) {}

  void tick() {
    if (!enabled_) return;
    const auto now = Clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    if (elapsed < 1.0 || std::chrono::duration<double>(now - last_).count() < (terminal_ ? 1.0 : 10.0)) return;
    last_ = now;
    unsigned long long units = 0, units_total = 0, done = 0, total = 0;
    int reporting = 0;
    for (int r = 0; r < ranks_; ++r) {
      std::ifstream in(progress_file(output_, r));
      unsigned long long u = 0, ut = 0, d = 0, t = 0;
      if (!(in >> u >> ut >> d >> t)) continue;
      ++reporting;
      units += u;
      units_total += ut;
      done += d;
      total += t;
    }
    shown_ = true;
    std::fprintf(stderr, "%shetcoll-mpi: %llu/%llu work units (%.1f%%) on %d ranks", terminal_ ? "\r" : "", units,
                 units_total, 100.0 * static_cast<double>(done) / static_cast<double>(total ? total : 1), ranks_);
    if (reporting < ranks_) std::fprintf(stderr, " (%d started)", reporting);
    const double rate = static_cast<double>(done) / elapsed;
    if (rate > 0) {
      const long left = static_cast<long>(static_cast<double>(total - done) / rate + 0.5);
      if (left >= 3600) std::fprintf(stderr, ", ETA %ldh%02ldm", left / 3600, (left / 60) % 60);
      else if (left >= 60) std::fprintf(stderr, ", ETA %ldm%02lds", left / 60, left % 60);
      else std::fprintf(stderr, ", ETA %lds", left);
    }
    std::fprintf(stderr, terminal_ ? "   " : "\n");
    std::fflush(stderr);
  }

  void finish() {
    if (enabled_ && shown_ && terminal_) std::fprintf(stderr, "\n");
  }

  static std::string progress_file(const std::string& output, int rank) {
    return output + ".rank" + std::to_string(rank) + ".progress";
  }

 private:
  using Clock = std::chrono::steady_clock;
  std::string output_;
  int ranks_;
  bool enabled_, terminal_, shown_ = false;
  Clock::time_point start_, last_;
};

/// Waits for `request` without spinning, calling `tick` between tests.
void wait_without_spinning(MPI_Request& request, const std::function<void()>& tick) {
  for (int complete = 0;;) {
    MPI_Test(&request, &complete, MPI_STATUS_IGNORE);
    if (complete) return;
    tick();
    usleep(50 * 1000);
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  std::vector<std::string> args;
  std::string output;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--output" && i + 1 < argc) output = argv[++i];
    else if (a == "--shard" || a == "--resume") {
      if (rank == 0) std::cerr << "hetcoll-mpi: command line: " << a << " is set by the launcher\n";
      MPI_Finalize();
      return 2;
    } else if (a.rfind("--dry-run", 0) == 0) {
      // Every rank would report, and rank 0 merge parts that were never written.
      if (rank == 0)
        std::cerr << "hetcoll-mpi: command line: --dry-run is hetcoll run's: run `hetcoll run ... --dry-run --shard "
                     "r/N` for one rank's share\n";
      MPI_Finalize();
      return 2;
    } else args.push_back(a);
  }
  if (output.empty() || output == "-") {
    if (rank == 0) std::cerr << "hetcoll-mpi: command line: --output expects a file (the merged CSV)\n";
    MPI_Finalize();
    return 2;
  }

  // `--quiet` on the launcher's command line silences rank 0's summary too.
  bool quiet = false;
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i] == "--quiet") quiet = !(i + 1 < args.size() && (args[i + 1] == "false" || args[i + 1] == "no" || args[i + 1] == "0"));

  // Ranks are usually one per core: each rank's run takes one process unless `jobs` says
  // otherwise, or Slurm gave the task CPUs of its own (docs/keys.md, "Default of jobs").
  setenv("HETCOLL_DEFAULT_JOBS", "1", 0);
  const std::string hetcoll = sibling_hetcoll();
  const std::string part = output + ".rank" + std::to_string(rank);
  std::vector<std::string> command{hetcoll, "run"};
  command.insert(command.end(), args.begin(), args.end());
  // --resume: launched again after a failure, each rank finishes from its own checkpoint (a
  // rank whose part is whole runs again; a checkpoint of another run is refused, naming the key).
  for (const std::string& a : {std::string("--shard"), std::to_string(rank) + "/" + std::to_string(size),
                               std::string("--output"), part, std::string("--quiet"), std::string("--resume")})
    command.push_back(a);
  // Rank 0 speaks for all: the ranks' runs report progress through files only, and the other
  // ranks keep their stderr in a log, removed unless that rank failed (then rank 0 names it).
  const std::string log = rank == 0 ? "" : part + ".log";
  const std::string progress = Summary::progress_file(output, rank);
  setenv("HETCOLL_PROGRESS_FILE", progress.c_str(), 1);
  Summary summary(output, size, rank == 0 && !quiet);
  int status = 127;
  if (const pid_t pid = start(command, log); pid > 0) {
    for (;;) {
      int raw = 0;
      const pid_t ended = waitpid(pid, &raw, WNOHANG);
      if (ended == pid) {
        status = exit_status(raw);
        break;
      }
      if (ended < 0 && errno != EINTR) break;
      summary.tick();
      usleep(50 * 1000);
    }
  }

  std::vector<int> statuses(rank == 0 ? size : 0);
  MPI_Request gathered;
  MPI_Igather(&status, 1, MPI_INT, statuses.data(), 1, MPI_INT, 0, MPI_COMM_WORLD, &gathered);
  wait_without_spinning(gathered, [&] { summary.tick(); });
  summary.finish();
  std::remove(progress.c_str());
  std::remove((progress + ".tmp").c_str());
  if (status == 0 && !log.empty()) std::remove(log.c_str());

  int merged = 0;
  if (rank == 0) {
    for (int r = 0; r < size; ++r) {
      if (statuses[static_cast<std::size_t>(r)] == 0) continue;
      merged = std::max(merged, statuses[static_cast<std::size_t>(r)]);
      std::cerr << "hetcoll-mpi: rank " << r << " failed (exit status " << statuses[static_cast<std::size_t>(r)] << ")"
                << (r == 0 ? "; its messages are above" : "; its messages are in " + output + ".rank" + std::to_string(r) + ".log")
                << '\n';
    }
    if (merged == 0) {
      // merge checks the parts against each other through their manifests, writes the merged
      // manifest, and removes the parts with their raw, trace and unit results.
      std::vector<std::string> merge{hetcoll, "merge"};
      for (int r = 0; r < size; ++r) merge.push_back(output + ".rank" + std::to_string(r));
      for (const std::string& a : {std::string("--output"), output, std::string("--remove-parts")}) merge.push_back(a);
      merged = 127;
      if (const pid_t pid = start(merge, ""); pid > 0) {
        int raw = 0;
        while (waitpid(pid, &raw, 0) < 0 && errno == EINTR) {
        }
        merged = exit_status(raw);
      }
    }
  }
  MPI_Request told;
  MPI_Ibcast(&merged, 1, MPI_INT, 0, MPI_COMM_WORLD, &told);
  wait_without_spinning(told, [] {});
  MPI_Finalize();
  return merged;
}
