#include "algorithms/keys.hpp"

#include <cmath>
#include <stdexcept>

#include "core/number_format.hpp"

namespace hetcoll {

std::string range_text(const ParameterSpec& p) {
  if (p.flag) return "0 or 1";
  const std::string upper = format_number(p.maximum) + (p.maximum_exclusive ? ")" : "]");
  const std::string whole = p.integer ? "whole numbers in " : "values in ";
  if (p.smallest_nonzero > 0) return "0, or " + whole + "[" + format_number(p.smallest_nonzero) + ", " + upper;
  return whole + (p.minimum_exclusive ? "(" : "[") + format_number(p.minimum) + ", " + upper;
}

bool in_range(const ParameterSpec& p, double v) {
  if (p.flag) return v == 0 || v == 1;
  if (p.integer && v != std::floor(v)) return false;
  if (p.minimum_exclusive ? v <= p.minimum : v < p.minimum) return false;
  if (p.maximum_exclusive ? v >= p.maximum : v > p.maximum) return false;
  return !(v > 0 && v < p.smallest_nonzero);
}

bool key_applies(const ParameterSpec& p, const Point& point, bool platform_file) {
  return !p.applies || p.applies(point, platform_file);
}

std::string column_name(const std::string& key) {
  std::string column = key;
  for (char& c : column)
    if (c == '-') c = '_';
  return column;
}

std::size_t KeyTable::add(ParameterSpec spec) {
  for (const ParameterSpec& p : specs_)
    if (p.key == spec.key) throw std::logic_error("key table: '" + spec.key + "' is declared twice");
  specs_.push_back(std::move(spec));
  return specs_.size() - 1;
}

KeyTable::Declaration<NumberKey> KeyTable::number(std::string key, std::string description, double fallback) {
  return {*this, add(number_key(std::move(key), std::move(description), fallback))};
}

KeyTable::Declaration<ListKey> KeyTable::list(std::string key, std::string description, std::string fallback) {
  return {*this, add(list_key(std::move(key), std::move(description), std::move(fallback)))};
}

KeyTable::Declaration<TextKey> KeyTable::text(std::string key, std::string description, std::string fallback,
                                              std::vector<std::string> choices) {
  return {*this, add(text_key(std::move(key), std::move(description), std::move(fallback), std::move(choices)))};
}

void KeyTable::set_columns(const std::vector<NumberKey>& columns) {
  std::vector<int> listed(specs_.size(), 0);
  for (NumberKey key : columns) {
    if (key.index >= specs_.size() || !specs_[key.index].axis)
      throw std::logic_error("key table: a CSV column must be a sweep axis");
    if (++listed[key.index] > 1)
      throw std::logic_error("key table: column '" + specs_[key.index].key + "' is listed twice");
  }
  for (std::size_t i = 0; i < specs_.size(); ++i)
    if (specs_[i].axis && listed[i] == 0)
      throw std::logic_error("key table: sweep axis '" + specs_[i].key + "' has no CSV column");
  columns_.clear();
  for (NumberKey key : columns) columns_.push_back(key.index);
}

}  // namespace hetcoll
