// Schedules executed by the engines (issue: "with T = 1, the simulated makespan is 1 to 1e-9 and
// the load processed is ρ; the model engine gives the same figures"). SimGrid runs in forked
// children, since it allows one engine per process.
#include <gtest/gtest.h>

#include "algorithms/divisible/support/divisible_family.hpp"
#include "algorithms/divisible/divisible_harness.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "platform/simgrid_xml.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

constexpr double kTight = 1e-9;
// Per algorithm and replication: the throughput, then the metrics (normalized, enrolled, root).
const std::size_t kWidth = 1 + divisible_family().metrics().size();

using test::unit_values;

/// The star replication r of the scenario's first point runs on, rebuilt from the seed.
Star star_of(const Scenario& s, std::uint64_t r) {
  const Point point = expand_points(s).front();
  auto value = [&](const char* key) { return point.values[s.family->parameter_index(key)]; };
  const std::vector<double>& c = point.lists[s.family->parameter_index("c")];
  if (!c.empty()) return {c, point.lists[s.family->parameter_index("d")], point.lists[s.family->parameter_index("w")]};
  const std::uint64_t seed = point_seed(s.seed, s.family->parameters(), point, !s.platform.empty());  // as the driver
  return draw_star(static_cast<int>(value("workers")), value("c-mean"), value("c-mean") * value("wc-ratio"),
                   value("spread"), value("z"), RandomStream(seed, r));
}

void expect_engines_end_at_t(const std::vector<std::string>& args) {
  const WorkDir dir("hetcoll-divisible");
  const Scenario s = resolve_run_arguments(args);
  const std::vector<double> model = unit_values(s, "model", dir), simgrid = unit_values(s, "simgrid", dir);
  const std::size_t algorithms = s.algorithms.size();
  ASSERT_EQ(model.size(), s.replications * algorithms * kWidth);
  ASSERT_EQ(simgrid.size(), model.size());
  const PortModel port = s.texts[s.family->parameter_index("port")] == "one-port" ? PortModel::one_port
                                                                                 : PortModel::two_port;
  for (std::uint64_t r = 0; r < s.replications; ++r)
    for (std::size_t a = 0; a < algorithms; ++a) {
      const std::size_t at = (r * algorithms + a) * kWidth;
      SolveOptions options;
      options.port = port;
      for (double v : s.lists[s.family->parameter_index("send-order")]) options.send_order.push_back(int(v) - 1);
      for (double v : s.lists[s.family->parameter_index("return-order")]) options.return_order.push_back(int(v) - 1);
      const double load = test::schedule_of(divisible_algorithms().at(s.algorithms[a]), star_of(s, r), options).load();
      // ρ = load / makespan: equal to the load exactly when the makespan is T = 1.
      EXPECT_NEAR(model[at] / load, 1.0, kTight) << s.algorithms[a] << " replication " << r;
      EXPECT_NEAR(simgrid[at] / load, 1.0, kTight) << s.algorithms[a] << " replication " << r;
      EXPECT_NEAR(simgrid[at] / model[at], 1.0, kTight) << s.algorithms[a];
      EXPECT_EQ(simgrid[at + 1], model[at + 1]);
      EXPECT_EQ(simgrid[at + 2], model[at + 2]);
    }
}

/// Every planner of the table (self-scheduling plans no schedule for T = 1).
std::string planner_names() {
  std::string names;
  for (const DivisibleAlgorithm& a : test::planners()) names += (names.empty() ? "" : " ") + a.name();
  return names;
}

TEST(DivisibleExecution, Figure3StarEndsAtTOnSimgridAndTheModelEngineUnderBothPorts) {
  for (const char* port : {"two-port", "one-port"})
    expect_engines_end_at_t({"--family", "divisible", "--algorithms", planner_names(), "--c", "1,2,1", "--d", "1,3,1",
                             "--w", "2,3,4", "--port", port,
                             "--send-order", "1,3,2", "--return-order", "2,3,1", "--replications", "1"});
}

TEST(DivisibleExecution, RandomStarsEndAtTOnSimgridAndTheModelEngine) {
  expect_engines_end_at_t({"--family", "divisible", "--algorithms", "opt-fifo opt-lifo fifo-inc-c fifo-inc-w lp",
                           "--workers", "25", "--z", "0.8", "--wc-ratio", "3", "--replications", "4", "--seed", "5"});
  expect_engines_end_at_t({"--family", "divisible", "--algorithms", "opt-fifo opt-lifo fifo-inc-w", "--workers", "12",
                           "--z", "1.7", "--wc-ratio", "0.2", "--port", "one-port", "--replications", "3"});
}

/// Five workers without latency, written to `file`, and read back as the family reads it with
/// load units of `message` bytes.
Star five_worker_file(const std::string& file, double message) {
  const Platform built = star_platform({{1, 2, 1, 3, 2}, {1, 3, 1, 2, 2}, {2, 3, 4, 2, 5}});
  write_simgrid_xml_file(built, file);
  Platform p = built;
  const int n = built.host_count();
  p.route_table.resize(static_cast<std::size_t>(n) * n);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) p.route_table[a * n + b] = a == b ? RouteCost{} : built.route(a, b);
  StarRates rates;
  return star_from_routes(p, 5, message, 1.0, 1.0, rates);
}

