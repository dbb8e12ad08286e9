// The reduce family end to end: planners' plans executed by the SimGrid engine on the platform
// that maps t(p) to host p's uplink (Liu & Wang §2) take exactly the plan's own predicted
// makespan; the one cost model of the merged family (a message of draw d from host p lasts
// d·t(p)) against the plans' predictions, the binomial tree computed from the times, and
// RR-8315's model on the platform as it is; random clusters change per replication through link
// settings; the over_bound metric; the keys that make a point's seed; platform files
// written and read back; and bad input.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <tuple>

#include "algorithms/family.hpp"
#include "algorithms/mpi_trees.hpp"
#include "algorithms/reduce/support/cluster.hpp"
#include "algorithms/reduce/support/reduce_family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/scenario_resolution.hpp"
#include "driver/sweep.hpp"
#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"
#include "reduce_harness.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

using reduce_test::non_clairvoyant;
using reduce_test::plan_of;
using reduce_test::planners;
using reduce_test::PlanRun;
using reduce_test::predicted_makespan;
using reduce_test::run_plans;

/// Where key `key` sits in a Point of the family, to spoil one key of a parsed point.
std::size_t slot(const std::string& key) {
  const int index = reduce_family().parameter_index(key);
  if (index < 0) throw std::runtime_error("reduce has no key " + key);
  return static_cast<std::size_t>(index);
}

std::string join(const std::vector<double>& values) {
  std::string text;
  for (double v : values) text += (text.empty() ? "" : ",") + format_number(v);
  return text;
}

/// The one point of `hetcoll run --family reduce ARGS` (the parser checks it).
Point parsed_point(std::vector<std::string> args) {
  args.insert(args.begin(), {"--family", "reduce"});
  const std::vector<Point> points = expand_points(resolve_run_arguments(args));
  if (points.size() != 1) throw std::runtime_error("not one point");
  return points.front();
}

/// A point of `cluster`: `processors` hosts, or the list `times` for cluster = times.
Point make_point(const std::string& cluster, int processors, const std::vector<double>& times = {},
                 std::vector<std::string> more = {}) {
  std::vector<std::string> args{"--cluster", cluster, "--processors", std::to_string(processors)};
  if (!times.empty()) args.insert(args.end(), {"--times", join(times)});
  args.insert(args.end(), more.begin(), more.end());
  return parsed_point(args);
}

Scenario scenario(std::vector<std::string> algorithms, std::uint64_t replications) {
  Scenario s;
  s.family = &reduce_family();
  s.algorithms = std::move(algorithms);
  s.replications = replications;
  s.seed = 5;
  return s;
}

std::vector<std::string> names_of(const std::vector<std::reference_wrapper<const ReduceAlgorithm>>& algorithms) {
  std::vector<std::string> names;
  for (const ReduceAlgorithm& a : algorithms) names.push_back(a.name());
  return names;
}

std::vector<std::string> all_names() {
  std::vector<std::string> names;
  for (const ReduceAlgorithm& a : reduce_algorithms()) names.push_back(a.name());
  return names;
}

/// Values of one unit (replications [first, first + count)) of `point`, run in a child.
std::vector<double> unit_values(const Scenario& s, const Point& point, const WorkDir& dir, std::uint64_t first,
                                std::uint64_t count) {
  RunSetup setup;
  setup.scenario = &s;
  setup.points = {point};
  setup.work_dir = dir.path();
  return test_support::unit_values_in_child(setup, {0, first, count});
}

// Values per algorithm and replication: the makespan, then one per metric (over_bound, sender_spread).
const std::size_t kWidth = 1 + reduce_family().metrics().size();

