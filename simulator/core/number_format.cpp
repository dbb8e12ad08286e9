#include "core/number_format.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/error.hpp"

namespace hetcoll {

std::string format_number(double x) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

double parse_number(const std::string& text, const std::string& key, const std::string& where) {
  const char* begin = text.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (text.empty() || end != begin + text.size() || !std::isfinite(value))
    throw InputError(where + ": key '" + key + "' expects a finite number, got '" + text + "'");
  return value;
}

bool is_number(const std::string& text) {
  if (text.empty()) return false;
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size();
}

std::optional<std::uint64_t> parse_digits(const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto result = std::from_chars(text.data(), end, value);
  // from_chars takes no sign and no base prefix; a leading '-' or '+' stops it at once.
  if (text.empty() || result.ec != std::errc() || result.ptr != end) return std::nullopt;
  return value;
}

std::string gigabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
  return text;
}

}  // namespace hetcoll
