#pragma once
/// @file config_check.hpp
/// @brief Internal: user `--cfg key:value` settings tried out before the real engine sees them.
#include <string>
#include <vector>

namespace hetcoll {

/// @brief Throws InputError "cfg: KEY:VALUE: reason" (one line) for the first setting SimGrid
/// refuses: an unknown key, a value of the wrong type, a model it does not know.
///
/// SimGrid reports some of these as exceptions and aborts the process on others (a bad model
/// name, a setting without ':'), printing a backtrace. So the settings are applied in a forked
/// child with its stderr captured, exactly as SimgridSession applies them; the parent never
/// touches SimGrid's configuration. A value of `help` makes SimGrid print a list and exit, so it
/// is refused here, before the child.
void check_simgrid_config(const std::vector<std::string>& cfg, const std::vector<std::string>& base);

}  // namespace hetcoll