TEST(ReducePlannersOnSimgrid, MakespanEqualsThePlansOwnPredictionOnEveryClusterKind) {
  const WorkDir dir("hetcoll-reduce");
  constexpr int kHosts = 40;
  const Platform platform = cluster_platform(std::vector<double>(kHosts, 1.0), kDefaultMessageBytes);
  const std::string file = dir.path() + "/cluster.xml";
  write_simgrid_xml_file(platform, file);
  RandomStream stream(3);
  std::vector<PlanRun> runs;
  for (const ReduceAlgorithm& a : planners()) {
    const int largest = a.max_processors() > 0 ? a.max_processors() : kHosts;
    std::vector<std::vector<double>> clusters = {{10, 5, 5, 5, 4, 2, 2}, {1.1, 1.1, 1.1, 1.1, 1, 1, 1, 1, 1, 1, 1, 1}};
    for (ClusterKind kind : {ClusterKind::uniform, ClusterKind::two_type, ClusterKind::power_of_two,
                             ClusterKind::gamma}) {
      ClusterLaw law;
      law.kind = kind;
      law.processors = 2 + static_cast<int>(stream.below(largest - 1));
      law.spread = 10;
      law.x = 1.7;
      law.cv = 3;
      clusters.push_back(draw_times(law, stream));
    }
    for (const std::vector<double>& times : clusters) runs.push_back({plan_of(a, times, runs.size()), times});
  }
  const std::vector<double> simgrid = test_support::values_in_child(dir.path(), [&] {
    SimgridSession session(file, {});
    return run_plans(*session.engine(kHosts, std::make_shared<const Platform>(platform)), platform, runs);
  });
  ASSERT_EQ(simgrid.size(), runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const double predicted = predicted_makespan(runs[i].plan, runs[i].times);
    EXPECT_NEAR(simgrid[i], predicted, 1e-9 * predicted) << "run " << i << " on " << runs[i].times.size() << " hosts";
  }
}

TEST(ReduceFamily, SimgridAndModelAgreeAndDrawnClustersChangePerReplication) {
  const WorkDir dir("hetcoll-reduce");
  Scenario s = scenario(all_names(), 6);  // n = 9: every algorithm of the table applies
  const std::size_t k = s.algorithms.size();
  const std::size_t snf_index = std::find(s.algorithms.begin(), s.algorithms.end(), "snf") - s.algorithms.begin();
  for (const char* cluster : {"uniform", "two-type", "power-of-two", "gamma", "times"}) {
    const Point point = std::string(cluster) == "times" ? make_point(cluster, 0, {10, 5, 5, 5, 4, 2, 2})
                                                         : make_point(cluster, 9);
    s.engine = "model";
    const std::vector<double> model = unit_values(s, point, dir, 0, s.replications);
    s.engine = "simgrid";
    const std::vector<double> simgrid = unit_values(s, point, dir, 0, s.replications);
    ASSERT_EQ(model.size(), s.replications * k * kWidth);
    ASSERT_EQ(simgrid.size(), model.size());
    for (std::size_t i = 0; i < model.size(); ++i) EXPECT_NEAR(simgrid[i], model[i], 1e-9 * std::abs(model[i])) << cluster;
    // Values are [replication][algorithm][makespan, over_bound]: SNF's makespan per replication.
    std::set<double> snf;
    for (std::uint64_t r = 0; r < s.replications; ++r) snf.insert(model[(r * k + snf_index) * kWidth]);
    if (std::string(cluster) == "uniform" || std::string(cluster) == "gamma") EXPECT_GT(snf.size(), 1u) << cluster;
    if (std::string(cluster) == "times") EXPECT_EQ(snf, std::set<double>{11});
  }
}

TEST(ReduceFamily, OverBoundIsTheMakespanOverTheSameReplicationsOptimum) {
  const WorkDir dir("hetcoll-reduce");
  Scenario s = scenario({"fastest-first", "snf", "optimal"}, 30);
  s.engine = "model";
  const std::vector<double> v = unit_values(s, make_point("uniform", 9), dir, 0, s.replications);
  for (std::uint64_t r = 0; r < s.replications; ++r) {
    // [fastest-first, snf, optimal] × [makespan, over_bound, ...]
    const double* ff = &v[r * 3 * kWidth];
    const double* snf = ff + kWidth;
    const double optimum = snf[kWidth];
    EXPECT_NEAR(ff[1], ff[0] / optimum, 1e-12);
    EXPECT_NEAR(snf[1], snf[0] / optimum, 1e-12);
    EXPECT_NEAR(snf[kWidth + 1], 1, 1e-9);
    EXPECT_GE(snf[1], 1 - 1e-9);
    EXPECT_LE(snf[1], 2);
  }
  // Beyond the search limit the denominator is the lower bound: never above the makespan.
  const std::vector<double> large = unit_values(s = scenario({"snf"}, 10), make_point("gamma", 200), dir, 0, 10);
  for (std::uint64_t r = 0; r < 10; ++r) {
    EXPECT_GE(large[kWidth * r + 1], 1 - 1e-9);
    EXPECT_LE(large[kWidth * r + 1], 2 + 1e-9);
  }
}

