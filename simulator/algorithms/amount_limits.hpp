#pragma once
/// @file amount_limits.hpp
/// @brief How large an activity may be, so that key ranges keep every duration finite and exact.
///
/// Engines run whole bytes and flops (CostScale rounds them; every double above 2^53 is whole
/// anyway). SimGrid takes a message size as a uint64_t: past 2^64 the conversion is undefined
/// and gave 0 or 2^64 in practice (comm-mean 1e13 ran in 0 s); an infinite amount never ends
/// on the model engine and deadlocks SimGrid. Families bound their keys so that no activity
/// exceeds 2^63, which also keeps amount / rate a finite duration.
#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

/// @brief Largest amount (bytes or flops) of one activity: 2^63.
inline constexpr double kMaxAmount = 9223372036854775808.0;

/// @brief Smallest non-zero CV of a gamma law: its shape 1/CV² must stay finite (CV 1e-200
/// squares to 0 and gives shape inf and NaN draws). Below 1e-6 a draw differs from the mean by
/// less than 1e-5 of it: write 0 for deterministic costs.
inline constexpr double kSmallestCv = 1e-6;

/// @brief Largest CV of a gamma law (the papers go up to 10): a draw may reach 350·CV² means
/// (gamma_draw_bound), which key ranges must keep below kMaxAmount.
inline constexpr double kLargestCv = 100;

/// @brief Largest draw / mean that RandomStream::gamma_mean_cv can return, over every value its
/// 53-bit uniforms allow (a bound, not a quantile).
///
/// The polar normal never exceeds sqrt(2·105·ln 2) < 12.07 (u² + v² ≥ 2^-105), so the
/// Marsaglia–Tsang cube (1 + x/(3√d))³ stays below 208 with d ≥ 2/3: a draw is at most 208 means
/// for CV ≤ 1, and at most d·208·scale ≤ 347·CV²·mean for CV > 1 (shape < 1 boosted by a + 1,
/// then multiplied by U^(1/a) ≤ 1). The exponential case (CV = 1) stays below 37.5 means.
inline double gamma_draw_bound(double cv) { return 350.0 * std::max(1.0, cv * cv); }

/// @brief Throws InputError "<keys>: an activity of A <unit>, above the limit ..." unless
/// `amount` ≤ kMaxAmount; `keys` names the keys (and their values) that make it.
inline void check_amount(double amount, const std::string& keys, const std::string& unit) {
  if (amount <= kMaxAmount) return;
  throw InputError(keys + ": an activity of " + format_number(amount) + " " + unit +
                   ", above the limit of 2^63 = 9223372036854775808 " + unit + " (docs/keys.md)");
}

}  // namespace hetcoll
