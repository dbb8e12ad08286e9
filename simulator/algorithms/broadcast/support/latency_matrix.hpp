#pragma once
/// @file latency_matrix.hpp
/// @brief A symmetric matrix of host-to-host latencies, read from a CSV file (the input of
/// Lowekamp's clustering).
#include <string>
#include <vector>

namespace hetcoll {

/// @brief Largest latency of a matrix entry (and of key cluster-latency), in microseconds:
/// 1e6 s, the longest delay the broadcast family runs (kLongestDelay).
inline constexpr double kMaxLatencyMicroseconds = 1e12;

/// @brief n×n latencies, row-major; entry (a, b) is the latency between hosts a and b.
///
/// The diagonal is kept as read and never used: a host has no edge to itself.
struct LatencyMatrix {
  int n = 0;
  std::vector<double> w;  //!< n*n entries, row-major

  double at(int a, int b) const { return w[static_cast<std::size_t>(a) * n + b]; }
  double& at(int a, int b) { return w[static_cast<std::size_t>(a) * n + b]; }
};

/// @brief Parses CSV text: one row per host, numbers separated by commas (spaces allowed),
/// blank lines and lines starting with '#' ignored. Throws InputError naming `source` if the
/// matrix is empty or not square, a cell is missing or not a number, an entry is outside
/// [0, kMaxLatencyMicroseconds], or
/// the matrix is not symmetric (entries compared exactly: latencies are read, not computed).
LatencyMatrix parse_latency_csv(const std::string& text, const std::string& source);

/// @brief Reads and parses a latency CSV file; throws InputError naming `path`.
LatencyMatrix read_latency_csv(const std::string& path);

/// @brief The matrix as CSV text (shortest round-trip numbers), parseable by parse_latency_csv.
std::string latency_csv(const LatencyMatrix& matrix);

}  // namespace hetcoll