// A unit that starts at replication 4 draws what the whole run draws there. With Liu & Wang's
// fixed costs (cv = 0) every duration is a time on the kTimeGrid, so dates are exact and the
// values equal to the bit. With drawn costs a message lasts round(d · kDefaultMessageBytes) bytes over
// an uplink of kDefaultMessageBytes / t(p): not on a binary grid, so a replication's last bits follow
// the clock origin it starts from (replication 4 starts at 0 in the second unit, after four
// replications in the whole run; docs/design.md, "Reproducibility"). A changed draw, cluster or
// order moves a value by far more than the 1e-12 allowed there.
TEST(ReduceFamily, SameSeedSameValuesWhateverTheUnitSplit) {
  const WorkDir dir("hetcoll-reduce");
  Scenario s = scenario(all_names(), 10);
  s.engine = "model";
  for (const char* cv : {"0", "0.5"}) {
    // Random clusters, random orders and (cv 0.5) random costs: every source of randomness.
    const Point point = make_point("uniform", 11, {}, {"--cv", cv});
    const std::vector<double> whole = unit_values(s, point, dir, 0, 10);
    std::vector<double> parts = unit_values(s, point, dir, 0, 4);
    const std::vector<double> rest = unit_values(s, point, dir, 4, 6);
    parts.insert(parts.end(), rest.begin(), rest.end());
    ASSERT_EQ(whole.size(), parts.size());
    if (std::string(cv) == "0") {
      EXPECT_EQ(whole, parts);
    } else {
      for (std::size_t i = 0; i < whole.size(); ++i)
        EXPECT_NEAR(parts[i], whole[i], 1e-12 * std::abs(whole[i])) << "value " << i;
    }
  }
}

// ---- The cost model: a message of draw d from host p lasts d·t(p) ----------------------------

// With cv = 0 every draw is comm-mean m, so a planner's run is its plan with every message
// stretched by m: m × the plan's own prediction. Binomial-stat is the binomial tree of RR-8315,
// whose makespan follows from the times alone (reduce_test::binomial_makespan).
TEST(ReduceCostModel, WithCvZeroEveryPlanTakesCommMeanTimesItsPrediction) {
  const WorkDir dir("hetcoll-reduce");
  Scenario s = scenario(all_names(), 3);  // n <= 12: every algorithm of the table applies
  s.engine = "model";
  RandomStream stream(17);
  std::vector<std::vector<double>> clusters = {{10, 5, 5, 5, 4, 2, 2}};
  for (int c = 0; c < 3; ++c) clusters.push_back(reduce_test::uniform_times(stream, 3 + static_cast<int>(stream.below(10)), 8));
  for (const std::vector<double>& times : clusters)
    for (double mean : {1.0, 0.75, 2.5}) {
      const Point point = make_point("times", 0, times, {"--comm-mean", format_number(mean)});
      SCOPED_TRACE("times " + join(times) + " comm-mean " + format_number(mean));
      const std::vector<double> v = unit_values(s, point, dir, 0, s.replications);
      ASSERT_EQ(v.size(), s.replications * s.algorithms.size() * kWidth);
      // The seed the driver gives the point: with replication r, the stream a planner draws
      // from (random-order; planner.cpp).
      const std::uint64_t seed = point_seed(s.seed, reduce_family().parameters(), point, false);
      for (std::uint64_t r = 0; r < s.replications; ++r)
        for (std::size_t a = 0; a < s.algorithms.size(); ++a) {
          const ReduceAlgorithm& algorithm = reduce_test::algorithm(s.algorithms[a]);
          const double makespan = v[(r * s.algorithms.size() + a) * kWidth];
          double expected = 0;
          if (algorithm.needs_free_op()) {
            // Every algorithm ends at the point's root: key `root`, 0 by default.
            expected = mean * predicted_makespan(plan_of(algorithm, times, seed, 0, r), times);
          } else if (algorithm.name() == "binomial-stat") {
            expected = mean * reduce_test::binomial_makespan(times);
          } else {
            continue;  // the other non-clairvoyant algorithms: the next test
          }
          // A message of mean m is round(m · kDefaultMessageBytes) bytes on an uplink of kDefaultMessageBytes / t.
          EXPECT_NEAR(makespan, expected, 1e-12 * expected) << algorithm.name() << " replication " << r;
        }
    }
}

