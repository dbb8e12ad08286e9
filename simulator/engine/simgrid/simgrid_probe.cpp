#include "engine/simgrid/simgrid_probe.hpp"

#include <stdexcept>

namespace hetcoll {
namespace {

class SimgridProbe final : public Probe {
 public:
  SimgridProbe(SimgridSession& session, int hosts) : session_(session), hosts_(hosts) {}
  std::vector<double> round_trips(const std::vector<PingPong>& pings) override {
    if (used_) throw std::logic_error("SimGrid probe: a session's engine runs once; measure everything in one call");
    used_ = true;
    return run_ping_pongs(*session_.engine(hosts_), pings);
  }

 private:
  SimgridSession& session_;
  int hosts_;
  bool used_ = false;
};

}  // namespace

std::unique_ptr<Probe> make_simgrid_probe(SimgridSession& session, int hosts) {
  return std::make_unique<SimgridProbe>(session, hosts);
}

}  // namespace hetcoll
