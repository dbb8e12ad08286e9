#include "algorithms/family.hpp"

#include "algorithms/broadcast/support/broadcast_family.hpp"
#include "algorithms/divisible/support/divisible_family.hpp"
#include "algorithms/redistribute/support/redistribution_family.hpp"
#include "algorithms/reduce/support/reduce_family.hpp"

namespace hetcoll {

const std::vector<MetricSpec>& Family::metrics() const {
  static const std::vector<MetricSpec> none;
  return none;
}

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

const std::vector<const Family*>& all_families() {
  // The one table of families: a new family adds one line here.
  static const std::vector<const Family*> families = {&reduce_family(), &divisible_family(), &redistribution_family(),
                                                      &broadcast_family()};
  return families;
}

const Family* find_family(const std::string& name) {
  for (const Family* f : all_families())
    if (f->name() == name) return f;
  return nullptr;
}

}  // namespace hetcoll
