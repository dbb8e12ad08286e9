#pragma once
/// @file root.hpp
/// @brief Key `root` of the rooted families (reduce, broadcast, divisible): where a reduction's
/// result ends, where a broadcast starts, which host is a divisible load's master. One reading
/// of it for every family, so that every algorithm of a run is held to the same host.
#include <string>

#include "platform/platform.hpp"

namespace hetcoll {

/// @brief Valid values of key `root`, in words (docs/keys.md), without and with `any`.
inline constexpr const char* kRootValues = "a host name of the run (platform file), or an index into its hosts";
inline constexpr const char* kRootValuesOrAny =
    "a host name of the run (platform file), an index into its hosts, or any (each algorithm chooses)";

/// @brief The resolved root `any`: each algorithm chooses, as its paper does (reduce only).
inline constexpr int kAnyRoot = -1;

/// @brief The index `text` (key `root`) names among the run's first `count` hosts, or kAnyRoot
/// for `any` when `any_allowed`. Hosts have names on a platform file (`platform` read from one:
/// the run's hosts in order); otherwise (built-in platforms, abstract instances, `platform`
/// null) a root is an index, into what `what` says. Throws InputError naming key `root` and
/// what was expected: an index out of range, a name that is not one of the run's hosts, a name
/// where the hosts have none, `any` where no algorithm chooses.
int resolve_root(const std::string& text, int count, const Platform* platform, bool any_allowed,
                 const std::string& what = "hosts");

/// @brief Checks what can be checked of `text` before a platform file is read: `any` where it is
/// not allowed, an index beyond `count` hosts (`what`: what an index counts), a name without a
/// platform file. Throws InputError naming key `root`.
void check_root_text(const std::string& text, int count, bool platform_file, bool any_allowed,
                     const std::string& what = "hosts");

/// @brief True if `text` is a root index (digits only), which it then stores in `index`.
bool root_index(const std::string& text, long long& index);

}  // namespace hetcoll
