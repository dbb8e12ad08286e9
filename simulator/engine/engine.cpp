#include "engine/engine.hpp"

namespace hetcoll {
namespace {

/// Supplies `policy` once, with no link changes, and keeps its makespan.
class SingleReplication final : public ReplicationSource {
 public:
  explicit SingleReplication(Policy& policy) : policy_(policy) {}
  Policy* next(std::vector<LinkSetting>&) override {
    if (given_) return nullptr;
    given_ = true;
    return &policy_;
  }
  void finished(double makespan) override { makespan_ = makespan; }
  double makespan() const { return makespan_; }

 private:
  Policy& policy_;
  bool given_ = false;
  double makespan_ = -1;  // stays -1 if the engine never finishes the replication
};

}  // namespace

double run_single(Engine& engine, Policy& policy) {
  SingleReplication source(policy);
  engine.run(source);
  return source.makespan();
}

}  // namespace hetcoll
