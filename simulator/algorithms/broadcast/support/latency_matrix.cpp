#include "algorithms/broadcast/support/latency_matrix.hpp"

#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

std::string trim(const std::string& s) {
  const std::size_t first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

LatencyMatrix parse_latency_csv(const std::string& text, const std::string& source) {
  std::vector<std::vector<double>> rows;
  std::istringstream in(text);
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    const std::string content = trim(line);
    if (content.empty() || content[0] == '#') continue;
    std::vector<double> row;
    std::size_t start = 0;
    for (;;) {
      const std::size_t comma = content.find(',', start);
      const std::size_t length = comma == std::string::npos ? std::string::npos : comma - start;
      const std::string cell = trim(content.substr(start, length));
      const std::string where = source + ": line " + std::to_string(line_number);
      if (cell.empty())
        throw InputError(where + ": missing entry in column " + std::to_string(row.size() + 1) +
                         " (expected a latency >= 0)");
      const double v = parse_number(cell, "latency", where);
      if (v < 0)
        throw InputError(where + ": negative latency '" + cell + "' in column " + std::to_string(row.size() + 1));
      if (v > kMaxLatencyMicroseconds)
        throw InputError(where + ": latency '" + cell + "' in column " + std::to_string(row.size() + 1) +
                         " exceeds the largest, " + format_number(kMaxLatencyMicroseconds) + " microseconds");
      row.push_back(v);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    rows.push_back(std::move(row));
  }
  if (rows.empty()) throw InputError(source + ": no latency rows (expected an n x n matrix)");
  const int n = static_cast<int>(rows.size());
  LatencyMatrix m;
  m.n = n;
  m.w.reserve(static_cast<std::size_t>(n) * n);
  for (int r = 0; r < n; ++r) {
    if (static_cast<int>(rows[r].size()) != n)
      throw InputError(source + ": row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                       " entries, expected " + std::to_string(n) + " (a square matrix)");
    m.w.insert(m.w.end(), rows[r].begin(), rows[r].end());
  }
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      if (m.at(a, b) != m.at(b, a))
        throw InputError(source + ": not symmetric: entry (" + std::to_string(a + 1) + "," + std::to_string(b + 1) +
                         ") = " + format_number(m.at(a, b)) + " but (" + std::to_string(b + 1) + "," +
                         std::to_string(a + 1) + ") = " + format_number(m.at(b, a)));
  return m;
}

LatencyMatrix read_latency_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot read the latency file (expected a CSV matrix)");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_latency_csv(text.str(), path);
}

std::string latency_csv(const LatencyMatrix& matrix) {
  std::string out;
  for (int a = 0; a < matrix.n; ++a) {
    for (int b = 0; b < matrix.n; ++b) out += (b ? "," : "") + format_number(matrix.at(a, b));
    out += '\n';
  }
  return out;
}

}  // namespace hetcoll
