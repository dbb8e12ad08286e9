#pragma once
/// @file scenario_file.hpp
/// @brief Reads a scenario file, or a run's manifest, which reruns the run.
#include <functional>
#include <string>

#include "driver/scenario.hpp"

namespace hetcoll {

/// @brief The text of the scenario file `scenario.source` (KEY = VALUE lines), without a UTF-8
/// byte order mark (editors on Windows write one); `scenario.source_sha256` gets the SHA-256 of
/// its bytes. A run's manifest (OUTPUT.manifest.json) gives its resolved scenario instead:
/// `manifest_source` says so, and `scenario.recorded_inputs` gets its inputs but those whose key
/// the command line names again (`given`). Throws InputError naming the file.
std::string read_scenario_file(Scenario& scenario, bool& manifest_source,
                               const std::function<bool(const std::string&)>& given);

}  // namespace hetcoll
