#pragma once
/// @file merge.hpp
/// @brief `hetcoll merge`: joins shard outputs into the files a single run would have written.
#include <string>
#include <vector>

namespace hetcoll {

/// @brief Rows of summary CSV text, each a line without newline, sorted into canonical order:
/// points by their parameter values (numerically, column by column), then algorithms in the
/// order they first appear. Throws InputError on a duplicate (point, algorithm).
std::vector<std::string> canonical_order(const std::vector<std::string>& rows, std::size_t parameter_columns,
                                         const std::string& where);

/// @brief What `hetcoll merge` is asked to do.
struct MergeRequest {
  std::vector<std::string> parts;  //!< the shards' summary CSVs, each with its manifest beside it
  std::string output = "-";        //!< merged summary CSV
  std::string raw;                 //!< merged raw CSV; empty: the path the run was given
  std::string trace;               //!< merged trace CSV; empty: the path the run was given
  bool remove_parts = false;       //!< remove the parts, their manifests and side files after
  std::string command_line;        //!< for the merged manifest
};

/// @brief Checks through their manifests that the parts are the shards of one run, every
/// shard once (InputError naming the file and the differing key otherwise), and writes the
/// summary, raw and trace files a single run writes, byte for byte, with a manifest.
void merge_parts(const MergeRequest& request);

}  // namespace hetcoll
