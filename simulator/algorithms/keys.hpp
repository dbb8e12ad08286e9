#pragma once
/// @file keys.hpp
/// @brief A family's scenario keys: their specs (kind, default, range), the typed handles a
/// family declares them with, and the sweep point they are read back from.
///
/// A family declares its keys once, in a KeyTable, and keeps the handle of each:
///
///     struct Keys {
///       KeyTable table;
///       NumberKey cv = table.number("cv", "coefficient of variation", 1).sweep().at_most(100);
///       TextKey cluster = table.text("cluster", "where the times come from", "times");
///     };
///
/// and reads a point as `point[keys.cv]` (a double), `point[keys.cluster]` (a string). The kind
/// is in the handle's type, so a key can neither be read as something else nor by a position
/// that drifted from the table's order.
#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace hetcoll {

struct Point;

/// @brief Whether a key applies to a point: `platform_file` says the scenario names one.
using AppliesTo = std::function<bool(const Point& point, bool platform_file)>;

/// @brief What a family key holds.
enum class ParameterKind {
  number,  //!< a number; with `axis`, a list of numbers is a sweep axis
  list,    //!< one list of numbers, order kept (e.g. `times = 10,5,5,5,4,2,2`); not an axis
  text,    //!< one word, e.g. a distribution name or a file path
};

/// @brief A scenario key of a family.
struct ParameterSpec {
  std::string key;            //!< name in scenario files and on the command line
  std::string description;    //!< one line for `hetcoll list`
  double default_value = 0;   //!< number: used when the scenario does not give the key
  /// number: may hold a list of values (a sweep axis); also a CSV column (KeyTable::set_columns)
  bool axis = false;
  bool integer = false;       //!< number or list: every value must be a whole number
  double minimum = 0;         //!< number or list: smallest allowed value
  bool minimum_exclusive = false;  //!< the minimum itself is not allowed
  /// number or list: largest allowed value. Every key has a finite one, chosen so that every
  /// amount stays a whole number of bytes or flops a double holds exactly (docs/keys.md).
  double maximum = std::numeric_limits<double>::infinity();
  bool maximum_exclusive = false;  //!< the maximum itself is not allowed
  /// number or list: values in (0, smallest_nonzero) are refused, 0 and larger ones allowed
  /// (a CV: 0 means deterministic, but a gamma law of CV 1e-200 has shape 1/CV² = inf).
  double smallest_nonzero = 0;
  ParameterKind kind = ParameterKind::number;
  std::string default_text;   //!< list or text: the default, as it would be written in a file
  std::vector<std::string> choices;  //!< text: the allowed words (empty: any word)
  /// text without choices: its valid values in words, as docs/keys.md gives them ("": a file path)
  std::string valid_text;
  bool flag = false;          //!< number: a 0/1 switch; `--key` alone on the command line means 1
  /// The key takes part in the point's seed where it applies and differs from its default
  /// (point_seed, docs/design.md). False for a key that says how an instance runs, not which
  /// instance is drawn (a cv, an execution mode): every value of it meets the same draws.
  bool in_seed = true;
  /// axis: the points the key applies to (unset: every point). Where it does not, its CSV cell
  /// is written empty. The family must refuse the key written where it does not apply
  /// (Family::check_written_keys), so it keeps its default there and no two points of a run
  /// differ by an empty cell alone.
  AppliesTo applies;
  /// number: the key counts the hosts a point uses (one key per family at most). With key
  /// `hosts` and this key not given, it takes the hosts selected less `hosts_beside`.
  bool counts_hosts = false;
  int hosts_beside = 0;  //!< counts_hosts: hosts of a selection the key does not count (a master)
  /// counts_hosts: with a platform file and neither key `hosts` nor this key given, the key takes
  /// every host of the file (less hosts_beside) where this holds on the sweep's first point (the
  /// keys that decide it are no axes); unset: the key keeps its default.
  AppliesTo counts_file_hosts;
  /// number: the key counts hosts and may name them instead (names, globs, zone:NAME, as key
  /// `hosts`): `senders = zone:siteA` counts siteA's hosts and puts them first. The run takes
  /// the hosts of such keys in the order of the table.
  bool names_hosts = false;
  /// The default, as written in a scenario, when the scenario names a platform file (there the
  /// file's own costs are the input); empty: the key's one default.
  std::string file_default;

