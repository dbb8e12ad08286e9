/// @file test_rows_against_smpi.cpp
/// @brief Every row of the reduce and broadcast tables that names its SMPI algorithm
/// (AlgorithmRow::smpi) against smpirun running that algorithm (docs/smpi.md): `hetcoll run` on
/// both engines and `smpirun --cfg=smpi/<bcast|reduce>:<name>` on the same platform file and
/// hosts, for every platform, rank count and size of smpi_check.hpp, must end within 1 %.
///
/// Each family's glue writes "a collective of N bytes from host 0 over these hosts" as its keys;
/// one `hetcoll run` per (platform, rank count, engine) takes every row and every size at once.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "algorithms/broadcast/support/registry.hpp"
#include "algorithms/reduce/support/registry.hpp"
#include "core/number_format.hpp"
#include "smpi/smpi_check.hpp"
#include "support/hetcoll_output.hpp"

namespace hetcoll {
namespace {

/// A row to check: hetcoll's name, SMPI's, and SMPI's segment rule if its version cuts messages
/// where the row's own rule does not (the row then runs with key `segment` at that size).
struct CheckedRow {
  std::string name;
  std::string smpi;
  double (*segments)(double bytes, int ranks) = nullptr;
};

/// The rows of `table` that name their SMPI algorithm.
template <class Table>
std::vector<CheckedRow> rows_with_smpi(const Table& table) {
  std::vector<CheckedRow> rows;
  for (const auto& row : table)
    if (!row.smpi().empty()) rows.push_back({row.name(), row.smpi(), row.smpi_segments()});
  return rows;
}

/// The message sizes of smpi_check.hpp as one sweep axis.
std::string sizes_axis() {
  std::string axis;
  for (double bytes : smpi_check::kBytes) axis += (axis.empty() ? "" : " ") + format_number(bytes);
  return axis;
}

/// The reduce family's keys for a reduction of `message` bytes per host to host 0: the platform
/// as it is (`cluster = platform`), every message of `message` bytes (comm-mean 1, cv 0), and a
/// free ⊕ (ratio 0), as SMPI's reduction operators take no simulated time.
std::string reduce_keys() {
  return "--family reduce --cluster platform --ratio 0 --cv 0 --comm-mean 1 --root 0 --message '" + sizes_axis() +
         "'";
}

/// The broadcast family's keys for a broadcast of `message` bytes from host 0: costs measured on
/// the platform (`costs = platform`), no noise.
std::string broadcast_keys() {
  return "--family broadcast --costs platform --cv 0 --root 0 --message '" + sizes_axis() + "'";
}

/// A row of a run's CSV: the algorithm, its message and its segment.
using RowKey = std::tuple<std::string, double, double>;

/// The mean of each (algorithm, message, segment) row of the CSV file at `path`.
std::map<RowKey, double> means(const std::string& path) {
  std::ifstream in(path);
  auto cells = [](const std::string& line) {
    std::vector<std::string> out;
    std::istringstream s(line);
    for (std::string cell; std::getline(s, cell, ',');) out.push_back(cell);
    return out;
  };
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = cells(line);
  auto column = [&](const std::string& name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    throw std::runtime_error(path + ": no column " + name);
  };
  const std::size_t algorithm = column("algorithm"), message = column("message"), segment = column("segment"),
                    mean = column("mean");
  std::map<RowKey, double> out;
  while (std::getline(in, line)) {
    const std::vector<std::string> c = cells(line);
    out[{c.at(algorithm), std::stod(c.at(message)), std::stod(c.at(segment))}] = std::stod(c.at(mean));
  }
  return out;
}

/// Runs every row of `rows` through `hetcoll run` (the family's `keys`) and through smpirun's
/// `collective`, on every platform, rank count and size, and reports the residuals.
void check_rows(const std::string& family, const std::string& collective, const std::string& keys,
                const std::vector<CheckedRow>& rows) {
  if (rows.empty()) {
    std::cout << "no row of the " << family
              << " table names an SMPI algorithm (AlgorithmRow::smpi): nothing to compare\n";
    return;
  }
  const smpi_check::Smpi& smpi = smpi_check::Smpi::get();
  if (!smpi.missing().empty()) GTEST_SKIP() << smpi.missing();
  const WorkDir dir("hetcoll-smpi-test");
  std::string names;
  for (const CheckedRow& row : rows) names += (names.empty() ? "" : ",") + row.name;
  std::vector<smpi_check::Comparison> table;
  for (const smpi_check::CheckPlatform& platform : smpi_check::platforms())
    for (int ranks : smpi_check::kRanks) {
      std::string hosts;
      for (int r = 0; r < ranks; ++r) hosts += (r ? " " : "") + platform.hosts[static_cast<std::size_t>(r)];
      // Whole messages, and every size SMPI's rules cut into at these ranks, as one sweep axis.
      std::set<double> segments = {0};
      for (const CheckedRow& row : rows)
        for (double bytes : smpi_check::kBytes)
          if (row.segments != nullptr && row.segments(bytes, ranks) >= 0) segments.insert(row.segments(bytes, ranks));
      std::string segment_axis;
      for (double segment : segments) segment_axis += (segment_axis.empty() ? "" : " ") + format_number(segment);
      std::map<std::string, std::map<RowKey, double>> by_engine;
      for (const char* engine : {"simgrid", "model"}) {
        const std::string output = dir.path() + "/" + std::string(engine) + ".csv";
        test_support::hetcoll_output("run " + keys + " --segment '" + segment_axis + "' --platform '" +
                                     platform.file + "' --hosts '" + hosts + "' --replications 1 --algorithms " +
                                     names + " --engine " + engine + " --quiet --output '" + output + "'");
        by_engine[engine] = means(output);
      }
      for (const CheckedRow& row : rows)
        for (double bytes : smpi_check::kBytes) {
          const double segment = row.segments == nullptr ? 0 : row.segments(bytes, ranks);
          if (segment < 0) {
            std::cout << row.name << " [" << row.smpi << "], " << platform.name << ", " << ranks << " ranks, "
                      << format_number(bytes) << " B: not compared (SMPI runs another algorithm there)\n";
            continue;
          }
          smpi_check::Comparison c;
          c.algorithm = row.name + " [" + row.smpi + (segment > 0 ? ", " + format_number(segment) + " B" : "") + "]";
          c.platform = platform.name;
          c.ranks = ranks;
          c.bytes = bytes;
          c.smpi = smpi.time(collective, row.smpi, platform, ranks, bytes, c.error);
          c.simgrid = by_engine["simgrid"].at({row.name, bytes, segment});
          c.model = by_engine["model"].at({row.name, bytes, segment});
          table.push_back(c);
        }
    }
  smpi_check::report(family + " rows against SMPI (smpirun --cfg=smpi/" + collective + ":<name>), root 0", table);
}

}  // namespace

TEST(SmpiCheck, EveryReduceRowNamingAnSmpiAlgorithmEndsWhenSmpiSays) {
  check_rows("reduce", "reduce", reduce_keys(), rows_with_smpi(reduce_algorithms()));
}

TEST(SmpiCheck, EveryBroadcastRowNamingAnSmpiAlgorithmEndsWhenSmpiSays) {
  check_rows("broadcast", "bcast", broadcast_keys(), rows_with_smpi(broadcast_algorithms()));
}

}  // namespace hetcoll
