#pragma once
/// @file model_engine.hpp
/// @brief The fast engine: a heap-based discrete-event loop over the papers' cost model, exact
/// as long as no link has to be shared.
#include <memory>

#include "core/error.hpp"
#include "engine/engine.hpp"
#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Relative tolerance of the contention check: the flows on a shared link may add up to
/// its bandwidth × (1 + this), so that rates that fill a link exactly (k streams capped at
/// bandwidth / k) do not stop a run on rounding.
inline constexpr double kContentionTolerance = 1e-9;

/// @brief The model engine stopped because SimGrid would share a link's bandwidth there. One
/// line naming the platform (file), the link, two of its flows and the simulated time, ending
/// in "use --engine simgrid"; an InputError, so the run stops with status 2 like any input the
/// engine cannot time.
class ContentionError : public InputError {
 public:
  using InputError::InputError;
};

/// @brief Times a comm as route latency + bytes / min(route bandwidth, rate cap) and a
/// computation as flops / host speed: the papers' own cost model, and SimGrid's (CM02) timing
/// when no link is shared. Throws ContentionError as soon as the flows crossing a shared link
/// (LinkSpec::shared) need more than its bandwidth at some instant, counting each comm from the
/// end of its latency phase to its end (docs/design.md, "Where the model engine stops"), and
/// InputError for durations it cannot compute (a zero bandwidth or speed, an infinite cost).
std::unique_ptr<Engine> make_model_engine(Platform platform);
/// @brief The same on a platform shared with its maker (a run's, which families read too):
/// the engine copies only the links' costs, and only once a replication changes one.
std::unique_ptr<Engine> make_model_engine(std::shared_ptr<const Platform> platform);

}  // namespace hetcoll
