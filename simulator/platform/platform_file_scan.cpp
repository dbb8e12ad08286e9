#include "platform/platform_file_scan.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>
#include <utility>

namespace hetcoll {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// The attributes of SimGrid's DTD (version 4.1) that give a host or a link a profile file.
const std::vector<std::pair<std::string_view, std::vector<std::string_view>>>& profile_attributes() {
  static const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> attributes = {
      {"host", {"speed_file", "availability_file", "state_file"}},
      {"peer", {"speed_file", "availability_file", "state_file"}},
      {"link", {"bandwidth_file", "latency_file", "state_file"}},
  };
  return attributes;
}

struct Attribute {
  std::string_view name;
  std::string_view value;
};

// A start tag, an empty-element tag or an end tag: its name, attributes in order, and its
// offset in the text.
struct Tag {
  std::string_view name;
  std::vector<Attribute> attributes;
  std::size_t offset = 0;
  bool end = false;    // </name>
  bool empty = false;  // <name ... />

  std::string_view value(std::string_view key) const {
    for (const Attribute& a : attributes)
      if (a.name == key) return a.value;
    return {};
  }
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == ':' || c == '-' || c == '.';
}

// Calls `visit` with each tag of `text`, skipping comments, CDATA sections, processing
// instructions and declarations (<!DOCTYPE ...>, an internal subset in brackets included). A
// quoted value may hold '>' or '<'. A tag this reader cannot follow ends where it stops making
// sense (SimGrid's parser reports the file), and the scan goes on from the next '<'.
template <class Visit>
void for_each_tag(std::string_view text, Visit&& visit) {
  const std::size_t n = text.size();
  std::size_t i = 0;
  auto skip_past = [&](std::string_view end) {
    const std::size_t at = text.find(end, i);
    i = at == npos ? n : at + end.size();
  };
  auto starts = [&](std::string_view prefix) { return text.compare(i, prefix.size(), prefix) == 0; };
  while ((i = text.find('<', i)) != npos) {
    if (starts("<!--")) {
      i += 4;
      skip_past("-->");
      continue;
    }
    if (starts("<![CDATA[")) {
      i += 9;
      skip_past("]]>");
      continue;
    }
    if (starts("<?")) {
      i += 2;
      skip_past("?>");
      continue;
    }
    if (starts("<!")) {
      int brackets = 0;
      for (i += 2; i < n && (text[i] != '>' || brackets > 0); ++i) {
        if (text[i] == '[') ++brackets;
        if (text[i] == ']') --brackets;
      }
      continue;
    }
    Tag tag;
    tag.offset = i++;
    if (i < n && text[i] == '/') {
      tag.end = true;
      ++i;
    }
    const std::size_t name = i;
    while (i < n && is_name_char(text[i])) ++i;
    tag.name = text.substr(name, i - name);
    for (;;) {
      while (i < n && is_space(text[i])) ++i;
      const std::size_t key = i;
      while (i < n && is_name_char(text[i])) ++i;
      if (i == key) break;  // '>', '/>' or something this reader cannot follow
      const std::string_view key_name = text.substr(key, i - key);
      while (i < n && is_space(text[i])) ++i;
      if (i >= n || text[i] != '=') break;
      for (++i; i < n && is_space(text[i]);) ++i;
      if (i >= n || (text[i] != '"' && text[i] != '\'')) break;
      const std::size_t close = text.find(text[i], i + 1);
      if (close == npos) return;
      tag.attributes.push_back({key_name, text.substr(i + 1, close - i - 1)});
      i = close + 1;
    }
    tag.empty = i < n && text[i] == '/';
    visit(tag);
  }
}

bool read_text(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream all;
  all << in.rdbuf();
  text = all.str();
  return true;
}

// The profiles, settings and <include> of `text`, read from `file`.
void scan(std::string_view text, const std::string& file, PlatformFileScan& result) {
  bool in_config = false;
  std::size_t counted = 0;  // lines are counted from the last tag that needed one
  int line = 1;
  auto line_of = [&](std::size_t offset) {
    line += static_cast<int>(std::count(text.begin() + static_cast<std::ptrdiff_t>(counted),
                                        text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
    counted = offset;
    return line;
  };
  auto found = [&](const Tag& tag, std::string_view id, std::string_view attribute, std::string_view value) {
    result.time_varying = TimeVaryingResource{file,           line_of(tag.offset),    std::string(tag.name),
                                              std::string(id), std::string(attribute), std::string(value)};
  };
  for_each_tag(text, [&](const Tag& tag) {
    if (tag.name == "config") {
      in_config = !tag.end && !tag.empty;
    } else if (tag.end) {
      return;
    } else if (in_config && tag.name == "prop") {
      result.settings.push_back(
          {file, line_of(tag.offset), std::string(tag.value("id")), std::string(tag.value("value"))});
    } else if (tag.name == "include") {
      if (result.include_line == 0) result.include_line = line_of(tag.offset);
    } else if (!result.time_varying) {
      if (tag.name == "trace_connect") {
        const std::string_view kind = tag.value("kind");
        found(tag, tag.value("element"), kind.empty() ? "HOST_AVAIL" : kind, tag.value("trace"));
        return;
      }
      for (const auto& [element, attributes] : profile_attributes()) {
        if (tag.name != element) continue;
        for (std::string_view attribute : attributes)
          if (!tag.value(attribute).empty()) {
            found(tag, tag.value("id"), attribute, tag.value(attribute));
            return;
          }
      }
    }
  });
}

}  // namespace

std::string setting_value(const std::vector<std::string>& settings, const std::string& key) {
  std::string value;
  for (const std::string& s : settings)
    if (s.size() > key.size() && s.compare(0, key.size(), key) == 0 && s[key.size()] == ':')
      value = s.substr(key.size() + 1);
  return value;
}

bool same_setting_value(const std::string& a, const std::string& b) {
  char* end_a = nullptr;
  char* end_b = nullptr;
  const double x = std::strtod(a.c_str(), &end_a);
  const double y = std::strtod(b.c_str(), &end_b);
  if (!a.empty() && !b.empty() && *end_a == '\0' && *end_b == '\0') return x == y;
  return a == b;
}

std::string FileSetting::where() const { return file + ":" + std::to_string(line); }

std::string TimeVaryingResource::describe() const {
  const std::string where = file + ":" + std::to_string(line) + ": ";
  if (element == "trace_connect")
    return where + "<trace_connect> attaches trace '" + value + "' to '" + id + "' (kind " + attribute + ")";
  return where + element + " '" + id + "' has " + attribute + "=\"" + value + "\"";
}

PlatformFileScan scan_platform_text(const std::string& text, const std::string& file) {
  PlatformFileScan result;
  scan(text, file, result);
  return result;
}

PlatformFileScan scan_platform_file(const std::string& path) {
  std::string text;
  if (!read_text(path, text)) return {};
  return scan_platform_text(text, path);
}

}  // namespace hetcoll
