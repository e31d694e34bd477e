// PGN syntax: GameSplitter cuts the input into games (plain C++), parse_game() reads one game
// (Boost.Spirit X3 token rules inside hand-written loops). pgn.h states the contract; this
// file says how and why.
//
// Splitter. The input is read in chunks into one buffer that holds the current game and
// what has been read after it; a game's bytes are copied out once it is complete and the
// buffer is compacted before the next read, so memory stays at about one game plus one
// chunk (the buffer grows and shrinks in place, so a large game costs no second copy while
// it is read and no memory once it is gone). The scan is line by line: a line end is found
// with memchr (two cached searches, for '\n' and '\r', so that lone-CR files are scanned once
// too), then the line is classified; in movetext only a handful of bytes matter at the top
// level ({ ( ) ; * and the '-' or '/' of a numeric termination marker), found 16 bytes at a
// time with SSE2, and a {comment} is skipped with memchr. No byte is looked at through a
// virtual call, nothing is allocated per line or token, and no byte is searched twice
// (bytes_scanned() counts it for the tests): the time is linear in the input whatever its
// shape.
//
// Where a game ends (the line decides, never a byte count):
//  * after the line holding its termination marker at the top level of the movetext (not
//    in a comment, a variation or a %-escape line), plus the blank lines, ;-comment lines
//    and %-escape lines that follow (TCEC writes a game summary as ;-comments after it);
//  * before a line starting with '[' (after optional blanks) once movetext was read;
//  * before a tag line that follows the tag section after a blank line, when it starts a
//    new tag section: its tag is Event, or a tag the section already holds, or two or more
//    blank lines came before it. A header-only game "[Event A]...\n\n[Event B]..." is thus
//    two games, while ChessBase's stray blank line inside one tag section
//    ("[Event ...]\n\n[Date ...]") is not a boundary;
//  * resynchronisation: inside a {comment} or a variation, a line holding a whole tag pair
//    in column 1 ends the game, with an error note "unterminated comment" or "unterminated
//    variation" located where it opened (the same notes are given at the end of the input).
// Blank lines after a game belong to it, so the texts add up to the input (less a BOM).
// Only an input that is nothing but whitespace yields no game at all.
//
// A game longer than max_game_bytes is one game all the same: once it passes the limit its
// lines are still scanned, with the same rules, but dropped as soon as they are scanned, so
// it ends where it would have ended without the limit and the games after it are found as
// usual; it is delivered with no text and an error note giving its byte range. Two rules
// are approximate in such a game, whose text is gone: a tag already in the section is not
// recognised (Event and two blank lines still end a tag section), and a single line longer
// than the limit is judged by its first max_game_bytes + 1 bytes (the rest is skipped unread,
// so 1 GB of NUL bytes is one game, read in bounded memory). Cutting such a game into
// pieces would count each piece as a game, and the last piece could even look valid.
//
// parse_game. Tag pairs: strict PGN first; when a value is not closed properly the reader is
// lenient, with a warning: the value runs to the first '"' that is followed by ']' and then
// by nothing but blanks (or another tag pair) on its line, which for the usual one tag pair
// per line is the last '"' before the closing ']'. So `[Event "A "B" C"]` reads `A "B" C`, and
// `[Event "Tournament \"]` reads `Tournament \` (the backslash is kept: a backslash not
// followed by '"' or '\' is not an escape). A ']' inside a quoted value is plain PGN and needs
// no leniency. Movetext: see ScanToken in detail/pgn_syntax.h for what a move is. The move
// text reported is the bytes as written, from the first letter (or "0-0", "--") through the
// last move byte; check marks are kept, suffix annotations are not (they become nag()), and
// "e.p."/"ep" written apart after a move is appended without the space: "exd6 e.p." reports
// "exd6e.p.", "exd6 ep" reports "exd6ep", "exd6e.p." is reported as written.
#include "parsers/pgn.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/spirit/home/x3.hpp>
#include <charconv>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <system_error>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_format.h"
#include "parsers/detail/pgn_syntax.h"
#include "parsers/detail/text.h"
#include "parsers/message_text.h"

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

// The move bytes of detail::IsMoveChar, one bitset test each.
const auto move_byte = x3::char_("a-zA-Z0-9=+#:@-");
// The rules' optional captured-squares annotation, written attached: "Na1xa5{a4}xc5{b3}".
const auto square = x3::char_('a', 'z') >> +digit;
const auto captured_squares = x3::lit('{') >> square >>
                              *(x3::lit(',') >> *x3::lit(' ') >> square) >> x3::lit('}');
