// parse_game(): reads one game (Boost.Spirit X3 token rules inside hand-written loops), and
// the token rules of detail/pgn_syntax.h. pgn.h states the contract; this file says how and
// why; the splitter that cuts games out of the input is pgn_splitter.cpp.
//
// Tag pairs: strict PGN first; when a value is not closed properly the reader is
// lenient, with a warning: the value runs to the first '"' that is followed by ']' and then
// by nothing but blanks (or another tag pair) on its line, which for the usual one tag pair
// per line is the last '"' before the closing ']'. So `[Event "A "B" C"]` reads `A "B" C`, and
// `[Event "Tournament \"]` reads `Tournament \` (the backslash is kept: a backslash not
// followed by '"' or '\' is not an escape). A ']' inside a quoted value is plain PGN and needs
// no leniency. Movetext: see scan_token in detail/pgn_syntax.h for what a move is. The move
// text reported is the bytes as written, from the first letter (or "0-0", "--") through the
// last move byte; check marks are kept, suffix annotations are not (they become nag()), and
// "e.p."/"ep" written apart after a move is appended without the space: "exd6 e.p." reports
// "exd6e.p.", "exd6 ep" reports "exd6ep", "exd6e.p." is reported as written.
#include <array>
#include <boost/spirit/home/x3.hpp>
#include <charconv>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <system_error>

#if defined(__SSSE3__)
#include <tmmintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "absl/strings/str_format.h"
#include "parsers/detail/comment_scan.h"
#include "parsers/detail/pgn_syntax.h"
#include "parsers/detail/text.h"
#include "parsers/message_text.h"
#include "parsers/pgn.h"

namespace fairykit::parsers {
namespace {

namespace x3 = boost::spirit::x3;
using Iter = const char*;

// ---------------------------------------------------------------------------------------
// Grammar: the token rules. No attributes are built; callers take the matched length.

namespace grammar {

const auto letter = x3::char_('a', 'z') | x3::char_('A', 'Z');
const auto digit = x3::char_('0', '9');
const auto blank = x3::char_(" \t");
const auto space = x3::char_(" \t\r\n\v\f");

const auto tag_name = +(letter | digit | x3::char_('_'));
// An escape is a backslash and any byte but a line end; the value stays on its line.
const auto tag_value = *((x3::lit('\\') >> ~x3::char_("\r\n")) | ~x3::char_("\"\\\r\n"));

// The move bytes of detail::is_move_char, one bitset test each.
const auto move_byte = x3::char_("a-zA-Z0-9=+#:@-");
// The rules' optional captured-squares annotation, written attached: "Na1xa5{a4}xc5{b3}".
const auto square = x3::char_('a', 'z') >> +digit;
const auto captured_squares = x3::lit('{') >> square >>
                              *(x3::lit(',') >> *x3::lit(' ') >> square) >> x3::lit('}');
// vchess joins the sub-moves of an Interweave turn with commas: "Nc5X,Ne5X".
const auto vchess_join = x3::lit(',') >> &letter;
const auto move_rest = *(+move_byte | captured_squares | vchess_join);
// A move up to an attached "e.p." (match_move goes on after it).
const auto move = (x3::char_("a-zA-Z") | x3::lit("0-0") | x3::lit("--")) >> move_rest;
const auto result_end = !(move_byte | x3::char_("/."));
const auto result =
    x3::lit('*') | ((x3::lit("1-0") | x3::lit("0-1") | x3::lit("1/2-1/2")) >> result_end);
const auto move_number = +digit >> *blank >> *x3::lit('.');
const auto nag_digits = +digit;
const auto suffix = +x3::char_("!?");
const auto ep_suffix = (x3::lit("e.p.") | x3::lit("ep")) >> *x3::char_("+#") >>
                       &(x3::eoi | space | x3::char_("{}();$!?"));

}  // namespace grammar

// The length of `parser`'s match at the start of [first, last), or 0.
template <class Parser>
std::size_t match_length(Iter first, Iter last, const Parser& parser) {
  Iter it = first;
  return x3::parse(it, last, parser) ? static_cast<std::size_t>(it - first) : 0;
}

// A move token: the X3 rule, continued over "e.p." written attached ("exd6e.p.", whose 'e'
// the rule has read as a move byte). Checking for ".p." once at the end of the rule's match
// is cheaper than trying "e.p." at every 'e' of every move.
// The common move, a letter and move bytes, is read by hand (a table test per byte); the
// grammar reads what may go on past a '{' or a ',' (captured squares, vchess's join) and
// the moves that start with "0-0" or "--".
constexpr std::array<bool, 256> kMoveBytes = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c) t[std::size_t(c)] = detail::is_move_char(char(c));
  return t;
}();

