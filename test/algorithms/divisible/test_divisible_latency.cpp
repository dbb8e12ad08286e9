// The affine model (docs/divisible.md, "Latency"): every message costs a start-up L_i (L'_i for
// the return) plus its bytes. The LP of a pair of orders stays an LP and is exact for them; the
// closed forms are its zero-latency case; workers without load send nothing; schedules end at
// their LP length on both engines, on stars written to files and on the two-site platform.
#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/divisible/support/divisible_family.hpp"
#include "algorithms/divisible/divisible_harness.hpp"
#include "core/error.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

using test::solve;

constexpr double kTight = 1e-9;
// Per algorithm and replication: the throughput, then the metrics (normalized, enrolled, root).
const std::size_t kWidth = 1 + divisible_family().metrics().size();

std::string every_algorithm() {
  std::string names;
  for (const DivisibleAlgorithm& a : test::planners()) names += (names.empty() ? "" : " ") + a.name();
  return names;
}

// ---------------------------------------------------------------------------------------------
// The LP against the closed forms and against brute force.

// With every L = 0 the affine LP is the paper's: OPT-FIFO's and OPT-LIFO's LP loads (best prefix
// of the c+d order) are Theorems 2 and 1.
TEST(DivisibleAffineLp, WithZeroLatencyOptFifoAndOptLifoFromTheLpEqualTheirClosedForms) {
  RandomStream random(2026);
  int checked = 0;
  for (double z : {0.0, 0.3, 0.8, 1.0, 1.5, 3.0})
    for (int p : {1, 2, 3, 5, 8, 20})
      for (int trial = 0; trial < 4; ++trial) {
        Star star = test::random_star(random, p, z);
        star.send_latency.assign(p, 0.0);
        star.return_latency.assign(p, 0.0);
        for (const char* name : {"opt-fifo", "opt-lifo"}) {
          const DivisibleSchedule closed = solve(name, star), affine = solve(name, star, PortModel::two_port, true);
          EXPECT_NEAR(affine.load(), closed.load(), kTight * closed.load()) << name << " z " << z << " p " << p;
          EXPECT_NEAR(schedule_length(star, affine, PortModel::two_port), 1.0, kTight) << name;
          ++checked;
        }
        // Theorem 1 holds under one-port too (its one-port row never binds).
        EXPECT_NEAR(solve("opt-lifo", star, PortModel::one_port, true).load(), solve("opt-lifo", star).load(),
                    kTight * solve("opt-lifo", star).load());
      }
  EXPECT_EQ(checked, 6 * 6 * 4 * 2);
}

// The best LP over every subset of the workers and every pair of its orders (a worker without
// load sends nothing) is the optimum of the affine model: no algorithm beats it, and `optimal`
// finds it. The latencies matter: some heuristics fall short, and the optimum leaves workers out.
TEST(DivisibleAffineLp, TheBestLpOverAllSubsetsAndPairsOfOrdersIsAtLeastEveryAlgorithm) {
  RandomStream random(48);
  int below = 0, left_out = 0, stars = 0;
  for (PortModel port : {PortModel::two_port, PortModel::one_port})
    for (int p : {2, 3, 4})
      for (int trial = 0; trial < 8; ++trial) {
        const Star star = test::random_latency_star(random, p, trial % 2 ? 0.7 : 1.4, 0.08);
        const double best = test::brute_force_subsets(star, port);
        ASSERT_GT(best, 0);
        for (const DivisibleAlgorithm& a : test::planners()) {
          SolveOptions options;
          options.port = port;
          const DivisibleSchedule s = test::schedule_of(a, star, options);
          EXPECT_LE(s.load(), best * (1 + kTight)) << a.name() << " p " << p << " trial " << trial;
          EXPECT_LE(schedule_length(star, s, port), 1 + kTight) << a.name();
          if (s.load() < best * (1 - 1e-6)) ++below;
        }
        const DivisibleSchedule optimum = solve("optimal", star, port);
        EXPECT_NEAR(optimum.load(), best, kTight * best) << "p " << p << " trial " << trial;
        if (optimum.enrolled() < p) ++left_out;
        ++stars;
      }
  EXPECT_EQ(stars, 2 * 3 * 8);
  EXPECT_GT(below, 0) << "some algorithm is below the optimum";
  EXPECT_GT(left_out, 0) << "the optimum leaves some worker out";
}

