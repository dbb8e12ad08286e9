/// @file mpi_launcher.cpp
/// @brief `hetcoll-mpi`: spreads one sweep over MPI ranks and merges it into the file a single
/// run would have written.
///
///   mpirun -n 8 build/hetcoll-mpi SCENARIO.ini [--KEY VALUE ...] --output OUT.csv
///
/// Rank r runs `hetcoll run ... --shard r/N --output OUT.csv.rank<r>` as a child process; rank 0
/// then merges the parts with `hetcoll merge`. The launcher links MPI only: libsimgrid exports
/// MPI symbols of its own (SMPI), so SimGrid must never be loaded in an MPI process
/// (docs/design.md, principle 6). Results are byte-identical to a single run: shards take whole
/// points, and every work unit starts a fresh engine whatever rank runs it.
#include <fcntl.h>
#include <mpi.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

extern char** environ;

namespace {

/// Runs `args` (args[0] is the program) and returns its exit status (127 if it could not run).
/// With `log`, the child's stderr goes to that file instead of the terminal.
int run(const std::vector<std::string>& args, const std::string& log = "") {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!log.empty()) posix_spawn_file_actions_addopen(&actions, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return 127;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return 127;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/// The hetcoll binary beside this launcher.
std::string sibling_hetcoll() {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string path = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : std::string("./hetcoll-mpi");
  return path.substr(0, path.find_last_of('/') + 1) + "hetcoll";
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
    } else args.push_back(a);
  }
  if (output.empty() || output == "-") {
    if (rank == 0) std::cerr << "hetcoll-mpi: command line: --output expects a file (the merged CSV)\n";
    MPI_Finalize();
    return 2;
  }

  const std::string hetcoll = sibling_hetcoll();
  const std::string part = output + ".rank" + std::to_string(rank);
  std::vector<std::string> command{hetcoll, "run"};
  command.insert(command.end(), args.begin(), args.end());
  for (const std::string& a : {std::string("--shard"), std::to_string(rank) + "/" + std::to_string(size),
                               std::string("--output"), part})
    command.push_back(a);
  // Rank 0 speaks for all: the others run quietly and keep their stderr in a log, which is
  // removed unless that rank failed (then rank 0 points to it).
  const std::string log = rank == 0 ? "" : part + ".log";
  if (rank != 0) command.push_back("--quiet");
  const int status = run(command, log);
  if (status == 0 && !log.empty()) std::remove(log.c_str());

  int worst = 0;
  MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  int merged = worst;
  if (rank == 0 && worst != 0 && status == 0)
    std::cerr << "hetcoll-mpi: a rank failed; its messages are in " << output << ".rank<r>.log\n";
  if (rank == 0 && worst == 0) {
    // merge checks the parts against each other through their manifests, writes the merged
    // manifest, and removes the parts with their raw and trace shards.
    std::vector<std::string> merge{hetcoll, "merge"};
    for (int r = 0; r < size; ++r) merge.push_back(output + ".rank" + std::to_string(r));
    for (const std::string& a : {std::string("--output"), output, std::string("--remove-parts")}) merge.push_back(a);
    merged = run(merge);
  }
  MPI_Bcast(&merged, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return merged;
}
