#include "algorithms/redistribute/support/inputs.hpp"

#include <algorithm>
#include <fstream>
#include <numeric>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

std::string trim(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

Derived derive_speeds(const std::vector<double>& nic, double backbone) {
  // Speeds are whole Mbit/s (the family checks it), so the GCD is exact in 64-bit integers.
  std::int64_t base = static_cast<std::int64_t>(backbone);
  for (double speed : nic) base = std::gcd(base, static_cast<std::int64_t>(speed));
  Derived d;
  d.base = static_cast<double>(base);
  Instance& g = d.instance;
  g.k = static_cast<int>(static_cast<std::int64_t>(backbone) / base);
  for (double speed : nic) {
    d.ports.push_back(static_cast<int>(static_cast<std::int64_t>(speed) / base));
    g.delta.push_back(std::min(d.ports.back(), g.k));
  }
  return d;
}

Derived derive_instance(const Hardware& hw) {
  Derived d = derive_speeds(hw.nic, hw.backbone);
  Instance& g = d.instance;
  g.senders = static_cast<int>(hw.matrix.size());
  g.receivers = g.senders > 0 ? static_cast<int>(hw.matrix[0].size()) : 0;
  g.beta = hw.beta;
  // The unit in Mbit first: the default unit is exactly 1, so w = amount / base to the bit, as
  // before the key existed, and a unit of 2 Mbit doubles every weight exactly.
  const double mbit_per_unit = hw.unit / kBytesPerMbit;
  for (int s = 0; s < g.senders; ++s)
    for (int t = 0; t < g.receivers; ++t)
      if (hw.matrix[s][t] > 0) g.messages.push_back({s, t, hw.matrix[s][t] * mbit_per_unit / d.base});
  return d;
}

double link_bound(const Derived& d, bool shared_backbone) {
  const Instance& g = d.instance;
  std::vector<double> load(g.senders + g.receivers, 0.0);
  double total = 0;
  for (const Message& m : g.messages) {
    load[m.sender] += m.weight;
    load[g.receiver_node(m.receiver)] += m.weight;
    total += m.weight;
  }
  double transfer = shared_backbone ? total / g.k : 0;
  for (std::size_t v = 0; v < load.size(); ++v) transfer = std::max(transfer, load[v] / d.ports[v]);
  return g.beta + transfer;
}

std::vector<std::vector<double>> read_matrix_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot read the communication matrix (key 'matrix')");
  std::vector<std::vector<double>> rows;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string content = trim(line);
    if (content.empty() || content[0] == '#') continue;
    const std::string where = path + ":" + std::to_string(number);
    std::vector<double> row;
    std::size_t start = 0;
    for (;;) {
      const std::size_t comma = content.find(',', start);
      const double amount = parse_number(trim(content.substr(start, comma - start)), "matrix", where);
      if (amount < 0 || amount > kMaxMatrixAmount)
        throw InputError(where + ": amounts must be in [0, " + format_number(kMaxMatrixAmount) +
                         "] units of key 'message' (default: Mbit), got " + format_number(amount));
      row.push_back(amount);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (!rows.empty() && row.size() != rows[0].size())
      throw InputError(where + ": " + std::to_string(row.size()) + " amounts, the first row has " +
                       std::to_string(rows[0].size()) + " (one column per receiver)");
    rows.push_back(std::move(row));
  }
  if (rows.empty()) throw InputError(path + ": the communication matrix has no row (one line per sender)");
  return rows;
}

namespace {

// The messages of a random instance (the first draws of `random`): the pair count, the pairs,
// then the weights.
void draw_messages(const RandomSpec& spec, RandomStream& random, Instance& g) {
  g.senders = spec.senders;
  g.receivers = spec.receivers;
  g.beta = spec.beta;
  const std::uint64_t pairs = static_cast<std::uint64_t>(spec.senders) * spec.receivers;
  const std::uint64_t edges = spec.edges > 0 ? static_cast<std::uint64_t>(spec.edges) : 1 + random.below(pairs);
  // Partial Fisher–Yates: the first `edges` cells of a shuffled pair list, a uniform m-subset.
  std::vector<std::uint32_t> cells(pairs);
  std::iota(cells.begin(), cells.end(), 0u);
  for (std::uint64_t i = 0; i < edges; ++i) std::swap(cells[i], cells[i + random.below(pairs - i)]);
  cells.resize(edges);
  std::sort(cells.begin(), cells.end());
  const std::uint64_t span = static_cast<std::uint64_t>(spec.weight_max - spec.weight_min) + 1;
  for (std::uint32_t cell : cells) {
    const int s = static_cast<int>(cell / spec.receivers), t = static_cast<int>(cell % spec.receivers);
    g.messages.push_back({s, t, static_cast<double>(spec.weight_min + static_cast<int>(random.below(span)))});
  }
}

}  // namespace

Derived random_instance(const RandomSpec& spec, RandomStream random) {
  Derived d;
  d.base = kRandomBase;
  Instance& g = d.instance;
  g.k = spec.k;
  draw_messages(spec, random, g);
  for (int v = 0; v < spec.senders + spec.receivers; ++v) {
    d.ports.push_back(1 + static_cast<int>(random.below(static_cast<std::uint64_t>(spec.delta_max))));
    g.delta.push_back(std::min(d.ports.back(), g.k));
  }
  return d;
}

Derived random_matrix(const RandomSpec& spec, RandomStream random, const Derived& speeds) {
  Derived d = speeds;
  d.instance.messages.clear();
  draw_messages(spec, random, d.instance);
  return d;
}

}  // namespace hetcoll
