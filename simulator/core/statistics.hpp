#pragma once
/// @file statistics.hpp
/// @brief Summary statistics of a sample: mean, standard deviation, standard error, exact quantiles.
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

/// @brief Exact quantile of sorted data, linear interpolation between order statistics
/// (Hyndman–Fan type 7, the default of R and NumPy): h = (n - 1) p.
double quantile_sorted(const std::vector<double>& sorted, double p);

/// @brief Summarises a sample. Sums run in sample order, so the result depends only on the
/// values and their order, never on how they were computed. Takes a copy to sort.
Summary summarize(std::vector<double> values);

}  // namespace hetcoll
