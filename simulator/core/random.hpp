#pragma once
/// @file random.hpp
/// @brief Random streams derived from (seed, point, replication), and the gamma sampler.
///
/// Numbers must not change with the Boost version, so only Boost's engine (mt19937_64, whose
/// output sequence is fixed by the C++ standard) is used; the conversion to doubles, the normal
/// and the gamma samplers are written here and pinned by golden-value tests.
#include <boost/random/mersenne_twister.hpp>
#include <cstdint>
#include <initializer_list>

namespace hetcoll {

/// @brief SplitMix64 finaliser: a bijective 64-bit mixer used to derive independent seeds.
std::uint64_t mix64(std::uint64_t x);

/// @brief Seed of a sub-stream, derived from a root seed and a path of integers.
///
/// Used as derive_seed(seed, {point_key, replication, stream}); the result depends only on
/// these values, never on which process, rank or shard asks for it.
std::uint64_t derive_seed(std::uint64_t root, std::initializer_list<std::uint64_t> path);

/// @brief A reproducible stream of uniform, normal and gamma variates.
class RandomStream {
 public:
  explicit RandomStream(std::uint64_t seed) : engine_(seed) {}

  /// Uniform double in the open interval (0, 1), from the top 53 bits of one engine draw.
  double uniform();
  /// Standard normal variate (Marsaglia's polar method; the pair's second value is kept for
  /// the next call).
  double normal();
  /// Gamma variate with the given shape and scale (Marsaglia–Tsang 2000; shape < 1 by boosting).
  double gamma(double shape, double scale);
  /// Gamma variate with the given mean and coefficient of variation; cv = 0 returns the mean.
  double gamma_mean_cv(double mean, double cv);
  /// Raw 64-bit draw, for integer choices.
  std::uint64_t next() { return engine_(); }
  /// Uniform integer in [0, n) (n > 0), by rejection so it is exactly uniform.
  std::uint64_t below(std::uint64_t n);

 private:
  boost::random::mt19937_64 engine_;
  double spare_normal_ = 0;
  bool has_spare_normal_ = false;
};

}  // namespace hetcoll
