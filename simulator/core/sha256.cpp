#include "core/sha256.hpp"

#include <openssl/evp.h>

#include <fstream>
#include <memory>
#include <stdexcept>

#include "core/error.hpp"

namespace hetcoll {
namespace {

/// Feeds `update` chunks into one EVP digest and returns its hex form.
template <class Feed>
std::string digest(Feed feed) {
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 is not available from OpenSSL");
  feed([&](const char* data, std::size_t size) { EVP_DigestUpdate(context.get(), data, size); });
  unsigned char bytes[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_DigestFinal_ex(context.get(), bytes, &length);
  static const char* const kHex = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) hex += {kHex[bytes[i] >> 4], kHex[bytes[i] & 15]};
  return hex;
}

}  // namespace

std::string sha256_hex(const std::string& data) {
  return digest([&](auto update) { update(data.data(), data.size()); });
}

std::string sha256_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot read the file");
  return digest([&](auto update) {
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) update(buffer, static_cast<std::size_t>(in.gcount()));
    if (in.bad()) throw InputError(path + ": cannot read the file");
  });
}

}  // namespace hetcoll
