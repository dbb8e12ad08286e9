#include "engine/noisy_policy.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

void NoisyPolicy::wrap(Policy& inner, std::uint64_t key, std::uint64_t replication) {
  inner_ = &inner;
  comm_stream_ = RandomStream(key, replication, kNoiseStreams);
  compute_stream_ = RandomStream(key, replication, kNoiseStreams + 1);
  message_draws_.clear();
}

void NoisyPolicy::begin(Executor& executor) {
  outer_ = &executor;
  inner_->begin(*this);
}

void NoisyPolicy::on_complete(Executor& executor, const Completion& done) {
  outer_ = &executor;
  inner_->on_complete(*this, done);
}

std::uint64_t NoisyPolicy::start(const Activity& activity) {
  const bool comm = activity.kind == ActivityKind::comm;
  const bool drawn = noise_.covers ? noise_.covers(activity) : (comm ? noise_.comms : noise_.computes);
  if (noise_.cv == 0 || !drawn) return outer_->start(activity);
  // The draw is taken even for an empty activity, so the k-th activity keeps the k-th draw.
  double factor = 0;
  if (comm && noise_.segments_of_a_pair) {
    const std::uint64_t pair = static_cast<std::uint64_t>(activity.host) << 32 | static_cast<std::uint32_t>(activity.peer);
    const auto [message, first] = message_draws_.try_emplace(pair, 0.0);
    if (first) message->second = comm_stream_.gamma(factor_law_);
    factor = message->second;
  } else {
    factor = (comm ? comm_stream_ : compute_stream_).gamma(factor_law_);
  }
  Activity scaled = activity;
  scaled.amount = std::nearbyint(activity.amount * factor);
  if (!(scaled.amount <= noise_.max_amount))
    throw InputError("key 'cv' = " + format_number(noise_.cv) + " drew " + format_number(factor) + " times an activity of " +
                     format_number(activity.amount) + (comm ? " bytes" : " flops") + ", above the limit of " +
                     format_number(noise_.max_amount) + "; lower 'cv' or the costs");
  return outer_->start(scaled);
}

}  // namespace hetcoll