// ---------------------------------------------------------------------------------------------
// Workers without load.

// P2 has P1's costs but start-up costs of 0.25 each way. Alone, P1 gives 1/3. With P2, the best
// pair (FIFO either way) gives 5/16: 3α1 + α2 ≤ 3/4 and α1 + 3α2 ≤ 1/2. So P2 costs more than it
// brings: the optimum and OPT-FIFO/OPT-LIFO (whose prefix search drops it) leave it out and send
// it nothing, while FIFO-INC-C, which takes every worker, keeps it (two-port; under one-port
// the row Σ(L + L') + Σα(c + d) ≤ 1 caps the pair at 1/4). Without latency both work.
TEST(DivisibleAffineLp, AWorkerWhoseStartUpCostsMoreThanItBringsGetsNoLoadAndNoMessage) {
  const Star star{{1, 1}, {1, 1}, {1, 1}, {0, 0.25}, {0, 0.25}};
  for (PortModel port : {PortModel::two_port, PortModel::one_port}) {
    EXPECT_NEAR(test::brute_force_subsets(star, port), 1.0 / 3, kTight);
    for (const char* name : {"optimal", "opt-fifo", "opt-lifo"}) {
      const DivisibleSchedule s = solve(name, star, port);
      EXPECT_NEAR(s.load(), 1.0 / 3, kTight) << name;
      EXPECT_EQ(s.send, std::vector<int>{0}) << name;
      EXPECT_EQ(s.alpha[1], 0.0) << name;
      std::vector<Completion> events;
      EXPECT_NEAR(test::run_on_model(star, s, port, &events), 1.0, kTight) << name;
      EXPECT_EQ(events.size(), 3u) << name << ": P1's send, computation and return only";
      for (const Completion& e : events) EXPECT_FALSE(e.activity.host == 2 || e.activity.peer == 2) << name;
    }
  }
  const DivisibleSchedule all = solve("fifo-inc-c", star);
  EXPECT_NEAR(all.load(), 5.0 / 16, kTight);
  EXPECT_EQ(all.enrolled(), 2);
  EXPECT_NEAR(solve("optimal", Star{{1, 1}, {1, 1}, {1, 1}}).load(), 0.5, kTight);
}

// The raw LP of the LIFO pair (P1, P2 / P2, P1) on the same star gives P2 no load: row P2 reads
// 2α1 + 3α2 + 1/2 ≤ 1, so α1 = 1/4, α2 = 0. `lp` removes P2 and sends it nothing; P1 alone then
// has the whole of T: 1/3.
TEST(DivisibleAffineLp, LpRemovesAWorkerItLeavesWithoutLoadAndItsStartUpCostsGoToo) {
  const Star star{{1, 1}, {1, 1}, {1, 1}, {0, 0.25}, {0, 0.25}};
  OrderLp lp(star, PortModel::two_port);
  const std::vector<double> raw = lp.solve({0, 1}, {1, 0});
  EXPECT_NEAR(raw[0], 0.25, kTight);
  EXPECT_EQ(raw[1], 0.0);
  SolveOptions options;
  options.send_order = {0, 1};
  options.return_order = {1, 0};
  const DivisibleSchedule s = test::schedule_of(divisible_algorithms().at("lp"), star, options);
  EXPECT_EQ(s.send, std::vector<int>{0});
  EXPECT_NEAR(s.load(), 1.0 / 3, kTight);
}

