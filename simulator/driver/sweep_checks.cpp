#include "driver/sweep_checks.hpp"

#include <algorithm>
#include <cmath>

#include "algorithms/family.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/sweep.hpp"

namespace hetcoll {
namespace {

/// Where a point's values came from, for a rule of several keys: the file, the command line or both.
std::string point_origin(const Scenario& s) {
  if (s.source.empty()) return "command line";
  for (const ParameterSpec& p : s.family->parameters())
    if (s.sources.command_line.count(p.key)) return s.source + " and the command line";
  return s.source;
}

/// The whole-number keys of a point above 1 (processors = 65536, senders = 300): what sizes it.
std::string sizes_of(const Family& family, const Point& point) {
  std::string text;
  const auto& params = family.parameters();
  for (std::size_t i = 0; i < params.size(); ++i)
    if (params[i].kind == ParameterKind::number && params[i].integer && !params[i].flag && point.values[i] > 1)
      text += (text.empty() ? "" : ", ") + params[i].key + " = " + format_number(point.values[i]);
  return text.empty() ? "its hosts" : text;
}

/// Share of physical memory a run may take by estimate; the rest is the system's and the
/// estimate's margin.
constexpr double kMemoryShare = 0.8;

/// Refuses a run whose memory estimate exceeds kMemoryShare of the machine, naming the keys of
/// its largest part.
void check_memory(const Scenario& s, const MemoryEstimate& m, double points, double largest_unit,
                  const std::string& largest_point, const std::string& where) {
  const double limit = kMemoryShare * physical_memory();
  if (m.total() <= limit) return;
  const double largest = std::max({m.points, m.series, m.units, m.children});
  const std::string replications = "key 'replications' = " + std::to_string(s.replications);
  std::string culprit;
  if (largest == m.points) {
    culprit = where + ": the sweep's " + format_number(points) + " points (the product of the axes' value counts)";
  } else if (largest == m.series) {
    culprit = s.sources.of("replications") + ": " + replications +
              " (exact quantiles keep every value of a point; key 'quantiles' = p2 estimates them in bounded memory)";
  } else if (largest == m.units) {
    culprit = s.sources.of("replications") + ": " + replications + " with key 'block' = " + std::to_string(s.block) +
              " (" + format_number(points * std::ceil(static_cast<double>(s.replications) / s.block)) + " work units)";
  } else if (s.jobs * largest_unit >= m.children / 2) {
    culprit = where + ": the largest point (" + largest_point + ", " + gigabytes(largest_unit) +
              " per process on the " + s.engine + " engine) with key 'jobs' = " + std::to_string(s.jobs);
  } else {
    culprit = s.sources.of("block") + ": key 'block' = " + std::to_string(s.block) + " with key 'jobs' = " +
              std::to_string(s.jobs) + " (each process holds a unit's values)";
  }
  throw InputError(culprit + " needs about " + gigabytes(m.total()) + " of memory by estimate, above the limit of " +
                   gigabytes(limit) + " (80% of this machine's " + gigabytes(physical_memory()) + ")");
}

}  // namespace

void check_sweep(Scenario& s) {
  // The sweep is sized before it is expanded: axes of a million values each must be refused, not
  // built. A default `jobs` (one process per CPU) shrinks until the estimate fits: more cores
  // than memory for them is the machine's shape, not the user's mistake.
  const std::string where = point_origin(s);
  const double points = count_points(s);
  check_memory(s, estimate_memory(s, points, 0), points, 0, "", where);
  double largest_unit = 0;
  const Point* largest = nullptr;
  const std::vector<Point> all = expand_points(s);
  for (const Point& point : all) {
    try {
      const auto settings = point_settings(s, point);
      // The family's own check names the reason; this one holds for every key whose CSV cell a
      // point leaves empty, so no two rows differ by an empty cell alone.
      for (const ParameterSpec& p : s.family->parameters())
        if (s.written.count(p.key) && !key_applies(p, point, !s.platform.empty()))
          throw InputError("key '" + p.key +
                           "' does not apply to this point (its CSV column is left empty); remove it");
      const double bytes = unit_memory(s, *settings);
      if (largest == nullptr || bytes > largest_unit) largest_unit = bytes, largest = &point;
    } catch (const InputError& e) {
      throw InputError(where + ": " + e.what());
    }
  }
  const double limit = kMemoryShare * physical_memory();
  while (!s.jobs_given && s.jobs > 1 && estimate_memory(s, points, largest_unit).total() > limit) --s.jobs;
  check_memory(s, estimate_memory(s, points, largest_unit), points, largest_unit, sizes_of(*s.family, *largest), where);
}

std::vector<std::string> apply_algorithm_limits(Scenario& s) {
  constexpr double kMostPointsChecked = 1e5;
  std::vector<std::string> notes;
  if (count_points(s) > kMostPointsChecked) return notes;
  // The family's default list is shortened, a list the scenario gives is refused: `hetcoll run
  // --family reduce --hosts zone:big` runs what can run.
  const bool listed = s.sources.given.count("algorithms") > 0;
  const std::vector<Point> points = expand_points(s);
  std::vector<std::string> kept;
  std::string first_reason;
  std::vector<std::unique_ptr<const PointSettings>> settings;
  for (const Point& point : points) {
    try {
      settings.push_back(point_settings(s, point));
    } catch (const InputError&) {
      // A bad point: check_sweep names it.
    }
  }
  for (const std::string& algorithm : s.algorithms) {
    std::string reason;
    for (const auto& point : settings) {
      reason = point->limit(algorithm);
      if (!reason.empty()) break;
    }
    if (reason.empty()) {
      kept.push_back(algorithm);
      continue;
    }
    if (listed) throw InputError(s.sources.of("algorithms") + ": " + reason);
    const bool another_kind = std::any_of(settings.begin(), settings.end(),
                                          [&](const auto& point) { return point->other_kind.count(algorithm) > 0; });
    if (another_kind) continue;
    if (first_reason.empty()) first_reason = reason;
    notes.push_back("key 'algorithms' not given: " + algorithm + " is left out of the family's list (" + reason + ")");
  }
  if (kept.empty()) throw InputError(s.sources.of("algorithms") + ": " + first_reason);
  s.algorithms = std::move(kept);
  return notes;
}

}  // namespace hetcoll
