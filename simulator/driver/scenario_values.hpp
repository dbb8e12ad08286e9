#pragma once
/// @file scenario_values.hpp
/// @brief The values of keys as the parser reads them: lists of words, a family key's numbers
/// (ranged, axes sorted), a shard. No key is looked up here: the caller says where the text came from.
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/family.hpp"
#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief Largest `jobs`: processes at once. Far above any machine's cores, and it keeps
/// `4 * jobs` (the model engine's batching) and every count of children an int.
constexpr std::uint64_t kMaxJobs = 1024;

/// @brief The words of `text`, separated by blanks or commas (empty words dropped).
std::vector<std::string> split_list(const std::string& text);

/// @brief The numbers of a family key's value `text`, each in the key's range: a list keeps its
/// order and repeats, an axis runs in ascending order without repeats, any other key takes one.
/// Throws InputError naming `where` (the file or the command line) and the key.
std::vector<double> parse_values(const ParameterSpec& spec, const std::string& text, const std::string& where);

/// @brief Key `shard`: "i/N" with 0 <= i < N. Throws InputError naming `where`.
Shard parse_shard(const std::string& text, const std::string& where);

}  // namespace hetcoll
