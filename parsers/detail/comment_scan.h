// The usual comment commands read in one pass, inline: shared by the general reader of
// comment commands (comment_commands.cpp) and the PGN reader, which reads the comments of
// online archives straight into their values when its visitor wants no more of them.
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__SSSE3__)
#include <tmmintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "parsers/comment_commands.h"

namespace fairykit::parsers::detail {

// Up to `max` digits from q on as a number; how many were read.
[[gnu::always_inline]] inline int read_number(const char*& q, const char* end, int max,
                                              long long& n) {
  int k = 0;
  n = 0;
  while (q < end && k < max && *q >= '0' && *q <= '9') {
    n = n * 10 + (*q++ - '0');
    ++k;
  }
  return k;
}

// The forms servers write, read in one pass: "[%clk 0:04:58]" (also emt; tenths after a '.'),
// "[%eval 0.17]", "[%eval -1.5]", "[%eval #-3]", each when its value's slot is still empty.
// Returns where the command ends (after its ']'), or nullptr for anything else, which the
// general reader then reads (and reports).
inline const char* read_usual_command(const char* p, const char* end, CommentCommands& out) {
  // p is at "[%".
  const char* q = p + 2;
  const auto digits = [&](int max, long long& n) { return read_number(q, end, max, n); };
  // The command's name and the blank after it, as 4 or 5 bytes compared at once.
  const auto is = [&](const char* word, int n) {
    if (end - q < n) return false;
    if (n == 4) {
      std::uint32_t a, b;
      std::memcpy(&a, q, 4);
      std::memcpy(&b, word, 4);
      return a == b;
    }
    return std::memcmp(q, word, std::size_t(n)) == 0;
  };
  if (is("clk ", 4) || is("emt ", 4)) {
    std::int32_t& slot = q[0] == 'c' ? out.clock_ms : out.elapsed_ms;
    if (slot != CommentCommands::kNone) return nullptr;
    q += 4;
    // "H:MM:SS]", the form of nearly every clock, by its fixed places.
    if (end - q >= 8 && q[1] == ':' && q[4] == ':' && q[7] == ']') {
      const unsigned h = unsigned(q[0] - '0'), m1 = unsigned(q[2] - '0'), m2 = unsigned(q[3] - '0'),
                     s1 = unsigned(q[5] - '0'), s2 = unsigned(q[6] - '0');
      if (h < 10 && m1 < 6 && m2 < 10 && s1 < 6 && s2 < 10) {
        slot = static_cast<std::int32_t>(((h * 60 + m1 * 10 + m2) * 60 + s1 * 10 + s2) * 1000);
        return q + 8;
      }
    }
    long long h = 0, m = 0, sec = 0, f = 0;
    if (digits(3, h) == 0 || q >= end || *q++ != ':' || digits(2, m) != 2 || q >= end ||
        *q++ != ':' || digits(2, sec) != 2 || m > 59 || sec > 59 || h > 595)
      return nullptr;
    if (q < end && *q == '.') {
      ++q;
      const int k = digits(3, f);
      if (k == 0) return nullptr;
      for (int i = k; i < 3; ++i) f *= 10;
    }
    if (q >= end || *q != ']') return nullptr;
    slot = static_cast<std::int32_t>(((h * 60 + m) * 60 + sec) * 1000 + f);
    return q + 1;
  }
  if (is("eval ", 5)) {
    if (out.has_eval) return nullptr;
    q += 5;
    const bool mate = q < end && *q == '#';
    if (mate) ++q;
    const bool negative = q < end && *q == '-';
    if (negative) ++q;
    long long whole = 0, fraction = 0;
    if (digits(6, whole) == 0) return nullptr;
    long long value = mate ? whole : whole * 100;
    if (!mate && q < end && *q == '.') {
      ++q;
      const int k = digits(2, fraction);
      if (k == 0) return nullptr;
      value += k == 1 ? fraction * 10 : fraction;
    }
    if (q >= end || *q != ']') return nullptr;
    out.has_eval = true;
    out.mate = mate;
    out.eval = static_cast<std::int32_t>(negative ? -value : value);
    out.depth = -1;
    return q + 1;
  }
  return nullptr;
}

#if defined(__SSE2__)
// " [%clk H:MM:SS]" or " [%emt H:MM:SS]" at p, the form of nearly every clock of an online
// archive, tested in one 16-byte compare (16 bytes must be readable from p): where it ends,
// with the value in its slot; nullptr for anything else (or a slot already filled), which
// read_usual_command then reads.
[[gnu::always_inline]] inline const char* read_placed_clock(const char* p, CommentCommands& out) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i fixed = _mm_setr_epi8(' ', '[', '%', 0, 0, 0, ' ', 0, ':', 0, 0, ':', 0, 0, ']', 0);
  // The largest digit at each digit's place: the tens of minutes and of seconds are at most 5.
  const __m128i most = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 9, 0, 5, 9, 0, 5, 9, 0, 0);
  constexpr unsigned kFixed = 1u << 0 | 1u << 1 | 1u << 2 | 1u << 6 | 1u << 8 | 1u << 11 | 1u << 14;
  constexpr unsigned kDigits = 1u << 7 | 1u << 9 | 1u << 10 | 1u << 12 | 1u << 13;
  const __m128i d = _mm_sub_epi8(v, _mm_set1_epi8('0'));
  const unsigned digits = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(d, most), most)));
  const unsigned same = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, fixed)));
  if (((same & kFixed) | (digits & kDigits)) != (kFixed | kDigits)) return nullptr;
  std::uint32_t name, clk, emt;
  std::memcpy(&name, p + 2, 4);
  std::memcpy(&clk, "%clk", 4);
  std::memcpy(&emt, "%emt", 4);
  std::int32_t* slot = &out.clock_ms;
  if (name != clk) [[unlikely]] {
    if (name != emt) return nullptr;
    slot = &out.elapsed_ms;
  }
  if (*slot != CommentCommands::kNone) return nullptr;
