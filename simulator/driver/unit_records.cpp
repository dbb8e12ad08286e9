#include "driver/unit_records.hpp"

#include <algorithm>
#include <istream>
#include <ostream>
#include <sstream>

namespace hetcoll {

void write_unit_record(std::ostream& out, const WorkUnit& u, const std::string& fields, const UnitResult& result) {
  out << "@unit " << u.point << ' ' << u.first << ' ' << u.count << ' ' << encoded_size(result) << " fields="
      << fields << '\n';
  encode_unit_result(out, result);
  out << '\n';
}

std::optional<UnitRecord> parse_unit_head(const std::string& line) {
  std::istringstream head(line);
  std::string tag;
  UnitRecord r;
  if (!(head >> tag >> r.unit.point >> r.unit.first >> r.unit.count >> r.bytes >> r.fields) || tag != "@unit")
    return std::nullopt;
  std::string rest;
  if (r.fields.rfind("fields=", 0) != 0 || head >> rest) return std::nullopt;  // fields hold no space
  r.fields.erase(0, 7);
  return r;
}

bool read_unit_result(std::istream& in, const UnitRecord& head, std::size_t series, UnitResult& result) {
  if (!decode_unit_result(in, head.bytes, result)) return false;
  return in.get() == '\n' && result.values.size() == head.unit.count * series;
}

bool cut_as_scenario(const Scenario& s, const UnitRecord& head, std::size_t points) {
  const WorkUnit& u = head.unit;
  return u.point < points && u.first % s.block == 0 && u.first < s.replications &&
         u.count == std::min<std::uint64_t>(s.block, s.replications - u.first);
}

}  // namespace hetcoll
