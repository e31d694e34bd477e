// Internals shared by rules/interweave/position.cpp and rules/interweave/notation.cpp: the bitboard
// sets generation works on, the step records and the tables. Not part of the contract.
#pragma once

#include <cstdint>

#include "rules/core/bitboard.h"
#include "rules/core/types.h"

namespace fairykit::interweave::detail {

enum : int { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };

// Squares of the colour of b1 (a1 is dark).
inline constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;

// Bits 0, 1, 2 of a pool mask: Smasher, Leaper, Remover.
inline constexpr PieceType kPoolTypes[3] = {ROOK, KNIGHT, BISHOP};
constexpr int pool_index(PieceType pt) {
  return pt == ROOK ? 0 : pt == KNIGHT ? 1 : pt == BISHOP ? 2 : -1;
}

// A piece has at most 20 capturing steps from one square: a Leaper 4 directions x 3 landing
// squares + 8 double-knight leaps; a Pawn at most 11 (from rank 6: a short leap to rank 8 with
// 3 promotion choices, two steps to rank 7 with 4 choices each).
inline constexpr int kMaxCaptureSteps = 24;

struct Sets {
  Bitboard color[COLOR_NB];
  Bitboard type[KING + 1];
  Bitboard occ() const { return color[WHITE] | color[BLACK]; }
};

// One capturing step of one piece: where it goes, what it promotes to, what it removes.
struct CapStep {
  Square to;
  PieceType promo;
  Bitboard captured;
};

struct Tables {
  Bitboard ray[4][64];           // orthogonal rays N E S W, the origin excluded
  Square next[64][4];            // the neighbour in each orthogonal direction, or SQ_NONE
  Bitboard orth1[64];            // orthogonal neighbours
  Bitboard ferz[64];             // diagonal neighbours
  std::uint8_t dk_land[64][64];  // [from][knight-step midpoint] -> double-knight landing
};
extern Tables tables;

void init();  // idempotent, thread-safe; also calls init_rules()
Key mix(std::uint64_t x);

// The capturing steps of the piece `pt` of `us` on `s`; ep_mid / ep_to describe the en
// passant right (SQ_NONE inside a chain); `avail` the pool mask for promotions.
int piece_captures(const Sets& b, Color us, Square s, PieceType pt, Square ep_mid, Square ep_to,
                   unsigned avail, CapStep* out);
// The sets after the step.
Sets apply(const Sets& b, Color us, Square from, PieceType pt, const CapStep& st);

}  // namespace fairykit::interweave::detail
