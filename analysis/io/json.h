// JSON writing for every report (no DOM, no allocation beyond the output string): the
// writer puts the commas, escapes the strings and writes compact JSON, so that no report
// splices JSON text by hand.
//
//   std::string out;
//   JsonWriter w(out);
//   w.begin_object().key("games").value(3).key("files").begin_array().value("a.pgn");
//   w.end_array().end_object();                       // {"games":3,"files":["a.pgn"]}
#pragma once

#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fairykit::analysis {

// `s` as a JSON string literal, quotes included. Well-formed UTF-8 is passed through; any
// other byte >= 0x80 is read as Latin-1 and written as UTF-8; control characters are
// escaped. The result is always valid JSON.
std::string json_string(std::string_view s);
// The same, appended to `out`.
void append_json_string(std::string& out, std::string_view s);

// The length of the well-formed UTF-8 sequence at s[i] (1 to 4 bytes, no overlong form, no
// surrogate, nothing beyond U+10FFFF), or 0 when none starts there.
std::size_t utf8_length(std::string_view s, std::size_t i);

// `s` as valid UTF-8 the same way: well-formed UTF-8 as it is, any other byte >= 0x80 read
// as Latin-1 (the text writers of fairy-convert, so that PGN, CSV and JSON hold the same).
std::string utf8_text(std::string_view s);

class JsonWriter {
 public:
  // Appends to `out`, which the caller may write out and clear between values (the writer
  // keeps its place in the document, not the text).
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object();
  JsonWriter& end_object();
  // `one_per_line`: a line end after '[', between the elements and before ']' (reports
  // that list one entry per line).
  JsonWriter& begin_array(bool one_per_line = false);
  JsonWriter& end_array();
  // The name of the next value, in an object.
  JsonWriter& key(std::string_view name);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  // A value already written as JSON (by another writer: an MPI rank's), as it is.
  JsonWriter& raw(std::string_view json);
  // A number with `places` digits after the point (printf's %.*f); null when it is not
  // finite (JSON has no NaN or infinity).
  JsonWriter& fixed(double x, int places);
  // A string known to need no escaping (ASCII from 0x20 to 0x7e without '"' and '\\': the
  // moves the rules core writes), written as it is.
  // A value already written as JSON text (an array built by the caller), appended as it is.
  JsonWriter& raw_value(std::string_view json) {
    separate();
    out_.append(json);
    return *this;
  }
  // The output, ready for a value: the caller appends one whole JSON value to it (the
  // fast path of large arrays built by hand).
  std::string& value_slot() {
    separate();
    return out_;
  }
  JsonWriter& plain_value(std::string_view s) {
    separate();
    out_ += '"';
    out_.append(s);
    out_ += '"';
    return *this;
  }
  template <std::integral T>
  JsonWriter& value(T n) {
    separate();
    out_ += std::to_string(n);
    return *this;
  }

  // Whether the innermost array or object open holds an element yet. A writer that writes
  // a part of an array (the share of an MPI rank, whose elements follow others) sets it.
  void set_has_elements(bool has) {
    if (!levels_.empty()) levels_.back().first = !has;
  }

 private:
  struct Level {
    bool first = true;
    bool one_per_line = false;
  };
  // Before a value or an opening bracket: the comma (and line end) that separates it from
  // the element before, unless it follows a key.
  void separate();

  std::string& out_;
  std::vector<Level> levels_;
  bool after_key_ = false;
};

}  // namespace fairykit::analysis
