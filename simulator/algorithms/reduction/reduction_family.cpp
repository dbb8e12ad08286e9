#include "algorithms/reduction/reduction_family.hpp"

#include <algorithm>

#include "algorithms/amount_limits.hpp"
#include "algorithms/reduction/reduction_costs.hpp"
#include "algorithms/reduction/registry.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

/// The family's keys, declared once and read back as point[keys().cv].
struct ReductionKeys {
  KeyTable table;
  NumberKey processors = table.number("processors", "number of processors n (hosts 0..n-1)", 64)
                             .sweep().whole().at_least(1).at_most(kMaxHosts);
  NumberKey cv = table.number("cv", "coefficient of variation of every cost (0: deterministic)", 1)
                     .sweep().zero_or_at_least(kSmallestCv).at_most(kLargestCv);
  NumberKey ratio =
      table.number("ratio", "mean computation cost / mean communication cost (0: no computation)", 0)
          .sweep().at_most(1e6);
  NumberKey comm_mean = table.number("comm-mean", "mean communication cost, in seconds on the reference link", 1)
                            .above(0).at_most(1e6);
};

const ReductionKeys& keys() {
  static const ReductionKeys k;
  return k;
}

/// Refuses a point whose largest possible draw, at `scale`, is not a whole number of bytes or
/// flops a double holds (`where`: the platform that sets the scale).
void check_largest_draws(const Point& point, const CostScale& scale, const std::string& where) {
  const double cv = point[keys().cv], ratio = point[keys().ratio], mean = point[keys().comm_mean];
  const std::string keys = where + "keys 'comm-mean' = " + format_number(mean) + ", 'ratio' = " +
                           format_number(ratio) + " and 'cv' = " + format_number(cv) +
                           " (a draw reaches 350·max(1, cv²) means; keep comm-mean·max(1, ratio)·max(1, cv²) <= " +
                           format_number(kMaxAmount / (350 * std::max(scale.bytes_per_unit, scale.flops_per_unit))) + ")";
  check_amount(mean * gamma_draw_bound(cv) * scale.bytes_per_unit, keys, "bytes");
  check_amount(ratio * mean * gamma_draw_bound(cv) * scale.flops_per_unit, keys, "flops");
}

/// Replications of one point: one cost stream, reseeded identically for every algorithm of a
/// replication, so the k-th communication of every algorithm takes the same draw.
class ReductionPointRunner final : public PointRunner {
 public:
  ReductionPointRunner(const Point& point, const std::vector<std::string>& algorithms,
                       const Platform& platform, std::uint64_t seed)
      : seed_(seed) {
    ReductionCostParams params;
    params.comm_mean = point[keys().comm_mean];
    params.cv = point[keys().cv];
    params.ratio = point[keys().ratio];
    costs_ = std::make_unique<ReductionCosts>(params, seed);
    ReductionSetup setup;
    setup.processors = static_cast<int>(point[keys().processors]);
    setup.scale = CostScale{platform.reference_bandwidth(), platform.reference_speed()};
    check_largest_draws(point, setup.scale, platform.file.empty() ? "" : platform.file + ": ");
    setup.costs = costs_.get();
    for (const std::string& name : algorithms) policies_.push_back(reduction_algorithms().at(name).make(setup));
  }

  Policy* policy(std::size_t algorithm, std::uint64_t replication, std::vector<LinkSetting>&) override {
    costs_->reseed(derive_seed(seed_, {replication}));
    return policies_[algorithm].get();
  }

 private:
  std::uint64_t seed_;
  std::unique_ptr<ReductionCosts> costs_;
  std::vector<std::unique_ptr<Policy>> policies_;
};

class ReductionFamily final : public Family {
 public:
  std::string name() const override { return "reduction"; }
  std::string description() const override {
    return "non-clairvoyant reductions with gamma costs (Benoit, Canon, Marchal, RR-8315)";
  }
  const std::vector<ParameterSpec>& parameters() const override { return keys().table.specs(); }
  const std::vector<AlgorithmInfo>& algorithms() const override { return reduction_algorithms().infos(); }
  int hosts_needed(const Point& point) const override { return static_cast<int>(point[keys().processors]); }
  void check_point(const Point& point) const override {
    const Platform built_in = ideal_cluster(1);
    check_largest_draws(point, CostScale{built_in.reference_bandwidth(), built_in.reference_speed()}, "");
  }
  std::unique_ptr<PointRunner> prepare(const Point& point, const std::vector<std::string>& algorithms,
                                       const Platform& platform, std::uint64_t seed) const override {
    return std::make_unique<ReductionPointRunner>(point, algorithms, platform, seed);
  }
};

}  // namespace

const Family& reduction_family() {
  static const ReductionFamily family;
  return family;
}

}  // namespace hetcoll
