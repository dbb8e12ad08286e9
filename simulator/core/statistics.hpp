#pragma once
/// @file statistics.hpp
/// @brief Summary statistics of a sample: mean, standard deviation, standard error, quantiles
/// (exact, or streaming P² estimates in bounded memory).
#include <cstdint>
#include <memory>
#include <vector>

namespace hetcoll {

/// @brief The statistics every CSV row reports for one (point, algorithm).
struct Summary {
  std::size_t count = 0;  //!< number of replications
  double mean = 0;        //!< arithmetic mean
  double stddev = 0;      //!< sample standard deviation (n - 1 denominator; 0 when n = 1)
  double stderr_ = 0;     //!< standard error of the mean, stddev / sqrt(n)
  double q10 = 0;         //!< 10% quantile
  double q50 = 0;         //!< median
  double q90 = 0;         //!< 90% quantile
  double min = 0;         //!< smallest value
  double max = 0;         //!< largest value
};

/// @brief Exact quantile, linear interpolation between order statistics (Hyndman–Fan type 7,
/// the default of R and NumPy): h = (n - 1) p, from the values of ranks floor(h) and
/// floor(h) + 1, found by selection. Reorders `values`: calls on one vector take increasing p,
/// with `placed` (0 before the first) counting the leading values already in their sorted place.
double quantile_selected(std::vector<double>& values, double p, std::size_t& placed);

/// @brief Summarises a sample. Sums run in sample order, so the result depends only on the
/// values and their order, never on how they were computed. Takes a copy to reorder (move a
/// series in when it is no longer needed).
Summary summarize(std::vector<double> values);

/// @brief Summarises a sample fed one value at a time, in memory that does not grow with it:
/// key `quantiles = p2`.
///
/// Up to kExactCount values it keeps them and its summary is summarize()'s, bit for bit. Beyond,
/// the mean is the same running sum divided by the count (the same bits as summarize()), the
/// standard deviation comes from Welford's update (exact but for rounding), min and max are
/// exact, and q10, q50 and q90 are the extended P² estimates of Boost.Accumulators
/// (Jain & Chlamtac's P² with 2m + 3 = 9 markers for m = 3 quantiles). Every step is plain
/// double arithmetic in the order the values come, so the same values in the same order give
/// the same bits.
class StreamingSummary {
 public:
  /// Below this many values the quantiles are exact: P² needs many values to settle.
  static constexpr std::size_t kExactCount = 10000;

  StreamingSummary();
  ~StreamingSummary();
  StreamingSummary(StreamingSummary&&) noexcept;
  StreamingSummary& operator=(StreamingSummary&&) noexcept;

  void add(double value);
  Summary result() const;
  std::uint64_t count() const { return count_; }

 private:
  struct Estimator;
  std::vector<double> kept_;  // the first kExactCount values
  std::unique_ptr<Estimator> estimator_;
  std::uint64_t count_ = 0;
  double sum_ = 0;
  double welford_mean_ = 0, welford_m2_ = 0;
  double min_ = 0, max_ = 0;
};

}  // namespace hetcoll
