#include "engine/recording_policy.hpp"

namespace hetcoll {

void RecordingPolicy::begin(Executor& executor) {
  events_.clear();
  inner_.begin(executor);
}

void RecordingPolicy::on_complete(Executor& executor, const Completion& done) {
  events_.push_back(done);
  inner_.on_complete(executor, done);
}

}  // namespace hetcoll