// vchess joins the sub-moves of an Interweave turn with commas: "Nc5X,Ne5X".
const auto vchess_join = x3::lit(',') >> &letter;
const auto move_rest = *(+move_byte | captured_squares | vchess_join);
// A move up to an attached "e.p." (MatchMove goes on after it).
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
std::size_t MatchLength(Iter first, Iter last, const Parser& parser) {
  Iter it = first;
  return x3::parse(it, last, parser) ? static_cast<std::size_t>(it - first) : 0;
}

// A move token: the X3 rule, continued over "e.p." written attached ("exd6e.p.", whose 'e'
// the rule has read as a move byte). Checking for ".p." once at the end of the rule's match
// is cheaper than trying "e.p." at every 'e' of every move.
std::size_t MatchMove(Iter first, Iter last) {
  std::size_t n = MatchLength(first, last, grammar::move);
  while (n != 0 && first[n - 1] == 'e' && last - (first + n) >= 3 &&
         std::memcmp(first + n, ".p.", 3) == 0) {
    n += 3;
    n += MatchLength(first + n, last, grammar::move_rest);
  }
  return n;
}

int SuffixNag(std::string_view s) {
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

constexpr bool IsBlank(char c) { return c == ' ' || c == '\t'; }

char LastNonSpace(const char* p, const char* end) {
  while (end != p && detail::IsSpace(end[-1])) --end;
  return end == p ? '\0' : end[-1];
}

// The bytes the splitter must look at in movetext outside comments. A numeric result is
// found at its second byte ('-' or '/'), which is far rarer in movetext than '0' or '1'.
constexpr std::string_view kStopBytes = "{();-/*";
constexpr std::array<bool, 256> kMovetextStops = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : kStopBytes) t[c] = true;
  return t;
}();

// The first stop byte in [p, end), or end: 16 bytes at a time with SSE2 (x86-64's baseline),
// then byte by byte.
const char* FindStop(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i stops[] = {_mm_set1_epi8('{'), _mm_set1_epi8('('), _mm_set1_epi8(')'),
                           _mm_set1_epi8(';'), _mm_set1_epi8('-'), _mm_set1_epi8('/'),
                           _mm_set1_epi8('*')};
  static_assert(std::size(stops) == kStopBytes.size());
  for (; end - p >= 16; p += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i hit = _mm_cmpeq_epi8(v, stops[0]);
    for (std::size_t i = 1; i < std::size(stops); ++i) {
      hit = _mm_or_si128(hit, _mm_cmpeq_epi8(v, stops[i]));
    }
    if (const int mask = _mm_movemask_epi8(hit)) {
      return p + __builtin_ctz(static_cast<unsigned>(mask));
    }
  }
#endif
  while (p != end && !kMovetextStops[static_cast<unsigned char>(*p)]) ++p;
  return p;
}

