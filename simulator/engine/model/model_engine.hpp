#pragma once
/// @file model_engine.hpp
/// @brief The fast engine: a heap-based discrete-event loop over the contention-free model.
#include <memory>

#include "engine/engine.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Times a comm as route latency + bytes / min(route bandwidth, rate cap) and a
/// computation as flops / host speed, with no contention: the papers' own cost model.
std::unique_ptr<Engine> make_model_engine(Platform platform);

}  // namespace hetcoll
