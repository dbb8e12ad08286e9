#pragma once
/// @file smpi_segments.hpp
/// @brief The segment sizes SimGrid 3.32's SMPI picks inside its ports of Open MPI's segmented
/// algorithms (src/smpi/colls/bcast/bcast-ompi-*.cpp, src/smpi/colls/reduce/reduce-ompi.cpp),
/// from Open MPI's rules before 4.1: Open MPI 4.1's fixed rules run these algorithms
/// unsegmented, so SMPI's versions differ from the rows' defaults by their segments alone. The
/// SMPI check gives the rows these sizes (AlgorithmRow::smpi, docs/smpi.md). A negative size:
/// SMPI runs another algorithm there.

namespace hetcoll {

/// @brief `ompi_pipeline` broadcast: 128 KiB, 64 KiB or 16 KiB by Open MPI's former thresholds on
/// p and n, else 128 KiB (SMPI's initial value).
inline double smpi_bcast_pipeline_segment(double bytes, int ranks) {
  const double p = ranks;
  if (p < 1.6134e-6 * bytes + 2.1102) return 131072;
  if (p < 2.3679e-6 * bytes + 1.1787) return 65536;
  if (p < 3.2118e-6 * bytes + 8.7936) return 16384;
  return 131072;
}

/// @brief `ompi_split_bintree` broadcast: 1 KiB below 370,728 bytes, else 8 KiB; where a half is
/// smaller than a segment SMPI falls back to its SMP linear broadcast (Open MPI: the pipeline).
inline double smpi_split_bintree_segment(double bytes, int /*ranks*/) {
  const double segment = bytes < 370728 ? 1024 : 8192;
  const double smaller_half = bytes - static_cast<double>(static_cast<long long>((bytes + 1) / 2));
  return segment > smaller_half ? -1 : segment;
}

/// @brief `ompi_pipeline` reduce: 1 KiB, 32 KiB or 64 KiB by Open MPI's former thresholds.
inline double smpi_reduce_pipeline_segment(double bytes, int ranks) {
  const double p = ranks;
  if (p > 0.0410 / 1024 * bytes + 9.7128) return 1024;
  if (p > 0.0033 / 1024 * bytes + 1.6761) return 32768;
  return 65536;
}

/// @brief `ompi_binary` reduce: 32 KiB segments always.
inline double smpi_reduce_binary_segment(double /*bytes*/, int /*ranks*/) { return 32768; }

}  // namespace hetcoll
