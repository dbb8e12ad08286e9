#include "driver/json_text.hpp"

#include <cstdio>

namespace hetcoll {
namespace {

/// The length of the valid UTF-8 sequence at `bytes[i]` (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF), or 0 if there is none.
std::size_t utf8_sequence(const std::string& bytes, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(bytes[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xbf;  // the range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;
    if (lead == 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;
    if (lead == 0xf4) high = 0x8f;
  } else {
    return 0;
  }
  if (i + length > bytes.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return 0;
  return length;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// A copy of `value` with every string and object key passed through `convert`.
template <class Convert>
nlohmann::json convert_strings(const nlohmann::json& value, Convert convert) {
  if (value.is_string()) return convert(value.get_ref<const std::string&>());
  if (value.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (const nlohmann::json& item : value) out.push_back(convert_strings(item, convert));
    return out;
  }
  if (value.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& item : value.items()) out[convert(item.key())] = convert_strings(item.value(), convert);
    return out;
  }
  return value;
}

}  // namespace

std::string escape_bytes(const std::string& bytes) {
  std::string text;
  text.reserve(bytes.size());
  for (std::size_t i = 0; i < bytes.size();) {
    const std::size_t length = utf8_sequence(bytes, i);
    const bool backslash_x = bytes[i] == '\\' && i + 1 < bytes.size() && bytes[i + 1] == 'x';
    if (length == 0 || backslash_x) {
      char escape[5];
      std::snprintf(escape, sizeof escape, "\\x%02x", static_cast<unsigned char>(bytes[i]));
      text += escape;
      ++i;
    } else {
      text.append(bytes, i, length);
      i += length;
    }
  }
  return text;
}

std::string unescape_bytes(const std::string& text) {
  std::string bytes;
  bytes.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x' && hex_digit(text[i + 2]) >= 0 &&
        hex_digit(text[i + 3]) >= 0) {
      bytes += static_cast<char>(hex_digit(text[i + 2]) * 16 + hex_digit(text[i + 3]));
      i += 3;
    } else {
      bytes += text[i];
    }
  }
  return bytes;
}

std::string dump_json(const nlohmann::json& value, int indent) {
  return convert_strings(value, escape_bytes).dump(indent);
}

nlohmann::json parse_json(std::istream& in) {
  const nlohmann::json value = nlohmann::json::parse(in, nullptr, false);
  return value.is_discarded() ? value : convert_strings(value, unescape_bytes);
}

nlohmann::json parse_json(const std::string& text) {
  const nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
  return value.is_discarded() ? value : convert_strings(value, unescape_bytes);
}

}  // namespace hetcoll
