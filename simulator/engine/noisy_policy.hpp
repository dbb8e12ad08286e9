#pragma once
/// @file noisy_policy.hpp
/// @brief Uncertain costs for any algorithm: a decorator that multiplies each activity it starts
/// by an independent gamma draw of mean 1, so a plan made on nominal costs runs on drawn ones.
///
/// The algorithm never sees the draws: it plans (or reacts) as before, and its activities take
/// longer or shorter than it expected. The unit of a draw is a message, the bytes a host sends
/// to another: where a family cuts a message into segments (a pipeline's, a schedule's pieces),
/// the segments share their message's draw (Noise::segments_of_a_pair). Common random numbers,
/// as in RR-8315: the k-th message started in a replication takes the k-th draw of the
/// replication's communication stream, and the k-th computation the k-th draw of its
/// computation stream, whatever the algorithm, so every algorithm of a replication meets the
/// same luck in the order it starts things. The driver does the wrapping, for every family whose
/// point runner declares noise (PointRunner::noise); no family builds a NoisyPolicy.
#include <cstdint>
#include <functional>
#include <unordered_map>
#include <utility>

#include "core/random.hpp"
#include "engine/executor.hpp"

namespace hetcoll {

/// @brief Which activities are uncertain, and how much.
struct Noise {
  double cv = 0;          //!< coefficient of variation of the factor (0: no noise)
  bool comms = true;      //!< messages take drawn sizes
  bool computes = true;   //!< computations take drawn amounts (false where a computation is a
                          //!< protocol delay, such as a redistribution step's set-up time)
  /// Largest amount a drawn activity may have (the families' kMaxAmount, 2^63): a larger draw
  /// stops the run (InputError naming key 'cv') rather than reach an engine as an undefined size.
  double max_amount = 9223372036854775808.0;
  /// If set, decides alone which activities are drawn (the flags above are then unused): for
  /// plans whose computations are of two kinds, e.g. a broadcast's sender gaps (fixed) and its
  /// clusters' internal broadcasts (uncertain), told apart by the activity's tag.
  std::function<bool(const Activity&)> covers;
  /// True where a host sends one message to each other host, in as many segments as the
  /// algorithm cuts it (a broadcast's pipeline, a redistribution's pieces): every comm from one
  /// host to another is then a segment of one message and takes that message's draw, the one
  /// its first segment started took. False: every comm is a message of its own (a family whose
  /// host sends several messages to one peer, such as divisible's chunks, or one message per
  /// pair anyway, such as reduce's).
  bool segments_of_a_pair = false;
};

/// @brief The first of the two streams of a point's seed that draw its noise: communications
/// draw from RandomStream(point seed, replication, kNoiseStreams), computations from stream
/// kNoiseStreams + 1. Stream 0 is left to the family's own draws (a random star, instance or
/// grid), so the instances do not change with the noise.
inline constexpr std::uint64_t kNoiseStreams = 1;

/// @brief Forwards to an inner policy, scaling the amount (bytes or flops) of every activity
/// `noise` covers by its draw, rounded to a whole number so that both engines run the same
/// activity.
///
/// The factor multiplies the bytes of a message, not its route's latency: latency belongs to the
/// network, the message's size or the link's momentary speed to the draw. Completions reach the
/// inner policy unchanged apart from that amount. One NoisyPolicy serves every run of a work
/// unit: wrap() points it at the next policy and replication.
class NoisyPolicy final : public Policy, private Executor {
 public:
  explicit NoisyPolicy(Noise noise) : noise_(std::move(noise)), factor_law_(GammaLaw::from_mean_cv(1.0, noise_.cv)) {}

  /// Makes this the policy that runs `inner` on the draws of replication `replication` under
  /// `key` (the point's seed): both streams (kNoiseStreams) from their first draw, and no
  /// message of an earlier run remembered. Called before every run, so every algorithm of a
  /// replication meets the same draws (common random numbers).
  void wrap(Policy& inner, std::uint64_t key, std::uint64_t replication);

  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;
  const Plan* static_plan() const override { return inner_ ? inner_->static_plan() : nullptr; }

 private:
  double now() const override { return outer_->now(); }
  std::uint64_t start(const Activity& activity) override;

  Policy* inner_ = nullptr;
  Noise noise_;
  GammaLaw factor_law_;  // gamma(mean 1, cv)
  Executor* outer_ = nullptr;
  RandomStream comm_stream_{0, 0, kNoiseStreams};
  RandomStream compute_stream_{0, 0, kNoiseStreams + 1};
  /// segments_of_a_pair: the draw of each message started, by (sender << 32 | receiver).
  std::unordered_map<std::uint64_t, double> message_draws_;
};

}  // namespace hetcoll