#if defined(__SSSE3__)
// Moves `p` over the bytes of a class, 16 at a time while 16 can be read: true when it
// stops at a byte outside the class, false when fewer than 16 bytes remain. A byte is in
// the class when by_high[its high four bits] & by_low[its low four bits] is not zero (two
// PSHUFB lookups; bytes from 0x80 must have 0 in by_high's upper half).
inline bool skip_class_by_16(const char*& p, const char* last, __m128i by_high, __m128i by_low) {
  const __m128i nibble = _mm_set1_epi8(0x0f);
  for (; last - p >= 16; p += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i high = _mm_shuffle_epi8(by_high, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
    const __m128i low = _mm_shuffle_epi8(by_low, _mm_and_si128(v, nibble));
    const __m128i other = _mm_cmpeq_epi8(_mm_and_si128(high, low), _mm_setzero_si128());
    if (const auto mask = static_cast<unsigned>(_mm_movemask_epi8(other))) {
      p += __builtin_ctz(mask);
      return true;
    }
  }
  return false;
}
#endif

}  // namespace

const char* detail::skip_move_bytes(const char* p, const char* last) {
#if defined(__SSSE3__)
  // 16 bytes at a time: a byte is a move byte when the bit of its high half's group is set
  // in its low half's entry (two PSHUFB lookups). Groups: 0x2_ "#+-" (bit 0), 0x3_ digits
  // ":=" (bit 1), 0x4_ "@A-O" (bit 2), 0x5_ and 0x7_ "P-Z" "p-z" (bit 3), 0x6_ "a-o"
  // (bit 4); bytes from 0x80 are in no group.
  const __m128i by_high = _mm_setr_epi8(0, 0, 1, 2, 4, 8, 16, 8, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m128i by_low =
      _mm_setr_epi8(14, 30, 30, 31, 30, 30, 30, 30, 30, 30, 30, 21, 20, 23, 20, 20);
  if (skip_class_by_16(p, last, by_high, by_low)) return p;
#endif
  while (p != last && kMoveBytes[static_cast<unsigned char>(*p)]) ++p;
  return p;
}

namespace {

std::size_t match_move(Iter first, Iter last) {
  std::size_t n = 0;
  if (first != last && detail::is_ascii_alpha(*first)) {
    const Iter p = detail::skip_move_bytes(first + 1, last);
    n = p == last || (*p != '{' && *p != ',') ? static_cast<std::size_t>(p - first)
                                              : match_length(first, last, grammar::move);
  } else {
    n = match_length(first, last, grammar::move);
  }
  while (n != 0 && first[n - 1] == 'e' && last - (first + n) >= 3 &&
         std::memcmp(first + n, ".p.", 3) == 0) {
    n += 3;
    n += match_length(first + n, last, grammar::move_rest);
  }
  return n;
}

int suffix_nag(std::string_view s) {
  if (s == "!") return 1;
  if (s == "?") return 2;
  if (s == "!!") return 3;
  if (s == "??") return 4;
  if (s == "!?") return 5;
  if (s == "?!") return 6;
  return 0;
}

// One scratch string per thread for unescaped tag values and folded "e.p." moves: views of
// it are only valid during the visitor call, as pgn.h says.
std::string& Scratch() {
  thread_local std::string scratch;
  return scratch;
}

constexpr bool is_blank(char c) { return c == ' ' || c == '\t'; }

// detail::scan_token, used by parse_game directly (one definition, so that the unit tests of
// scan_token test what parse_game does; parse_game reads the common moves and move numbers
// with the same grammar rules before it gets here).
inline detail::Token read_token(std::string_view text) {
  using detail::Token;
  using detail::TokenKind;
  Token t;
  if (text.empty()) return t;
  Iter const first = text.data();
  Iter const last = first + text.size();
  const char c = text[0];
  if (c >= '0' && c <= '9') {
    // Only "1-", "0-" and "1/" can start a result or castling: skip the tries otherwise.
    if (text.size() > 1 && (text[1] == '-' || text[1] == '/')) {
      if (std::size_t n = match_length(first, last, grammar::result))
        return {TokenKind::kResult, n};
      if (c == '0') {
        if (std::size_t n = match_move(first, last)) return {TokenKind::kMove, n};
      }
    }
    return {TokenKind::kMoveNumber, match_length(first, last, grammar::move_number)};
  }
  if (detail::is_ascii_alpha(c) || c == '-') {
    if (std::size_t n = match_move(first, last)) return {TokenKind::kMove, n};
    return t;
  }
  switch (c) {
    case '*':
      return {TokenKind::kResult, 1};
    case '$': {
      const std::size_t n = match_length(first + 1, last, grammar::nag_digits);
      if (n == 0) return t;
      int value = 0;
      const auto [end, ec] = std::from_chars(first + 1, first + 1 + n, value);
      if (ec != std::errc() || end != first + 1 + n || value > kMaxNag)
        return {TokenKind::kBadNag, n + 1};
      return {TokenKind::kNag, n + 1, value};
    }
    case '!':
    case '?': {
      const std::size_t n = match_length(first, last, grammar::suffix);
      return {TokenKind::kSuffix, n, suffix_nag(text.substr(0, n))};
    }
    default:
      return t;
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Token rules (detail/pgn_syntax.h)

namespace detail {

bool is_tag_pair_line(std::string_view line) {
  std::size_t n = line.size();
  if (n == 0 || line[0] != '[') return false;
  std::size_t i = 1;
  while (i < n && is_tag_name_char(line[i])) ++i;
  if (i == 1) return false;
  while (i < n && is_blank(line[i])) ++i;
  if (i >= n || line[i] != '"') return false;
  const std::size_t open = i;
  while (n > open && is_space(line[n - 1])) --n;
  if (n <= open + 1 || line[n - 1] != ']') return false;
  --n;
  while (n > open && is_blank(line[n - 1])) --n;
  return n > open + 1 && line[n - 1] == '"';
}

// The bytes that end a tag value read by hand: '"', '\\' and the line ends.
constexpr std::array<bool, 256> kTagValueStops = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : std::string_view("\"\\\r\n")) t[c] = true;
  return t;
}();

// The end of the tag name bytes (is_tag_name_char) of [p, last).
Iter skip_tag_name(Iter p, Iter last) {
#if defined(__SSSE3__)
  // 16 bytes at a time: a byte is a name byte when the bit of its high half's group is set
  // in its low half's entry (two PSHUFB lookups). Groups: 0x3_ digits (bit 0), 0x4_ and
  // 0x6_ letters A-O a-o (bit 1), 0x5_ P-Z and '_' (bit 2), 0x7_ p-z (bit 3).
  const __m128i by_high = _mm_setr_epi8(0, 0, 0, 1, 2, 4, 2, 8, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m128i by_low =
      _mm_setr_epi8(1 | 4 | 8, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2 | 4 | 8, 2, 2, 2, 2, 2 | 4);
  if (skip_class_by_16(p, last, by_high, by_low)) return p;
#endif
  while (p != last && is_tag_name_char(*p)) ++p;
  return p;
}

// The first '"', '\\', '\r' or '\n' of [p, last), or last.
Iter find_tag_value_stop(Iter p, Iter last) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'),
                cr = _mm_set1_epi8('\r'), lf = _mm_set1_epi8('\n');
  for (; last - p >= 16; p += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hit =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                     _mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, lf)));
    if (const auto mask = static_cast<unsigned>(_mm_movemask_epi8(hit)))
      return p + __builtin_ctz(mask);
  }
#endif
  while (p != last && !kTagValueStops[static_cast<unsigned char>(*p)]) ++p;
  return p;
}

