#pragma once
/// @file side_file_merge.hpp
/// @brief `hetcoll merge`'s streaming merge of the parts' side files (raw, trace) in point order.
#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace hetcoll {

class SideFileReader;

/// @brief Rows of side files (raw, trace) of all parts, in point order: within a point they keep
/// the order the single run writes them in. Each part is in point order already, so this is a
/// merge of sorted files, streamed: raw files of gigabytes never sit in memory. The rows of
/// points made from unit results are written in between (copy_until). InputError naming the file
/// for a part that cannot be read, whose header differs, or whose rows are out of point order.
class SideFileMerge {
 public:
  /// Writes the parts' common header to `out`.
  SideFileMerge(const std::vector<std::string>& paths, std::size_t parameter_columns, std::ostream& out);
  ~SideFileMerge();
  /// Copies the rows of the points before `point`; of every point if `point` is null.
  void copy_until(const std::vector<double>* point);

 private:
  std::ostream& out_;
  std::vector<std::unique_ptr<SideFileReader>> parts_;
};

}  // namespace hetcoll
