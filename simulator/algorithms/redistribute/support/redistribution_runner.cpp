// How a point of the `redistribute` family runs its replications (docs/redistribute.md,
// "Execution"): one instance per replication (a matrix's, or a random one), and every
// algorithm's policy, built by its row's factory, on it; how an algorithm runs (capped steps,
// all at once, no activity) is its factory's business.
#include "algorithms/redistribute/support/redistribution_runner.hpp"

#include <cstddef>
#include <memory>
#include <stdexcept>

#include "algorithms/amount_limits.hpp"
#include "algorithms/redistribute/support/execution.hpp"
#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "algorithms/redistribute/support/redistribution_keys.hpp"
#include "algorithms/redistribute/support/redistribution_policy.hpp"
#include "algorithms/redistribute/support/registry.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/random.hpp"
#include "engine/noisy_policy.hpp"

namespace hetcoll {
namespace {

const RedistributionKeys& keys() { return redistribution_keys(); }

class RedistributionRunner final : public PointRunner {
 public:
  RedistributionRunner(const Point& point, const std::vector<std::string>& algorithms, const Platform& platform,
                       std::uint64_t seed)
      : setup_(resolve_redistribution_point(point, platform)), seed_(seed), policies_(algorithms.size()),
        host_speed_(platform.hosts.at(0).speed) {
    for (const std::string& name : algorithms) algorithms_.push_back(&redistribution_algorithms().at(name));
    asynchronous_ = point[keys().asynchronous] == 1;
    // β is the protocol's set-up time, not a transfer: only the streams are uncertain.
    noise_ = Noise{point[keys().cv], true, false, kMaxAmount};
    noise_.segments_of_a_pair = point[keys().cv_unit] == "message";
    if (setup_.from_matrix) use(setup_.fixed);
    shared_ = setup_.backbone_shared;
    // Random instances on the family's own platform set their NIC speeds on its links
    // (nic_settings), found here once; on a platform file they keep the file's speeds.
    if (!setup_.from_matrix && !setup_.speeds_known) {
      std::vector<std::string> names;
      for (int v = 0; v < setup_.random.senders + setup_.random.receivers; ++v)
        for (const char* end : {"_UP", "_DOWN"}) names.push_back("p" + std::to_string(v) + end);
      nic_links_ = platform.link_indices(names);
      for (std::size_t i = 0; i < names.size(); ++i)
        if (nic_links_[i] < 0)
          throw InputError(platform.source() +
                           ": random instances draw the NIC speeds of links p<i>_UP and p<i>_DOWN (the family's own "
                           "platform), and it has no link " + names[i] +
                           " (give matrix = FILE.csv: the speeds then come from the file's routes)");
    }
    check_amount(point[keys().beta] * host_speed_,
                 (platform.file.empty() ? "" : platform.file + ": ") + std::string("key 'beta' = ") +
                     format_number(point[keys().beta]) + " s at " + format_number(host_speed_) + " flop/s",
                 "flops");
  }

  Noise noise() const override { return noise_; }

  void begin_replication(std::uint64_t replication, std::vector<LinkSetting>& settings) override {
    if (setup_.from_matrix) return;
    // A new instance (and, on the family's own platform, new NIC speeds) for every
    // replication, the same for all algorithms, from stream 0: the noise has streams of its own
    // (kNoiseStreams), so the instances do not change with cv.
    if (setup_.speeds_known) {
      use(random_matrix(setup_.random, RandomStream(seed_, replication), setup_.fixed));
      return;
    }
    use(random_instance(setup_.random, RandomStream(seed_, replication)));
    nic_settings(nic_links_, nic_bytes_, settings);
  }

  Policy* policy(std::size_t algorithm, std::uint64_t, std::vector<LinkSetting>&) override {
    std::unique_ptr<RedistributionPolicy>& p = policies_[algorithm];
    // Made when first run, once the first instance has given the base speed (the same for
    // every instance of the point); from then on the policy follows instance_id_.
    if (!p) {
      RedistributionSetup s;
      s.instance = &instance_;
      s.instance_id = &instance_id_;
      s.base_bytes = base_bytes_;
      s.host_speed = host_speed_;
      s.uncapped = setup_.uncapped;
      s.asynchronous = asynchronous_;
      p = algorithms_[algorithm]->make(s);
    }
    return p.get();
  }

  void record(std::size_t algorithm, double makespan, double* metrics) override {
    const double value = policies_[algorithm]->value(makespan);
    metrics[0] = value;
    metrics[1] = bound_ > 0 ? value / bound_ : 1.0;
    metrics[2] = value / link_bound_;
    metrics[3] = shared_ ? 1.0 : 0.0;
  }

 private:
  void use(const Derived& d) {
    instance_ = d.instance;
    ++instance_id_;
    bound_ = lower_bound(instance_);
    link_bound_ = link_bound(d, setup_.backbone_shared);
    base_bytes_ = d.base * kBytesPerMbit;
    nic_bytes_.clear();
    for (int ports : d.ports) nic_bytes_.push_back(ports * base_bytes_);
  }

  RedistributionPoint setup_;
  std::uint64_t seed_;
  Noise noise_;
  std::vector<const RedistributionAlgorithm*> algorithms_;
  std::vector<std::unique_ptr<RedistributionPolicy>> policies_;  // per algorithm, made when first run
  bool asynchronous_ = false;
  Instance instance_;
  std::uint64_t instance_id_ = 0;  // moves with instance_ (RedistributionSetup::instance_id)
  double bound_ = 0;
  double link_bound_ = 0;
  bool shared_ = true;
  double base_bytes_ = 0;
  std::vector<double> nic_bytes_;
  std::vector<int> nic_links_;  // random instances: node v's UP and DOWN links, at 2v and 2v + 1
  double host_speed_;  // β is a computation of β seconds on host 0
};

}  // namespace

std::unique_ptr<PointRunner> make_redistribution_runner(const Point& point, const std::vector<std::string>& algorithms,
                                                        const Platform& platform, std::uint64_t seed) {
  return std::make_unique<RedistributionRunner>(point, algorithms, platform, seed);
}

}  // namespace hetcoll
