// Token-level PGN syntax shared by GameSplitter (parsers/pgn_splitter.cpp) and parse_game
// (parsers/pgn_reader.cpp), declared here so that the unit tests can check each rule on its own.
// Private to parsers/: no public header includes this one. Plain declarations only: the
// Boost.Spirit X3 grammars behind them live in pgn_reader.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "parsers/pgn.h"

namespace fairykit::parsers::detail {

constexpr bool is_ascii_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_ascii_alnum(char c) { return is_ascii_alpha(c) || (c >= '0' && c <= '9'); }
constexpr bool is_tag_name_char(char c) { return is_ascii_alnum(c) || c == '_'; }

// A byte that may continue a move token: letters, digits and - = + # : @ ("e8=Q+",
// "O-O-O#", "exd6", "N@f3", "Ra1:a8"). A termination marker glued to such a byte is not a
// termination marker ("Qh5+1-0" is one token), in the splitter as in parse_game.
constexpr bool is_move_char(char c) {
  return is_ascii_alnum(c) || c == '-' || c == '=' || c == '+' || c == '#' || c == ':' || c == '@';
}

// What may follow "1-0", "0-1" or "1/2-1/2" for it to be a termination marker: the end of
// the text or a byte that is neither a move byte nor '/' nor '.'.
constexpr bool ends_result(char c) { return !is_move_char(c) && c != '/' && c != '.'; }

// The termination marker at the start of `text`, hand-written for the splitter: its length
// (3, 7 or 1 for "*"), or 0. The caller checks what precedes it.
constexpr std::size_t match_result_prefix(std::string_view text) {
  if (text.empty()) return 0;
  std::size_t n = 0;
  if (text[0] == '*') return 1;
  if (text.size() >= 3 && ((text[0] == '1' && text[1] == '-' && text[2] == '0') ||
                           (text[0] == '0' && text[1] == '-' && text[2] == '1'))) {
    n = 3;
  } else if (text.substr(0, 7) == "1/2-1/2") {
    n = 7;
  } else {
    return 0;
  }
  return (n == text.size() || ends_result(text[n])) ? n : 0;
}

// Whether `line` (without its line end) is a whole tag-pair line as the splitter needs to
// recognise one when resynchronising: '[' in column 1, a tag name, optional blanks, a quoted
// value (read leniently: any bytes) and ']' closing the line; more tag pairs may follow on
// the line (`[White "a"] [Black "b"]`). Trailing whitespace is allowed.
bool is_tag_pair_line(std::string_view line);

// ---------------------------------------------------------------------------------------
// Tag pairs

enum class TagIssue {
  kNone,
  // Warnings (the tag pair is read).
  kUnescapedQuote,  // `[Event "A "B" C"]`: the value runs to the last '"' before the ']'
  kBackslashQuote,  // `[Event "A \"]`: the '"' after the backslash closes the value
  // Errors (the tag pair cannot be read).
  kNoName,            // '[' not followed by a tag name
  kNoQuote,           // the name is not followed by '"'
  kNoClosingQuote,    // the value is never closed on its line
  kNoClosingBracket,  // the value is closed but no ']' follows
};

constexpr bool is_error(TagIssue issue) { return issue >= TagIssue::kNoName; }

struct TagPairScan {
  TagIssue issue = TagIssue::kNone;
  std::string_view name;
  std::string_view raw_value;    // between the quotes, escapes not yet resolved
  std::size_t length = 0;        // bytes read, from '[' through ']' (0 on error)
  std::size_t issue_offset = 0;  // where the warning or error points, from '['
  bool spans_lines = false;      // a line end lies within the `length` bytes
  bool plain = false;            // raw_value has no backslash (nothing to unescape)
};

// Reads the tag pair at the start of `text` (text[0] == '['). Whitespace, line ends
// included, may separate '[', the name, the value and ']'; the value itself stays on one
// line. Strict PGN first (X3); when the value is not closed properly, the lenient reading
// described at TagIssue; an error otherwise.
TagPairScan scan_tag_pair(std::string_view text);

// scan_tag_pair's searches, 16 bytes at a time (SSSE3, SSE2) where 16 can be read: the end
// of the tag name bytes (is_tag_name_char) of [p, last), and the first '"', '\\', '\r' or
// '\n' of [p, last) (`last` when none).
const char* skip_tag_name(const char* p, const char* last);
// The end of the move bytes (is_move_char) of [p, last), the same way.
const char* skip_move_bytes(const char* p, const char* last);
const char* find_tag_value_stop(const char* p, const char* last);

// The value with \" and \\ resolved (any other backslash is kept as written, and so is a
// backslash at the very end). Returns `raw` itself when it has no backslash, else a view of
// `scratch`.
std::string_view unescape_tag_value(std::string_view raw, std::string& scratch);

// ---------------------------------------------------------------------------------------
// Movetext tokens (everything but whitespace, comments, variations and escape lines, which
// parse_game reads by hand)

enum class TokenKind {
  kNone,        // no token starts here: an unexpected character
  kMove,        // a move as written, up to but excluding suffix annotations
  kMoveNumber,  // "12.", "12...", "12 .", "12": ignored
  kNag,         // "$14"
  kBadNag,      // "$" followed by a number above kMaxNag (255)
  kSuffix,      // "!", "?", "!!", "??", "!?", "?!" (nag 1..6), or another run of ! and ? (nag 0)
  kResult,      // "1-0", "0-1", "1/2-1/2", "*"
};

struct Token {
  TokenKind kind = TokenKind::kNone;
  std::size_t length = 0;
  int nag = 0;  // kNag, kSuffix
};

// The token at the start of `text` (text[0] is not whitespace). A move starts with a
// letter, with "0-0" (castling written with zeros) or is "--" (a null move), and runs over
// the move bytes (is_move_char), "e.p." written attached ("exd6e.p.") and attached captured-
// square annotations `{a4}` / `{b2,b3}` of the rules' notation ("Na1xa5{a4}xc5{b3}"), and
// vchess's commas between the sub-moves of an Interweave turn ("Nc5X,Ne5X").
Token scan_token(std::string_view text);

// An "e.p." or "ep" written apart after a move (`exd6 e.p.`), with any check marks after
// it: its length at the start of `text`, or 0 when `text` does not start with one followed
// by the end of the text, whitespace or one of { } ( ) ; $ ! ?.
std::size_t match_en_passant_suffix(std::string_view text);

// parse_game without the splitter's notes, returning the bytes its searches for line ends
// looked at: a linear reader looks at each byte of the game a bounded number of times.
// For tests.
std::uint64_t parse_game_scanned(const RawGame& game, PgnVisitor& visitor);

}  // namespace fairykit::parsers::detail
