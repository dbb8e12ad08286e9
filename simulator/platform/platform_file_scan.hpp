#pragma once
/// @file platform_file_scan.hpp
/// @brief What a SimGrid XML platform file says beyond its hosts, links and routes, and beyond
/// what SimGrid's API reports once it is loaded. The scan finds three things: hosts and links
/// whose capacity changes over time (profiles), the SimGrid settings of its <config> sections,
/// and any <include>, which SimGrid removed in version 3.18 and aborts on since.
///
/// hetcoll refuses profiles. It runs a work unit's replications one after the other on one
/// SimGrid clock, and gives the model engine and the planners a file's platform by its numbers
/// at date 0. A speed, bandwidth, latency or state profile would therefore:
/// - give each replication another stretch of the profile, one that depends on the replications
///   before it;
/// - kill agents where a host fails;
/// - be left out by the model engine and by the plans.
///
/// The file is refused before SimGrid reads it. SimGrid also aborts on a profile file it cannot
/// open, which this avoids.
///
/// SimGrid 3.32 also aborts on <include>, which the SimGrid session refuses first.
///
/// A <config> section sets SimGrid settings that the command line has not set. The SimGrid session
/// refuses one that hetcoll sets otherwise, and the model engine refuses one that changes
/// timing (engine_factory.hpp).
#include <optional>
#include <string>
#include <vector>

namespace hetcoll {

/// @brief Where a platform file gives a host or link a profile.
struct TimeVaryingResource {
  std::string file;  //!< the platform file
  int line = 0;      //!< 1-based line of the element's start
  std::string element;    //!< host, peer, link or trace_connect
  std::string id;         //!< the host's or link's id; for trace_connect, the element it names
  std::string attribute;  //!< speed_file, availability_file, state_file, bandwidth_file,
                          //!< latency_file; for trace_connect, its kind
  std::string value;      //!< the attribute's value; for trace_connect, the trace's id

  /// One line for an error message: "FILE:LINE: host 'h' has speed_file="x"", or
  /// "FILE:LINE: <trace_connect> attaches trace 't' to 'h' (kind SPEED)".
  std::string describe() const;
};

/// @brief One SimGrid setting of a <config> section: <prop id="KEY" value="VALUE"/>.
struct FileSetting {
  std::string file;  //!< the platform file
  int line = 0;      //!< 1-based line of the <prop>
  std::string key;
  std::string value;

  /// "FILE:LINE".
  std::string where() const;
};

/// @brief The value that SimGrid settings of the form key:value give `key`, the last one winning
/// as in SimGrid; "" if none sets it.
std::string setting_value(const std::vector<std::string>& settings, const std::string& key);

/// @brief Two values of one setting are the same: equal numbers (1e30 and 1e+30), or equal words.
bool same_setting_value(const std::string& a, const std::string& b);

struct PlatformFileScan {
  std::optional<TimeVaryingResource> time_varying;  //!< the first profile, if any
  std::vector<FileSetting> settings;                //!< <config> settings, in file order
  int include_line = 0;                             //!< line of the first <include>; 0 if none
};

/// @brief Scans SimGrid XML platform `text`, read from `file`.
///
/// What counts as a profile:
/// - the attributes of <host>, <peer> and <link> that name a profile file, when not empty;
/// - every <trace_connect>.
///
/// Comments, CDATA sections, processing instructions and the document type are skipped.
PlatformFileScan scan_platform_text(const std::string& text, const std::string& file);

/// @brief The same for the file at `path`. A file that cannot be read gives an empty scan: its
/// reader reports it.
PlatformFileScan scan_platform_file(const std::string& path);

}  // namespace hetcoll
