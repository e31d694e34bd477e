// The usual comment commands read in one pass, inline: shared by the general reader of
// comment commands (comment_commands.cpp) and the PGN reader, which reads the comments of
// online archives straight into their values when its visitor wants no more of them.
#pragma once

#include <cstdint>
#include <cstring>

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

// A whole comment of usual commands and blanks, from after its '{': where its '}' is, with the
// values in `out`; nullptr for anything else (text, another command, a line end, a repeated
// command), which read_comment_commands then reads from the comment's text.
inline const char* read_usual_comment(const char* p, const char* end, CommentCommands& out) {
  for (;;) {
    while (p != end && *p == ' ') ++p;
    if (p == end) return nullptr;
    if (*p == '}') return p;
    if (*p != '[' || end - p < 2 || p[1] != '%') return nullptr;
    p = read_usual_command(p, end, out);
    if (p == nullptr) return nullptr;
  }
}

}  // namespace fairykit::parsers::detail