// detail::ScanToken, used by parse_game directly (one definition, so that the unit tests of
// ScanToken test what parse_game does; parse_game reads the common moves and move numbers
// with the same grammar rules before it gets here).
inline detail::Token ReadToken(std::string_view text) {
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
      if (std::size_t n = MatchLength(first, last, grammar::result)) return {TokenKind::kResult, n};
      if (c == '0') {
        if (std::size_t n = MatchMove(first, last)) return {TokenKind::kMove, n};
      }
    }
    return {TokenKind::kMoveNumber, MatchLength(first, last, grammar::move_number)};
  }
  if (detail::IsAsciiAlpha(c) || c == '-') {
    if (std::size_t n = MatchMove(first, last)) return {TokenKind::kMove, n};
    return t;
  }
  switch (c) {
    case '*':
      return {TokenKind::kResult, 1};
    case '$': {
      const std::size_t n = MatchLength(first + 1, last, grammar::nag_digits);
      if (n == 0) return t;
      int value = 0;
      const auto [end, ec] = std::from_chars(first + 1, first + 1 + n, value);
      if (ec != std::errc() || end != first + 1 + n) return {TokenKind::kBadNag, n + 1};
      return {TokenKind::kNag, n + 1, value};
    }
    case '!':
    case '?': {
      const std::size_t n = MatchLength(first, last, grammar::suffix);
      return {TokenKind::kSuffix, n, SuffixNag(text.substr(0, n))};
    }
    default:
      return t;
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Token rules (detail/pgn_syntax.h)

namespace detail {

bool IsTagPairLine(std::string_view line) {
  std::size_t n = line.size();
  if (n == 0 || line[0] != '[') return false;
  std::size_t i = 1;
  while (i < n && IsTagNameChar(line[i])) ++i;
  if (i == 1) return false;
  while (i < n && IsBlank(line[i])) ++i;
  if (i >= n || line[i] != '"') return false;
  const std::size_t open = i;
  while (n > open && IsSpace(line[n - 1])) --n;
  if (n <= open + 1 || line[n - 1] != ']') return false;
  --n;
  while (n > open && IsBlank(line[n - 1])) --n;
  return n > open + 1 && line[n - 1] == '"';
}

TagPairScan ScanTagPair(std::string_view text) {
  TagPairScan r;
  Iter const begin = text.data();
  Iter const last = begin + text.size();
  const auto fail = [&](TagIssue issue, Iter where) {
    r.issue = issue;
    r.issue_offset = static_cast<std::size_t>(where - begin);
    r.length = 0;
    return r;
  };
  // Whitespace between the parts, by hand: it is where a tag pair may span lines.
  const auto skip_space = [&](Iter& p) {
    for (; p != last && detail::IsSpace(*p); ++p) {
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
    while (s != eol && IsBlank(*s)) ++s;
    if (s == eol || *s != ']') continue;
    Iter after = s + 1;
    while (after != eol && IsBlank(*after)) ++after;
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

std::string_view UnescapeTagValue(std::string_view raw, std::string& scratch) {
  if (raw.find('\\') == std::string_view::npos) return raw;
  scratch.clear();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '\\' || raw[i + 1] == '"')) ++i;
    scratch.push_back(raw[i]);
  }
  return scratch;
}

Token ScanToken(std::string_view text) { return ReadToken(text); }

std::size_t MatchEnPassantSuffix(std::string_view text) {
  return MatchLength(text.data(), text.data() + text.size(), grammar::ep_suffix);
}

}  // namespace detail

// ---------------------------------------------------------------------------------------
// GameSplitter

// The tag names of the game being split, for the rule "a tag the section already holds
// starts a new game": every '[' of the game's text and the run of tag-name bytes after it,
// looked up by name. The text is indexed as far as the rule needs it, each byte once, so
// the rule costs time linear in the size of the game (searching the game's text at each tag
// after a blank line was quadratic: 80,000 tags took 24 s). Names are kept as offsets into
// the game's text, which the buffer may move between lookups.
struct GameSplitter::TagNames {
  // A name: where it is in the game's text, and its hash (kept, so that growing the table
  // does not read the text again: in a tag section of millions of names, each read is a
  // cache miss).
  struct Ref {
    std::uint64_t at = 0;    // from the game's first byte
    std::uint32_t size = 0;  // (a tag name of 4 GiB is not indexed)
    std::uint32_t hash = 0;
  };
  static std::uint32_t HashOf(std::string_view name) {
    return static_cast<std::uint32_t>(absl::Hash<std::string_view>{}(name));
  }
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view name) const { return HashOf(name); }
    std::size_t operator()(Ref ref) const { return ref.hash; }
  };
  struct Eq {
    using is_transparent = void;
    const TagNames* names;
    std::string_view View(std::string_view name) const { return name; }
    std::string_view View(Ref ref) const { return names->View(ref); }
    template <class A, class B>
    bool operator()(const A& a, const B& b) const {
      return View(a) == View(b);
    }
  };

  TagNames() : set(0, Hash{}, Eq{this}) {}
  TagNames(const TagNames&) = delete;
  TagNames& operator=(const TagNames&) = delete;

  std::string_view View(Ref ref) const {
    return {text + static_cast<std::size_t>(ref.at), ref.size};
  }
  void Clear() {
    set.clear();
    indexed = 0;
  }
  // Whether `game` (the game's text so far, ending at a line start) has `name` after a '['.
  bool Holds(std::string_view game, std::string_view name, std::uint64_t& scanned) {
    text = game.data();
    scanned += game.size() - indexed;
    for (std::size_t i = indexed; i < game.size();) {
      const void* open = std::memchr(text + i, '[', game.size() - i);
      if (open == nullptr) break;
      const std::size_t from = static_cast<std::size_t>(static_cast<const char*>(open) - text) + 1;
      std::size_t end = from;
      while (end < game.size() && detail::IsTagNameChar(text[end])) ++end;
      if (end > from && end - from <= UINT32_MAX) {
        const std::string_view found(text + from, end - from);
        set.insert(Ref{from, static_cast<std::uint32_t>(found.size()), HashOf(found)});
      }
      i = end;
    }
    indexed = game.size();
    return set.contains(name);
  }

  const char* text = nullptr;  // the game's first byte, at the last lookup
  std::size_t indexed = 0;     // the game's bytes [0, indexed) are in `set`
  absl::flat_hash_set<Ref, Hash, Eq> set;
};