// On equal times t0 the cluster of times is RR-8315's homogeneous platform with every message
// lasting t0 instead of 1: with cv = 0 and a free ⊕, t0 × the makespan on cluster = platform.
// With t0 = 1 the two models coincide, ⊕ included.
TEST(ReduceCostModel, NonClairvoyantOnEqualTimesIsT0TimesTheirMakespanOnThePlatform) {
  const WorkDir dir("hetcoll-reduce");
  Scenario s = scenario(names_of(non_clairvoyant()), 2);
  s.engine = "model";
  for (int n : {2, 7, 13, 32})
    for (const auto& [t0, ratio] : {std::pair<double, double>{0.5, 0}, {3, 0}, {1, 0.7}}) {
      SCOPED_TRACE("n " + std::to_string(n) + " t0 " + format_number(t0) + " ratio " + format_number(ratio));
      const std::vector<std::string> costs{"--ratio", format_number(ratio), "--comm-mean", "1.5"};
      const std::vector<double> on_times =
          unit_values(s, make_point("times", 0, std::vector<double>(n, t0), costs), dir, 0, s.replications);
      const std::vector<double> on_platform =
          unit_values(s, make_point("platform", n, {}, costs), dir, 0, s.replications);
      ASSERT_EQ(on_times.size(), s.replications * s.algorithms.size() * kWidth);
      ASSERT_EQ(on_platform.size(), on_times.size());
      for (std::size_t i = 0; i < on_times.size(); i += kWidth) {
        const double expected = t0 * on_platform[i];
        EXPECT_GT(expected, 0);
        EXPECT_NEAR(on_times[i], expected, 1e-9 * expected) << s.algorithms[(i / kWidth) % s.algorithms.size()];
      }
    }
}

// Liu & Wang's planners plan with a free ⊕; the family refuses them any ratio > 0, naming the
// key, while the non-clairvoyant algorithms take it.
TEST(ReduceFamily, PlannersRefuseARatioNamingTheKey) {
  const Family& f = reduce_family();
  const Point point = make_point("times", 0, {4, 2, 2, 1}, {"--ratio", "0.5"});
  const Platform platform = f.read_point(point)->platform();
  for (const ReduceAlgorithm& a : planners()) {
    std::string message = "(no InputError)";
    try {
      f.prepare_point(point, {a.name()}, platform, 1);
    } catch (const InputError& e) {
      message = e.what();
    }
    EXPECT_NE(message.find("key 'ratio'"), std::string::npos) << a.name() << ": " << message;
    // With ratio = 0 the same point is fine.
    const Point free = make_point("times", 0, {4, 2, 2, 1});
    EXPECT_NO_THROW(f.prepare_point(free, {a.name()}, platform, 1)) << a.name();
  }
  for (const ReduceAlgorithm& a : non_clairvoyant()) EXPECT_NO_THROW(f.prepare_point(point, {a.name()}, platform, 1)) << a.name();
}

// ---- Seeds: the keys that apply make the seed, and only they ---------------------------------

TEST(ReduceSeeds, KeysThatApplyChangeTheSeedAndKeysThatDoNotKeepIt) {
  const Family& f = reduce_family();
  auto seed_of = [&](const Point& p) { return point_seed(3, f.parameters(), p, false); };
  const Point gamma = make_point("gamma", 8, {}, {"--cv", "0.5", "--cluster-cv", "1"});
  EXPECT_NE(seed_of(gamma), seed_of(make_point("gamma", 8, {}, {"--cv", "0.7", "--cluster-cv", "1"})));
  EXPECT_NE(seed_of(gamma), seed_of(make_point("gamma", 8, {}, {"--cv", "0.5", "--cluster-cv", "2"})));
  EXPECT_NE(seed_of(gamma), seed_of(make_point("gamma", 8, {}, {"--cv", "0.5", "--cluster-cv", "1", "--ratio", "1"})));
  // Liu & Wang's fixed costs (cv 0, ratio 0, comm-mean 1) against a cost CV.
  EXPECT_NE(seed_of(make_point("gamma", 8)), seed_of(make_point("gamma", 8, {}, {"--cv", "0.5"})));
  // On the platform as it is, no cluster key applies (the parser refuses them: set by hand).
  const Point platform = make_point("platform", 8, {}, {"--cv", "0.5"});
  for (const auto& [key, value] : {std::pair<std::string, double>{"spread", 7}, {"cluster-cv", 3}}) {
    Point other = platform;
    other.values[static_cast<std::size_t>(f.parameter_index(key))] = value;
    EXPECT_EQ(seed_of(platform), seed_of(other)) << key;
  }
  EXPECT_NE(seed_of(platform), seed_of(make_point("platform", 8, {}, {"--cv", "0.6"})));
  // The root chooses where results end, not what is drawn: every root meets the same draws.
  EXPECT_EQ(seed_of(platform), seed_of(make_point("platform", 8, {}, {"--cv", "0.5", "--root", "3"})));
}

