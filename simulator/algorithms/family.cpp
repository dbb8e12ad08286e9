#include "algorithms/family.hpp"

#include <stdexcept>

#include "algorithms/broadcast/support/broadcast_family.hpp"
#include "algorithms/divisible/support/divisible_family.hpp"
#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "algorithms/reduce/support/reduce_family.hpp"
#include "algorithms/schedule/support/schedule_family.hpp"

namespace hetcoll {

int Family::parameter_index(const std::string& key) const {
  const auto& params = parameters();
  for (std::size_t i = 0; i < params.size(); ++i)
    if (params[i].key == key) return static_cast<int>(i);
  return -1;
}

bool Family::has_algorithm(const std::string& name) const {
  for (const AlgorithmInfo& a : algorithms())
    if (a.name == name) return true;
  return false;
}

const ParameterSpec* Family::host_count_key() const {
  for (const ParameterSpec& p : parameters())
    if (p.counts_hosts) return &p;
  return nullptr;
}

namespace {

// Measures nothing: a family that measures the platform is prepared through a run's probe.
class NoProbe final : public Probe {
 public:
  std::vector<double> round_trips(const std::vector<PingPong>& /*pings*/) override {
    throw std::logic_error("this point measures its platform: prepare it with a run's probe");
  }
};

}  // namespace

std::unique_ptr<const PointSettings> Family::read_point(const Point& point, bool platform_file) const {
  static const std::set<std::string> none;
  return settings(point, PointContext{none, platform_file});
}

std::vector<std::string> PointContext::run_algorithms(const std::vector<AlgorithmInfo>& family) const {
  if (algorithms != nullptr) return *algorithms;
  std::vector<std::string> names;
  for (const AlgorithmInfo& a : family) names.push_back(a.name);
  return names;
}

std::unique_ptr<PointRunner> Family::prepare_point(const Point& point, const std::vector<std::string>& algorithms,
                                                   const Platform& platform, std::uint64_t seed, Probe* probe) const {
  static const std::set<std::string> none;
  const auto s = settings(point, PointContext{none, !platform.file.empty(), &algorithms});
  if (probe != nullptr) return prepare(*s, algorithms, platform, seed, *probe);
  NoProbe no_probe;
  return prepare(*s, algorithms, platform, seed, no_probe);
}

const std::vector<const Family*>& all_families() {
  // The one table of families: a new family adds one line here.
  static const std::vector<const Family*> families = {&reduce_family(), &divisible_family(), &redistribution_family(),
                                                      &broadcast_family(), &schedule_family()};
  return families;
}

const Family* find_family(const std::string& name) {
  for (const Family* f : all_families())
    if (f->name() == name) return f;
  return nullptr;
}

}  // namespace hetcoll