// Three workers with c = d = w = 1 and L = L' = 0.3: in FIFO order (1, 2, 3) the start-up costs
// alone of every row are 1.2 > T, so the LP has no solution (solve() says so with an empty
// vector); lp_schedule removes the last worker sent, and (1, 2) gives α = 1/40 each
// (3α1 + α2 ≤ 0.1, α1 + 3α2 ≤ 0.1). P1 alone would give 2/15: the optimum and OPT-FIFO find it.
// A worker whose own start-up costs fill T (L + L' ≥ 1) never takes part.
TEST(DivisibleAffineLp, StartUpCostsThatExceedTRemoveTheLastWorkerSentAndAWorkerThatCannotFitIsLeftOut) {
  const Star star{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {0.3, 0.3, 0.3}, {0.3, 0.3, 0.3}};
  OrderLp lp(star, PortModel::two_port);
  EXPECT_TRUE(lp.solve({0, 1, 2}, {0, 1, 2}).empty());
  for (const char* name : {"lp", "fifo-inc-c"}) {
    const DivisibleSchedule s = solve(name, star);
    EXPECT_EQ(s.send, (std::vector<int>{0, 1})) << name;
    EXPECT_NEAR(s.load(), 2.0 / 40, kTight) << name;
    EXPECT_NEAR(test::run_on_model(star, s, PortModel::two_port), 1.0, kTight) << name;
  }
  for (const char* name : {"optimal", "opt-fifo", "opt-lifo"}) EXPECT_NEAR(solve(name, star).load(), 2.0 / 15, kTight);
  // Worker 1 cannot fit at all (0.6 + 0.5 ≥ 1): every algorithm leaves it out.
  const Star with_unfit{{1, 1}, {1, 1}, {1, 1}, {0.6, 0}, {0.5, 0}};
  EXPECT_EQ(workers_that_fit(with_unfit, {0, 1}), std::vector<int>{1});
  for (const DivisibleAlgorithm& a : test::planners()) {
    const DivisibleSchedule s = test::schedule_of(a, with_unfit, SolveOptions{});
    EXPECT_EQ(s.send, std::vector<int>{1}) << a.name();
    EXPECT_NEAR(s.load(), 1.0 / 3, kTight) << a.name();
  }
}

// ---------------------------------------------------------------------------------------------
// Execution: every message takes L + α·c, the master sends one message at a time and receives
// one at a time (one-port: all sends before the first return), and the plan ends at the LP's
// length, which is T.

TEST(DivisibleAffineLp, EverySchedulesExecutionTakesTheStartUpCostsAndEndsAtItsLpLength) {
  RandomStream random(11);
  for (PortModel port : {PortModel::two_port, PortModel::one_port})
    for (int trial = 0; trial < 12; ++trial) {
      const Star star = test::random_latency_star(random, 5, trial % 2 ? 0.6 : 1.6, 0.05);
      for (const DivisibleAlgorithm& a : test::planners()) {
        SolveOptions options;
        options.port = port;
        const DivisibleSchedule s = test::schedule_of(a, star, options);
        const double length = schedule_length(star, s, port);
        EXPECT_NEAR(length, 1.0, kTight) << a.name() << ": the LP binds";
        std::vector<Completion> events;
        EXPECT_NEAR(test::run_on_model(star, s, port, &events), length, kTight) << a.name();
        std::vector<std::pair<double, double>> sends, returns;
        for (const Completion& e : events) {
          const Activity& x = e.activity;
          if (x.kind != ActivityKind::comm) continue;
          const int worker = (x.host == 0 ? x.peer : x.host) - 1;
          ASSERT_GT(s.alpha[worker], 0) << a.name() << ": a message to a worker without load";
          if (x.host == 0) {
            sends.push_back({e.start, e.end});
            EXPECT_NEAR(e.end - e.start, star.send_latency[worker] + s.alpha[worker] * star.c[worker], kTight);
          } else {
            returns.push_back({e.start, e.end});
            EXPECT_NEAR(e.end - e.start, star.return_latency[worker] + s.alpha[worker] * star.d[worker], kTight);
          }
        }
        EXPECT_EQ(static_cast<int>(sends.size()), s.enrolled());
        EXPECT_EQ(static_cast<int>(returns.size()), s.enrolled());
        for (auto* list : {&sends, &returns}) {
          std::sort(list->begin(), list->end());
          for (std::size_t k = 1; k < list->size(); ++k)
            EXPECT_GE((*list)[k].first, (*list)[k - 1].second - kTight) << a.name() << ": one message at a time";
        }
        if (port == PortModel::one_port) EXPECT_GE(returns.front().first, sends.back().second - kTight) << a.name();
      }
    }
}