// ---- Any platform: cluster = file without `<host>_UP` links ---------------------------------------

// platforms/two-sites.xml: lyon is a cluster (125 MB/s links of 50 µs, a backbone of 500 µs
// and 2.25 GB/s); in nancy, n-1..n-3 sit on switch sw1 (125 MB/s, 20 µs), n-4..n-6 on sw2
// (12.5 MB/s, 100 µs), the switches joined by 125 MB/s and 50 µs. Values of 1e6 bytes.
constexpr double kValue = 1e6;

TEST(ReduceOnAnyPlatform, TimesComeFromTheRoutesAndSenderSpreadSaysHowFarFromLiuAndWang) {
  const WorkDir dir("hetcoll-reduce");
  Scenario s = scenario(all_names(), 1);
  s.platform = std::string(HETCOLL_SOURCE_DIR) + "/platforms/two-sites.xml";
  const std::size_t k = s.algorithms.size();
  const std::vector<std::string> message{"--message", "1000000"};

  // Lyon's 8 equal hosts: every route 600 µs + 1e6 B / 125 MB/s, so one time per sender
  // (spread 1), and Binomial-stat takes its 3 rounds exactly.
  s.hosts = {"zone:lyon"};
  const double lyon = 600e-6 + kValue / 125e6;
  for (const char* engine : {"model", "simgrid"}) {
    s.engine = engine;
    const std::vector<double> v = unit_values(s, make_point("file", 8, {}, message), dir, 0, 1);
    ASSERT_EQ(v.size(), k * kWidth) << engine;
    for (std::size_t a = 0; a < k; ++a) {
      // Rabenseifner's halves are not one message per host: the bound is the model's.
      if (!reduce_algorithms().at(s.algorithms[a]).sends_point_to_point())
        EXPECT_GE(v[a * kWidth], 3 * lyon * (1 - 1e-12)) << s.algorithms[a] << " on " << engine;
      EXPECT_EQ(v[a * kWidth + 2], 1) << s.algorithms[a];
      if (s.algorithms[a] == "binomial-stat") EXPECT_NEAR(v[a * kWidth], 3 * lyon, 1e-12) << engine;
    }
  }

  // Nancy's 6 hosts behind two switches: n-1's slowest route (to n-4..n-6: 170 µs + 1e6 B at
  // 12.5 MB/s) over its fastest (40 µs + 1e6 B at 125 MB/s) is the largest spread; no
  // reduction of 6 values takes fewer than 3 rounds of the fastest message.
  s.hosts = {"zone:nancy"};
  s.engine = "simgrid";
  const double fastest = 40e-6 + kValue / 125e6, slowest = 170e-6 + kValue / 12.5e6;
  const std::vector<double> v = unit_values(s, make_point("file", 6, {}, message), dir, 0, 1);
  ASSERT_EQ(v.size(), k * kWidth);
  for (std::size_t a = 0; a < k; ++a) {
    EXPECT_NEAR(v[a * kWidth + 2], slowest / fastest, 1e-9) << s.algorithms[a];
    if (!reduce_algorithms().at(s.algorithms[a]).sends_point_to_point())
      EXPECT_GE(v[a * kWidth], 3 * fastest) << s.algorithms[a];
  }
}

// ---- Files and bad input --------------------------------------------------------------------------

