// Schedules executed by the engines (issue: "with T = 1, the simulated makespan is 1 to 1e-9 and
// the load processed is ρ; the model engine gives the same figures"). SimGrid runs in forked
// children, since it allows one engine per process.
#include <gtest/gtest.h>

#include "algorithms/divisible/divisible_harness.hpp"
#include "driver/scenario_parser.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "platform/simgrid_xml.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

constexpr double kTight = 1e-9;
constexpr std::size_t kWidth = 3;  // throughput, normalized, enrolled

/// Values of one unit (all replications of the first point), computed by `engine` in a child.
std::vector<double> unit_values(Scenario scenario, const std::string& engine, const WorkDir& dir) {
  scenario.engine = engine;
  return test_support::unit_values_in_child(scenario, expand_points(scenario).front(), dir.path());
}

/// The star replication r of the scenario's first point runs on, rebuilt from the seed.
Star star_of(const Scenario& s, std::uint64_t r) {
  const Point point = expand_points(s).front();
  auto value = [&](const char* key) { return point.values[s.family->parameter_index(key)]; };
  const std::vector<double>& c = point.lists[s.family->parameter_index("c")];
  if (!c.empty()) return {c, point.lists[s.family->parameter_index("d")], point.lists[s.family->parameter_index("w")]};
  return draw_star(static_cast<int>(value("workers")), value("c-mean"), value("c-mean") * value("wc-ratio"),
                   value("spread"), value("z"), derive_seed(point_seed(s.seed, point), {r}));
}

void expect_engines_end_at_t(const std::vector<std::string>& args) {
  const WorkDir dir("hetcoll-divisible");
  const Scenario s = parse_run_arguments(args);
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
      const double load = solve_divisible(divisible_algorithms().at(s.algorithms[a]), star_of(s, r), options).load();
      // ρ = load / makespan: equal to the load exactly when the makespan is T = 1.
      EXPECT_NEAR(model[at] / load, 1.0, kTight) << s.algorithms[a] << " replication " << r;
      EXPECT_NEAR(simgrid[at] / load, 1.0, kTight) << s.algorithms[a] << " replication " << r;
      EXPECT_NEAR(simgrid[at] / model[at], 1.0, kTight) << s.algorithms[a];
      EXPECT_EQ(simgrid[at + 1], model[at + 1]);
      EXPECT_EQ(simgrid[at + 2], model[at + 2]);
    }
}

TEST(DivisibleExecution, Figure3StarEndsAtTOnSimgridAndTheModelEngineUnderBothPorts) {
  for (const char* port : {"two-port", "one-port"})
    expect_engines_end_at_t({"--family", "divisible", "--c", "1,2,1", "--d", "1,3,1", "--w", "2,3,4", "--port", port,
                             "--send-order", "1,3,2", "--return-order", "2,3,1", "--replications", "1"});
}

TEST(DivisibleExecution, RandomStarsEndAtTOnSimgridAndTheModelEngine) {
  expect_engines_end_at_t({"--family", "divisible", "--algorithms", "opt-fifo opt-lifo fifo-inc-c fifo-inc-w lp",
                           "--workers", "25", "--z", "0.8", "--wc-ratio", "3", "--replications", "4", "--seed", "5"});
  expect_engines_end_at_t({"--family", "divisible", "--algorithms", "opt-fifo opt-lifo fifo-inc-w", "--workers", "12",
                           "--z", "1.7", "--wc-ratio", "0.2", "--port", "one-port", "--replications", "3"});
}

TEST(DivisibleExecution, AStarReadFromAPlatformFileEndsAtTOnBothEngines) {
  // Figure 3's star written as XML; costs are read back relative to the file's fastest link and
  // host, which are 1e12 B/s and 1e12 flop/s here, so the star and its throughputs come back.
  const WorkDir dir("hetcoll-divisible");
  const std::string file = dir.path() + "/figure3.xml";
  write_simgrid_xml_file(star_platform({{1, 2, 1}, {1, 3, 1}, {2, 3, 4}}), file);
  const Scenario s = parse_run_arguments({"--family", "divisible", "--algorithms", "opt-fifo opt-lifo optimal",
                                          "--platform", file, "--workers", "3", "--replications", "1"});
  const Star read = [&] {
    const Platform built = star_platform({{1, 2, 1}, {1, 3, 1}, {2, 3, 4}});
    Platform p = built;
    p.route_table.resize(16);
    for (int a = 0; a < 4; ++a)
      for (int b = 0; b < 4; ++b) p.route_table[a * 4 + b] = a == b ? RouteCost{} : built.route(a, b);
    StarRates rates;
    return star_from_routes(p, 3, 1.0, 1.0, rates);
  }();
  // The fastest link is the master's (1e12 B/s, as c = 1), the fastest host p0 (1e12 flop/s).
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
      for (const DivisibleAlgorithm& a : divisible_algorithms()) {
        SolveOptions options;
        options.port = port;
        const DivisibleSchedule s = solve_divisible(a, star, options);
        std::vector<Completion> events;
        EXPECT_NEAR(test::run_on_model(star, s, port, &events), 1.0, kTight) << a.name;
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
        EXPECT_EQ(sends, s.send) << a.name;
        EXPECT_EQ(returns, s.ret) << a.name;
        if (port == PortModel::one_port) EXPECT_GE(first_return, last_send - kTight) << a.name;
      }
    }
}

}  // namespace
}  // namespace hetcoll