// ---------------------------------------------------------------------------------------------
// Both engines, through the family, on stars with latency written to platform files.

/// The star the family reads from a file that star_platform(star) wrote: the routes as
/// SimgridSession::describe() gives them (no host knows its uplink), with a load unit of
/// kStarUnit bytes (key `message`), so the star comes back as written.
Star read_back(const Star& star) {
  const Platform built = star_platform(star);
  Platform p = built;
  const int n = built.host_count();
  p.route_table.resize(static_cast<std::size_t>(n) * n);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) p.route_table[a * n + b] = a == b ? RouteCost{} : built.route(a, b);
  for (HostSpec& h : p.hosts.edit_all()) h.up = h.down = -1;
  StarRates rates;
  return star_from_routes(p, star.workers(), kStarUnit, 1.0, 1.0, rates);
}

// For every algorithm of the table: the simulated makespan (load / ρ) is the LP's length on
// both engines, and the engines agree. 5 workers, so that `optimal` runs too.
TEST(DivisibleAffineLp, StarsWithLatencyFromAFileEndAtTheLpLengthOnBothEnginesForEveryAlgorithm) {
  const WorkDir dir("hetcoll-divisible");
  RandomStream random(77);
  int shorter = 0;
  for (int trial = 0; trial < 4; ++trial) {
    const Star star = test::random_latency_star(random, 5, trial % 2 ? 0.6 : 1.6, 0.04);
    const std::string file = dir.path() + "/star" + std::to_string(trial) + ".xml";
    write_simgrid_xml_file(star_platform(star), file);
    const Star read = read_back(star);
    ASSERT_TRUE(read.has_latency());
    for (const char* port : {"two-port", "one-port"}) {
      Scenario s = resolve_run_arguments({"--family", "divisible", "--algorithms", every_algorithm(), "--platform",
                                          file, "--workers", "5", "--port", port, "--message", "1000000000000",
                                          "--replications", "1"});
      const Point point = expand_points(s).front();
      s.engine = "model";
      const std::vector<double> model = test_support::unit_values_in_child(s, point, dir.path());
      s.engine = "simgrid";
      const std::vector<double> simgrid = test_support::unit_values_in_child(s, point, dir.path());
      ASSERT_EQ(model.size(), s.algorithms.size() * kWidth);
      ASSERT_EQ(simgrid.size(), model.size());
      SolveOptions options;
      options.port = std::string(port) == "one-port" ? PortModel::one_port : PortModel::two_port;
      for (std::size_t a = 0; a < s.algorithms.size(); ++a) {
        const DivisibleSchedule schedule = test::schedule_of(divisible_algorithms().at(s.algorithms[a]), read, options);
        const double length = schedule_length(read, schedule, options.port);
        EXPECT_NEAR(schedule.load() / model[a * kWidth], length, kTight) << s.algorithms[a] << " " << port;
        EXPECT_NEAR(schedule.load() / simgrid[a * kWidth], length, kTight) << s.algorithms[a] << " " << port;
        EXPECT_EQ(model[a * kWidth + 2], schedule.enrolled());
        EXPECT_EQ(simgrid[a * kWidth + 2], schedule.enrolled());
        if (schedule.enrolled() < 5) ++shorter;
      }
    }
  }
  EXPECT_GT(shorter, 0) << "some schedule leaves a worker out";
}