TagPairScan scan_tag_pair(std::string_view text) {
  TagPairScan r;
  Iter const begin = text.data();
  Iter const last = begin + text.size();
  // The common form, `[Name "value"]` with one blank and no escape, by hand: what the rules
  // below read of it, without the grammar.
  {
    Iter const p = skip_tag_name(begin + 1, last);
    if (p != begin + 1 && last - p >= 2 && p[0] == ' ' && p[1] == '"') {
      Iter const value = p + 2;
      Iter const q = find_tag_value_stop(value, last);
      if (last - q >= 2 && q[0] == '"' && q[1] == ']') {
        r.name = std::string_view(begin + 1, static_cast<std::size_t>(p - begin - 1));
        r.raw_value = std::string_view(value, static_cast<std::size_t>(q - value));
        r.length = static_cast<std::size_t>(q + 2 - begin);
        r.plain = true;
        return r;
      }
    }
  }
  const auto fail = [&](TagIssue issue, Iter where) {
    r.issue = issue;
    r.issue_offset = static_cast<std::size_t>(where - begin);
    r.length = 0;
    return r;
  };
  // Whitespace between the parts, by hand: it is where a tag pair may span lines.
  const auto skip_space = [&](Iter& p) {
    for (; p != last && detail::is_space(*p); ++p) {
      if (*p == '\n' || *p == '\r') r.spans_lines = true;
    }
  };
  Iter it = begin + 1;
  skip_space(it);
  Iter const name = it;
  if (!x3::parse(it, last, grammar::tag_name)) return fail(TagIssue::kNoName, it);
  r.name = std::string_view(name, static_cast<std::size_t>(it - name));
  skip_space(it);
  if (it == last || *it != '"') return fail(TagIssue::kNoQuote, it);
  Iter const open = it++;
  x3::parse(it, last, grammar::tag_value);
  Iter const stop = it;  // at the closing '"' if all is well; else at a '"', a line end or a '\'
  if (it != last && *it == '"') {
    ++it;
    skip_space(it);
    if (it != last && *it == ']') {
      r.raw_value = std::string_view(open + 1, static_cast<std::size_t>(stop - open - 1));
      r.length = static_cast<std::size_t>(it + 1 - begin);
      return r;
    }
  }
  // Lenient: the first '"' followed by ']' and then only blanks, or another tag pair, on the
  // value's line.
  Iter eol = open;
  while (eol != last && *eol != '\n' && *eol != '\r') ++eol;
  for (Iter q = open + 1; q < eol; ++q) {
    if (*q != '"') continue;
    Iter s = q + 1;
    while (s != eol && is_blank(*s)) ++s;
    if (s == eol || *s != ']') continue;
    Iter after = s + 1;
    while (after != eol && is_blank(*after)) ++after;
    if (after != eol && *after != '[') continue;
    r.raw_value = std::string_view(open + 1, static_cast<std::size_t>(q - open - 1));
    r.length = static_cast<std::size_t>(s + 1 - begin);
    if (stop != eol && *stop == '"') {
      r.issue = TagIssue::kUnescapedQuote;
      r.issue_offset = static_cast<std::size_t>(stop - begin);
    } else {
      r.issue = TagIssue::kBackslashQuote;
      r.issue_offset = static_cast<std::size_t>(q - 1 - begin);
    }
    return r;
  }
  if (stop != last && *stop == '"') return fail(TagIssue::kNoClosingBracket, it);
  return fail(TagIssue::kNoClosingQuote, open);
}

