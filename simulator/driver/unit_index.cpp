#include "driver/unit_index.hpp"

#include <algorithm>
#include <fstream>
#include <optional>

#include "core/error.hpp"
#include "driver/sweep.hpp"

namespace hetcoll {

std::string describe_unit(const WorkUnit& u) {
  return "the work unit of point " + std::to_string(u.point) + " (replications " + std::to_string(u.first) + " to " +
         std::to_string(u.first + u.count - 1) + ")";
}

std::map<std::size_t, std::vector<UnitEntry>> index_units(const Scenario& deal, std::size_t points,
                                                          const std::vector<std::string>& files,
                                                          const std::vector<int>& shard_of_file) {
  std::map<std::size_t, std::vector<UnitEntry>> by_point;
  std::map<std::pair<std::size_t, std::uint64_t>, std::size_t> seen;  // unit -> file
  for (std::size_t f = 0; f < files.size(); ++f) {
    const std::string& path = files[f];
    std::ifstream in(path, std::ios::binary);
    std::string line;
    if (!in || !std::getline(in, line) || line != kUnitsFileHeader)
      throw InputError(path + ": not a hetcoll units file (expected a first line '" + kUnitsFileHeader + "')");
    Scenario shard = deal;
    shard.shard.index = shard_of_file[f];
    for (std::streamoff at = in.tellg(); std::getline(in, line); at = in.tellg()) {
      const std::optional<UnitRecord> record = parse_unit_head(line);
      if (!record || !cut_as_scenario(deal, *record, points))
        throw InputError(path + ": byte " + std::to_string(at) + " starts no unit record of this run");
      const WorkUnit& u = record->unit;
      if (unit_shard(deal, u.point, u.first / deal.block) != shard.shard.index || whole_in_shard(shard, u.point))
        throw InputError(path + ": holds " + describe_unit(u) + ", which is not shard " + std::to_string(shard.shard.index) +
                         "'s to hand over");
      const auto [previous, fresh] = seen.emplace(std::make_pair(u.point, u.first), f);
      if (!fresh) throw InputError(path + ": " + describe_unit(u) + " is given twice (also in " + files[previous->second] + ")");
      const std::streamoff result = in.tellg();
      in.seekg(result + static_cast<std::streamoff>(record->bytes));
      if (in.get() != '\n') throw InputError(path + ": " + describe_unit(u) + " is cut short");
      by_point[u.point].push_back({*record, f, result});
    }
  }
  const std::uint64_t per_point = units_per_point(deal);
  for (std::size_t p = 0; p < points; ++p) {
    if (files.empty()) break;
    std::vector<UnitEntry>& entries = by_point[p];
    std::sort(entries.begin(), entries.end(),
              [](const UnitEntry& a, const UnitEntry& b) { return a.record.unit.first < b.record.unit.first; });
    for (std::uint64_t b = 0; b < per_point; ++b)
      if (b >= entries.size() || entries[b].record.unit.first != b * deal.block) {
        const std::uint64_t first = b * deal.block;
        const int owner = unit_shard(deal, p, b);
        throw InputError(files[static_cast<std::size_t>(
                             std::find(shard_of_file.begin(), shard_of_file.end(), owner) - shard_of_file.begin())] +
                         ": " + describe_unit({p, first, std::min(deal.block, deal.replications - first)}) +
                         " is missing (shard " + std::to_string(owner) + " runs it)");
      }
    const std::string& fields = entries.front().record.fields;
    for (const UnitEntry& e : entries)
      if (e.record.fields != fields)
        throw InputError(files[e.part] + ": " + describe_unit(e.record.unit) + " gives the point's parameters as '" +
                         e.record.fields + "', another record '" + fields + "'");
  }
  return by_point;
}

}  // namespace hetcoll
