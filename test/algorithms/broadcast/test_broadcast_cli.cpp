// The broadcast family from the command line: the shipped example scenario pins the worked
// example of docs/broadcast.md, bad input is one line with exit status 2 and no file written,
// and results do not depend on --jobs.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "algorithms/broadcast/broadcast_harness.hpp"
#include "driver/work_dir.hpp"

namespace hetcoll {
namespace {

using test::run_hetcoll;

/// mean and predicted_mean per algorithm of a summary CSV.
std::map<std::string, std::pair<double, double>> means(const std::string& csv) {
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line,
            "algorithm,clusters,message,segment,cluster_hosts,cv,replications,mean,stddev,stderr,q10,q50,q90,predicted_mean,"
            "prediction_error_mean,clusters_found_mean,chosen,chosen_segment,root");
  std::map<std::string, std::pair<double, double>> out;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    out[cells[0]] = {std::stod(cells[7]), std::stod(cells[13])};
  }
  return out;
}

TEST(BroadcastCli, TheExampleScenarioGivesTheWorkedExampleMakespans) {
  std::string out, err;
  ASSERT_EQ(run_hetcoll("run scenarios/steffenel-example.ini --quiet", out, err, test::kSource), 0) << err;
  const std::map<std::string, double> expected = {{"flat", 2758},   {"fef", 2558},          {"ecef", 2458},
                                                  {"ecef-la", 2458}, {"ecef-lat", 2458},    {"ecef-lat-max", 2408},
                                                  {"bottomup", 2258}, {"binomial", 2458}};
  const auto got = means(out);
  ASSERT_EQ(got.size(), expected.size()) << out;
  for (const auto& [name, makespan] : expected) {
    EXPECT_NEAR(got.at(name).first, makespan, 1e-9 * makespan) << name << " executed";
    EXPECT_EQ(got.at(name).second, makespan) << name << " predicted";
  }
}

TEST(BroadcastCli, BadInputIsOneLineWithExitStatusTwoAndNoFileWritten) {
  const WorkDir dir("hetcoll-broadcast-test");
  const std::string output = dir.path() + "/out.csv";
  const std::string base = "run --family broadcast --replications 2 --quiet --output " + output + " ";
  const std::string grid = "--costs platform --latency-file " + test::kGrid5000Csv + " --rho 0.3 ";
  const std::string model = "--engine model ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {model + "--costs platform", "cluster-hosts"},
      {model + "--costs platform --platform " + test::kGrid5000Xml + " --cluster-hosts 0", "cluster-hosts"},
      {model + "--costs platform --cluster-hosts 4 --root 4", "root"},
      {model + "--costs platform --latency-file /nonexistent.csv", "/nonexistent.csv"},
      {model + grid + "--root 88", "root"},
      {model + grid + "--clusters 5", "clusters"},
      {model + grid + "--overhead 0", "overhead"},
      {model + "--clusters 3 --root 3", "root"},
      {model + "--costs given --clusters 0", "clusters"},
      {model + "--clusters 3 --root any", "root"},
      {model + "--clusters 3 --root p1", "root"},
      {model + "--costs platform --cluster-hosts 4 --root nosuch", "root"},
      {model + "--costs platform --platform " + test::kGrid5000Xml + " --cluster-hosts 4 --root nosuch", "root"},
      {model + "--clusters 3 --rho 1.5", "rho"},
      {model + "--clusters 3 --rho 0", "rho"},
      {model + "--clusters 3 --message 0", "message"},
      {model + "--clusters 3 --latency-min 0.2 --latency-max 0.1", "latency-min"},
      {model + "--costs given --clusters 2 --gaps 0,1,1 --latencies 0,1,1,0 --intra-times 1,1", "gaps"},
      {model + "--costs random --clusters 3 --platform " + test::kGrid5000Xml, "platform"},
  };
  for (const auto& [args, key] : cases) {
    std::string out, err;
    EXPECT_EQ(run_hetcoll(base + args, out, err), 2) << args << "\n" << err;
    EXPECT_NE(err.find(key), std::string::npos) << args << ": " << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << args << ": " << err;
    EXPECT_FALSE(std::ifstream(output).good()) << args;
  }
}

TEST(BroadcastCli, APlatformFileGivesTheNumbersOfThePlatformGeneratedFromItsLatencies) {
  // platforms/grid5000-88.xml is the platform generated from the latency file: with key hosts
  // (no host count: the selection's) or with cluster-hosts, the file gives the generated numbers,
  // on SimGrid and on the model engine.
  const std::string common = "run --family broadcast --replications 1 --quiet --costs platform --rho 0.3 "
                             "--clusters 6 --message 262144 --algorithms 'flat ecef bottomup binomial'";
  for (const std::string engine : {"simgrid", "model"}) {
    std::string generated, err;
    const int status =
        run_hetcoll(common + " --engine " + engine + " --latency-file " + test::kGrid5000Csv, generated, err);
    ASSERT_EQ(status, 0) << err;
    for (const std::string hosts : {"--hosts 'p*'", "--cluster-hosts 88"}) {
      std::string file;
      ASSERT_EQ(run_hetcoll(common + " --engine " + engine + " --platform " + test::kGrid5000Xml + " " + hosts, file,
                            err),
                0)
          << hosts << ": " << err;
      const auto a = means(generated), b = means(file);
      ASSERT_EQ(a.size(), b.size()) << file;
      for (const auto& [name, values] : a) {
        EXPECT_NEAR(b.at(name).first / values.first, 1, 1e-9) << engine << " " << hosts << " " << name;
        EXPECT_NEAR(b.at(name).second / values.second, 1, 1e-9) << engine << " " << hosts << " " << name;
      }
    }
  }
}

TEST(BroadcastCli, ResultsDoNotDependOnTheNumberOfJobs) {
  const WorkDir dir("hetcoll-broadcast-test");
  std::string one, two, err;
  const std::string args = "run --family broadcast --engine model --clusters 3,8 --replications 300 --block 100 "
                           "--quiet --seed 5";
  ASSERT_EQ(run_hetcoll(args + " --jobs 1", one, err), 0) << err;
  ASSERT_EQ(run_hetcoll(args + " --jobs 2", two, err), 0) << err;
  EXPECT_EQ(one, two);
}

}  // namespace
}  // namespace hetcoll
