#pragma once
/// @file random.hpp
/// @brief Counter-based random streams positioned by (key, replication, stream), and the samplers.
///
/// The engine is Philox4x64-10 (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as easy as
/// 1, 2, 3", SC'11), from Random123's header, whose output is fixed by its published
/// known-answer vectors. A stream's n-th 64-bit draw is lane n mod 4 of the block
///   Philox4x64-10(counter = {n / 4, replication, 0, 0}, key = {key, stream}),
/// so a replication's stream is positioned in O(1): no state to seed or skip. The conversion to
/// doubles, the normal and the gamma samplers are written here and pinned by golden-value tests.
///
/// No two streams overlap: streams with different keys (key, stream) are different bijections
/// of the counter space; streams with the same key differ in counter word 1 (replication) and
/// a stream only ever moves counter word 0 (its block index, which would wrap onto its own
/// start after 4·2^64 draws, never carry into another replication's words).
#include <array>
#include <cstdint>
#include <initializer_list>

namespace hetcoll {

/// @brief SplitMix64 finaliser: a bijective 64-bit mixer used to derive independent seeds.
std::uint64_t mix64(std::uint64_t x);

/// @brief A 64-bit key derived from a root seed and a path of integers (SplitMix64 mixing).
///
/// The driver's point seeds are hashes of (seed, point values); derive_seed serves tests and
/// benchmarks that need many unrelated keys. Depends only on its arguments.
std::uint64_t derive_seed(std::uint64_t root, std::initializer_list<std::uint64_t> path);

/// @brief One Philox4x64-10 block: the keyed bijection of the counter every stream draws from.
std::array<std::uint64_t, 4> philox4x64_10(const std::array<std::uint64_t, 4>& counter,
                                           const std::array<std::uint64_t, 2>& key);

/// @brief A gamma law with its sampler's constants worked out once (Marsaglia–Tsang's d and c,
/// the boost of a shape below 1), so that many draws of one law skip two divisions and a square
/// root each: the same numbers as RandomStream::gamma(shape, scale), bit for bit.
struct GammaLaw {
  GammaLaw() = default;
  GammaLaw(double shape, double scale);
  /// The law of mean `mean` and coefficient of variation `cv`; with cv = 0 or mean = 0 every
  /// draw is `mean`, and none is taken from the stream.
  static GammaLaw from_mean_cv(double mean, double cv);

  double shape = 1;
  double scale = 1;
  bool fixed = false;  // every draw is `scale`, no variate drawn
  bool boost = false;  // shape < 1: G(shape) = G(shape + 1) · U^(1/shape)
  double d = 0;        // Marsaglia–Tsang's d = a − 1/3 and c = 1/√(9d), for a = shape (+ 1)
  double c = 0;
};

/// @brief A reproducible stream of uniform, normal and gamma variates.
///
/// Families draw from RandomStream(point seed, replication, stream): the numbers depend only
/// on (seed, point values, replication, stream), never on the process, rank or shard.
class RandomStream {
 public:
  /// Stream `stream` of replication `replication` under `key` (a point's seed); O(1).
  RandomStream(std::uint64_t key, std::uint64_t replication, std::uint64_t stream = 0)
      : key_{key, stream}, replication_(replication) {}
  /// Replication 0 of stream 0 under `seed`: for draws outside a sweep (tests, benchmarks).
  explicit RandomStream(std::uint64_t seed) : RandomStream(seed, 0, 0) {}

  /// Restarts at the first draw of `replication` of the same (key, stream): a counter reset.
  void reposition(std::uint64_t replication) {
    replication_ = replication;
    next_block_ = 0;
    lane_ = 4;
    has_spare_normal_ = false;
  }

  /// Uniform double in the open interval (0, 1), from the top 53 bits of one engine draw.
  double uniform();
  /// Standard normal variate (Marsaglia's polar method; the pair's second value is kept for
  /// the next call).
  double normal();
  /// Gamma variate with the given shape and scale (Marsaglia–Tsang 2000; shape < 1 by boosting).
  double gamma(double shape, double scale);
  /// Gamma variate with the given mean and coefficient of variation; cv = 0 returns the mean.
  double gamma_mean_cv(double mean, double cv);
  /// Gamma variate of `law` (what the two above draw, without working out its constants).
  double gamma(const GammaLaw& law);
  /// Raw 64-bit draw, for integer choices.
  std::uint64_t next() {
    if (lane_ == 4) refill();
    return block_[lane_++];
  }
  /// Uniform integer in [0, n) (n > 0), by rejection so it is exactly uniform.
  std::uint64_t below(std::uint64_t n);

 private:
  void refill();  // the next block: one Philox call every 4 draws

  std::array<std::uint64_t, 2> key_;
  std::uint64_t replication_;
  std::uint64_t next_block_ = 0;  // counter word 0 of the next block
  std::array<std::uint64_t, 4> block_{};
  unsigned lane_ = 4;             // next lane of block_ to hand out; 4: none left
  double spare_normal_ = 0;
  bool has_spare_normal_ = false;
};

}  // namespace hetcoll
