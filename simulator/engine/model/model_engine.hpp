#pragma once
/// @file model_engine.hpp
/// @brief The fast engine: a heap-based discrete-event loop over the papers' cost model, exact
/// with links shared max-min as SimGrid shares them.
#include <memory>

#include "core/error.hpp"
#include "engine/engine.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Times a comm as route latency + bytes / min(route bandwidth, rate cap) and a
/// computation as flops / host speed: the papers' own cost model, and SimGrid's (CM02) timing
/// when no link is shared. From the first instant where the flows crossing a shared link
/// (LinkSpec::shared) would need more than its bandwidth (engine/model/overload_check.hpp), the
/// replication's comms share links as CM02 does (weighted max-min, engine/model/max_min_sharing.hpp; docs/design.md, "Max-min
/// sharing"). Throws InputError for durations it cannot compute (a zero bandwidth or speed, an
/// infinite cost).
std::unique_ptr<Engine> make_model_engine(Platform platform);
/// @brief The same on a platform shared with its maker (a run's, which families read too):
/// the engine copies only the links' costs, and only once a replication changes one.
std::unique_ptr<Engine> make_model_engine(std::shared_ptr<const Platform> platform);

}  // namespace hetcoll