std::string_view unescape_tag_value(std::string_view raw, std::string& scratch) {
  if (raw.find('\\') == std::string_view::npos) return raw;
  scratch.clear();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '\\' || raw[i + 1] == '"')) ++i;
    scratch.push_back(raw[i]);
  }
  return scratch;
}

Token scan_token(std::string_view text) { return read_token(text); }

std::size_t match_en_passant_suffix(std::string_view text) {
  return match_length(text.data(), text.data() + text.size(), grammar::ep_suffix);
}

}  // namespace detail

// ---------------------------------------------------------------------------------------
// parse_game

namespace {

class GameReader {
 public:
  GameReader(const RawGame& game, PgnVisitor& visitor)
      : p_(game.text.data()),
        end_(game.text.data() + game.text.size()),
        line_begin_(p_),
        line_(game.first_line),
        visitor_(visitor) {}

  void Run() {
    if (read_tags()) read_movetext();
  }
  std::uint64_t scanned() const { return scanned_; }

 private:
  PgnLocation Where(const char* at) const { return {line_, (at - line_begin_) + 1}; }
  void Problem(Severity severity, std::string_view message, PgnLocation where) {
    visitor_.problem(severity, message, where);
  }
  void Unexpected(const char* at) {
    Problem(Severity::kError, "unexpected character " + detail::quote_char(*at), Where(at));
  }

