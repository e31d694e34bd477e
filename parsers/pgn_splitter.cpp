// GameSplitter: cuts the input into games (plain C++; parse_game() in pgn_reader.cpp reads
// one game). pgn.h states the contract; this file says how and why.
//
// The input is read in chunks into one buffer that holds the current game and
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
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <new>
#include <optional>
#include <string>
#include <string_view>

#if defined(__PCLMUL__) || defined(__AVX512BW__)
#include <immintrin.h>
#endif

#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_format.h"
#include "parsers/detail/pgn_syntax.h"
#include "parsers/detail/text.h"
#include "parsers/pgn.h"

namespace fairykit::parsers {
namespace {

char last_non_space(const char* p, const char* end) {
  while (end != p && detail::is_space(end[-1])) --end;
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
constexpr std::array<char, 2> kLineEnds = {'\n', '\r'};
// The bytes the buffer should hold past a game's start when the fast cut is tried (at most a
// read chunk): games longer than this are rare.
constexpr std::size_t kFastAhead = std::size_t{64} << 10;
// For the fast count: in movetext, the stop bytes and the line ends; in a comment, its end
// and the line ends.
constexpr std::array<char, 9> kMovetextEvents = {'{', '(', ')', ';', '-', '/', '*', '\n', '\r'};
constexpr std::array<char, 3> kCommentEvents = {'}', '\n', '\r'};

// The first stop byte in [p, end), or end: 16 bytes at a time with SSE2 (x86-64's baseline),
// then byte by byte.
const char* find_stop(const char* p, const char* end) {
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

// For the fast count's movetext: from `p`, where a comment is open when `in_comment` says so,
// the bytes that the count would pass without a decision, 64 at a time: the text of
// comments, their braces, and the movetext between them up to a stop byte. Returns where the
// count must look again (a stop byte outside a comment, a line end, a '{' inside a comment or
// a '}' outside one, or the last 63 bytes of the input), with `in_comment` the state there.
// An online archive has a comment after every move: one step per block, not two searches
// per comment. Inside 64 bytes a comment is open after byte i when the braces up to i are
// odd in number (even, from inside one): a prefix XOR of the brace bits. Braces that do not
// toggle (a '{' read inside a comment, a '}' outside) break that count, so the block stops
// at the first of them.
#if defined(__SSE2__)
// Bit i set when the set bits of `x` up to i are odd in number: a carry-less product with
// all ones, one instruction where there is one.
inline std::uint64_t prefix_xor(std::uint64_t x) {
#if defined(__PCLMUL__)
  return std::uint64_t(_mm_cvtsi128_si64(
      _mm_clmulepi64_si128(_mm_set_epi64x(0, std::int64_t(x)), _mm_set1_epi8(-1), 0)));
#else
  for (int shift = 1; shift < 64; shift *= 2) x ^= x << shift;
  return x;
#endif
}

const char* skip_quiet(const char* p, const char* end, bool& in_comment) {
  while (end - p >= 64) {
#if defined(__AVX512BW__)
    const __m512i all = _mm512_loadu_si512(p);
    const auto bits = [&](char c) {
      return std::uint64_t(_mm512_cmpeq_epi8_mask(all, _mm512_set1_epi8(c)));
    };
#elif defined(__AVX2__)
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
    const auto bits = [&](char c) {
      const __m256i v = _mm256_set1_epi8(c);
      return std::uint64_t(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, v)))) |
             std::uint64_t(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, v)))) << 32;
    };
#else
    __m128i x[4];
    for (int i = 0; i < 4; ++i)
      x[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
    const auto bits = [&](char c) {
      const __m128i v = _mm_set1_epi8(c);
      std::uint64_t m = 0;
      for (int i = 0; i < 4; ++i)
        m |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(x[i], v)))) << (16 * i);
      return m;
    };
#endif
    const std::uint64_t open = bits('{'), close = bits('}');
    const std::uint64_t line = bits('\n') | bits('\r');
    // The stop bytes but '{' (a toggle here) and ')' (which changes nothing).
    const std::uint64_t stop = bits('(') | bits(';') | bits('-') | bits('/') | bits('*');
    std::uint64_t inside = prefix_xor(open | close);
    if (in_comment) inside = ~inside;
    const std::uint64_t odd = (open & ~inside) | (close & inside);
    const std::uint64_t look = (stop & ~inside) | line | odd;
    if (look == 0) {
      in_comment = inside >> 63 != 0;
      p += 64;
      continue;
    }
    const int k = __builtin_ctzll(look);
    if (k > 0) in_comment = (inside >> (k - 1) & 1) != 0;
    return p + k;
  }
  return p;
}
#else
const char* skip_quiet(const char* p, const char*, bool&) { return p; }
#endif

