#pragma once
/// @file model_probe.hpp
/// @brief The model engine's Probe: ping-pongs timed on a platform's description.
#include <memory>

#include "engine/probe.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Each call of round_trips() runs a fresh model engine of `platform` (clock at 0), so a
/// measurement never depends on the ones before it. The platform needs its routes (a generated
/// platform's links, or a file's route table) and must outlive the probe.
std::unique_ptr<Probe> make_model_probe(const Platform& platform);

}  // namespace hetcoll
