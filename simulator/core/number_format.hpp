#pragma once
/// @file number_format.hpp
/// @brief Numbers as text: the shortest form that reads back to the same double, and parsing
/// with one-line errors.
#include <cstdint>
#include <optional>
#include <string>

namespace hetcoll {

/// @brief Shortest decimal text that parses back to exactly `x` (std::to_chars): byte-stable
/// output, and CSV that loses nothing.
std::string format_number(double x);

/// @brief Parses all of `text` as a finite double; throws InputError "<where>: key '<key>'
/// expects a number, got '<text>'" otherwise.
double parse_number(const std::string& text, const std::string& key, const std::string& where);

/// @brief True if all of `text` reads as a double (strtod: `inf` and `nan` too, as
/// format_number writes them); false for empty text.
bool is_number(const std::string& text);

/// @brief `text` read as an unsigned 64-bit integer if it is plain decimal digits whose value
/// fits (exactly: no detour through a double, which would merge 2^53 and 2^53 + 1); nothing
/// otherwise.
std::optional<std::uint64_t> parse_digits(const std::string& text);

/// @brief A size in bytes as messages give it: gigabytes with one decimal ("3.4 GB").
std::string gigabytes(double bytes);

}  // namespace hetcoll