TEST(ReduceFamily, PlatformFileWrittenAndReadBackGivesTheSameTimes) {
  const WorkDir dir("hetcoll-reduce");
  const std::string file = dir.path() + "/figure1.xml";
  write_simgrid_xml_file(times_platform("10,5,5,5,4,2,2", ""), file);
  Scenario s = scenario({"snf", "optimal"}, 2);
  s.platform = file;
  for (const char* engine : {"model", "simgrid"}) {
    s.engine = engine;
    const std::vector<double> v = unit_values(s, make_point("file", 7), dir, 0, 2);
    // Per replication and algorithm: makespan 11, over_bound 1, sender_spread 1 (`_UP` links),
    // root 0 (the default, here the slowest host too), chosen: the row itself, not an MPI
    // library's algorithm (chosen_segment kNoLibrarySegment).
    const std::vector<std::string>& words = reduce_choice_words();
    const auto word = [&words](const std::string& name) {
      return static_cast<double>(std::find(words.begin(), words.end(), name) - words.begin());
    };
    std::vector<double> expected;
    for (int i = 0; i < 2; ++i)
      for (const char* name : {"snf", "optimal"}) expected.insert(expected.end(), {11, 1, 1, 0, word(name), kNoLibrarySegment});
    EXPECT_EQ(v, expected) << engine;
  }
  // The same file, read through SimGrid, with every check of uplink_times.
  const std::vector<double> times = test_support::values_in_child(dir.path(), [&] {
    return uplink_times(SimgridSession(file, {}).describe(false), 7, kDefaultMessageBytes, "platform");
  });
  EXPECT_EQ(times, (std::vector<double>{10, 5, 5, 5, 4, 2, 2}));
}

std::string input_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no InputError)";
}

TEST(ReduceFamily, BadPointsAreInputErrorsNamingTheKey) {
  const Family& f = reduce_family();
  auto needs = [&](const Point& p) { return input_error([&] { f.read_point(p); }); };
  // Points the parser would refuse, spoiled after parsing: the family checks them itself.
  Point one_time = make_point("times", 0, {4, 2});
  one_time.lists[slot("times")] = {4};
  EXPECT_NE(needs(one_time).find("key 'times' expects at least 2"), std::string::npos) << needs(one_time);
  Point mismatch = make_point("times", 0, {4, 2, 1});
  mismatch.values[slot("processors")] = 5;
  EXPECT_NE(needs(mismatch).find("key 'processors'"), std::string::npos);
  // Every cluster law whose size is key processors needs two of them (one has nothing to reduce).
  for (const std::string& cluster : cluster_words()) {
    if (cluster == "times" || cluster == "file") continue;  // sized by their times or file
    for (double processors : {0.0, 1.0}) {
      Point lone = make_point(cluster, 2);
      lone.values[slot("processors")] = processors;
      EXPECT_NE(needs(lone).find("key 'processors' expects at least 2"), std::string::npos) << cluster << " " << needs(lone);
    }
  }
  Point order = make_point("times", 0, {4, 2, 1});
  order.lists[slot("order")] = {0, 1, 1};
  EXPECT_NE(needs(order).find("key 'order'"), std::string::npos);
  Point fraction = make_point("two-type", 8);
  fraction.values[slot("slow-fraction")] = 1.5;
  EXPECT_NE(needs(fraction).find("key 'slow-fraction'"), std::string::npos);

  const Platform generated = f.read_point(make_point("uniform", 13))->platform();
  const std::string too_many = input_error([&] { f.prepare_point(make_point("uniform", 13), {"optimal"}, generated, 1); });
  EXPECT_NE(too_many.find("key 'algorithms': optimal handles at most 12"), std::string::npos) << too_many;
  EXPECT_NE(input_error([&] { f.prepare_point(make_point("file", 4), {"snf"}, generated, 1); }).find("platform = FILE.xml"),
            std::string::npos);
  Platform from_file = generated;
  for (HostSpec& h : from_file.hosts.edit_all()) h.up = h.down = -1;  // what describe() of a file gives
  EXPECT_NE(input_error([&] { f.prepare_point(make_point("gamma", 4), {"snf"}, from_file, 1); }).find("cluster = file"),
            std::string::npos);
  // A link that could slow a message down breaks the `<host>_UP` reading that cluster = times
  // checks its times by; cluster = file reads such a file by its routes (ReduceOnPlatformFiles).
  Platform slow_down = from_file;
  slow_down.links.edit(slow_down.link_index("p1_DOWN")).bandwidth = 1;
  EXPECT_NE(input_error([&] { f.prepare_point(make_point("times", 0, {1, 1, 1, 1}), {"snf"}, slow_down, 1); })
                .find("link p1_DOWN"),
            std::string::npos);
  const Platform other = cluster_platform({4, 2, 2}, kDefaultMessageBytes);
  EXPECT_NE(input_error([&] { f.prepare_point(make_point("times", 0, {4, 2, 1}), {"snf"}, other, 1); })
                .find("key 'times' says 1"),
            std::string::npos);
}

