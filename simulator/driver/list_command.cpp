#include "driver/list_command.hpp"

#include <cmath>
#include <string>

#include "algorithms/family.hpp"
#include "core/number_format.hpp"
#include "driver/json_text.hpp"

namespace hetcoll {

namespace {

const char* kind_name(ParameterKind kind) {
  switch (kind) {
    case ParameterKind::number: return "number";
    case ParameterKind::list: return "list";
    case ParameterKind::text: return "text";
  }
  return "number";
}

/// The default as the text listing writes it: a number in shortest form, else the text.
std::string default_text(const ParameterSpec& p) {
  return p.kind == ParameterKind::number ? format_number(p.default_value) : p.default_text;
}

/// A bound as JSON: an infinite one (no bound) is null, which JSON can write.
nlohmann::json bound(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

nlohmann::json key_json(const ParameterSpec& p) {
  nlohmann::json key = {{"key", p.key}, {"kind", kind_name(p.kind)}, {"description", p.description},
                        {"axis", p.axis}, {"in_seed", p.in_seed}};
  if (p.kind == ParameterKind::number) {
    key["default"] = p.default_value;
    key["flag"] = p.flag;
  } else {
    // No default (a file the scenario must name) is null, as "none" in the text listing.
    key["default"] = p.default_text.empty() ? nlohmann::json() : nlohmann::json(p.default_text);
  }
  if (p.kind != ParameterKind::text) {
    key["integer"] = p.integer;
    key["minimum"] = bound(p.minimum);
    key["minimum_exclusive"] = p.minimum_exclusive;
    key["maximum"] = bound(p.maximum);
    key["maximum_exclusive"] = p.maximum_exclusive;
  } else {
    key["choices"] = p.choices;
  }
  return key;
}

}  // namespace

void write_list(std::ostream& out, const std::vector<const Family*>& families) {
  for (const Family* f : families) {
    out << f->name() << ": " << f->info().description << '\n';
    out << "  algorithms:\n";
    for (const AlgorithmInfo& a : f->algorithms())
      out << "    " << a.name << "  " << a.description << (a.reference.empty() ? "" : " [" + a.reference + "]") << '\n';
    out << "  parameters:\n";
    for (const ParameterSpec& p : f->parameters()) {
      const std::string fallback = default_text(p);
      out << "    " << p.key << " (" << (p.kind == ParameterKind::list ? "list, " : "") << "default "
          << (fallback.empty() ? "none" : fallback) << (p.axis ? ", sweep axis" : "") << ")  " << p.description << '\n';
    }
    out << "  value: " << f->info().value_description << '\n';
    std::string example;
    for (const std::string& word : f->info().example) example += ' ' + word;
    if (!example.empty()) out << "  example: hetcoll run --family " << f->name() << example << '\n';
    for (const MetricSpec& m : f->metrics()) out << "  metric " << m.name << ": " << m.description << '\n';
  }
}

void write_list_json(std::ostream& out, const std::vector<const Family*>& listed) {
  nlohmann::json families = nlohmann::json::array();
  for (const Family* f : listed) {
    nlohmann::json algorithms = nlohmann::json::array();
    for (const AlgorithmInfo& a : f->algorithms())
      algorithms.push_back({{"name", a.name}, {"description", a.description}, {"reference", a.reference}});
    nlohmann::json keys = nlohmann::json::array();
    for (const ParameterSpec& p : f->parameters()) keys.push_back(key_json(p));
    nlohmann::json metrics = nlohmann::json::array();
    for (const MetricSpec& m : f->metrics())
      metrics.push_back(
          {{"name", m.name}, {"description", m.description}, {"aggregates", m.aggregates}, {"words", m.words}});
    families.push_back({{"name", f->name()},
                        {"description", f->info().description},
                        {"value", f->info().value_description},
                        {"example", f->info().example},
                        {"algorithms", algorithms},
                        {"keys", keys},
                        {"metrics", metrics}});
  }
  out << dump_json({{"format", "hetcoll-list-1"}, {"families", families}}, 1) << '\n';
}

}  // namespace hetcoll
