// Input quoted in a diagnostic. A message may quote what it is about (a move, a tag value,
// a FEN field), but an archive may hold a 5 MB token or raw control bytes: a message quotes
// at most kMessageTextChars characters of any input, ends a longer one with "...", and
// escapes what would garble a terminal or a report.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fairykit::parsers {

inline constexpr std::size_t kMessageTextChars = 40;

// `text` as a message quotes it: at most `max_chars` characters (a UTF-8 sequence is one
// character, never cut), then "..." when some are left out. Control bytes (below 0x20, and
// 0x7F) and bytes that are not part of a valid UTF-8 sequence are written "\xNN" (one
// character each), so the result is valid UTF-8 with no control character. Text that is
// short and clean comes back unchanged. The caller adds the quotes: `"` + message_text(t) + `"`.
std::string message_text(std::string_view text, std::size_t max_chars = kMessageTextChars);

// message_text in single quotes: 'abc', 'a\x01', 'Nf3xxxxx...'.
std::string quote_text(std::string_view text, std::size_t max_chars = kMessageTextChars);

// One byte of the input in single quotes: 'x', or '\x01' for a byte that is not printable
// ASCII (a lone byte above 0x7F is not UTF-8 on its own).
std::string quote_char(char c);

}  // namespace fairykit::parsers
