/// @file test_max_min_sharing_simgrid.cpp
/// @brief MaxMinSharing against SimGrid itself: random platforms and flow sets run on the SimGrid
/// engine, and a fluid simulation of the same flows whose rates MaxMinSharing computes at every
/// event (a flow takes no share while it pays its route's latency, then shares with penalty =
/// that latency, bounded by its slowest link), must end every flow at the same date.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "core/random.hpp"
#include "driver/work_dir.hpp"
#include "engine/engine_factory.hpp"
#include "engine/model/max_min_sharing.hpp"
#include "engine/plan.hpp"
#include "engine/recording_policy.hpp"
#include "support/unit_in_child.hpp"

namespace hetcoll {
namespace {

struct LinkDef {
  double bandwidth, latency;
  bool shared;
};
struct FlowDef {
  int src, dst;
  double start, bytes;
  std::vector<int> route;
};
struct Network {
  std::vector<LinkDef> links;
  std::vector<FlowDef> flows;
  int hosts = 0;
};

std::string host(int h) { return "h" + std::string(h < 10 ? "0" : "") + std::to_string(h); }

// Each flow has a sender of its own (its start is a computation on that host, and two would
// share the CPU); receivers are drawn among the other hosts.
Network random_network(RandomStream& random) {
  auto between = [&](double low, double high) { return low + (high - low) * random.uniform(); };
  Network net;
  const int links = 1 + static_cast<int>(random.uniform() * 6);
  for (int l = 0; l < links; ++l)
    net.links.push_back({std::pow(10.0, between(6, 9)), std::pow(10.0, between(-6, -3)), random.uniform() < 0.85});
  const int flows = 1 + static_cast<int>(random.uniform() * 8);
  net.hosts = 2 * flows;
  for (int f = 0; f < flows; ++f) {
    FlowDef flow;
    flow.src = f;
    flow.dst = flows + static_cast<int>(random.uniform() * flows);
    flow.start = between(1e-3, 0.05);
    flow.bytes = std::round(std::pow(10.0, between(4, 7)));
    const int hops = 1 + static_cast<int>(random.uniform() * std::min(links, 3));
    for (int h = 0; h < hops; ++h) flow.route.push_back(static_cast<int>(random.uniform() * links));
    net.flows.push_back(flow);
  }
  return net;
}

std::string write_platform(const Network& net, const std::string& path) {
  std::ofstream out(path);
  out.precision(17);
  out << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      << "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n";
  for (int h = 0; h < net.hosts; ++h) out << "<host id=\"" << host(h) << "\" speed=\"1e9f\"/>\n";
  for (std::size_t l = 0; l < net.links.size(); ++l)
    out << "<link id=\"l" << l << "\" bandwidth=\"" << net.links[l].bandwidth << "Bps\" latency=\""
        << net.links[l].latency << "s\"" << (net.links[l].shared ? "" : " sharing_policy=\"FATPIPE\"") << "/>\n";
  // The engine wants a route between every two hosts: pairs no flow takes cross a link of
  // their own, out of every flow's way.
  out << "<link id=\"other\" bandwidth=\"1e12Bps\" latency=\"1e-6s\" sharing_policy=\"FATPIPE\"/>\n";
  for (int a = 0; a < net.hosts; ++a)
    for (int b = 0; b < net.hosts; ++b) {
      if (a == b) continue;
      const auto flow = std::find_if(net.flows.begin(), net.flows.end(),
                                     [&](const FlowDef& f) { return f.src == a && f.dst == b; });
      out << "<route src=\"" << host(a) << "\" dst=\"" << host(b) << "\" symmetrical=\"NO\">";
      if (flow == net.flows.end()) out << "<link_ctn id=\"other\"/>";
      else
        for (int l : flow->route) out << "<link_ctn id=\"l" << l << "\"/>";
      out << "</route>\n";
    }
  out << "</zone>\n</platform>\n";
  return path;
}

// The flows' start and end dates on `engine`: each flow's sender computes until its start, then
// sends.
std::vector<double> engine_dates(const std::string& engine, const Network& net, const std::string& file,
                                 const std::string& work_dir) {
  return test_support::values_in_child(work_dir, [&] {
    alarm(120);
    Plan plan;
    for (const FlowDef& f : net.flows) {
      const int delay = plan.add(compute_op(f.src, f.start));
      plan.add(comm_op(f.src, f.dst, f.bytes), {delay});
    }
    EngineRequest request;
    request.engine = engine;
    request.platform_file = file;
    request.host_count = net.hosts;
    const std::unique_ptr<EngineRun> run = open_engine(request);
    PlanPolicy policy(plan, CostScale{1, 1e9}, nullptr);
    RecordingPolicy recorder(policy);
    run_single(run->engine(), recorder);
    // Starts, then ends: a start is a whole number of flops away from 0, not the date drawn.
    std::vector<double> dates(2 * net.flows.size(), -1);
    for (const Completion& c : recorder.events())
      if (c.activity.kind == ActivityKind::comm) {
        dates[static_cast<std::size_t>(c.activity.tag / 2)] = c.start;
        dates[net.flows.size() + static_cast<std::size_t>(c.activity.tag / 2)] = c.end;
      }
    return dates;
  });
}

// The same flows in a fluid simulation: between events every flow sends at the rate
// MaxMinSharing gives it; events are starts, ends of latency phases and ends of flows.
std::vector<double> fluid_ends(const Network& net) {
  MaxMinSharing sharing;
  for (const LinkDef& l : net.links) sharing.add_link(l.bandwidth, l.shared);
  const std::size_t n = net.flows.size();
  std::vector<double> latency(n, 0), bound(n), remaining(n), end(n, -1), active_at(n);
  std::vector<int> id(n, -1);
  for (std::size_t f = 0; f < n; ++f) {
    bound[f] = std::numeric_limits<double>::infinity();
    for (int l : net.flows[f].route) {
      latency[f] += net.links[static_cast<std::size_t>(l)].latency;
      bound[f] = std::min(bound[f], net.links[static_cast<std::size_t>(l)].bandwidth);
    }
    remaining[f] = net.flows[f].bytes;
    active_at[f] = net.flows[f].start + latency[f];
  }
  double now = 0;
  for (;;) {
    // The next event: a start, the end of a latency phase, or the earliest completion.
    double next = std::numeric_limits<double>::infinity();
    for (std::size_t f = 0; f < n; ++f) {
      if (end[f] >= 0) continue;
      if (id[f] < 0) next = std::min(next, net.flows[f].start);
      else if (active_at[f] > now) next = std::min(next, active_at[f]);
      else if (sharing.rate(id[f]) > 0) next = std::min(next, now + remaining[f] / sharing.rate(id[f]));
    }
    if (!(next < std::numeric_limits<double>::infinity())) break;
    for (std::size_t f = 0; f < n; ++f) {
      if (id[f] < 0 || end[f] >= 0 || active_at[f] > now) continue;
      const double rate = sharing.rate(id[f]);
      // A flow whose end is this event's date ends exactly: no residue of rounding remains.
      if (rate > 0 && now + remaining[f] / rate <= next) remaining[f] = 0;
      else remaining[f] -= rate * (next - now);
    }
    now = next;
    for (std::size_t f = 0; f < n; ++f) {
      if (end[f] >= 0) continue;
      if (id[f] < 0 && net.flows[f].start <= now) id[f] = sharing.add_flow(net.flows[f].route, 0, bound[f]);
      if (id[f] >= 0 && active_at[f] <= now) sharing.set_penalty(id[f], latency[f]);
      if (id[f] >= 0 && active_at[f] <= now && remaining[f] == 0) {
        end[f] = now;
        sharing.remove_flow(id[f]);
      }
    }
    sharing.solve();
  }
  return end;
}

// 300 random platforms of 1 to 6 links (85 % shared, 15 % FATPIPE; 1 MB/s to 1 GB/s, 1 µs to
// 1 ms) and 1 to 8 flows (10 kB to 10 MB, starting within 50 ms, routes of 1 to 3 links that may
// cross one twice, receivers shared): the worst gap measured is 5.2e-16 of the date.
TEST(MaxMinSharingSimgrid, RandomFlowSetsEndWhenSimgridEndsThem) {
  RandomStream random(2027);
  const WorkDir dir("hetcoll-test");
  for (int instance = 0; instance < 300; ++instance) {
    SCOPED_TRACE(instance);
    Network net = random_network(random);
    const std::string file = write_platform(net, dir.path() + "/net.xml");
    const std::vector<double> dates = engine_dates("simgrid", net, file, dir.path());
    ASSERT_EQ(dates.size(), 2 * net.flows.size());
    for (std::size_t f = 0; f < net.flows.size(); ++f) net.flows[f].start = dates[f];
    const std::vector<double> simgrid(dates.begin() + static_cast<std::ptrdiff_t>(net.flows.size()), dates.end());
    const std::vector<double> fluid = fluid_ends(net);
    ASSERT_EQ(simgrid.size(), fluid.size());
    for (std::size_t f = 0; f < fluid.size(); ++f)
      EXPECT_NEAR(fluid[f], simgrid[f], 1e-9 * simgrid[f]) << "flow " << f << " of " << fluid.size();
  }
}

// The model engine itself on the same random platforms and flow sets: where flows overload a
// link it shares the links from then on, and every flow starts and ends at SimGrid's dates.
TEST(ModelEngineSharing, RandomFlowSetsStartAndEndWhenSimgridStartsAndEndsThem) {
  RandomStream random(2028);
  const WorkDir dir("hetcoll-test");
  for (int instance = 0; instance < 150; ++instance) {
    SCOPED_TRACE(instance);
    const Network net = random_network(random);
    const std::string file = write_platform(net, dir.path() + "/net.xml");
    const std::vector<double> simgrid = engine_dates("simgrid", net, file, dir.path());
    const std::vector<double> model = engine_dates("model", net, file, dir.path());
    ASSERT_EQ(model.size(), simgrid.size());
    for (std::size_t i = 0; i < model.size(); ++i)
      EXPECT_NEAR(model[i], simgrid[i], 1e-9 * simgrid[i])
          << (i < net.flows.size() ? "start" : "end") << " of flow " << i % net.flows.size();
  }
}

}  // namespace
}  // namespace hetcoll