GameSplitter::~GameSplitter() = default;

GameSplitter::GameSplitter(ByteSource& source, SplitterOptions options)
    : source_(source), options_(options), names_(std::make_unique<TagNames>()) {
  options_.read_chunk = std::max<std::size_t>(options_.read_chunk, 1);
  options_.max_game_bytes = std::max<std::size_t>(options_.max_game_bytes, 1);
}

std::uint64_t GameSplitter::raw_bytes_read() const { return source_.raw_bytes_read(); }

GameSplitter::Buffer::~Buffer() {
  if (data_ != nullptr) ::munmap(data_, capacity_);
}

void GameSplitter::Buffer::Resize(std::size_t n) {
  static const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  n = std::max<std::size_t>((n + page - 1) / page * page, page);
  if (n == capacity_) return;
  void* p = MAP_FAILED;
  if (data_ == nullptr) {
    p = ::mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  } else {
#if defined(__linux__)
    p = ::mremap(data_, capacity_, n, MREMAP_MAYMOVE);  // moves pages, copies nothing
#else
    p = ::mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p != MAP_FAILED) {
      std::memcpy(p, data_, std::min(n, capacity_));
      ::munmap(data_, capacity_);
    }
#endif
  }
  if (p == MAP_FAILED) throw std::bad_alloc();
  data_ = static_cast<char*>(p);
  capacity_ = n;
}

absl::Status GameSplitter::Fill(std::size_t& scan) {
  if (pos_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + pos_, size_ - pos_);
    size_ -= pos_;
    scan -= pos_;
    pos_ = 0;
    lf_ = cr_ = ByteCache{};
  }
  // The buffer holds what is left of the current game plus one chunk. Grown for a large
  // game that is gone, it gives the memory back: what the splitter holds follows the game
  // being read, not the largest game so far.
  const std::size_t want = size_ + options_.read_chunk;
  if (buffer_.capacity() < want || buffer_.capacity() > std::max(2 * want, 4 * options_.read_chunk))
    buffer_.Resize(want);
  absl::StatusOr<std::size_t> n = source_.read(buffer_.data() + size_, options_.read_chunk);
  if (!n.ok()) return n.status();
  if (*n == 0) eof_ = true;
  size_ += *n;
  return absl::OkStatus();
}

// A game over the limit: the bytes before `to` (a line start, or inside a line longer than
// the limit) are forgotten; `line` is the line number at `to`.
void GameSplitter::Drop(std::size_t to, std::int64_t line) {
  offset_ += to - pos_;
  pos_ = to;
  line_ = line;
}

// Copies the game [pos_, end) out to game.text; the next game starts at `end`.
void GameSplitter::TakeText(RawGame& game, std::size_t end) {
  game.text.assign(buffer_.data() + pos_, end - pos_);
  pos_ = end;
}

std::string GameSplitter::OversizeMessage(std::uint64_t from, std::uint64_t to) const {
  const std::size_t max = options_.max_game_bytes;
  const std::string limit = max % (1u << 20) == 0 ? absl::StrFormat("%d MiB", max >> 20)
                                                  : absl::StrFormat("%d-byte", max);
  const std::string flag = options_.limit_flag.empty() ? "" : " (" + options_.limit_flag + ")";
  return absl::StrFormat(
      "game exceeds the %s limit%s: bytes %d to %d of the %sinput skipped (%d bytes, not kept, "
      "so not in any output)",
      limit, flag, from, to - 1, source_.compression() == Compression::kNone ? "" : "decompressed ",
      to - from);
}

std::size_t GameSplitter::Find(ByteCache& cache, char byte, std::size_t from) {
  if (from >= cache.lo && from <= cache.hi) {
    if (cache.found) return cache.hi;
    from = cache.hi;  // [lo, hi) is known to be free of `byte`: search on from hi
  } else {
    cache.lo = from;
  }
  const char* const data = buffer_.data();
  const void* hit = std::memchr(data + from, byte, size_ - from);
  cache.found = hit != nullptr;
  cache.hi = hit ? static_cast<std::size_t>(static_cast<const char*>(hit) - data) : size_;
  scanned_ += cache.hi - from;
  return cache.hi;
}