  // Named steps for the families' tables: `number_key("k", "...", 0).sweep().whole()` reads
  // better than a row of positional booleans, and every family builds its keys the same way.
  ParameterSpec sweep() const { return with([](ParameterSpec& p) { p.axis = true; }); }
  ParameterSpec whole() const { return with([](ParameterSpec& p) { p.integer = true; }); }
  ParameterSpec at_least(double m) const { return with([m](ParameterSpec& p) { p.minimum = m; }); }
  ParameterSpec above(double m) const {
    return with([m](ParameterSpec& p) { p.minimum = m, p.minimum_exclusive = true; });
  }
  ParameterSpec at_most(double m) const { return with([m](ParameterSpec& p) { p.maximum = m; }); }
  ParameterSpec below(double m) const {
    return with([m](ParameterSpec& p) { p.maximum = m, p.maximum_exclusive = true; });
  }
  /// 0, or at least `m` (and at most the maximum).
  ParameterSpec zero_or_at_least(double m) const {
    return with([m](ParameterSpec& p) { p.minimum = 0, p.smallest_nonzero = m; });
  }
  /// A text key whose valid values `words` describe (the family checks them).
  ParameterSpec valid(std::string words) const {
    return with([&words](ParameterSpec& p) { p.valid_text = std::move(words); });
  }
  /// The key applies to the points `predicate` holds for, and its CSV cell is empty elsewhere.
  ParameterSpec applies_when(AppliesTo predicate) const {
    return with([&predicate](ParameterSpec& p) { p.applies = std::move(predicate); });
  }
  /// Out of the point's seed (in_seed): every value of the key meets the same draws.
  ParameterSpec same_draws() const { return with([](ParameterSpec& p) { p.in_seed = false; }); }
  /// A 0/1 sweep axis that `--key` alone sets to 1.
  ParameterSpec as_flag() const {
    return with([](ParameterSpec& p) { p.axis = p.integer = p.flag = true, p.maximum = 1; });
  }
  /// The key counts the hosts of a point, `beside` hosts of a selection aside (counts_hosts).
  ParameterSpec counts_hosts_of(int beside) const {
    return with([beside](ParameterSpec& p) { p.counts_hosts = true, p.hosts_beside = beside; });
  }
  /// With a platform file alone, the key counts its hosts where `predicate` holds (counts_file_hosts).
  ParameterSpec counts_file_hosts_when(AppliesTo predicate) const {
    return with([&predicate](ParameterSpec& p) { p.counts_file_hosts = std::move(predicate); });
  }
  /// The key may name the hosts it counts (names_hosts).
  ParameterSpec names_them() const { return with([](ParameterSpec& p) { p.names_hosts = true; }); }
  /// `text` is the key's default when the scenario names a platform file (file_default).
  ParameterSpec with_a_file(std::string text) const {
    return with([&text](ParameterSpec& p) { p.file_default = std::move(text); });
  }

 private:
  template <class Change>
  ParameterSpec with(Change change) const {
    ParameterSpec copy = *this;
    change(copy);
    return copy;
  }
};

/// @brief The CSV column of a key: the key with hyphens as underscores (`slow-fraction` is the
/// column `slow_fraction`): keys are spelt with hyphens, columns with underscores, so that a
/// column is a valid identifier in pandas, R and Python alike.
std::string column_name(const std::string& key);

/// @brief The valid values of a number or list key in words, e.g. "whole numbers in [1, 1048576]"
/// or "0, or values in [1e-06, 100]": the form error messages and docs/keys.md use.
std::string range_text(const ParameterSpec& spec);

/// @brief True if the key of `spec` applies to `point` (ParameterSpec::applies).
bool key_applies(const ParameterSpec& spec, const Point& point, bool platform_file);

/// @brief True if `value` lies in the range of `spec` (bounds, whole, 0/1 for a flag).
bool in_range(const ParameterSpec& spec, double value);

/// @brief Largest host count a key may ask for (2^20): it keeps every host index an int with
/// room to spare; the parser's memory estimate refuses a point the machine cannot hold sooner.
inline constexpr double kMaxHosts = 1048576;

/// @brief A number key (at least 0 unless told otherwise), `fallback` when the scenario omits it.
inline ParameterSpec number_key(std::string key, std::string description, double fallback) {
  ParameterSpec p;
  p.key = std::move(key);
  p.description = std::move(description);
  p.default_value = fallback;
  return p;
}

/// @brief A list key, `fallback` written as in a scenario file ("" for none).
inline ParameterSpec list_key(std::string key, std::string description, std::string fallback = "") {
  ParameterSpec p = number_key(std::move(key), std::move(description), 0);
  p.kind = ParameterKind::list;
  p.default_text = std::move(fallback);
  return p;
}

/// @brief A one-word key; with `choices`, only those words are accepted.
inline ParameterSpec text_key(std::string key, std::string description, std::string fallback = "",
                              std::vector<std::string> choices = {}) {
  ParameterSpec p = number_key(std::move(key), std::move(description), 0);
  p.kind = ParameterKind::text;
  p.default_text = std::move(fallback);
  p.choices = std::move(choices);
  return p;
}

