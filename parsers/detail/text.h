// Small text helpers shared by the parsers' .cpp files. Private to parsers/: no public
// header includes this one.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// The first byte of `set` (at most 16 bytes) in [p, end), or end: 32 bytes at a time with
// AVX2, else 16 with SSE2.
template <std::size_t N>
inline const char* find_any(const char* p, const char* end, const std::array<char, N>& set) {
  static_assert(N > 0 && N <= 16);
#if defined(__AVX2__)
  __m256i v[N];
  for (std::size_t i = 0; i < N; ++i) v[i] = _mm256_set1_epi8(set[i]);
  for (; end - p >= 32; p += 32) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    __m256i hit = _mm256_cmpeq_epi8(x, v[0]);
    for (std::size_t i = 1; i < N; ++i) hit = _mm256_or_si256(hit, _mm256_cmpeq_epi8(x, v[i]));
    if (const unsigned mask = static_cast<unsigned>(_mm256_movemask_epi8(hit)))
      return p + __builtin_ctz(mask);
  }
#elif defined(__SSE2__)
  __m128i v[N];
  for (std::size_t i = 0; i < N; ++i) v[i] = _mm_set1_epi8(set[i]);
  for (; end - p >= 16; p += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i hit = _mm_cmpeq_epi8(x, v[0]);
    for (std::size_t i = 1; i < N; ++i) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, v[i]));
    if (const int mask = _mm_movemask_epi8(hit))
      return p + __builtin_ctz(static_cast<unsigned>(mask));
  }
#endif
  for (; p != end; ++p)
    for (char c : set)
      if (*p == c) return p;
  return end;
}

// A character as it appears in a diagnostic: 'x' when printable, '\xNN' otherwise
// (parsers/message_text.h, shared with the rules core).
using ::fairykit::parsers::quote_char;

}  // namespace fairykit::parsers::detail