TEST(DivisibleAffineLp, AFileWhereNoWorkerCanTakeLoadIsOneLineNamingTheClosestWorker) {
  const Star star{{1, 1}, {1, 1}, {1, 1}, {0.6, 0.5}, {0.5, 0.6}};
  Platform platform = star_platform(star);
  platform.route_table.resize(9);
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) platform.route_table[a * 3 + b] = a == b ? RouteCost{} : star_platform(star).route(a, b);
  const Scenario s = resolve_run_arguments({"--family", "divisible", "--workers", "2"});
  try {
    s.family->prepare_point(expand_points(s).front(), s.algorithms, platform, 1);
    FAIL() << "a star where no worker fits T was accepted";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("no worker can take load"), std::string::npos) << message;
    EXPECT_NE(message.find("(least: p1, 1.1"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
}

// ---------------------------------------------------------------------------------------------
// The two-site platform (platforms/two-sites.xml; scenarios/divisible-two-sites.ini): a lyon
// master, two lyon workers behind the cluster's backbone, three nancy workers behind the WAN
// link (routers, 5 ms). The WAN link is shared by both directions: under two-port a send to a
// nancy worker and a return from another one cannot both run at full rate.

/// What the family computes for one algorithm and port on the two-site star.
struct SiteSchedule {
  double load, length;
  bool wan_overlap;  // a send and a return overlap on the WAN link (beyond 1e-6 s)
  bool wan_near;     // they come within 1e-6 s of overlapping: no prediction
};

std::string two_sites_file() { return std::string(HETCOLL_SOURCE_DIR) + "/platforms/two-sites.xml"; }

Scenario two_sites_scenario(const std::string& algorithm, const std::string& port, const std::string& engine) {
  Scenario s = resolve_run_arguments({std::string(HETCOLL_SOURCE_DIR) + "/scenarios/divisible-two-sites.ini",
                                      "--platform", two_sites_file(), "--algorithms", algorithm, "--port", port,
                                      "--engine", engine, "--wc-ratio", "100"});
  s.replications = 1;
  return s;
}

/// The schedules of every algorithm under `port` on the star of the scenario's hosts, as
/// SimGrid describes the file (in a child: SimGrid allows one engine per process).
std::vector<SiteSchedule> two_sites_schedules(const Scenario& s, PortModel port, const WorkDir& dir) {
  const std::vector<double> flat = test_support::values_in_child(dir.path(), [&] {
    SimgridSession session(two_sites_file(), {}, s.hosts);
    const Platform platform = session.describe(true);
    StarRates rates;
    const double message = s.values[static_cast<std::size_t>(s.family->parameter_index("message"))].front();
    const Star star = star_from_routes(platform, platform.host_count() - 1, message, 1.0, 100, rates);
    auto crosses_wan = [&](int a, int b) {
      for (int link : platform.route_path(a, b))
        if (platform.link_name(link) == "wan") return true;
      return false;
    };
    std::vector<double> out;
    for (const DivisibleAlgorithm& a : test::planners()) {
      SolveOptions options;
      options.port = port;
      const DivisibleSchedule sched = test::schedule_of(a, star, options);
      // Dates of the plan (star_plan.hpp): sends back to back, returns in order after computing.
      std::vector<double> sent(star.workers());
      double clock = 0;
      std::vector<std::pair<double, double>> send_flows, return_flows;  // bytes flowing (after L)
      for (int i : sched.send) {
        const double begin = clock + star.send_latency[i];
        clock = begin + sched.alpha[i] * star.c[i];
        sent[i] = clock;
        if (crosses_wan(0, i + 1)) send_flows.push_back({begin, clock});
      }
      const double last_send = clock;
      double returned = port == PortModel::one_port ? last_send : 0;
      for (int i : sched.ret) {
        const double start = std::max(returned, sent[i] + sched.alpha[i] * star.w[i]);
        returned = start + star.return_latency[i] + sched.alpha[i] * star.d[i];
        if (crosses_wan(i + 1, 0)) return_flows.push_back({start + star.return_latency[i], returned});
      }
      double overlap = -1e300;
      for (const auto& f : send_flows)
        for (const auto& g : return_flows) overlap = std::max(overlap, std::min(f.second, g.second) - std::max(f.first, g.first));
      out.insert(out.end(), {sched.load(), schedule_length(star, sched, port), overlap > 1e-6 ? 1.0 : 0.0,
                             std::fabs(overlap) <= 1e-6 ? 1.0 : 0.0});
    }
    return out;
  });
  std::vector<SiteSchedule> schedules;
  for (std::size_t k = 0; k + 3 < flat.size(); k += 4)
    schedules.push_back({flat[k], flat[k + 1], flat[k + 2] != 0, flat[k + 3] != 0});
  return schedules;
}

// Every algorithm runs on both engines. One-port (one message at a time at the master): both
// engines end at the LP's length. Two-port: where a schedule overlaps a send and a return on the
// WAN link, both engines share the link and end at or after the LP's length (later for some
// schedule: a lower ρ), at the same date; elsewhere both end at the LP's length. Loads are whole
// bytes of a 2.25 GB unit, so dates are exact to ~1e-8.
TEST(DivisibleTwoSites, EveryAlgorithmRunsOnBothEnginesAndOnlyTheWanLinkDelaysThem) {
  constexpr double kBytes = 1e-6;
  const WorkDir dir("hetcoll-divisible");
  int contended = 0, exact = 0, runs = 0, later = 0;
  for (const char* port_name : {"one-port", "two-port"}) {
    const PortModel port = std::string(port_name) == "one-port" ? PortModel::one_port : PortModel::two_port;
    const std::vector<SiteSchedule> schedules = two_sites_schedules(two_sites_scenario("lp", port_name, "model"), port, dir);
    ASSERT_EQ(schedules.size(), test::planners().size());
    std::size_t index = 0;
    for (const DivisibleAlgorithm& a : test::planners()) {
      const SiteSchedule& expected = schedules[index++];
      EXPECT_NEAR(expected.length, 1.0, kTight) << a.name();
      ++runs;
      if (expected.wan_near) continue;  // too close to call
      const Scenario sg = two_sites_scenario(a.name(), port_name, "simgrid");
      const Point point = expand_points(sg).front();
      const std::vector<double> simgrid = test_support::unit_values_in_child(sg, point, dir.path());
      const Scenario model = two_sites_scenario(a.name(), port_name, "model");
      std::string refusal;
      std::vector<double> values;
      try {
        values = test_support::unit_values_in_child(model, point, dir.path());
      } catch (const InputError& e) {
        refusal = e.what();
      }
      if (expected.wan_overlap) {
        EXPECT_EQ(port, PortModel::two_port) << a.name() << ": one-port never overlaps";
        EXPECT_EQ(refusal, "") << a.name() << " " << port_name;
        ASSERT_EQ(values.size(), kWidth);
        EXPECT_NEAR(values[0] / simgrid[0], 1, 1e-9) << a.name() << " " << port_name << ": model engine vs SimGrid";
        EXPECT_GE(expected.load / simgrid[0], expected.length - kBytes) << a.name();  // SimGrid: at T or later
        if (expected.load / simgrid[0] > expected.length + 1e-3) ++later;
        ++contended;
      } else {
        EXPECT_EQ(refusal, "") << a.name() << " " << port_name;
        ASSERT_EQ(values.size(), kWidth);
        EXPECT_NEAR(expected.load / values[0], expected.length, kBytes) << a.name() << " " << port_name;
        EXPECT_NEAR(expected.load / simgrid[0], expected.length, kBytes) << a.name() << " " << port_name;
        ++exact;
      }
    }
  }
  EXPECT_EQ(exact + contended, runs) << "no schedule comes within 1e-6 s of an overlap on the WAN link";
  EXPECT_GT(exact, 0);
  EXPECT_GT(contended, 0) << "two-port overlaps a send and a return on the WAN link somewhere";
  EXPECT_GT(later, 0) << "and SimGrid's sharing of the WAN link delays some schedule";
}

}  // namespace
}  // namespace hetcoll