// Whether the '-' or '/' at `p`, in the line that starts at `line`, is the second byte of a
// termination marker "1-0", "0-1" or "1/2-1/2" standing alone. `end` may lie beyond the line's
// end: a line end is neither a byte of a marker nor a move byte, so it decides as the end of
// the text would; and only the 8 bytes from the marker's first on are looked at.
bool is_result_at(const char* line, const char* p, const char* end) {
  if (p == line) return false;
  const char* const start = p - 1;
  if (!(*start == '0' || *start == '1') || (start != line && detail::is_move_char(start[-1])))
    return false;
  const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(end - start), 16);
  return detail::match_result_prefix(std::string_view(start, n)) != 0;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// The fast count (pgn.h). Each rule below is the rule of GameSplitter::scan_line and
// scan_movetext for the shapes it accepts; every other shape returns nullopt, so that a
// count made with it is the count of GameSplitter (the tests and the pgn fuzz target
// compare the two game by game).

std::optional<PlainGameExtent> plain_game_extent(std::string_view text,
                                                 std::size_t max_game_bytes) {
  enum class State { kTags, kBlankAfterTags, kMovetext, kDone };
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  State state = State::kTags;
  bool in_comment = false;
  std::int64_t line_ends = 0;
  const char* line = begin;
  if (line == end || *line != '[') return std::nullopt;
  for (;;) {
    if (line == end) return std::nullopt;  // the input ends: the splitter decides
    // The line [line, eol): how it starts decides it, or its movetext is read.
    const char* q = line;
    while (q != end && (*q == ' ' || *q == '\t' || *q == '\v' || *q == '\f')) ++q;
    const bool blank = q == end || *q == '\n' || *q == '\r';
    bool movetext = false;
    switch (state) {
      case State::kDone:  // blank, ;-comment and %-escape lines still belong to the game
        if (!(blank || *q == ';' || *line == '%')) {
          // The splitter decides this line once it has its end.
          const char* const eol = detail::find_any(q, end, kLineEnds);
          if (eol == end || *eol == '\r' || std::size_t(eol - line) > max_game_bytes)
            return std::nullopt;
          return PlainGameExtent{std::size_t(line - begin), line_ends};
        }
        break;
      case State::kTags:
        if (blank) {
          state = State::kBlankAfterTags;
        } else if (*line == '%') {
          return std::nullopt;
        } else if (*q != '[') {
          movetext = true;
        }
        break;
      case State::kBlankAfterTags:
        if (blank) break;
        if (*line == '%' || *q == '[') return std::nullopt;  // a new tag section, or not
        movetext = true;
        break;
      case State::kMovetext:
        if (in_comment) {
          if (*line == '[') return std::nullopt;  // maybe a resynchronisation
          movetext = true;
        } else if (!blank && *line != '%') {
          if (*q == '[') {
            const char* const eol = detail::find_any(q, end, kLineEnds);
            if (eol == end || *eol == '\r' || std::size_t(eol - line) > max_game_bytes)
              return std::nullopt;
            return PlainGameExtent{std::size_t(line - begin), line_ends};
          }
          movetext = true;
        }
        break;
    }
    const char* eol = nullptr;
    if (movetext) {
      state = State::kMovetext;
      for (const char* p = line;;) {
        p = skip_quiet(p, end, in_comment);
        if (in_comment) {
          p = detail::find_any(p, end, kCommentEvents);
          if (p == end || *p != '}') {
            eol = p;
            break;
          }
          in_comment = false;
          ++p;
        }
        p = detail::find_any(p, end, kMovetextEvents);
        if (p == end || *p == '\n' || *p == '\r') {
          eol = p;
          break;
        }
        if (*p == ';') {
          eol = detail::find_any(p, end, kLineEnds);
          break;
        }
        if (*p == '{') {
          in_comment = true;
        } else if (*p == '(') {
          return std::nullopt;  // a variation
        } else if (*p == '*' || ((*p == '-' || *p == '/') && is_result_at(line, p, end))) {
          state = State::kDone;  // the rest of the line belongs to the game
          eol = detail::find_any(p, end, kLineEnds);
          break;
        }  // (a ')' outside a variation changes nothing)
        ++p;
      }
    } else if (state == State::kTags && !blank) {  // a tag line: it must end with ']'
      eol = detail::find_any(q, end, kLineEnds);
      if (eol != end && *eol == '\n' && last_non_space(q, eol) != ']')
        return std::nullopt;  // a tag pair goes on
    }
    if (eol == nullptr) eol = detail::find_any(line, end, kLineEnds);
    // The end of the input, a '\r' line end, or a line or a game over the limit.
    if (eol == end || *eol == '\r' || std::size_t(eol - line) > max_game_bytes) return std::nullopt;
    line = eol + 1;
    ++line_ends;
    if (std::size_t(line - begin) > max_game_bytes) return std::nullopt;
  }
}