// The offset of the '\n' or '\r' ending the line that starts at or before `from`, or npos when
// the buffer holds no complete line (a '\r' in its last byte may still be followed by '\n').
std::size_t GameSplitter::FindLineEnd(std::size_t from) {
  const std::size_t eol = std::min(Find(lf_, '\n', from), Find(cr_, '\r', from));
  if (eol == size_) return std::string::npos;
  if (buffer_.data()[eol] == '\r' && eol + 1 == size_ && !eof_ && status_.ok()) {
    return std::string::npos;
  }
  return eol;
}

GameSplitter::Verdict GameSplitter::ScanMovetext(ScanState& s, const char* line, const char* p,
                                                 const char* end, PgnLocation where) {
  const auto at = [&](const char* q) { return PgnLocation{where.line, where.column + (q - line)}; };
  for (;;) {
    if (s.in_comment) {
      const void* close = std::memchr(p, '}', static_cast<std::size_t>(end - p));
      if (close == nullptr) return Verdict::kTake;
      s.in_comment = false;
      p = static_cast<const char*>(close) + 1;
    }
    p = FindStop(p, end);
    if (p == end) return Verdict::kTake;
    switch (*p) {
      case '{':
        s.in_comment = true;
        s.comment_open = at(p);
        break;
      case ';':
        return Verdict::kTake;
      case '(':
        if (s.depth++ == 0) s.variation_open = at(p);
        break;
      case ')':
        if (s.depth > 0) --s.depth;
        break;
      case '*':
        if (s.depth == 0) {
          s.done = true;  // the rest of the line belongs to the game, whatever it holds
          return Verdict::kTake;
        }
        break;
      default: {  // '-', '/': the second byte of "1-0", "0-1" or "1/2-1/2" standing alone?
        const char* const start = p - 1;
        if (s.depth == 0 && p != line && (*start == '0' || *start == '1') &&
            (start == line || !detail::IsMoveChar(start[-1])) &&
            detail::MatchResultPrefix(
                std::string_view(start, static_cast<std::size_t>(end - start)))) {
          s.done = true;
          return Verdict::kTake;
        }
        break;
      }
    }
    ++p;
  }
}

GameSplitter::Verdict GameSplitter::ScanLine(ScanState& s, std::string_view game, const char* line,
                                             const char* end, PgnLocation where) {
  const std::string_view text(line, static_cast<std::size_t>(end - line));
  if (s.done) {
    // Blank lines after the termination marker belong to the game, and so do ;-comment and
    // %-escape lines (engines write the game's summary so, e.g. TCEC's archives).
    const char* q = line;
    while (q != end && detail::IsSpace(*q)) ++q;
    return q == end || *q == ';' || *line == '%' ? Verdict::kTake : Verdict::kEndBefore;
  }
  if (s.in_comment) {
    s.content = true;
    if (detail::IsTagPairLine(text)) return Verdict::kResyncComment;
    return ScanMovetext(s, line, line, end, where);
  }
  const char* q = line;
  while (q != end && detail::IsSpace(*q)) ++q;
  if (q == end) {
    if (s.mode == ScanState::kTags) ++s.blank_lines;
    return Verdict::kTake;
  }
  s.content = true;
  if (*line == '%') return Verdict::kTake;  // escape line
  if (s.mode != ScanState::kMovetext) {
    if (*q == '[') {
      if (s.mode == ScanState::kTags && s.blank_lines > 0) {
        // A new tag section, or a blank line inside this one?
        if (s.blank_lines >= 2) return Verdict::kEndBefore;
        const char* n = q + 1;
        while (n != end && detail::IsTagNameChar(*n)) ++n;
        const std::string_view name(q + 1, static_cast<std::size_t>(n - q - 1));
        if (name.empty() || name == "Event") return Verdict::kEndBefore;
        // (Unknown for a game over the limit: its text is gone. Event and two blank lines
        // still end its tag section.)
        if (!skipping_ && names_->Holds(game, name, scanned_)) return Verdict::kEndBefore;
      }
      s.mode = ScanState::kTags;
      s.blank_lines = 0;
      s.tag_open = LastNonSpace(q, end) != ']';
      return Verdict::kTake;
    }
    if (s.mode == ScanState::kTags && s.tag_open && s.blank_lines == 0) {
      s.tag_open = LastNonSpace(q, end) != ']';  // a tag pair written over several lines
      return Verdict::kTake;
    }
    s.mode = ScanState::kMovetext;
  } else if (*q == '[') {
    if (s.depth == 0) return Verdict::kEndBefore;
    if (detail::IsTagPairLine(text)) return Verdict::kResyncVariation;
  }
  return ScanMovetext(s, line, line, end, where);
}

