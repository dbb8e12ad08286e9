// The `schedule` family (docs/schedule.md): its settings read the GOAL file's header only
// (num_ranks, the point's hosts); its runner reads the whole file once per work unit and compiles
// it to a plan, or, with wildcard receives, prepares the program that matches as it runs.
#include "algorithms/schedule/support/schedule_family.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "algorithms/amount_limits.hpp"
#include "algorithms/schedule/support/goal_plan.hpp"
#include "algorithms/schedule/support/goal_program.hpp"
#include "algorithms/schedule/support/goal_reader.hpp"
#include "algorithms/schedule/support/rank_finish_policy.hpp"
#include "algorithms/schedule/support/registry.hpp"
#include "core/error.hpp"

namespace hetcoll {

ScheduleKeys::ScheduleKeys()
    : cv(table.number("cv", "coefficient of variation of every message and calc as executed: its bytes or flops "
                            "times a gamma draw of mean 1 (0: the file's amounts)",
                      0)
             .sweep()
             .zero_or_at_least(kSmallestCv)
             .at_most(kLargestCv)
             .same_draws()) {
  table.set_columns({cv, rank});
}

const ScheduleKeys& schedule_keys() {
  static const ScheduleKeys keys;
  return keys;
}

namespace {

const ScheduleKeys& keys() { return schedule_keys(); }

/// Bytes a work unit holds per byte of GOAL text: the operations read, the compiler's tables
/// and the plan (docs/schedule.md, "Scale").
constexpr double kMemoryPerFileByte = 4;

struct ScheduleSettings final : PointSettings {
  std::string goal;  // "": the built-in schedule
  CalcUnit unit = CalcUnit::seconds;
  double cv = 0;
  int rank = -1;
};

class ScheduleRunner final : public PointRunner {
 public:
  ScheduleRunner(const ScheduleSettings& s, const std::vector<std::string>& algorithms, const Platform& platform) {
    GoalSchedule schedule = read_goal(s.goal);
    const int ranks = schedule.ranks;
    std::vector<double> speeds;
    speeds.reserve(static_cast<std::size_t>(schedule.ranks));
    for (int r = 0; r < schedule.ranks; ++r) speeds.push_back(platform.hosts[static_cast<std::size_t>(r)].speed);
    ScheduleSetup setup;
    if (schedule.wildcards) {
      program_ = prepare_goal_program(std::move(schedule), s.unit, speeds);
      setup.program = &program_;
    } else {
      plan_ = compile_goal(schedule, s.unit, speeds);
      setup.plan = &plan_;
    }
    setup.replication = &replication_;
    noise_ = Noise{s.cv, true, true, kMaxAmount};
    rank_ = s.rank;
    for (const std::string& name : algorithms)
      policies_.push_back(std::make_unique<RankFinishPolicy>(schedule_algorithms().at(name).make(setup), ranks));
  }

  Noise noise() const override { return noise_; }
  Policy* policy(std::size_t algorithm, std::uint64_t replication, std::vector<LinkSetting>&) override {
    replication_ = replication;
    return policies_[algorithm].get();
  }
  void record(std::size_t algorithm, double makespan, double* metrics) override {
    const std::vector<double>& finish = policies_[algorithm]->finishes();
    metrics[0] = makespan;
    metrics[1] = static_cast<double>(std::max_element(finish.begin(), finish.end()) - finish.begin());
    metrics[2] = *std::min_element(finish.begin(), finish.end());
    metrics[3] = rank_ < 0 ? makespan : finish[static_cast<std::size_t>(rank_)];
  }

 private:
  Plan plan_;             // a schedule without wildcards
  GoalProgram program_;  // a schedule with wildcards
  std::uint64_t replication_ = 0;
  Noise noise_;
  int rank_ = -1;  // key rank
  std::vector<std::unique_ptr<RankFinishPolicy>> policies_;
};

class ScheduleFamily final : public Family {
 public:
  const FamilyInfo& info() const override {
    static const FamilyInfo info{
        "schedule",
        "any schedule as data: a GOAL file (LogGOPSim's format) run on any platform, sends matched to receives "
        "by source and tag (in file order; in posting order where a receive takes any source or tag)",
        "makespan of the schedule (s)",
        {},
        {{"last_rank", "the rank that finished last (its last send, receive or calc ended last; the lowest among ties)",
          {"same"}},
         {"first_finish", "the earliest finish of a rank (s): when the first rank had ended all its operations "
                          "(0 for a rank without any)",
          {"mean"}},
         {"rank_finish", "the finish of the rank key 'rank' names (s): when it had ended all its operations (-1: the "
                         "last rank's, the makespan)",
          {"mean", "stddev", "stderr", "q10", "q50", "q90"}}},
        {}};
    return info;
  }
  const KeyTable& key_table() const override { return keys().table; }
  const std::vector<AlgorithmInfo>& algorithms() const override { return schedule_algorithms().infos(); }

  std::unique_ptr<const PointSettings> settings(const Point& point, const PointContext& /*context*/) const override {
    auto s = std::make_unique<ScheduleSettings>();
    s->goal = point[keys().goal];
    s->unit = point[keys().calc_unit] == "flops" ? CalcUnit::flops : CalcUnit::seconds;
    s->cv = point[keys().cv];
    // The header alone: the whole file is read once per work unit, by the runner.
    s->hosts = read_goal_ranks(s->goal);
    s->rank = static_cast<int>(point[keys().rank]);
    if (s->rank >= s->hosts)
      throw InputError("key 'rank' = " + std::to_string(s->rank) + ": " + (s->goal.empty() ? std::string("the built-in schedule") : s->goal) + " has " + std::to_string(s->hosts) +
                       " ranks (0 to " + std::to_string(s->hosts - 1) + "), or -1 for the last to finish");
    std::error_code error;
    const auto bytes = s->goal.empty() ? 0 : std::filesystem::file_size(s->goal, error);
    if (!error) s->unit_memory = kMemoryPerFileByte * static_cast<double>(bytes);
    return s;
  }

  std::unique_ptr<PointRunner> prepare(const PointSettings& settings, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t /*seed*/,
                                       Probe& /*probe*/) const override {
    return std::make_unique<ScheduleRunner>(static_cast<const ScheduleSettings&>(settings), algorithms, platform);
  }
};

}  // namespace

const Family& schedule_family() {
  static const ScheduleFamily family;
  return family;
}

}  // namespace hetcoll
