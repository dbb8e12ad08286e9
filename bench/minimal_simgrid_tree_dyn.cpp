// A minimal hand-written SimGrid program for Tree-dyn (RR-8315 §3.2, free ⊕): the yardstick of
// hetcoll's SimGrid engine (same platform, costs and timing settings; compare per replication).
//
//   minimal_simgrid_tree_dyn PLATFORM.xml REPLICATIONS [CV] [SEED]
//
// PLATFORM.xml is an ideal cluster (hetcoll platform N --output PLATFORM.xml); every host takes
// part. One actor per host, kept for all replications, blocks on its own mailbox: an idle host
// finds the slot empty and waits there for a partial result, or finds a partner in it and sends
// it its result (cost ~ gamma of mean 1 and the given CV, in units of the fastest link:
// cost × bandwidth bytes), and is done. The host that receives the (n−1)-th message ends the
// replication: it prints nothing, adds the makespan to a sum, and every actor meets at a barrier
// before the next replication. Same timing settings as hetcoll (exact_timing_config). Prints
// the replications, the mean makespan and the wall time per replication.
//
// Built by CMake on request (cmake --build BUILD --target minimal_simgrid_tree_dyn); by hand:
//   g++ -O2 -std=c++17 bench/minimal_simgrid_tree_dyn.cpp -o minimal_simgrid_tree_dyn -lsimgrid
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace {

struct State {
  int n = 0;
  long replications = 0;
  double bandwidth = 0;
  std::gamma_distribution<double> cost;
  std::mt19937_64 random;
  std::vector<sg4::Mailbox*> boxes;
  sg4::BarrierPtr barrier;
  int slot = -1;
  int received = 0;
  int at_barrier = 0;
  double origin = 0;
  double makespan_sum = 0;
};

State state;
char payload;

void host_actor(int p) {
  for (long r = 0; r < state.replications; ++r) {
    for (;;) {
      if (state.slot < 0) {
        state.slot = p;
        state.boxes[p]->get<char>();  // a partner's partial result
        if (++state.received == state.n - 1) {
          state.makespan_sum += sg4::Engine::get_clock() - state.origin;
          break;
        }
        continue;  // free ⊕: idle again at once
      }
      const int q = state.slot;
      state.slot = -1;
      const double bytes = std::nearbyint(state.cost(state.random) * state.bandwidth);
      state.boxes[q]->put(&payload, static_cast<std::uint64_t>(bytes));
      break;
    }
    // The last one to reach the barrier sets the next replication up.
    if (++state.at_barrier == state.n) {
      state.at_barrier = 0;
      state.slot = -1;
      state.received = 0;
      state.origin = sg4::Engine::get_clock();
    }
    state.barrier->wait();
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args = {argv[0], "--cfg=network/model:CM02", "--cfg=network/crosstraffic:0",
                                   "--cfg=network/TCP-gamma:1e30", "--cfg=surf/precision:1e-09",
                                   "--cfg=contexts/stack-size:16", "--log=xbt_cfg.thres:warning"};
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s PLATFORM.xml REPLICATIONS [CV] [SEED]\n", argv[0]);
    return 2;
  }
  std::vector<char*> sg_argv;
  for (std::string& a : args) sg_argv.push_back(a.data());
  sg_argv.push_back(nullptr);
  int sg_argc = static_cast<int>(args.size());
  const auto wall_start = std::chrono::steady_clock::now();
  sg4::Engine engine(&sg_argc, sg_argv.data());
  engine.load_platform(argv[1]);
  state.replications = std::atol(argv[2]);
  const double cv = argc > 3 ? std::atof(argv[3]) : 1.0;
  state.random.seed(argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1);
  state.cost = std::gamma_distribution<double>(1 / (cv * cv), cv * cv);  // mean 1
  std::vector<sg4::Host*> hosts = engine.get_all_hosts();
  std::sort(hosts.begin(), hosts.end(), [](const sg4::Host* a, const sg4::Host* b) {
    const std::string &x = a->get_name(), &y = b->get_name();
    return x.size() != y.size() ? x.size() < y.size() : x < y;  // p2 before p10
  });
  state.n = static_cast<int>(hosts.size());
  state.bandwidth = engine.get_all_links().front()->get_bandwidth();
  for (const sg4::Link* l : engine.get_all_links())
    if (l->get_name().rfind("__", 0) != 0) state.bandwidth = std::max(state.bandwidth, l->get_bandwidth());
  state.barrier = sg4::Barrier::create(state.n);
  for (int p = 0; p < state.n; ++p) state.boxes.push_back(sg4::Mailbox::by_name("p" + std::to_string(p)));
  for (int p = 0; p < state.n; ++p) sg4::Actor::create("host", hosts[p], host_actor, p);
  engine.run();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  std::printf("hosts %d replications %ld mean_makespan %.6g wall_s %.3f us_per_replication %.2f\n", state.n,
              state.replications, state.makespan_sum / static_cast<double>(state.replications), wall,
              wall / static_cast<double>(state.replications) * 1e6);
  return 0;
}
