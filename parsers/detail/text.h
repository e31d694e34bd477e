// Small text helpers shared by the parsers' .cpp files. Private to parsers/: no public
// header includes this one.
#pragma once

#include <string>
#include <string_view>

#include "parsers/message_text.h"

namespace fairykit::parsers::detail {

// The whitespace that separates FEN fields, EPD tokens and .perft words. '\r' and '\n'
// are included so that a line read from a CRLF file, or with its newline, parses the same.
constexpr bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

constexpr bool is_all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!is_digit(c)) return false;
  }
  return true;
}

constexpr std::string_view Trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// A character as it appears in a diagnostic: 'x' when printable, '\xNN' otherwise
// (parsers/message_text.h, shared with the rules core).
using ::fairykit::parsers::quote_char;

}  // namespace fairykit::parsers::detail