  void new_line(const char* next) {
    ++line_;
    line_begin_ = next;
  }
  // Skips whitespace, counting line ends ("\r\n" is one, a lone '\r' is one).
  void skip_space() {
    while (p_ != end_) {
      const char c = *p_;
      if (c == ' ' || c == '\t' || c == '\v' || c == '\f') {
        ++p_;
      } else if (c == '\n') {
        new_line(++p_);
      } else if (c == '\r') {
        if (++p_ != end_ && *p_ == '\n') ++p_;
        new_line(p_);
      } else {
        break;
      }
    }
  }
  // Counts the line ends in [from, to) (a '\r' whose '\n' lies beyond `to` is left to it).
  void count_lines(const char* from, const char* to) {
    if (from >= to) return;
    const auto n = static_cast<std::size_t>(to - from);
    if (std::memchr(from, '\r', n) == nullptr) {
      for (const char* q = from;;) {
        const void* nl = std::memchr(q, '\n', static_cast<std::size_t>(to - q));
        if (nl == nullptr) return;
        q = static_cast<const char*>(nl) + 1;
        new_line(q);
      }
    }
    for (const char* q = from; q != to; ++q) {
      if (*q == '\n' || (*q == '\r' && (q + 1 == end_ || q[1] != '\n'))) new_line(q + 1);
    }
  }
  // The end of the line holding `p` (its '\n' or '\r', or the end of the game). The next
  // '\n' and the next '\r' are remembered: `p` only moves forward, so each byte is searched
  // once, even in a file of lone CRs, which has no '\n' at all (searching the rest of the
  // game at each ;-comment was quadratic).
  const char* line_end(const char* p) {
    return std::min(Next(next_lf_, '\n', p), Next(next_cr_, '\r', p));
  }
  const char* Next(const char*& cached, char byte, const char* p) {
    if (cached == nullptr || cached < p) {
      const void* hit = std::memchr(p, byte, static_cast<std::size_t>(end_ - p));
      cached = hit ? static_cast<const char*>(hit) : end_;
      scanned_ += static_cast<std::uint64_t>(cached - p);
    }
    return cached;
  }

  bool read_tags() {
    for (;;) {
      skip_space();
      if (p_ == end_) break;
      if (*p_ == '%' && p_ == line_begin_) {
        p_ = line_end(p_);
        continue;
      }
      if (*p_ != '[') break;
      if (!read_tag()) return false;
    }
    visitor_.end_tags();
    return true;
  }

