#include "analysis/io/json.h"

#include <cmath>
#include <cstdio>

namespace fairykit::analysis {

std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  std::size_t n = c >= 0xF0 && c <= 0xF4   ? 4
                  : c >= 0xE0 && c <= 0xEF ? 3
                  : c >= 0xC2 && c <= 0xDF ? 2
                                           : 0;  // (0xF5 to 0xFF never start one)
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  if (n == 3 && c == 0xE0 && byte(i + 1) < 0xA0) return 0;   // overlong
  if (n == 3 && c == 0xED && byte(i + 1) >= 0xA0) return 0;  // surrogates
  if (n == 4 && c == 0xF0 && byte(i + 1) < 0x90) return 0;   // overlong
  if (n == 4 && c == 0xF4 && byte(i + 1) >= 0x90) return 0;  // beyond U+10FFFF
  return n;
}

std::string utf8_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out += s[i];
    } else if (std::size_t n = utf8_length(s, i)) {
      out.append(s.substr(i, n));
      i += n - 1;
    } else {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    }
  }
  return out;
}

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  std::size_t i = 0;
  while (i < s.size()) {
    // The run of bytes that need no escape, appended at once (moves, names, most text).
    std::size_t j = i;
    while (j < s.size()) {
      const unsigned char c = static_cast<unsigned char>(s[j]);
      if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') break;
      ++j;
    }
    out.append(s.data() + i, j - i);
    if (j == s.size()) break;
    i = j;
    const char ch = s[i];
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 0x80) {
      // Well-formed UTF-8 passes through; any other byte is taken as Latin-1 (what old
      // archives hold), so the output is always valid JSON.
      if (std::size_t n = utf8_length(s, i)) {
        out.append(s.substr(i, n));
        i += n;
      } else {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
        ++i;
      }
      continue;
    }
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      }
    }
    ++i;
  }
  out += '"';
}

std::string json_string(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  append_json_string(out, s);
  return out;
}

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (levels_.empty()) return;
  Level& level = levels_.back();
  if (!level.first) out_ += level.one_per_line ? ",\n" : ",";
  level.first = false;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  separate();
  out_.append(json);
  return *this;
}

JsonWriter& JsonWriter::begin_object() {
  separate();
  out_ += '{';
  levels_.push_back({});
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  levels_.pop_back();
  out_ += '}';
  return *this;
}

JsonWriter& JsonWriter::begin_array(bool one_per_line) {
  separate();
  out_ += one_per_line ? "[\n" : "[";
  levels_.push_back({true, one_per_line});
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  out_ += levels_.back().one_per_line ? "\n]" : "]";
  levels_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  separate();
  append_json_string(out_, name);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  separate();
  append_json_string(out_, s);
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  separate();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::fixed(double x, int places) {
  separate();
  if (!std::isfinite(x)) {
    out_ += "null";
    return *this;
  }
  char buf[64];
  const int n = std::snprintf(buf, sizeof buf, "%.*f", places, x);
  if (n > 0 && std::size_t(n) < sizeof buf)
    out_.append(buf, std::size_t(n));
  else
    out_ += "null";  // beyond 10^50 or so: no count or time of ours
  return *this;
}

}  // namespace fairykit::analysis
