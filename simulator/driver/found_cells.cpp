#include "driver/found_cells.hpp"

#include <sstream>

#include "algorithms/family.hpp"
#include "core/number_format.hpp"
#include "driver/csv_output.hpp"

namespace hetcoll {

std::vector<std::string> point_cells(const RunSetup& setup) {
  const Scenario& s = *setup.scenario;
  const Family& family = *s.family;
  std::vector<std::string> cells;
  for (std::size_t p = 0; p < setup.points.size(); ++p) {
    const Point& point = setup.points[p];
    std::vector<std::pair<std::size_t, double>> found;
    const auto settings = point_settings(s, point);
    if (settings->finds_cells) {
      // The child hands back "key value" lines, each value in shortest round-trip form.
      const std::string text = run_in_child(setup.work_dir, [&] {
        const std::unique_ptr<EngineRun> run = open_point_engine(setup, p, *settings);
        std::string lines;
        for (const auto& [key, value] : settings->found_cells(run->platform(), run->probe()))
          lines += std::to_string(key) + ' ' + format_number(value) + '\n';
        return lines;
      });
      std::istringstream in(text);
      std::size_t key = 0;
      for (std::string value; in >> key >> value;) found.emplace_back(key, parse_number(value, "found cell", "probe"));
    }
    cells.push_back(parameter_fields(family, point, !s.platform.empty(), found));
  }
  return cells;
}

}  // namespace hetcoll