  bool read_tag() {
    const char* const open = p_;
    const PgnLocation where = Where(open);
    const detail::TagPairScan scan =
        detail::scan_tag_pair(std::string_view(open, static_cast<std::size_t>(end_ - open)));
    if (scan.issue != detail::TagIssue::kNone) {
      const char* const at = open + scan.issue_offset;
      count_lines(open, at);
      const std::string name = message_text(scan.name);
      std::string message;
      switch (scan.issue) {
        case detail::TagIssue::kUnescapedQuote:
          message = absl::StrFormat(
              "tag %s: unescaped '\"' in the value (read up to the last '\"' before ']')", name);
          break;
        case detail::TagIssue::kBackslashQuote:
          message = absl::StrFormat(
              "tag %s: the value ends in '\\\"' (read as a backslash and the closing '\"')", name);
          break;
        case detail::TagIssue::kNoName:
          message = "cannot read tag pair: expected a tag name after '['";
          break;
        case detail::TagIssue::kNoQuote:
          message =
              absl::StrFormat("cannot read tag pair %s: expected '\"' before the value", name);
          break;
        case detail::TagIssue::kNoClosingQuote:
          message = absl::StrFormat("cannot read tag pair %s: the value has no closing '\"'", name);
          break;
        case detail::TagIssue::kNoClosingBracket:
          message = absl::StrFormat("cannot read tag pair %s: expected ']' after the value", name);
          break;
        case detail::TagIssue::kNone:
          break;
      }
      if (detail::is_error(scan.issue)) {
        Problem(Severity::kError, message, Where(at));
        return false;
      }
      Problem(Severity::kWarning, message, Where(at));
      count_lines(at, open + scan.length);
    } else if (scan.spans_lines) {
      count_lines(open, open + scan.length);
    }
    visitor_.tag(
        scan.name,
        scan.plain ? scan.raw_value : detail::unescape_tag_value(scan.raw_value, Scratch()), where);
    p_ = open + scan.length;
    return true;
  }

  // An annotation such as "!?" directly after a move.
  struct Suffix {
    int nag = 0;
    const char* at = nullptr;
    std::size_t length = 0;
  };
  Suffix read_suffix() {
    Suffix s;
    if (p_ == end_ || (*p_ != '!' && *p_ != '?')) return s;
    const detail::Token t = read_token(std::string_view(p_, static_cast<std::size_t>(end_ - p_)));
    s = {t.nag, p_, t.length};
    p_ += t.length;
    return s;
  }
  void report_suffix(const Suffix& s) {
    if (s.at == nullptr) return;
    if (s.nag != 0) {
      visitor_.nag(s.nag, Where(s.at));
    } else {
      Problem(Severity::kWarning,
              absl::StrFormat("unknown move annotation '%s'",
                              message_text(std::string_view(s.at, s.length))),
              Where(s.at));
    }
  }

  void read_move(std::size_t length) {
    const char* const at = p_;
    std::string_view text(p_, length);
    p_ += length;
    const Suffix first = read_suffix();
    Suffix second;
    // "e.p." or "ep" written apart is folded into the move.
    const char* q = p_;
    while (q != end_ && is_blank(*q)) ++q;
    if (q != p_ && q != end_ && *q == 'e') {
      const std::size_t n =
          detail::match_en_passant_suffix(std::string_view(q, static_cast<std::size_t>(end_ - q)));
      if (n != 0) {
        std::string& scratch = Scratch();
        scratch.assign(text);
        scratch.append(q, n);
        text = scratch;
        p_ = q + n;
        second = read_suffix();
      }
    }
    if (p_ < q) p_ = q;  // the blanks after the move, looked at once
    visitor_.move(text, Where(at));
    if (first.at != nullptr) report_suffix(first);
    if (second.at != nullptr) report_suffix(second);
  }

