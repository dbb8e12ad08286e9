#include "algorithms/root.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/error.hpp"

namespace hetcoll {
namespace {

std::string expected(const std::string& what, int count, bool named, bool any_allowed) {
  return std::string(named ? "a host name of the run, " : "") + "an index 0.." + std::to_string(count - 1) +
         " into the run's " + what + (any_allowed ? ", or any (each algorithm chooses)" : "");
}

}  // namespace

bool root_index(const std::string& text, long long& index) {
  if (text.empty() || text.size() > 18 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  index = std::strtoll(text.c_str(), nullptr, 10);
  return true;
}

void check_root_text(const std::string& text, int count, bool platform_file, bool any_allowed,
                     const std::string& what) {
  long long index = 0;
  if (text == "any") {
    if (!any_allowed)
      throw InputError("key 'root' expects " + expected(what, count, platform_file, false) +
                       ", got 'any' (no algorithm of this family chooses its root)");
    return;
  }
  if (root_index(text, index)) {
    if (index >= count)
      throw InputError("key 'root' expects " + expected(what, count, platform_file, any_allowed) + ", got " + text +
                       " (the point has " +
                       std::to_string(count) + " " + what + ")");
    return;
  }
  if (!platform_file)
    throw InputError("key 'root' expects " + expected(what, count, false, any_allowed) + ", got '" + text +
                     "' (host names are those of a platform file)");
}

int resolve_root(const std::string& text, int count, const Platform* platform, bool any_allowed,
                 const std::string& what) {
  const bool named = platform != nullptr && !platform->file.empty();
  check_root_text(text, count, named, any_allowed, what);
  if (text == "any") return kAnyRoot;
  long long index = 0;
  if (root_index(text, index)) return static_cast<int>(index);
  for (int host = 0; host < count; ++host)
    if (platform->host_name(host) == text) return host;
  throw InputError("key 'root' expects " + expected(what, count, true, any_allowed) + ", got '" + text +
                   "', which is not one of the run's " + std::to_string(count) + " " + what + " (" +
                   platform->file + ")");
}

}  // namespace hetcoll
