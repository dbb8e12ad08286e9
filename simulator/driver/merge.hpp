#pragma once
/// @file merge.hpp
/// @brief `hetcoll merge`: joins shard outputs into the file a single run would have written.
#include <string>
#include <vector>

namespace hetcoll {

/// @brief Rows of summary CSV text, each a line without newline, sorted into canonical order:
/// points by their parameter values (numerically, column by column), then algorithms in the
/// order they first appear. Throws InputError on a duplicate (point, algorithm).
std::vector<std::string> canonical_order(const std::vector<std::string>& rows, std::size_t parameter_columns,
                                         const std::string& where);

/// @brief Reads `inputs`, checks they share one header, and writes the merged CSV to `output`
/// atomically.
void merge_csv_files(const std::vector<std::string>& inputs, const std::string& output);

}  // namespace hetcoll
