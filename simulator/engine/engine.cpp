#include "engine/engine.hpp"

#include <limits>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "core/number_format.hpp"

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

void refuse_link_setting(const LinkSetting& s, const Platform& platform) {
  if (s.link < 0 || static_cast<std::size_t>(s.link) >= platform.links.size())
    throw std::logic_error("link setting: no link " + std::to_string(s.link) + " in a platform of " +
                           std::to_string(platform.links.size()));
  throw InputError("platform: link " + platform.link_name(s.link) + " would get bandwidth " + format_number(s.bandwidth) +
                   " B/s and latency " + format_number(s.latency) +
                   " s; expected a positive, finite bandwidth and a finite, non-negative latency");
}

InputError no_finite_duration(const Activity& a, const std::string& host, const std::string& peer) {
  if (a.kind == ActivityKind::compute)
    return InputError("a computation of " + format_number(a.amount) + " flops on host " + host +
                      " has no finite duration; expected a finite, non-negative amount");
  return InputError("a message of " + format_number(a.amount) + " bytes from " + host + " to " + peer + " (rate cap " +
                    format_number(a.rate) + " B/s) has no finite duration; expected a finite, non-negative size and rate cap");
}

double run_single(Engine& engine, Policy& policy) {
  SingleReplication source(policy);
  engine.run(source);
  return source.makespan();
}

}  // namespace hetcoll