/// Runs the hetcoll binary in `dir`; returns its exit status and fills `stderr_text`.
int hetcoll(const std::string& dir, const std::string& args, std::string& stderr_text) {
  const std::string command = "cd " + dir + " && " + HETCOLL_BINARY + " " + args + " >/dev/null 2>err.txt";
  const int status = std::system(command.c_str());
  std::ifstream in(dir + "/err.txt");
  std::stringstream text;
  text << in.rdbuf();
  stderr_text = text.str();
  std::remove((dir + "/err.txt").c_str());
  return WEXITSTATUS(status);
}

TEST(ReduceCli, BadInputExitsWith2OneLineAndNoFile) {
  const WorkDir dir("hetcoll-reduce");
  const std::string run = "run --family reduce --replications 2 --engine model --quiet --output out.csv ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {run + "--times 10,0,5", "key 'times'"},
      {run + "--times 10,-1,5", "key 'times'"},
      {run + "--times 10,abc,5", "key 'times'"},
      {run + "--times 10,nan,5", "key 'times'"},
      {run + "--times 10", "key 'times'"},
      {run + "--cluster uniform --processors 1", "key 'processors'"},
      {run + "--cluster platform --processors 0", "key 'processors'"},
      {run + "--cluster uniform --processors 13 --algorithms optimal", "key 'algorithms'"},
      {run + "--ratio 0.5 --algorithms snf", "key 'ratio'"},
      {run + "--root 7", "key 'root'"},
      {run + "--root p1", "key 'root'"},
      {run + "--root -1", "key 'root'"},
      {"platform --times 10,0", "key 'times'"},
      {"platform --times 10,5 --output c.xml 3", "N is 3"},
  };
  for (const auto& [args, expected] : cases) {
    std::string message;
    EXPECT_EQ(hetcoll(dir.path(), args, message), 2) << args;
    EXPECT_NE(message.find(expected), std::string::npos) << args << ": " << message;
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << args << ": " << message;
    EXPECT_NE(::access((dir.path() + "/out.csv").c_str(), F_OK), 0) << args;
    EXPECT_NE(::access((dir.path() + "/c.xml").c_str(), F_OK), 0) << args;
  }
}

}  // namespace
}  // namespace hetcoll

namespace hetcoll {
namespace {

TEST(ReduceFamily, AKeyOfAnotherClusterLawIsRefusedEvenAtItsDefault) {
  // Each cluster law reads its own keys; written for another law, even at the default value,
  // a key would be silently ignored, so the parser refuses it naming the key.
  const std::vector<std::pair<std::string, std::string>> law_keys = {
      {"times", "times"}, {"spread", "uniform"}, {"slow-fraction", "two-type"}, {"x", "two-type"},
      {"levels", "power-of-two"}, {"cluster-cv", "gamma"}};
  const Family& f = reduce_family();
  int refused = 0;
  for (const std::string& cluster : cluster_words())
    for (const auto& [key, law] : law_keys) {
      if (cluster == "platform" || cluster == "file") continue;  // a file or none: below
      const ParameterSpec& p = f.parameters()[static_cast<std::size_t>(f.parameter_index(key))];
      const std::string value = p.kind == ParameterKind::list ? p.default_text : format_number(p.default_value);
      std::vector<std::string> args = {"--family", "reduce", "--cluster", cluster, "--" + key, value,
                                       "--engine", "model", "--algorithms", "tree-dyn"};
      if (cluster != "times") args.insert(args.end(), {"--processors", "4"});
      std::string message;
      try {
        resolve_run_arguments(args);
      } catch (const InputError& e) {
        message = e.what();
      }
      if (cluster == law) {
        EXPECT_EQ(message, "") << cluster << " " << key;
      } else {
        EXPECT_NE(message.find("key '" + key + "' applies to cluster = " + law), std::string::npos)
            << cluster << " " << key << ": " << message;
        ++refused;
      }
    }
  EXPECT_GT(refused, 0);
  // cluster = platform reads none of them.
  EXPECT_THROW(resolve_run_arguments({"--family", "reduce", "--cluster", "platform", "--processors", "4", "--spread",
                                      "4", "--engine", "model"}),
               InputError);
}

}  // namespace
}  // namespace hetcoll
