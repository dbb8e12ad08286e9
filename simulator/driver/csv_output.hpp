#pragma once
/// @file csv_output.hpp
/// @brief The tidy CSV layout (docs/outputs.md) and files that appear whole or not at all.
#include <fstream>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "core/statistics.hpp"

namespace hetcoll {

/// @brief Names of the family's CSV parameter columns (its sweep axes), comma-separated.
std::string parameter_header(const Family& family);
/// @brief The point's values of those columns, comma-separated.
std::string parameter_fields(const Family& family, const Point& point);
/// @brief Header of the summary CSV: algorithm, parameters, statistics of the main value, then
/// the family's metric columns (`<metric>_<aggregate>`).
std::string summary_header(const Family& family);
/// @brief One summary row (no newline): `value` summarises the main value, `metrics` the
/// family's metrics in order.
std::string summary_row(const Family& family, const std::string& algorithm, const std::string& parameters,
                        const Summary& value, const std::vector<Summary>& metrics);
/// @brief Header of the per-replication CSV (`raw`).
std::string raw_header(const Family& family);
/// @brief Header of the trace CSV.
std::string trace_header(const Family& family);

/// @brief A file written under a temporary name and renamed into place by commit(): readers
/// never see half a file, and a failed run leaves nothing. `-` means standard output.
class AtomicFile {
 public:
  /// Opens the temporary file now, so an unwritable path fails before any work is done.
  explicit AtomicFile(const std::string& path, const std::string& key);
  ~AtomicFile();  // removes the temporary file unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  std::ostream& stream();
  void commit();
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::string temporary_;
  std::ofstream file_;
  bool committed_ = false;
};

}  // namespace hetcoll
