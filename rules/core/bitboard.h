// Bitboards: square sets as 64-bit words, the precomputed tables every variant shares,
// and slider attacks (PEXT where the CPU has BMI2, magic multiplication otherwise; the
// choice is made at build time, see FAIRYKIT_SLIDERS in CMakeLists.txt).
#pragma once

#include <bit>
#include <cstdint>
#include <string>

#include "rules/core/types.h"

#if defined(__BMI2__) && !defined(FAIRYKIT_NO_PEXT)
#include <immintrin.h>
#define FAIRYKIT_USE_PEXT 1
#else
#define FAIRYKIT_USE_PEXT 0
#endif

namespace fairykit {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard file_bb(int f) { return kFileA << f; }
constexpr Bitboard rank_bb(int r) { return kRank1 << (8 * r); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

// Shift every square one step; bits leaving the board are dropped.
enum Direction : int {
  NORTH = 8,
  SOUTH = -8,
  EAST = 1,
  WEST = -1,
  NORTH_EAST = 9,
  NORTH_WEST = 7,
  SOUTH_EAST = -7,
  SOUTH_WEST = -9
};
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == NORTH) return b << 8;
  if constexpr (D == SOUTH) return b >> 8;
  if constexpr (D == EAST) return (b & ~kFileH) << 1;
  if constexpr (D == WEST) return (b & ~kFileA) >> 1;
  if constexpr (D == NORTH_EAST) return (b & ~kFileH) << 9;
  if constexpr (D == NORTH_WEST) return (b & ~kFileA) << 7;
  if constexpr (D == SOUTH_EAST) return (b & ~kFileH) >> 7;
  if constexpr (D == SOUTH_WEST) return (b & ~kFileA) >> 9;
}
constexpr Direction pawn_push(Color c) { return c == WHITE ? NORTH : SOUTH; }

namespace bb {

// Tables, filled once by init() (called by every entry point through InitRules()).
struct Tables {
  Bitboard between[64][64];  // squares strictly between two aligned squares, plus the 2nd
  Bitboard line[64][64];     // the whole line through two aligned squares, or 0
  Bitboard pawn_attacks[2][64];
  Bitboard knight[64];
  Bitboard king[64];
  Bitboard rook_pseudo[64];    // rook attacks on an empty board
  Bitboard bishop_pseudo[64];  // bishop attacks on an empty board
  int distance[64][64];        // Chebyshev distance
};
extern Tables tables;

// Slider lookup: one entry per square; attacks = table[offset + index(occupancy)].
struct SliderEntry {
  Bitboard mask;
  Bitboard magic;
  Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occ) const {
#if FAIRYKIT_USE_PEXT
    return unsigned(_pext_u64(occ, mask));
#else
    return unsigned(((occ & mask) * magic) >> shift);
#endif
  }
};
extern SliderEntry rook_entries[64];
extern SliderEntry bishop_entries[64];

void init();

}  // namespace bb

// between_bb(a, b): squares strictly between a and b if aligned, plus b itself (so that a
// check by a piece on b is blocked or the piece captured with one mask); square_bb(b)
// when not aligned.
inline Bitboard between_bb(Square a, Square b) { return bb::tables.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return bb::tables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }
inline Bitboard pawn_attacks_bb(Color c, Square s) { return bb::tables.pawn_attacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return bb::tables.knight[s]; }
inline Bitboard king_attacks(Square s) { return bb::tables.king[s]; }
inline Bitboard rook_attacks(Square s, Bitboard occ) {
  const bb::SliderEntry& e = bb::rook_entries[s];
  return e.attacks[e.index(occ)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  const bb::SliderEntry& e = bb::bishop_entries[s];
  return e.attacks[e.index(occ)];
}
inline Bitboard queen_attacks(Square s, Bitboard occ) {
  return rook_attacks(s, occ) | bishop_attacks(s, occ);
}
inline int distance(Square a, Square b) { return bb::tables.distance[a][b]; }

template <Color C>
constexpr Bitboard pawn_attacks_of(Bitboard pawns) {
  return C == WHITE ? shift<NORTH_WEST>(pawns) | shift<NORTH_EAST>(pawns)
                    : shift<SOUTH_WEST>(pawns) | shift<SOUTH_EAST>(pawns);
}

// "Which slider implementation this build uses": "pext" or "magic".
const char* slider_implementation();

// An 8x8 picture of a bitboard, rank 8 first, for debugging and test failures.
std::string pretty(Bitboard b);

}  // namespace fairykit