#if defined(__SSSE3__)
  // Seconds from the digits at once: pairs of bytes weighed into 16-bit lanes (hours, ten
  // minutes, minutes, seconds), then those into 32-bit lanes, summed.
  const __m128i pairs =
      _mm_maddubs_epi16(d, _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 1, 0, 10, 1, 0, 10, 1, 0, 0));
  const __m128i parts = _mm_madd_epi16(pairs, _mm_setr_epi16(0, 0, 0, 3600, 60, 60, 1, 0));
  const __m128i half = _mm_add_epi32(parts, _mm_srli_si128(parts, 8));
  const int seconds = _mm_cvtsi128_si32(_mm_add_epi32(half, _mm_srli_si128(half, 4)));
#else
  const int seconds = ((p[7] - '0') * 60 + (p[9] - '0') * 10 + (p[10] - '0')) * 60 +
                      (p[12] - '0') * 10 + (p[13] - '0');
#endif
  *slot = seconds * 1000;
  return p + 15;
}
#endif

// " [%eval V]" at p, V as read_usual_command reads it (32 bytes must be readable from p):
// where it ends, with the value in `out`; nullptr for anything else (or an evaluation already
// read).
[[gnu::always_inline]] inline const char* read_placed_eval(const char* p, CommentCommands& out) {
  std::uint64_t head, form;
  std::memcpy(&head, p, 8);
  std::memcpy(&form, " [%eval ", 8);
  if (head != form || out.has_eval) return nullptr;
#if defined(__SSE2__)
  // Where the value ends, found at once: what follows the command is read from there while
  // the value is worked out (and checked to end there).
  const unsigned closes = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 8)), _mm_set1_epi8(']'))));
  if (closes == 0) return nullptr;
  const char* const close = p + 8 + __builtin_ctz(closes);
#endif
  const char* q = p + 8;
  const bool mate = *q == '#';
  q += mate;
  const bool negative = *q == '-';
  q += negative;
  int whole = 0, k = 0;
  for (; k < 6 && unsigned(*q - '0') < 10; ++k, ++q) whole = whole * 10 + (*q - '0');
  if (k == 0) return nullptr;
  int value = mate ? whole : whole * 100;
  if (!mate && *q == '.') {
    const unsigned tenths = unsigned(q[1] - '0'), hundredths = unsigned(q[2] - '0');
    if (tenths >= 10) return nullptr;
    const bool two = hundredths < 10;
    value += int(tenths * 10 + (two ? hundredths : 0));
    q += two ? 3 : 2;
  }
#if defined(__SSE2__)
  if (q != close) return nullptr;
#else
  if (*q != ']') return nullptr;
  const char* const close = q;
#endif
  out.has_eval = true;
  out.mate = mate;
  out.eval = negative ? -value : value;
  out.depth = -1;
  return close + 1;
}

#if defined(__SSE2__)
// A move number written "12." or "12..." (digits straight followed by periods) at p, 16 bytes
// readable: where it ends; nullptr for any other form, which the reader reads byte by byte.
[[gnu::always_inline]] inline const char* skip_placed_move_number(const char* p) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i d = _mm_sub_epi8(v, _mm_set1_epi8('0'));
  const unsigned digits = unsigned(
      _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(d, _mm_set1_epi8(9)), _mm_set1_epi8(9))));
  const unsigned dots = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))));
  const int n = __builtin_ctz(~digits);  // at most 16: bit 16 of ~digits is set
  const int k = __builtin_ctz(~(dots >> n));
  if (n == 0 || k == 0) return nullptr;
  return p + n + k;
}
#endif

// A whole comment of usual commands and blanks, from after its '{': where its '}' is, with the
// values in `out`; nullptr for anything else (text, another command, a line end, a repeated
// command), which read_comment_commands then reads from the comment's text.
[[gnu::noinline]] inline const char* read_usual_comment_from(const char* p, const char* end,
                                                             CommentCommands& out) {
  for (;;) {
#if defined(__SSE2__)
    if (end - p >= 16)
      if (const char* next = read_placed_clock(p, out)) {
        p = next;
        continue;
      }
#endif
    while (p != end && *p == ' ') ++p;
    if (p == end) return nullptr;
    if (*p == '}') return p;
    if (*p != '[' || end - p < 2 || p[1] != '%') return nullptr;
    p = read_usual_command(p, end, out);
    if (p == nullptr) return nullptr;
  }
}

// The same, with the comments of online archives read inline: an evaluation, then clocks, each
// in its usual place, " [%eval 0.17] [%clk 0:04:58] [%emt 0:00:02] }".
[[gnu::always_inline]] inline const char* read_usual_comment(const char* p, const char* end,
                                                             CommentCommands& out) {
#if defined(__SSE2__)
  if (end - p >= 32) {
    if (const char* next = read_placed_eval(p, out)) {
      if (next[0] == ' ' && next[1] == '}') return next + 1;
      p = next;
    }
    while (end - p >= 17) {
      const char* const next = read_placed_clock(p, out);
      if (next == nullptr) break;
      if (next[0] == ' ' && next[1] == '}') return next + 1;
      p = next;
    }
  }
#endif
  return read_usual_comment_from(p, end, out);
}

}  // namespace fairykit::parsers::detail
