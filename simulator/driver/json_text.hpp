#pragma once
/// @file json_text.hpp
/// @brief JSON text for the manifest and the checkpoint, whose strings (paths above all) may
/// hold bytes that are not UTF-8.
///
/// A file name on Linux is bytes, and JSON text is UTF-8. So each byte that is not part of a
/// valid UTF-8 sequence is written as the four characters `\xHH` (HH its value in lowercase
/// hex, the backslash escaped as JSON wants it: `"\\xff"` in the file), and a backslash that is
/// followed by `x` in the original as `\x5c`, so that reading back is exact: every `\x` in the
/// text starts an escape. A string that is UTF-8 and has no `\x` is written as it is.
#include <nlohmann/json.hpp>

#include <istream>
#include <string>

namespace hetcoll {

/// @brief `bytes` with every byte outside a valid UTF-8 sequence as `\xHH`, and every backslash
/// followed by `x` as `\x5c`: valid UTF-8 whatever `bytes` holds.
std::string escape_bytes(const std::string& bytes);
/// @brief The inverse of escape_bytes.
std::string unescape_bytes(const std::string& text);

/// @brief `value` as JSON text (indented by `indent` spaces, compact for -1), each string and
/// object key through escape_bytes.
std::string dump_json(const nlohmann::json& value, int indent = -1);
/// @brief Parses JSON text, each string and object key through unescape_bytes; a discarded
/// value (is_discarded()) if the text is not JSON.
nlohmann::json parse_json(std::istream& in);
nlohmann::json parse_json(const std::string& text);

}  // namespace hetcoll
