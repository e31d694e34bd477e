// Input as it appears in a diagnostic. Every message of fairykit that quotes what it read
// (a FEN character, a field, a tag value) goes through these, so that a stray control byte
// or a UTF-8 fragment never garbles a terminal or a log: printable ASCII stays as it is,
// every other byte is written \xNN.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/strings/str_format.h"

namespace fairykit::parsers {

// `text` with every byte outside printable ASCII (0x20-0x7E) written as \xNN. Text longer
// than `max_bytes` is cut there and ends in "...".
inline std::string EscapeText(std::string_view text,
                              std::size_t max_bytes = std::string_view::npos) {
  std::string out;
  const bool cut = text.size() > max_bytes;
  if (cut) text = text.substr(0, max_bytes);
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f)
      out += c;
    else
      out += absl::StrFormat("\\x%02X", static_cast<unsigned>(u));
  }
  if (cut) out += "...";
  return out;
}

// A text in single quotes, escaped (and cut as EscapeText does): 'abc', 'a\x01'.
inline std::string QuoteText(std::string_view text,
                             std::size_t max_bytes = std::string_view::npos) {
  std::string out(1, '\'');
  out += EscapeText(text, max_bytes);
  out += '\'';
  return out;
}

// A character in single quotes, escaped: 'x', '\x01'.
inline std::string QuoteChar(char c) { return QuoteText(std::string_view(&c, 1)); }

}  // namespace fairykit::parsers
