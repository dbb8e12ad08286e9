#include "driver/merge.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "driver/csv_output.hpp"

namespace hetcoll {
namespace {

std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  std::string f;
  while (std::getline(in, f, ',')) fields.push_back(f);
  return fields;
}

}  // namespace

std::vector<std::string> canonical_order(const std::vector<std::string>& rows, std::size_t columns,
                                         const std::string& where) {
  struct Keyed {
    std::vector<double> point;
    std::size_t algorithm_rank;
    const std::string* row;
  };
  std::map<std::string, std::size_t> rank;  // algorithm -> order of first appearance
  std::set<std::pair<std::vector<double>, std::string>> seen;
  std::vector<Keyed> keyed;
  for (const std::string& row : rows) {
    const std::vector<std::string> f = split_fields(row);
    if (f.size() < columns + 1) throw InputError(where + ": a row has too few columns: '" + row + "'");
    std::vector<double> point;
    for (std::size_t c = 1; c <= columns; ++c) point.push_back(parse_number(f[c], "column " + std::to_string(c + 1), where));
    if (!seen.insert({point, f[0]}).second)
      throw InputError(where + ": algorithm " + f[0] + " appears twice at one point (overlapping shards?)");
    const std::size_t r = rank.emplace(f[0], rank.size()).first->second;
    keyed.push_back({std::move(point), r, &row});
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    return a.point != b.point ? a.point < b.point : a.algorithm_rank < b.algorithm_rank;
  });
  std::vector<std::string> out;
  for (const Keyed& k : keyed) out.push_back(*k.row);
  return out;
}

void merge_csv_files(const std::vector<std::string>& inputs, const std::string& output) {
  if (inputs.empty()) throw InputError("merge: no input file given");
  std::string header;
  std::vector<std::string> rows;
  for (const std::string& path : inputs) {
    std::ifstream in(path);
    if (!in) throw InputError(path + ": cannot read the CSV file");
    std::string first, line;
    if (!std::getline(in, first)) throw InputError(path + ": empty file, expected a hetcoll CSV header");
    if (header.empty()) header = first;
    else if (first != header) throw InputError(path + ": header differs from " + inputs.front() + "'s");
    while (std::getline(in, line))
      if (!line.empty()) rows.push_back(line);
  }
  const std::vector<std::string> columns = split_fields(header);
  const auto replications = std::find(columns.begin(), columns.end(), "replications");
  if (columns.empty() || columns[0] != "algorithm" || replications == columns.end())
    throw InputError(inputs.front() + ": expected a header 'algorithm,<parameters>,replications,...'");
  const auto parameter_columns = static_cast<std::size_t>(replications - columns.begin()) - 1;
  const std::vector<std::string> ordered = canonical_order(rows, parameter_columns, "merge");
  AtomicFile out(output, "output");
  out.stream() << header << '\n';
  for (const std::string& row : ordered) out.stream() << row << '\n';
  out.commit();
}

}  // namespace hetcoll
