#pragma once
/// @file algorithm_table.hpp
/// @brief The one shape of every family's algorithm table: rows built by name, each an
/// algorithm's name, one-line description, the paper it comes from, and its factory.
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/executor.hpp"

namespace hetcoll {

/// @brief What every algorithm of every family says about itself (`hetcoll list`, the docs
/// check, validation of `algorithms = ...`).
struct AlgorithmInfo {
  std::string name;         //!< as written in scenarios and on the command line
  std::string description;  //!< one line
  std::string reference;    //!< where it comes from: the paper (with its theorem or figure when one names it), or "hetcoll" for a baseline of ours
};

/// @brief One row of a family's table: what the algorithm says about itself and the factory of
/// its policy, one signature per family, static and dynamic alike (a planner returns a
/// PlannedPolicy, engine/plan.hpp). A family's row type derives from it (CRTP) to add the named
/// steps of its own properties, and a row reads as a sentence:
///
///     ReduceAlgorithm("snf")
///         .description("slowest-node-first: EP schedule of the hosts by non-increasing time")
///         .reference("Liu & Wang, IPDPS 2000, Section 4")
///         .make(make_snf)
///
/// Adding an algorithm is one file (its factory) and one row; `hetcoll list`, the parser, the
/// docs check and every property test loop over the table.
template <class Row, class Setup, class Built = Policy>
class AlgorithmRow {
 public:
  using Factory = std::unique_ptr<Built> (*)(const Setup&);

  explicit AlgorithmRow(std::string name) { info_.name = std::move(name); }

  Row& description(std::string text) {
    info_.description = std::move(text);
    return self();
  }
  Row& reference(std::string text) {
    info_.reference = std::move(text);
    return self();
  }
  Row& make(Factory factory) {
    factory_ = factory;
    return self();
  }
  /// The segment size (bytes) SMPI's algorithm picks for a message of `bytes` over `ranks` ranks,
  /// or a negative number where it runs another algorithm than the row's.
  using SmpiSegmentRule = double (*)(double bytes, int ranks);
  /// The algorithm is SMPI's `name` (`smpirun --cfg=smpi/<collective>:<name>`): the SMPI check
  /// runs both on the same platform and hosts and asks them to agree. With `segments`, SMPI's
  /// version cuts its messages by that rule where the row's own rule does not: the check gives
  /// the row key `segment` = the rule's size (and skips the cases where the rule says SMPI runs
  /// something else).
  Row& smpi(std::string name, SmpiSegmentRule segments = nullptr) {
    smpi_ = std::move(name);
    smpi_segments_ = segments;
    return self();
  }

  /// The algorithm cuts its messages into segments of key `segment` bytes, as its MPI library
  /// does; every other row sends its messages whole whatever the key says.
  Row& segmented() {
    segmented_ = true;
    return self();
  }

  const std::string& name() const { return info_.name; }
  const std::string& description() const { return info_.description; }
  const std::string& reference() const { return info_.reference; }
  const AlgorithmInfo& info() const { return info_; }
  /// SMPI's name of the same algorithm, or "" if SMPI has none.
  const std::string& smpi() const { return smpi_; }
  /// SMPI's segment rule for the check, or null where SMPI's version cuts as the row does.
  SmpiSegmentRule smpi_segments() const { return smpi_segments_; }
  /// True if key `segment` cuts its messages.
  bool honours_segment() const { return segmented_; }
  /// The algorithm's policy for `setup`, built once per (sweep point, process) and reused across
  /// replications: its begin() resets whatever a replication changes.
  std::unique_ptr<Built> make(const Setup& setup) const {
    if (factory_ == nullptr) throw std::logic_error("algorithm table: '" + info_.name + "' has no factory");
    return factory_(setup);
  }

 private:
  Row& self() { return static_cast<Row&>(*this); }
  AlgorithmInfo info_;
  Factory factory_ = nullptr;
  std::string smpi_;
  SmpiSegmentRule smpi_segments_ = nullptr;
  bool segmented_ = false;
};

/// @brief A family's table of algorithms (rows deriving from AlgorithmRow), in the order
/// `hetcoll list` shows them.
template <class Entry>
class AlgorithmTable {
 public:
  explicit AlgorithmTable(std::vector<Entry> entries) : entries_(std::move(entries)) {
    for (const Entry& e : entries_) {
      if (e.description().empty() || e.reference().empty())
        throw std::logic_error("algorithm table: '" + e.name() + "' needs a description and a reference");
      if (find(e.name()) != &e) throw std::logic_error("algorithm table: '" + e.name() + "' appears twice");
      infos_.push_back(e.info());
    }
  }

  const std::vector<Entry>& entries() const { return entries_; }
  const std::vector<AlgorithmInfo>& infos() const { return infos_; }
  typename std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
  typename std::vector<Entry>::const_iterator end() const { return entries_.end(); }

  /// The entry named `name`, or nullptr.
  const Entry* find(const std::string& name) const {
    for (const Entry& e : entries_)
      if (e.name() == name) return &e;
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