// Key `message`: on a file, c_i = message / bandwidth and d_i = z·message / bandwidth, so twice
// the bytes per unit is twice every c_i and d_i; with w_i doubled too (wc-ratio), every cost
// doubles and, without latency, every algorithm's throughput in load units halves.
TEST(DivisibleMessage, DoublingTheMessageDoublesCAndDAndHalvesEveryAlgorithmsThroughput) {
  const WorkDir dir("hetcoll-divisible");
  const std::string file = dir.path() + "/five.xml";
  const Star one = five_worker_file(file, 1e12), two = five_worker_file(file, 2e12);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(two.c[i], 2 * one.c[i]);
    EXPECT_EQ(two.d[i], 2 * one.d[i]);
    EXPECT_EQ(two.w[i], one.w[i]);
  }
  std::string every;
  std::size_t count = 0;
  for (const DivisibleAlgorithm& a : test::planners()) every += (count++ ? " " : "") + a.name();
  auto run = [&](const char* message, const char* wc_ratio) {
    const Scenario s =
        resolve_run_arguments({"--family", "divisible", "--algorithms", every, "--platform", file, "--workers", "5",
                               "--message", message, "--wc-ratio", wc_ratio, "--replications", "1"});
    return unit_values(s, "model", dir);
  };
  const std::vector<double> base = run("1000000000000", "1"), doubled = run("2000000000000", "2");
  ASSERT_EQ(base.size(), count * kWidth);
  ASSERT_EQ(doubled.size(), base.size());
  std::size_t a = 0;
  for (const DivisibleAlgorithm& algorithm : test::planners()) {
    EXPECT_GT(base[a * kWidth], 0) << algorithm.name();
    EXPECT_NEAR(doubled[a * kWidth] / base[a * kWidth], 0.5, kTight) << algorithm.name();
    EXPECT_EQ(doubled[a * kWidth + 2], base[a * kWidth + 2]) << algorithm.name();  // the same workers enrolled
    ++a;
  }
}

// The default load unit on a file is a fixed 8388608 bytes (8 MiB), not the file's fastest link:
// the same figures as `message = 8388608`, and c_i = 8388608 / bandwidth.
TEST(DivisibleMessage, TheDefaultUnitOnAFileIs8MiB) {
  const WorkDir dir("hetcoll-divisible");
  const std::string file = dir.path() + "/five.xml";
  const Star read = five_worker_file(file, kDefaultDivisibleMessage);
  EXPECT_EQ(kDefaultDivisibleMessage, 8388608);
  const double c[] = {1, 2, 1, 3, 2};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(read.c[i], 8388608 / (kStarUnit / c[i]));
  std::vector<std::string> args = {"--family", "divisible", "--algorithms", "opt-fifo opt-lifo", "--platform", file,
                                   "--workers", "5", "--replications", "1"};
  const Scenario implicit = resolve_run_arguments(args);
  EXPECT_EQ(expand_points(implicit).front().values[implicit.family->parameter_index("message")], 8388608);
  args.insert(args.end(), {"--message", "8388608"});
  const std::vector<double> by_default = unit_values(implicit, "model", dir),
                            explicit_ = unit_values(resolve_run_arguments(args), "model", dir);
  EXPECT_EQ(by_default, explicit_);
  // A unit of 1e12 B gives the star as written (c = 1 on a 1e12 B/s link): smaller units cost
  // less to send, so more of them go through in T.
  args.back() = "1000000000000";
  const std::vector<double> terabyte = unit_values(resolve_run_arguments(args), "model", dir);
  EXPECT_GT(by_default[0], terabyte[0]);
}

TEST(DivisibleExecution, AStarReadFromAPlatformFileEndsAtTOnBothEngines) {
  // Figure 3's star written as XML; with a load unit of 1e12 bytes (key `message`) costs are read
  // back relative to 1e12 B/s and the fastest host, 1e12 flop/s here, so the star and its
  // throughputs come back.
  const WorkDir dir("hetcoll-divisible");
  const std::string file = dir.path() + "/figure3.xml";
  write_simgrid_xml_file(star_platform({{1, 2, 1}, {1, 3, 1}, {2, 3, 4}}), file);
  const Scenario s =
      resolve_run_arguments({"--family", "divisible", "--algorithms", "opt-fifo opt-lifo optimal", "--platform", file,
                             "--workers", "3", "--message", "1000000000000", "--replications", "1"});
  const Star read = [&] {
    const Platform built = star_platform({{1, 2, 1}, {1, 3, 1}, {2, 3, 4}});
    Platform p = built;
    p.route_table.resize(16);
    for (int a = 0; a < 4; ++a)
      for (int b = 0; b < 4; ++b) p.route_table[a * 4 + b] = a == b ? RouteCost{} : built.route(a, b);
    StarRates rates;
    return star_from_routes(p, 3, 1e12, 1.0, 1.0, rates);
  }();
  // A unit is 1e12 B, so c = 1 on a 1e12 B/s link; the fastest host is p0 (1e12 flop/s).
  EXPECT_EQ(read.c, (std::vector<double>{1, 2, 1}));
  EXPECT_EQ(read.d, (std::vector<double>{1, 3, 1}));
  EXPECT_EQ(read.w, (std::vector<double>{2, 3, 4}));
  const std::vector<double> model = unit_values(s, "model", dir), simgrid = unit_values(s, "simgrid", dir);
  ASSERT_EQ(model.size(), 3 * kWidth);
  ASSERT_EQ(simgrid.size(), model.size());
  const double expected[] = {3.0 / 8, 3.0 / 8, 7.0 / 18};
  for (std::size_t a = 0; a < 3; ++a) {
    EXPECT_NEAR(model[a * kWidth], expected[a], kTight) << s.algorithms[a];
    EXPECT_NEAR(simgrid[a * kWidth], expected[a], kTight) << s.algorithms[a];
  }
}

