#pragma once
/// @file algorithm_table.hpp
/// @brief The one shape of every family's algorithm table: name, one-line description, the
/// paper it comes from, and whatever the family needs to build it.
#include <stdexcept>
#include <string>
#include <vector>

namespace hetcoll {

/// @brief What every algorithm of every family says about itself (`hetcoll list`, the docs
/// check, validation of `algorithms = ...`).
struct AlgorithmInfo {
  std::string name;         //!< as written in scenarios and on the command line
  std::string description;  //!< one line
  std::string reference;    //!< where it comes from: the paper (with its theorem or figure when one names it), or "hetcoll" for a baseline of ours
};

/// @brief A family's table of algorithms. `Entry` derives from AlgorithmInfo and adds what the
/// family builds an algorithm from, by convention a factory named `make`:
///
///     struct ReductionAlgorithm : AlgorithmInfo {
///       std::unique_ptr<Policy> (*make)(const ReductionSetup&);
///     };
///
/// Adding an algorithm is one file (its factory) and one row here; `hetcoll list`, the parser,
/// the docs check and every property test loop over the table.
template <class Entry>
class AlgorithmTable {
 public:
  explicit AlgorithmTable(std::vector<Entry> entries) : entries_(std::move(entries)) {
    for (const Entry& e : entries_) {
      if (find(e.name) != &e) throw std::logic_error("algorithm table: '" + e.name + "' appears twice");
      infos_.push_back(static_cast<const AlgorithmInfo&>(e));
    }
  }

  const std::vector<Entry>& entries() const { return entries_; }
  const std::vector<AlgorithmInfo>& infos() const { return infos_; }
  typename std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
  typename std::vector<Entry>::const_iterator end() const { return entries_.end(); }

  /// The entry named `name`, or nullptr.
  const Entry* find(const std::string& name) const {
    for (const Entry& e : entries_)
      if (e.name == name) return &e;
    return nullptr;
  }
  /// The entry named `name`; the parser has validated names, so a miss is a bug.
  const Entry& at(const std::string& name) const {
    if (const Entry* e = find(name)) return *e;
    throw std::logic_error("algorithm table: no algorithm '" + name + "'");
  }

 private:
  std::vector<Entry> entries_;
  std::vector<AlgorithmInfo> infos_;
};

}  // namespace hetcoll
