#include "driver/side_file_merge.hpp"

#include <fstream>

#include "core/error.hpp"
#include "driver/csv_output.hpp"

namespace hetcoll {

/// One part's side file, read a row at a time with the point its row belongs to.
class SideFileReader {
 public:
  SideFileReader(const std::string& path, std::size_t parameter_columns) : path_(path), columns_(parameter_columns), in_(path) {
    if (!in_) throw InputError(path + ": cannot read the CSV file");
    if (!std::getline(in_, header_)) throw InputError(path + ": empty file, expected a hetcoll CSV header");
    advance();
  }
  const std::string& header() const { return header_; }
  bool done() const { return done_; }
  const std::vector<double>& point() const { return point_; }
  const std::string& row() const { return row_; }

  /// The next non-empty row; a part's rows must come in point order, as a run writes them.
  void advance() {
    std::vector<double> previous = std::move(point_);
    for (;;) {
      if (!std::getline(in_, row_)) {
        done_ = true;
        return;
      }
      if (!row_.empty()) break;
    }
    const std::vector<std::string> f = split_csv_row(row_);
    if (f.size() <= columns_) throw InputError(path_ + ": a row has too few columns: '" + row_ + "'");
    point_.clear();
    for (std::size_t c = 1; c <= columns_; ++c)
      point_.push_back(parameter_order_value(f[c], "column " + std::to_string(c + 1), path_));
    if (!previous.empty() && point_ < previous)
      throw InputError(path_ + ": rows are not in point order (a hetcoll run writes them so): '" + row_ + "'");
  }

 private:
  std::string path_;
  std::size_t columns_;
  std::ifstream in_;
  std::string header_, row_;
  std::vector<double> point_;
  bool done_ = false;
};

SideFileMerge::SideFileMerge(const std::vector<std::string>& paths, std::size_t parameter_columns, std::ostream& out)
    : out_(out) {
  for (const std::string& path : paths) {
    parts_.push_back(std::make_unique<SideFileReader>(path, parameter_columns));
    if (parts_.back()->header() != parts_.front()->header())
      throw InputError(path + ": header differs from " + paths.front() + "'s");
  }
  out_ << parts_.front()->header() << '\n';
}

SideFileMerge::~SideFileMerge() = default;

void SideFileMerge::copy_until(const std::vector<double>* point) {
  for (;;) {
    SideFileReader* next = nullptr;  // the first part (in the order given) at the smallest point
    for (const auto& part : parts_)
      if (!part->done() && (next == nullptr || part->point() < next->point())) next = part.get();
    if (next == nullptr || (point != nullptr && !(next->point() < *point))) return;
    const std::vector<double> at = next->point();
    while (!next->done() && next->point() == at) {
      out_ << next->row() << '\n';
      next->advance();
    }
  }
}

}  // namespace hetcoll