TEST(DivisibleExecution, EveryOperationRespectsTheOrdersAndDependenciesOfItsSchedule) {
  RandomStream random(31);
  for (PortModel port : {PortModel::two_port, PortModel::one_port})
    for (int trial = 0; trial < 10; ++trial) {
      const Star star = test::random_star(random, 5, trial % 2 ? 0.6 : 1.6);
      for (const DivisibleAlgorithm& a : test::planners()) {
        SolveOptions options;
        options.port = port;
        const DivisibleSchedule s = test::schedule_of(a, star, options);
        std::vector<Completion> events;
        EXPECT_NEAR(test::run_on_model(star, s, port, &events), 1.0, kTight) << a.name();
        std::vector<double> received(5, -1), computed(5, -1);
        std::vector<int> sends, returns;
        double last_send = 0, first_return = 1e300;
        for (const Completion& e : events) {
          const Activity& x = e.activity;
          if (x.kind == ActivityKind::compute) {
            computed[x.host - 1] = e.end;
            EXPECT_GE(e.start, received[x.host - 1] - kTight) << "computes after its data arrived";
            EXPECT_NEAR(e.end - e.start, s.alpha[x.host - 1] * star.w[x.host - 1], kTight);
          } else if (x.host == 0) {
            sends.push_back(x.peer - 1);
            received[x.peer - 1] = e.end;
            last_send = std::max(last_send, e.end);
            EXPECT_NEAR(e.end - e.start, s.alpha[x.peer - 1] * star.c[x.peer - 1], kTight);
          } else {
            returns.push_back(x.host - 1);
            first_return = std::min(first_return, e.start);
            EXPECT_GE(e.start, computed[x.host - 1] - kTight) << "returns after computing";
            EXPECT_NEAR(e.end - e.start, s.alpha[x.host - 1] * star.d[x.host - 1], kTight);
          }
        }
        EXPECT_EQ(sends, s.send) << a.name();
        EXPECT_EQ(returns, s.ret) << a.name();
        if (port == PortModel::one_port) EXPECT_GE(first_return, last_send - kTight) << a.name();
      }
    }
}

// A planner's policy is built once per point and reads the runner's star through its setup: it
// must solve and plan again when the instance moves (a random star's next replication), and
// only then.
TEST(DivisibleExecution, APlannerSolvesAndPlansAgainWhenTheInstanceMovesAndOnlyThen) {
  RandomStream random(47);
  const Star first = test::random_star(random, 4, 0.7), second = test::random_star(random, 4, 1.4);
  for (const DivisibleAlgorithm& a : test::planners()) {
    test::OwnedInstance instance(first);
    const std::unique_ptr<DivisiblePolicy> policy = a.make(instance.setup());
    const DivisibleSchedule planned = test::schedule_of(a, first, SolveOptions{});
    EXPECT_EQ(policy->load(), planned.load()) << a.name();
    EXPECT_EQ(policy->enrolled(), planned.enrolled()) << a.name();
    EXPECT_NEAR(run_single(*make_model_engine(star_platform(first)), *policy), 1.0, kTight) << a.name();
    instance = test::OwnedInstance(second);
    instance.instance = 1;
    EXPECT_EQ(policy->load(), planned.load()) << a.name() << ": solved again for an instance that did not move";
    ++instance.instance;
    const DivisibleSchedule moved = test::schedule_of(a, second, SolveOptions{});
    ASSERT_NE(moved.load(), planned.load()) << a.name() << ": the two stars must tell the schedules apart";
    EXPECT_EQ(policy->load(), moved.load()) << a.name();
    EXPECT_EQ(policy->schedule()->send, moved.send) << a.name();
    // Planned again too: the schedules of this star end at T = 1 on its platform.
    EXPECT_NEAR(run_single(*make_model_engine(star_platform(second)), *policy), 1.0, kTight) << a.name();
  }
}

}  // namespace
}  // namespace hetcoll