  void read_movetext() {
    int depth = 0;
    PgnLocation variation_open;
    bool ended = false;  // the termination marker was read
    for (;;) {
      skip_space();
      if (p_ == end_) break;
      const char c = *p_;
      if (!ended) {
        // The common tokens first: a move, a move number without a result or castling.
        if (detail::is_ascii_alpha(c)) {
          read_move(match_move(p_, end_));
          main_plies_ += depth == 0;
          // The comment of an online archive's move, straight after it.
          if (p_ != end_ && *p_ == '{')
            if (std::vector<PlyCommands>* list = commands_list())
              read_commands_comment(*list, depth);
          continue;
        }
        if (c >= '1' && c <= '9' && p_ + 1 != end_ && p_[1] != '-' && p_[1] != '/') {
#if defined(__SSE2__)
          if (end_ - p_ >= 16)
            if (const char* next = detail::skip_placed_move_number(p_)) {
              p_ = next;
              continue;
            }
#endif
          // grammar::move_number by hand: digits, blanks, dots.
          ++p_;
          while (p_ != end_ && *p_ >= '0' && *p_ <= '9') ++p_;
          while (p_ != end_ && is_blank(*p_)) ++p_;
          while (p_ != end_ && *p_ == '.') ++p_;
          continue;
        }
      }
      if (ended && c != '{' && c != ';' && !(c == '%' && p_ == line_begin_)) {
        Problem(Severity::kWarning, "text after the game termination marker ignored", Where(p_));
        return;
      }
      switch (c) {
        case '{': {
          if (std::vector<PlyCommands>* list = commands_list())
            if (read_commands_comment(*list, depth)) continue;
          // Another form: comment() reads it again, filling what is still empty.
          // The closing brace and any line end before it, in one pass (online archives
          // have a comment after every move: a pass for each costs more than the moves).
          static constexpr std::array<char, 3> kCommentStops = {'}', '\n', '\r'};
          const char* stop = p_ + 1;
          bool lines = false;
          while ((stop = detail::find_any(stop, end_, kCommentStops)) != end_ && *stop != '}') {
            lines = true;
            ++stop;
          }
          if (stop == end_) {
            Problem(Severity::kError, "unterminated comment", Where(p_));
            return;
          }
          visitor_.comment(std::string_view(p_ + 1, static_cast<std::size_t>(stop - p_ - 1)),
                           Where(p_));
          if (lines) count_lines(p_ + 1, stop);
          p_ = stop + 1;
          continue;
        }
        case ';': {
          const char* const stop = line_end(p_);
          visitor_.comment(std::string_view(p_ + 1, static_cast<std::size_t>(stop - p_ - 1)),
                           Where(p_));
          p_ = stop;
          continue;
        }
        case '%':
          if (p_ != line_begin_) break;
          p_ = line_end(p_);
          continue;
        case '(':
          if (depth == kMaxVariationDepth) {
            // The bound every reader and writer shares (pgn.h): no tool meets a game it
            // could not write and read back.
            Problem(Severity::kError,
                    absl::StrFormat("variations nested more than %d deep", kMaxVariationDepth),
                    Where(p_));
            return;
          }
          if (depth++ == 0) variation_open = Where(p_);
          visitor_.begin_variation(Where(p_));
          ++p_;
          continue;
        case ')':
          if (depth == 0) break;
          --depth;
          visitor_.end_variation(Where(p_));
          ++p_;
          continue;
        case '.':  // a period is a token of its own in PGN; move numbers end in them
          ++p_;
          continue;
        default:
          break;
      }
      const detail::Token t = read_token(std::string_view(p_, static_cast<std::size_t>(end_ - p_)));
      switch (t.kind) {
        case detail::TokenKind::kMove:
          read_move(t.length);
          main_plies_ += depth == 0;
          continue;
        case detail::TokenKind::kMoveNumber:
          p_ += t.length;
          continue;
        case detail::TokenKind::kNag:
          visitor_.nag(t.nag, Where(p_));
          p_ += t.length;
          continue;
        case detail::TokenKind::kBadNag:
          Problem(Severity::kError,
                  absl::StrFormat("NAG %s is out of range (0 to %d)",
                                  message_text(std::string_view(p_, t.length)), kMaxNag),
                  Where(p_));
          return;
        case detail::TokenKind::kSuffix: {
          const Suffix s = read_suffix();
          report_suffix(s);
          continue;
        }
        case detail::TokenKind::kResult:
          if (depth > 0) {
            Problem(Severity::kWarning, "game termination marker inside a variation ignored",
                    Where(p_));
          } else {
            visitor_.result(std::string_view(p_, t.length), Where(p_));
            ended = true;
          }
          p_ += t.length;
          continue;
        case detail::TokenKind::kNone:
          break;
      }
      Unexpected(p_);
      return;
    }
    if (depth > 0) Problem(Severity::kError, "unterminated variation", variation_open);
  }