absl::StatusOr<bool> GameSplitter::next(RawGame& game) {
  // After a read error no more is read: the games that the bytes read complete are still
  // delivered, then every call returns the error.
  std::size_t scan = pos_;
  if (!started_) {
    started_ = true;
    while (!eof_ && size_ < 3) {
      status_ = Fill(scan);
      if (!status_.ok()) return status_;
    }
    if (size_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) {
      pos_ = scan = 3;
      offset_ = 3;
    }
  }
  game.notes.clear();
  game.skipped = 0;
  names_->Clear();
  skipping_ = false;
  ScanState s;
  const std::size_t max = options_.max_game_bytes;
  const std::int64_t first_line = line_;
  const std::uint64_t first_offset = offset_;
  std::int64_t line = line_;  // line number of `scan`
  bool long_line = false;     // the rest of a line longer than `max` is skipped unscanned
  Verdict verdict = Verdict::kTake;
  for (;;) {
    const char* const data = buffer_.data();
    const std::size_t eol = FindLineEnd(scan);
    if (eol == std::string::npos && !eof_ && status_.ok()) {
      if (long_line) {
        // Keep a last '\r': it ends the line, and a '\n' may follow in the next read.
        const std::size_t to = size_ - (size_ > scan && data[size_ - 1] == '\r' ? 1 : 0);
        Drop(to, line);
        scan = to;
        status_ = Fill(scan);
        continue;
      }
      if (size_ - scan <= max) {
        // After a read error, the game is delivered only if the bytes read decide where it
        // ends; the error is returned by the next call (or by this one, just below).
        status_ = Fill(scan);
        continue;
      }
      // The line at `scan` alone is longer than the limit and has no end yet: it is judged
      // by its first max + 1 bytes, as below. Either it starts the next game, or it makes
      // this game one over the limit, and the rest of it is not scanned.
      verdict = ScanLine(s, std::string_view(data + pos_, scan - pos_), data + scan,
                         data + scan + max + 1, {line, 1});
      if (verdict != Verdict::kTake) break;
      skipping_ = true;
      Drop(scan, line);
      long_line = true;
      continue;
    }
    std::size_t line_end = size_;
    std::size_t next_line = size_;
    if (eol != std::string::npos) {
      line_end = eol;
      next_line = eol + 1;
      if (data[eol] == '\r' && next_line < size_ && data[next_line] == '\n') ++next_line;
    } else if (scan == size_) {  // the end of the input (or a read error)
      if (!status_.ok() && !s.done) return status_;
      break;
    }
    if (long_line) {
      long_line = false;
    } else {
      // A line longer than the limit is judged by its first max + 1 bytes, whatever the
      // read chunks: what is read of it when it passes the limit.
      const char* const judged = line_end - scan > max ? data + scan + max + 1 : data + line_end;
      verdict =
          ScanLine(s, std::string_view(data + pos_, scan - pos_), data + scan, judged, {line, 1});
      if (verdict != Verdict::kTake) break;
      if (next_line - pos_ > max) skipping_ = true;
    }
    scan = next_line;
    if (next_line != line_end) ++line;
    if (skipping_) Drop(scan, line);
  }

  // The game is [first_offset, offset_ + scan - pos_); the next one starts at `scan`.
  const bool at_end = scan == size_ && eof_;
  if (at_end && !s.content) {  // only whitespace: not a game
    pos_ = size_;
    return false;
  }
  if (skipping_) {
    const std::uint64_t end_offset = offset_ + (scan - pos_);
    game.text.clear();
    game.skipped = end_offset - first_offset;
    game.notes.push_back(
        {Severity::kError, OversizeMessage(first_offset, end_offset), {first_line, 1}});
    Drop(scan, line);
  } else {
    if (verdict == Verdict::kResyncComment || (at_end && !s.done && s.in_comment)) {
      game.notes.push_back({Severity::kError, "unterminated comment", s.comment_open});
    } else if (verdict == Verdict::kResyncVariation || (at_end && !s.done && s.depth > 0)) {
      game.notes.push_back({Severity::kError, "unterminated variation", s.variation_open});
    }
    offset_ += scan - pos_;
    line_ = line;
    TakeText(game, scan);
  }
  game.index = ++games_;
  game.first_line = first_line;
  game.offset = first_offset;
  return true;
}

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
    if (ReadTags()) ReadMovetext();
  }
  std::uint64_t scanned() const { return scanned_; }

 private:
  PgnLocation Where(const char* at) const { return {line_, (at - line_begin_) + 1}; }
  void Problem(Severity severity, std::string_view message, PgnLocation where) {
    visitor_.problem(severity, message, where);
  }
  void Unexpected(const char* at) {
    Problem(Severity::kError, "unexpected character " + detail::QuoteChar(*at), Where(at));
  }

  void NewLine(const char* next) {
    ++line_;
    line_begin_ = next;
  }
  // Skips whitespace, counting line ends ("\r\n" is one, a lone '\r' is one).
  void SkipSpace() {
    while (p_ != end_) {
      const char c = *p_;
      if (c == ' ' || c == '\t' || c == '\v' || c == '\f') {
        ++p_;
      } else if (c == '\n') {
        NewLine(++p_);
      } else if (c == '\r') {
        if (++p_ != end_ && *p_ == '\n') ++p_;
        NewLine(p_);
      } else {
        break;
      }
    }
  }
  // Counts the line ends in [from, to) (a '\r' whose '\n' lies beyond `to` is left to it).
  void CountLines(const char* from, const char* to) {
    if (from >= to) return;
    const auto n = static_cast<std::size_t>(to - from);
    if (std::memchr(from, '\r', n) == nullptr) {
      for (const char* q = from;;) {
        const void* nl = std::memchr(q, '\n', static_cast<std::size_t>(to - q));
        if (nl == nullptr) return;
        q = static_cast<const char*>(nl) + 1;
        NewLine(q);
      }
    }
    for (const char* q = from; q != to; ++q) {
      if (*q == '\n' || (*q == '\r' && (q + 1 == end_ || q[1] != '\n'))) NewLine(q + 1);
    }
  }
  // The end of the line holding `p` (its '\n' or '\r', or the end of the game). The next
  // '\n' and the next '\r' are remembered: `p` only moves forward, so each byte is searched
  // once, even in a file of lone CRs, which has no '\n' at all (searching the rest of the
  // game at each ;-comment was quadratic).
  const char* LineEnd(const char* p) {
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

  bool ReadTags() {
    for (;;) {
      SkipSpace();
      if (p_ == end_) break;
      if (*p_ == '%' && p_ == line_begin_) {
        p_ = LineEnd(p_);
        continue;
      }
      if (*p_ != '[') break;
      if (!ReadTag()) return false;
    }
    visitor_.end_tags();
    return true;
  }

  bool ReadTag() {
    const char* const open = p_;
    const PgnLocation where = Where(open);
    const detail::TagPairScan scan =
        detail::ScanTagPair(std::string_view(open, static_cast<std::size_t>(end_ - open)));
    if (scan.issue != detail::TagIssue::kNone) {
      const char* const at = open + scan.issue_offset;
      CountLines(open, at);
      const std::string name = MessageText(scan.name);
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
      if (detail::IsError(scan.issue)) {
        Problem(Severity::kError, message, Where(at));
        return false;
      }
      Problem(Severity::kWarning, message, Where(at));
      CountLines(at, open + scan.length);
    } else if (scan.spans_lines) {
      CountLines(open, open + scan.length);
    }
    visitor_.tag(scan.name, detail::UnescapeTagValue(scan.raw_value, Scratch()), where);
    p_ = open + scan.length;
    return true;
  }

  // An annotation such as "!?" directly after a move.
  struct Suffix {
    int nag = 0;
    const char* at = nullptr;
    std::size_t length = 0;
  };
  Suffix ReadSuffix() {
    Suffix s;
    if (p_ == end_ || (*p_ != '!' && *p_ != '?')) return s;
    const detail::Token t = ReadToken(std::string_view(p_, static_cast<std::size_t>(end_ - p_)));
    s = {t.nag, p_, t.length};
    p_ += t.length;
    return s;
  }
  void ReportSuffix(const Suffix& s) {
    if (s.at == nullptr) return;
    if (s.nag != 0) {
      visitor_.nag(s.nag, Where(s.at));
    } else {
      Problem(Severity::kWarning,
              absl::StrFormat("unknown move annotation '%s'",
                              MessageText(std::string_view(s.at, s.length))),
              Where(s.at));
    }
  }

  void ReadMove(std::size_t length) {
    const char* const at = p_;
    std::string_view text(p_, length);
    p_ += length;
    const Suffix first = ReadSuffix();
    Suffix second;
    // "e.p." or "ep" written apart is folded into the move.
    const char* q = p_;
    while (q != end_ && IsBlank(*q)) ++q;
    if (q != p_ && q != end_ && *q == 'e') {
      const std::size_t n =
          detail::MatchEnPassantSuffix(std::string_view(q, static_cast<std::size_t>(end_ - q)));
      if (n != 0) {
        std::string& scratch = Scratch();
        scratch.assign(text);
        scratch.append(q, n);
        text = scratch;
        p_ = q + n;
        second = ReadSuffix();
      }
    }
    visitor_.move(text, Where(at));
    if (first.at != nullptr) ReportSuffix(first);
    if (second.at != nullptr) ReportSuffix(second);
  }

  void ReadMovetext() {
    int depth = 0;
    PgnLocation variation_open;
    bool ended = false;  // the termination marker was read
    for (;;) {
      SkipSpace();
      if (p_ == end_) break;
      const char c = *p_;
      if (!ended) {
        // The common tokens first: a move, a move number without a result or castling.
        if (detail::IsAsciiAlpha(c)) {
          ReadMove(MatchMove(p_, end_));
          continue;
        }
        if (c >= '1' && c <= '9' && p_ + 1 != end_ && p_[1] != '-' && p_[1] != '/') {
          p_ += MatchLength(p_, end_, grammar::move_number);
          continue;
        }
      }
      if (ended && c != '{' && c != ';' && !(c == '%' && p_ == line_begin_)) {
        Problem(Severity::kWarning, "text after the game termination marker ignored", Where(p_));
        return;
      }
      switch (c) {
        case '{': {
          const void* close = std::memchr(p_ + 1, '}', static_cast<std::size_t>(end_ - p_ - 1));
          if (close == nullptr) {
            Problem(Severity::kError, "unterminated comment", Where(p_));
            return;
          }
          const char* const stop = static_cast<const char*>(close);
          visitor_.comment(std::string_view(p_ + 1, static_cast<std::size_t>(stop - p_ - 1)),
                           Where(p_));
          CountLines(p_ + 1, stop);
          p_ = stop + 1;
          continue;
        }
        case ';': {
          const char* const stop = LineEnd(p_);
          visitor_.comment(std::string_view(p_ + 1, static_cast<std::size_t>(stop - p_ - 1)),
                           Where(p_));
          p_ = stop;
          continue;
        }
        case '%':
          if (p_ != line_begin_) break;
          p_ = LineEnd(p_);
          continue;
        case '(':
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
      const detail::Token t = ReadToken(std::string_view(p_, static_cast<std::size_t>(end_ - p_)));
      switch (t.kind) {
        case detail::TokenKind::kMove:
          ReadMove(t.length);
          continue;
        case detail::TokenKind::kMoveNumber:
          p_ += t.length;
          continue;
        case detail::TokenKind::kNag:
          visitor_.nag(t.nag, Where(p_));
          p_ += t.length;
          continue;
        case detail::TokenKind::kBadNag:
          Problem(
              Severity::kError,
              absl::StrFormat("NAG %s is too large", MessageText(std::string_view(p_, t.length))),
              Where(p_));
          return;
        case detail::TokenKind::kSuffix: {
          const Suffix s = ReadSuffix();
          ReportSuffix(s);
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

  const char* p_;
  const char* const end_;
  const char* line_begin_;
  std::int64_t line_;
  PgnVisitor& visitor_;
  const char* next_lf_ = nullptr;  // the first '\n' at or after the last LineEnd(), or end_
  const char* next_cr_ = nullptr;  // the same for '\r'
  std::uint64_t scanned_ = 0;      // bytes the line-end searches looked at
};

}  // namespace

std::uint64_t detail::ParseGameScanned(const RawGame& game, PgnVisitor& visitor) {
  GameReader reader(game, visitor);
  reader.Run();
  return reader.scanned();
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
