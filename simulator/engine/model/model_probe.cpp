#include "engine/model/model_probe.hpp"

#include "engine/model/model_engine.hpp"

namespace hetcoll {
namespace {

class ModelProbe final : public Probe {
 public:
  explicit ModelProbe(const Platform& platform) : platform_(platform) {}
  std::vector<double> round_trips(const std::vector<PingPong>& pings) override {
    return run_ping_pongs(*make_model_engine(platform_), pings);
  }

 private:
  const Platform& platform_;
};

}  // namespace

std::unique_ptr<Probe> make_model_probe(const Platform& platform) { return std::make_unique<ModelProbe>(platform); }

}  // namespace hetcoll