// ---------------------------------------------------------------------------------------
// GameSplitter

// The tag names of the game being split, for the rule "a tag the section already holds
// starts a new game": every '[' of the game's text and the run of tag-name bytes after it,
// looked up by name. The text is indexed as far as the rule needs it, each byte once, so
// the rule costs time linear in the size of the game (searching the game's text at each tag
// after a blank line would be quadratic in the number of tags). Names are kept as offsets into
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
  static std::uint32_t hash_of(std::string_view name) {
    return static_cast<std::uint32_t>(absl::Hash<std::string_view>{}(name));
  }
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view name) const { return hash_of(name); }
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
      while (end < game.size() && detail::is_tag_name_char(text[end])) ++end;
      if (end > from && end - from <= UINT32_MAX) {
        const std::string_view found(text + from, end - from);
        set.insert(Ref{from, static_cast<std::uint32_t>(found.size()), hash_of(found)});
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
  offset_ = options_.first_offset;
  line_ = options_.first_line;
  games_ = options_.games_before;
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
void GameSplitter::take_text(RawGame& game, std::size_t end) {
  game.text.assign(buffer_.data() + pos_, end - pos_);
  pos_ = end;
}

std::string GameSplitter::oversize_message(std::uint64_t from, std::uint64_t to) const {
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
std::size_t GameSplitter::find_line_end(std::size_t from) {
  const std::size_t eol = std::min(Find(lf_, '\n', from), Find(cr_, '\r', from));
  if (eol == size_) return std::string::npos;
  if (buffer_.data()[eol] == '\r' && eol + 1 == size_ && !eof_ && status_.ok()) {
    return std::string::npos;
  }
  return eol;
}

GameSplitter::Verdict GameSplitter::scan_movetext(ScanState& s, const char* line, const char* p,
                                                  const char* end, PgnLocation where) {
  const auto at = [&](const char* q) { return PgnLocation{where.line, where.column + (q - line)}; };
  for (;;) {
    if (s.in_comment) {
      const void* close = std::memchr(p, '}', static_cast<std::size_t>(end - p));
      if (close == nullptr) return Verdict::kTake;
      s.in_comment = false;
      p = static_cast<const char*>(close) + 1;
    }
    p = find_stop(p, end);
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
      default:  // '-', '/'
        if (s.depth == 0 && is_result_at(line, p, end)) {
          s.done = true;
          return Verdict::kTake;
        }
        break;
    }
    ++p;
  }
}

GameSplitter::Verdict GameSplitter::scan_line(ScanState& s, std::string_view game, const char* line,
                                              const char* end, std::int64_t line_number) {
  const PgnLocation where{line_number, 1};
  const std::string_view text(line, static_cast<std::size_t>(end - line));
  if (s.done) {
    // Blank lines after the termination marker belong to the game, and so do ;-comment and
    // %-escape lines (engines write the game's summary so, e.g. TCEC's archives).
    const char* q = line;
    while (q != end && detail::is_space(*q)) ++q;
    return q == end || *q == ';' || *line == '%' ? Verdict::kTake : Verdict::kEndBefore;
  }
  if (s.in_comment) {
    s.content = true;
    if (detail::is_tag_pair_line(text)) return Verdict::kResyncComment;
    return scan_movetext(s, line, line, end, where);
  }
  const char* q = line;
  while (q != end && detail::is_space(*q)) ++q;
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
        while (n != end && detail::is_tag_name_char(*n)) ++n;
        const std::string_view name(q + 1, static_cast<std::size_t>(n - q - 1));
        if (name.empty() || name == "Event") return Verdict::kEndBefore;
        // (Unknown for a game over the limit: its text is gone. Event and two blank lines
        // still end its tag section.)
        if (!skipping_ && names_->Holds(game, name, scanned_)) return Verdict::kEndBefore;
      }
      s.mode = ScanState::kTags;
      s.blank_lines = 0;
      s.tag_open = last_non_space(q, end) != ']';
      return Verdict::kTake;
    }
    if (s.mode == ScanState::kTags && s.tag_open && s.blank_lines == 0) {
      s.tag_open = last_non_space(q, end) != ']';  // a tag pair written over several lines
      return Verdict::kTake;
    }
    s.mode = ScanState::kMovetext;
  } else if (*q == '[') {
    if (s.depth == 0) return Verdict::kEndBefore;
    if (detail::is_tag_pair_line(text)) return Verdict::kResyncVariation;
  }
  return scan_movetext(s, line, line, end, where);
}

