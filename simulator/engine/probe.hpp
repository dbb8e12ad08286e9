#pragma once
/// @file probe.hpp
/// @brief Measurements a family takes of the run's platform before its replications, as a real
/// framework would on a real grid (Steffenel's pings the hosts and fits pLogP to ping-pongs).
///
/// Families never build an engine to measure: the engine factory (engine_factory.hpp) hands
/// them the Probe of the run, and each engine implements it (model/model_probe.hpp,
/// simgrid/simgrid_probe.hpp).
#include <utility>
#include <vector>

#include "engine/engine.hpp"

namespace hetcoll {

/// @brief One ping-pong: `bytes` from host `from` to host `to`, then as many back.
struct PingPong {
  int from = 0;
  int to = 0;
  double bytes = 0;
};

/// @brief Answers ping-pongs on the run's platform.
class Probe {
 public:
  virtual ~Probe() = default;
  /// Round-trip time (s) of each ping-pong, run one after the other so that nothing else is in
  /// flight: the platform's own timing of a message, free of contention.
  virtual std::vector<double> round_trips(const std::vector<PingPong>& pings) = 0;
};

/// @brief Runs `pings` as one plan on `engine` (which runs once, so once per engine) and
/// returns their round-trip times: what every engine's probe does.
std::vector<double> run_ping_pongs(Engine& engine, const std::vector<PingPong>& pings);

}  // namespace hetcoll
