#pragma once
/// @file inputs.hpp
/// @brief Where redistribution instances come from: hardware speeds and a communication matrix
/// (the paper's §2.3), or hetcoll's random generator (docs/redistribute.md).
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/redistribute/support/instance.hpp"
#include "core/random.hpp"

namespace hetcoll {

/// @brief Bits per megabit over bits per byte: 1 Mbit = 125,000 bytes.
inline constexpr double kBytesPerMbit = 1e6 / 8;

/// @brief Largest speed (NIC, backbone) in Mbit/s: 1 Pbit/s, so that port counts and k, speeds
/// over their GCD, are ints, and a second of it (1.25e14 bytes) is an exact whole number.
inline constexpr double kMaxMbitPerSecond = 1e9;
/// @brief Largest matrix entry, in units of key `message`: 1e9 Mbit (1.25e14 bytes, 1e9 s at the
/// slowest base speed of 1 Mbit/s) with the default unit.
inline constexpr double kMaxMatrixAmount = 1e9;
/// @brief Bytes of one unit of the matrix's amounts when key `message` is not given: one Mbit,
/// the unit matrices were read in before the key, so their results stay the same to the bit.
inline constexpr double kDefaultMatrixUnit = kBytesPerMbit;
/// @brief Largest unit (key `message`): kMaxMatrixAmount units of it, 9e18 bytes, stay below
/// 2^63 bytes (kMaxAmount), so no matrix makes a message the engines cannot carry.
inline constexpr double kMaxMatrixUnit = 9e9;
/// @brief Largest cluster size: senders·receivers pairs are numbered in 32 bits.
inline constexpr double kMaxSide = 65535;
/// @brief Largest count (edges, delta-max): an int.
inline constexpr double kMaxCount = 2147483647;

/// @brief A redistribution as a user describes it.
struct Hardware {
  /// Amounts from sender i (row) to receiver j (column), in units of `unit` bytes.
  std::vector<std::vector<double>> matrix;
  double unit = kDefaultMatrixUnit;         //!< bytes of one unit of `matrix` (key `message`)
  std::vector<double> nic;                  //!< Mbit/s, senders then receivers; whole numbers
  double backbone = 0;                      //!< Mbit/s; a whole number
  double beta = 0;                          //!< seconds
};

/// @brief An instance with the speeds it came from.
struct Derived {
  Instance instance;
  double base = 0;               //!< base speed in Mbit/s: the GCD of the backbone and NIC speeds
  std::vector<int> ports;        //!< NIC(v) / base before the clamp to k (δ(v) = min(ports, k))
};

/// @brief The paper's §2.3: base = gcd(backbone, NICs), k = backbone / base,
/// δ(v) = min(NIC(v)/base, k), w = amount in Mbit / base, an amount in Mbit being
/// matrix entry × unit / kBytesPerMbit; one message per non-zero matrix entry, in row-major
/// order. The caller has checked the shape and signs (read_matrix_file, the family).
Derived derive_instance(const Hardware& hardware);

/// @brief The speeds' part of derive_instance: base, k, ports and δ of NICs `nic` (senders then
/// receivers) and a backbone, in whole Mbit/s; the instance has no message, side or β yet.
Derived derive_speeds(const std::vector<double>& nic, double backbone);

/// @brief The time no run of `d` can beat on its links, whatever the schedule (steps, capped or
/// not, or all at once): β (every run starts with one) plus the largest of amount(v) / NIC(v)
/// over the nodes and, if every stream crosses the backbone (`shared_backbone`), the total
/// amount / backbone, in seconds: β + max(max_v w(v) / ports(v), P / k), without rounding.
/// Max–min sharing never gives the streams of a link more than its bandwidth, so a SimGrid run
/// lasts at least this long; LB_δ is never below it.
double link_bound(const Derived& d, bool shared_backbone);

/// @brief Reads a communication matrix: one line per sender, comma-separated amounts (in units
/// of key `message`) per receiver; blank lines and lines starting with '#' are skipped. Throws
/// InputError naming `path` (and the line) for an unreadable file, a non-number, an amount
/// outside [0, kMaxMatrixAmount], or rows of unequal length.
std::vector<std::vector<double>> read_matrix_file(const std::string& path);

/// @brief hetcoll's generator (the paper gives none; docs/redistribute.md): `edges` distinct
/// (sender, receiver) pairs drawn uniformly (0: a count drawn uniformly in 1..senders·receivers
/// first), integer weights uniform in [weight_min, weight_max], ports uniform in 1..delta_max,
/// δ = min(ports, k).
struct RandomSpec {
  int senders = 14;
  int receivers = 14;
  int edges = 0;
  int k = 1;
  int delta_max = 5;
  int weight_min = 1;
  int weight_max = 20;
  double beta = 1;
};

/// @brief Base speed of random instances (Mbit/s): only the platform's byte counts depend on it.
inline constexpr double kRandomBase = 100;

/// @brief One random instance, a function of (spec, the draws of `random`) only (the function's
/// own copy of the stream); messages sorted by (sender, receiver); `base` is kRandomBase.
Derived random_instance(const RandomSpec& spec, RandomStream random);

/// @brief A random matrix on given hardware (a platform file's speeds): the messages of
/// random_instance(spec, random), the same draws, with the base speed, k, ports and δ of
/// `speeds` (derive_speeds), so that a weight is seconds at the file's base speed; the ports
/// are not drawn.
Derived random_matrix(const RandomSpec& spec, RandomStream random, const Derived& speeds);

}  // namespace hetcoll