absl::StatusOr<bool> GameSplitter::next(RawGame& game) {
  // After a read error no more is read: the games that the bytes read complete are still
  // delivered, then every call returns the error.
  game.format = RecordFormat::kPgn;
  std::size_t scan = pos_;
  if (!started_) {
    started_ = true;
    while (!eof_ && size_ < 3) {
      status_ = Fill(scan);
      if (!status_.ok()) return status_;
    }
    if (offset_ == 0 && size_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) {
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
  // A plain game cut in one pass (plain_game_extent reads up to the first line of the next
  // game, and declines where the bytes read so far cannot decide).
  if (options_.plain_games_fast) {
    // Near the end of the bytes read, more first: a game cut off by the end of the buffer is
    // declined by the fast cut, and read line by line it costs a search for '\r' through the
    // whole buffer (a 1 MiB read for every 1 MiB of input). Read on to 5 x `ahead` bytes
    // when the bytes left are at most a quarter of those gone since the buffer was last moved
    // to its front: the bytes moved (and searched again) are at most a quarter of those
    // read, whatever the source delivers a read.
    const std::size_t ahead = std::min(kFastAhead, options_.read_chunk);
    const std::size_t left = size_ - pos_;
    if (fast_wait_ == 0 && left < ahead && pos_ >= 4 * left)
      while (!eof_ && status_.ok() && size_ - pos_ < 5 * ahead) status_ = Fill(scan);
  }
  if (options_.plain_games_fast && pos_ < size_) {
    if (fast_wait_ > 0) {
      --fast_wait_;
    } else if (const std::optional<PlainGameExtent> e =
                   plain_game_extent(std::string_view(buffer_.data() + pos_, size_ - pos_), max)) {
      fast_pause_ = 0;
      scanned_ += e->size;
      offset_ += e->size;
      line_ += e->line_ends;
      take_text(game, pos_ + e->size);
      game.index = ++games_;
      game.first_line = first_line;
      game.offset = first_offset;
      return true;
    } else {
      fast_pause_ = std::min(2 * fast_pause_ + 1, 64);
      fast_wait_ = fast_pause_;
    }
  }
  std::int64_t line = line_;  // line number of `scan`
  bool long_line = false;     // the rest of a line longer than `max` is skipped unscanned
  Verdict verdict = Verdict::kTake;
  for (;;) {
    const char* const data = buffer_.data();
    const std::size_t eol = find_line_end(scan);
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
      verdict = scan_line(s, std::string_view(data + pos_, scan - pos_), data + scan,
                          data + scan + max + 1, line);
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
      verdict = scan_line(s, std::string_view(data + pos_, scan - pos_), data + scan, judged, line);
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
        {Severity::kError, oversize_message(first_offset, end_offset), {first_line, 1}});
    Drop(scan, line);
  } else {
    if (verdict == Verdict::kResyncComment || (at_end && !s.done && s.in_comment)) {
      game.notes.push_back({Severity::kError, "unterminated comment", s.comment_open});
    } else if (verdict == Verdict::kResyncVariation || (at_end && !s.done && s.depth > 0)) {
      game.notes.push_back({Severity::kError, "unterminated variation", s.variation_open});
    }
    offset_ += scan - pos_;
    line_ = line;
    take_text(game, scan);
  }
  game.index = ++games_;
  game.first_line = first_line;
  game.offset = first_offset;
  return true;
}

}  // namespace fairykit::parsers