/// @brief Handle of a number key: `point[key]` is its value at the point.
struct NumberKey {
  std::size_t index = 0;
};
/// @brief Handle of a list key: `point[key]` is its list of numbers, order kept.
struct ListKey {
  std::size_t index = 0;
};
/// @brief Handle of a one-word key: `point[key]` is the word.
struct TextKey {
  std::size_t index = 0;
};

/// @brief One sweep point: a value for every parameter of the family, indexed like
/// parameters(): `values` for numbers, `lists` for lists, `texts` for text keys (the other
/// entries are left empty or 0).
struct Point {
  double operator[](NumberKey key) const { return values[key.index]; }
  const std::vector<double>& operator[](ListKey key) const { return lists[key.index]; }
  const std::string& operator[](TextKey key) const { return texts[key.index]; }

  // The driver's storage, indexed like the family's key table; families read through handles.
  std::vector<double> values;
  std::vector<std::vector<double>> lists;
  std::vector<std::string> texts;
};

/// @brief The keys of one family, in the order `hetcoll list` and the docs show them, and its CSV
/// columns in theirs (set_columns), so that a key goes where it belongs in the table and a column
/// keeps its place in every output. Each declaration returns a Declaration whose named steps
/// refine the spec in place and which converts to the key's handle.
class KeyTable {
 public:
  template <class Handle>
  class Declaration {
   public:
    Declaration(KeyTable& table, std::size_t index) : table_(table), index_(index) {}
    Declaration& sweep() { return step(&ParameterSpec::sweep); }
    Declaration& whole() { return step(&ParameterSpec::whole); }
    Declaration& as_flag() { return step(&ParameterSpec::as_flag); }
    Declaration& at_least(double m) { return step(&ParameterSpec::at_least, m); }
    Declaration& above(double m) { return step(&ParameterSpec::above, m); }
    Declaration& at_most(double m) { return step(&ParameterSpec::at_most, m); }
    Declaration& below(double m) { return step(&ParameterSpec::below, m); }
    Declaration& zero_or_at_least(double m) { return step(&ParameterSpec::zero_or_at_least, m); }
    Declaration& same_draws() { return step(&ParameterSpec::same_draws); }
    Declaration& valid(std::string words) { return step(&ParameterSpec::valid, std::move(words)); }
    Declaration& applies_when(AppliesTo predicate) {
      return step(&ParameterSpec::applies_when, std::move(predicate));
    }
    Declaration& counts_hosts(int beside = 0) { return step(&ParameterSpec::counts_hosts_of, beside); }
    Declaration& counts_file_hosts_when(AppliesTo predicate) {
      return step(&ParameterSpec::counts_file_hosts_when, std::move(predicate));
    }
    Declaration& names_hosts() { return step(&ParameterSpec::names_them); }
    Declaration& with_a_file(std::string text) { return step(&ParameterSpec::with_a_file, std::move(text)); }
    operator Handle() const { return Handle{index_}; }  // NOLINT: the point of a declaration

   private:
    template <class Step, class... Args>
    Declaration& step(Step step, Args&&... args) {
      ParameterSpec& spec = table_.specs_[index_];
      spec = (spec.*step)(std::forward<Args>(args)...);
      return *this;
    }
    KeyTable& table_;
    std::size_t index_;
  };

  KeyTable() = default;
  KeyTable(const KeyTable&) = delete;  // handles index this table: it stays where it was built
  KeyTable& operator=(const KeyTable&) = delete;

  /// A number key, `fallback` when the scenario omits it (at least 0 unless a step says otherwise).
  Declaration<NumberKey> number(std::string key, std::string description, double fallback);
  /// A list key, `fallback` written as in a scenario file ("" for none).
  Declaration<ListKey> list(std::string key, std::string description, std::string fallback = "");
  /// A one-word key; with `choices`, only those words are accepted.
  Declaration<TextKey> text(std::string key, std::string description, std::string fallback = "",
                            std::vector<std::string> choices = {});

  /// The CSV parameter columns, in their order: every sweep axis once, no other key. Called
  /// once the keys are declared; a list that breaks this is a programming error (logic_error).
  void set_columns(const std::vector<NumberKey>& columns);

  const std::vector<ParameterSpec>& specs() const { return specs_; }
  /// Indices into specs() of the CSV parameter columns, in their order (set_columns).
  const std::vector<std::size_t>& columns() const { return columns_; }

 private:
  std::size_t add(ParameterSpec spec);
  std::vector<ParameterSpec> specs_;
  std::vector<std::size_t> columns_;
};

}  // namespace hetcoll
