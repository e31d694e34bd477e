#include "parsers/message_text.h"

#include "absl/strings/str_format.h"

namespace fairykit::parsers {

namespace {

// The length of the valid UTF-8 sequence starting at text[i] (2 to 4 bytes), or 0 when the
// bytes there are not one (overlong forms, surrogates and values above U+10FFFF included).
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) lo = 0xA0;  // overlong
    if (b0 == 0xED) hi = 0x9F;  // surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) lo = 0x90;  // overlong
    if (b0 == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
}

}  // namespace

std::string message_text(std::string_view text, std::size_t max_chars) {
  std::string out;
  std::size_t i = 0, chars = 0;
  while (i < text.size() && chars < max_chars) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b >= 0x20 && b < 0x7F) {
      out += text[i++];
    } else if (const std::size_t n = b >= 0x80 ? utf8_length(text, i) : 0) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += absl::StrFormat("\\x%02X", static_cast<unsigned>(b));
      ++i;
    }
    ++chars;
  }
  if (i < text.size()) out += "...";
  return out;
}

std::string quote_text(std::string_view text, std::size_t max_chars) {
  std::string out(1, '\'');
  out += message_text(text, max_chars);
  out += '\'';
  return out;
}

std::string quote_char(char c) { return quote_text(std::string_view(&c, 1)); }

}  // namespace fairykit::parsers
