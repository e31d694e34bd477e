#include "analysis/io/csv.h"

#include "analysis/io/json.h"

namespace fairykit::analysis {

bool csv_formula_cell(std::string_view v) {
  if (v.empty()) return false;
  const char c = v[0];
  if (c != '=' && c != '+' && c != '-' && c != '@' && c != '\t' && c != '\r') return false;
  const auto digits = [&](std::size_t i) {
    while (i < v.size() && v[i] >= '0' && v[i] <= '9') ++i;
    return i;
  };
  std::size_t i = c == '+' || c == '-' ? 1 : 0;
  std::size_t end = digits(i);
  if (end == i) return true;
  if (end < v.size() && v[end] == '.') {
    i = end + 1;
    end = digits(i);
    if (end == i) return true;
  }
  return end != v.size();
}

void csv_field(std::string& out, std::string_view text, bool raw) {
  const std::string v = utf8_text(text);
  const bool guard = !raw && csv_formula_cell(v);
  bool quote = false;
  for (char c : v)
    if (c == ',' || c == '"' || c == '\n' || c == '\r') quote = true;
  if (!quote) {
    if (guard) out += '\'';
    out.append(v);
    return;
  }
  out += '"';
  if (guard) out += '\'';
  for (char c : v) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

}  // namespace fairykit::analysis
