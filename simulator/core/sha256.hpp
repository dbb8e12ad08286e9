#pragma once
/// @file sha256.hpp
/// @brief SHA-256 digests (OpenSSL) of text and files, as lowercase hex: what a manifest records
/// to tell whether two runs read the same inputs.
#include <string>

namespace hetcoll {

/// @brief SHA-256 of `data`, 64 lowercase hex digits.
std::string sha256_hex(const std::string& data);

/// @brief SHA-256 of the file's bytes; throws InputError naming `path` if it cannot be read.
std::string sha256_file(const std::string& path);

}  // namespace hetcoll
