/// @file test_rank_programs_against_smpi.cpp
/// @brief RankProgram's semantics against SMPI itself (docs/smpi.md): two broadcasts and two
/// reductions of SMPI written here as rank programs, run through PlanPolicy on both engines and
/// by smpirun on the same file and hosts, must end at the same date within 1 %. Between them
/// they exercise what RankProgram models of SMPI: sends below the detached threshold that
/// release their rank at once (flat tree's root, binomial's inner ranks), larger ones that hold
/// it until their transfer ends, transfers that wait for a receive posted late (the linear
/// reduction's root takes one sender after the other), the 16-byte envelope, and a sender's
/// concurrent sends sharing its link.
#include <gtest/gtest.h>

#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "engine/engine_factory.hpp"
#include "engine/plan.hpp"
#include "engine/rank_program.hpp"
#include "smpi/smpi_check.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

/// Every message carries SMPI's envelope, and the detached threshold applies to the user's
/// bytes, so it moves up by the envelope in the costs RankProgram compares.
constexpr double kDetachedBelow = kSmpiDetachedBelowBytes + kSmpiEnvelopeBytes;

/// SMPI's `flattree` (Open MPI's basic linear broadcast): the root posts a send to every other
/// rank in rank order, then waits for all of them; every other rank receives from the root.
RankProgram flat_tree(int ranks, double bytes) {
  const double cost = bytes + kSmpiEnvelopeBytes;
  RankProgram program(ranks, kDetachedBelow);
  std::vector<RankProgram::Request> sends;
  for (int r = 1; r < ranks; ++r) sends.push_back(program.isend(0, r, cost));
  program.waitall(0, sends);
  for (int r = 1; r < ranks; ++r) program.recv(r, 0, cost);
  return program;
}

/// SMPI's `binomial_tree` (MPICH's binomial broadcast, root 0): rank v receives from v minus
/// its lowest set bit, then sends with blocking sends to v + 2^k for every 2^k below that bit,
/// the farthest first.
RankProgram binomial_tree(int ranks, double bytes) {
  const double cost = bytes + kSmpiEnvelopeBytes;
  RankProgram program(ranks, kDetachedBelow);
  for (int v = 0; v < ranks; ++v) {
    int mask = 1;
    while (mask < ranks && (v & mask) == 0) mask <<= 1;
    if (v != 0) program.recv(v, v - mask, cost);
    for (mask >>= 1; mask > 0; mask >>= 1)
      if (v + mask < ranks) program.send(v, v + mask, cost);
  }
  return program;
}

/// SMPI's reduce `ompi_basic_linear` (Open MPI's linear reduction, root 0): the root receives
/// from rank p − 1, then p − 2, ..., 1, one after the other (⊕ takes no time in SMPI); every
/// other rank sends with one blocking send. Its senders post at once and the root late: a
/// transfer waits for its receive, detached or not.
RankProgram linear_reduce(int ranks, double bytes) {
  const double cost = bytes + kSmpiEnvelopeBytes;
  RankProgram program(ranks, kDetachedBelow);
  for (int r = ranks - 1; r > 0; --r) program.recv(0, r, cost);
  for (int r = 1; r < ranks; ++r) program.send(r, 0, cost);
  return program;
}

/// SMPI's reduce `binomial` (MPICH's binomial reduction, root 0, commutative ⊕): for each bit
/// from the lowest, a rank without it receives from the rank that has it (if any), a rank with
/// it sends its partial result to the rank without it and stops. Receives are posted one at a
/// time, so a subtree's send waits for its parent to get there.
RankProgram binomial_reduce(int ranks, double bytes) {
  const double cost = bytes + kSmpiEnvelopeBytes;
  RankProgram program(ranks, kDetachedBelow);
  for (int v = 0; v < ranks; ++v)
    for (int mask = 1; mask < ranks; mask <<= 1) {
      if ((v & mask) != 0) {
        program.send(v, v & ~mask, cost);
        break;
      }
      if ((v | mask) < ranks) program.recv(v, v | mask, cost);
    }
  return program;
}

struct Builder {
  const char* collective;  // SMPI's word: bcast or reduce
  const char* smpi;
  RankProgram (*program)(int, double);
};
const Builder kBuilders[] = {{"bcast", "flattree", flat_tree},
                             {"bcast", "binomial_tree", binomial_tree},
                             {"reduce", "ompi_basic_linear", linear_reduce},
                             {"reduce", "binomial", binomial_reduce}};

/// The makespan of `plan` on `engine` over the first `ranks` hosts of `platform` (costs in
/// bytes), in a forked child: SimGrid runs one engine per process.
double engine_time(const std::string& engine, const smpi_check::CheckPlatform& platform, int ranks,
                   const Plan& plan, const WorkDir& dir) {
  return test_support::values_in_child(dir.path(), [&] {
           alarm(60);
           EngineRequest request;
           request.engine = engine;
           request.platform_file = platform.file;
           request.hosts.assign(platform.hosts.begin(), platform.hosts.begin() + ranks);
           request.host_count = ranks;
           const std::unique_ptr<EngineRun> run = open_engine(request);
           PlanPolicy policy(plan, CostScale{1, 1}, nullptr);
           return std::vector<double>{run_single(run->engine(), policy)};
         })
      .at(0);
}

}  // namespace

TEST(SmpiCheck, RankProgramsOfLinearAndBinomialBroadcastsAndReductionsEndWhenSmpiSays) {
  const smpi_check::Smpi& smpi = smpi_check::Smpi::get();
  if (!smpi.missing().empty()) GTEST_SKIP() << smpi.missing();
  const WorkDir dir("hetcoll-smpi-test");
  std::vector<smpi_check::Comparison> rows;
  for (const Builder& builder : kBuilders)
    for (const smpi_check::CheckPlatform& platform : smpi_check::platforms())
      for (int ranks : smpi_check::kRanks)
        for (double bytes : smpi_check::kBytes) {
          smpi_check::Comparison c;
          c.algorithm = std::string("rank program [") + builder.collective + ":" + builder.smpi + "]";
          c.platform = platform.name;
          c.ranks = ranks;
          c.bytes = bytes;
          c.smpi = smpi.time(builder.collective, builder.smpi, platform, ranks, bytes, c.error);
          const Plan plan = builder.program(ranks, bytes).plan();
          c.simgrid = engine_time("simgrid", platform, ranks, plan, dir);
          c.model = engine_time("model", platform, ranks, plan, dir);
          rows.push_back(c);
        }
  smpi_check::report("RankProgram against SMPI (smpirun --cfg=smpi/<collective>:<name>), root 0", rows);
}

}  // namespace hetcoll