  // The {comment} at p_, when it is made of usual commands only, read into the visitor's list
  // (comment_commands_list) with the blank and the move number after it (" 12... Nf6"):
  // false, p_ unchanged, for any other comment.
  bool read_commands_comment(std::vector<PlyCommands>& list, int depth) {
    if (depth != 0) [[unlikely]] {
      CommentCommands scratch;
      return read_commands_comment_into(scratch);
    }
    return read_commands_comment_into(ply_commands_entry(list, main_plies_).commands);
  }
  [[gnu::always_inline]] bool read_commands_comment_into(CommentCommands& out) {
    const char* const close = detail::read_usual_comment(p_ + 1, end_, out);
    if (close == nullptr) return false;
    p_ = close + 1;
#if defined(__SSE2__)
    if (end_ - p_ >= 17 && p_[0] == ' ')
      if (const char* next = detail::skip_placed_move_number(p_ + 1)) p_ = next;
#endif
    return true;
  }

  std::vector<PlyCommands>* commands_list() {
    if (!list_asked_) {
      list_asked_ = true;
      commands_list_ = visitor_.comment_commands_list();
    }
    return commands_list_;
  }

  const char* p_;
  const char* const end_;
  const char* line_begin_;
  std::int64_t line_;
  PgnVisitor& visitor_;
  const char* next_lf_ = nullptr;  // the first '\n' at or after the last line_end(), or end_
  const char* next_cr_ = nullptr;  // the same for '\r'
  std::uint64_t scanned_ = 0;      // bytes the line-end searches looked at
  std::vector<PlyCommands>* commands_list_ = nullptr;  // the visitor's comment_commands_list(),
  bool list_asked_ = false;                            // asked once
  int main_plies_ = 0;                                 // the main line's moves read
};

}  // namespace

bool is_tag_pair_line(std::string_view line) { return detail::is_tag_pair_line(line); }

std::uint64_t detail::parse_game_scanned(const RawGame& game, PgnVisitor& visitor) {
  GameReader reader(game, visitor);
  reader.Run();
  return reader.scanned();
}

bool is_one_move(std::string_view text) {
  const detail::Token t = read_token(text);
  return t.kind == detail::TokenKind::kMove && t.length == text.size();
}

void parse_game(const RawGame& game, PgnVisitor& visitor) {
  bool error = false;
  for (const SplitNote& note : game.notes) {
    visitor.problem(note.severity, note.message, note.where);
    error = error || note.severity == Severity::kError;
  }
  if (error) return;  // the splitter gave up on this game: it is invalid, and reading it is moot
  try {
    GameReader(game, visitor).Run();
  } catch (const std::exception& e) {
    // X3 throws only on expectation failures, which these rules do not use; a visitor may.
    visitor.problem(Severity::kError, absl::StrFormat("cannot read game: %s", e.what()),
                    {game.first_line, 1});
  }
}

}  // namespace fairykit::parsers
