// Link settings (LinkSetting: a link by its index in the platform), as a cluster drawn per
// replication makes them: both engines must time each replication as a platform built with
// the links so changed. Each SimGrid engine runs in a forked child (one engine per process).
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/number_format.hpp"
#include "driver/work_dir.hpp"
#include "engine/engine.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/plan.hpp"
#include "engine/recording_policy.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/simgrid_xml.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

// Replications change links, kept until changed again, as a drawn cluster does. On the ideal
// cluster the model engine updates the changed hosts' entries in place once it holds one per
// host; on two zones it indexes every route again. Either way every replication must time as a
// fresh engine built on the platform with those costs, and on the ideal cluster the SimGrid
// engine (which looks each index's link up by name, in the file written from the platform) must
// give the same dates.
struct SettingRun {
  std::vector<LinkSetting> settings;
  std::string dates;
};

/// Runs `plan` once per entry of `runs` on `engine`, with that entry's settings first, and
/// fills in its completion dates.
void run_with_settings(Engine& engine, const Platform& platform, const Plan& plan, std::vector<SettingRun>& runs) {
  struct Source final : ReplicationSource {
    std::vector<SettingRun>* runs;
    std::unique_ptr<PlanPolicy> policy;
    std::unique_ptr<RecordingPolicy> recorder;
    CostScale scale;
    const Plan* plan;
    std::size_t next_run = 0;
    Policy* next(std::vector<LinkSetting>& settings) override {
      if (next_run == runs->size()) return nullptr;
      settings = (*runs)[next_run].settings;
      policy = std::make_unique<PlanPolicy>(*plan, scale, nullptr);
      recorder = std::make_unique<RecordingPolicy>(*policy);
      return recorder.get();
    }
    void finished(double) override {
      std::string& out = (*runs)[next_run++].dates;
      for (const Completion& c : recorder->events()) out += std::to_string(c.activity.tag) + "@" + format_number(c.end) + " ";
    }
  } source;
  source.runs = &runs;
  source.scale = CostScale{platform.reference_bandwidth(), platform.reference_speed()};
  source.plan = &plan;
  engine.run(source);
}

/// Every replication's settings: random costs on host links, every host alike in one of them,
/// and with `other_links`, changes of the links beyond the hosts' own.
std::vector<SettingRun> setting_runs(const Platform& p, bool other_links) {
  std::mt19937_64 random(11);
  std::uniform_real_distribution<double> bandwidth(2e6, 2e7), latency(0, 0.5);
  const int host_links = 2 * p.host_count();
  std::vector<SettingRun> runs(12);
  for (std::size_t r = 0; r < runs.size(); ++r) {
    for (int l = 0; l < host_links; ++l) {
      if (r == 5) {  // every host alike again
        runs[r].settings.push_back({l, 1e7, 0.0});
      } else if (r == 0 || random() % 2 == 0) {
        runs[r].settings.push_back({l, bandwidth(random), l % 3 == 0 ? latency(random) : 0.0});
      }
    }
    if (other_links && r % 3 == 1)
      for (int l = host_links; l < static_cast<int>(p.links.size()); ++l) runs[r].settings.push_back({l, bandwidth(random), latency(random)});
  }
  return runs;
}

/// Tags 0..: a chain through every host and two independent messages, capped or computed.
Plan settings_plan(int hosts) {
  Plan plan;
  int previous = -1;
  for (int h = 0; h + 1 < hosts; ++h) {
    PlanOp op = comm_op(h, h + 1, 0.5 + h);
    if (h == 1) op.rate = 3e6;
    previous = previous < 0 ? plan.add(op) : plan.add(op, {previous});
  }
  plan.add(comm_op(hosts - 1, 0, 1.0));
  plan.add({ActivityKind::compute, hosts / 2, -1, 2.0}, {previous});
  return plan;
}

TEST(EngineAgreement, LinkSettingsTimeAsAPlatformBuiltWithThemOnBothEngines) {
  const WorkDir dir("hetcoll-test");
  Platform ideal = ideal_cluster(5, 1e7, 1e7);
  Platform zones = ideal_cluster(4, 1e7, 1e7);
  for (int h = 2; h < 4; ++h) zones.hosts.edit(h).zone = 1;
  const int backbone = zones.add_link("backbone", {8e6, 0.01, false});  // FATPIPE: never shared
  zones.between = {{{}, {backbone}}, {{backbone}, {}}};
  for (const Platform* p : {&ideal, &zones}) {
    const Plan plan = settings_plan(p->host_count());
    std::vector<SettingRun> runs = setting_runs(*p, p == &zones);
    run_with_settings(*make_model_engine(*p), *p, plan, runs);
    // A fresh engine per replication on the platform as the settings left it.
    Platform changed = *p;
    for (std::size_t r = 0; r < runs.size(); ++r) {
      for (const LinkSetting& s : runs[r].settings) {
        changed.links.edit(s.link).bandwidth = s.bandwidth;
        changed.links.edit(s.link).latency = s.latency;
      }
      std::vector<SettingRun> fresh = {{{}, ""}};
      run_with_settings(*make_model_engine(changed), *p, plan, fresh);
      // The engine with settings runs its clock on across replications (dates are sums from a
      // later origin): equal to rounding.
      std::istringstream a(runs[r].dates), b(fresh[0].dates);
      std::string x, y;
      int compared = 0;
      while (a >> x && b >> y) {
        EXPECT_EQ(x.substr(0, x.find('@')), y.substr(0, y.find('@'))) << "replication " << r;
        const double dx = std::stod(x.substr(x.find('@') + 1)), dy = std::stod(y.substr(y.find('@') + 1));
        EXPECT_NEAR(dx, dy, 1e-9 * dy) << "replication " << r << ": " << runs[r].dates << " vs " << fresh[0].dates;
        ++compared;
      }
      EXPECT_EQ(compared, static_cast<int>(plan.size())) << "replication " << r;
    }
    if (p != &ideal) continue;
    const std::string file = dir.path() + "/settings.xml";
    write_simgrid_xml_file(*p, file);
    const std::string simgrid = run_in_child(dir.path(), [&] {
      SimgridSession session(file, {});
      std::vector<SettingRun> on_simgrid = setting_runs(*p, false);
      run_with_settings(*session.engine(p->host_count(), std::make_shared<const Platform>(*p)), *p, plan, on_simgrid);
      std::string all;
      for (const SettingRun& run : on_simgrid) all += run.dates + "| ";
      return all;
    });
    std::string model;
    for (const SettingRun& run : runs) model += run.dates + "| ";
    EXPECT_EQ(simgrid, model);
  }
}

}  // namespace
}  // namespace hetcoll
