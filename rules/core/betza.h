// Pieces as data: a Betza description compiled into per-colour, per-square tables, and one
// generic attack function over them. Adding a piece is a string, not code.
//
// Accepted language (a subset of Betza's notation as XBoard and Fairy-Stockfish read it):
//
//   atoms     W (1,0) F (1,1) D (2,0) A (2,2) H (3,0) N (2,1) C (3,1) Z (3,2) G (3,3) leap;
//             K = WF; R = WW (rook rider), B = FF (bishop rider), Q = RB. A doubled W or F
//             rides. A number after W, F, K, R, B or Q is the maximum range of the ride
//             (R4: at most 4 squares; K2 = Q2; R1 = W); 7 or more is unlimited. Only the
//             unit atoms ride (the slides are looked up in the rook/bishop tables); every
//             other atom is a jump (no lame 'n' leaps: rejected).
//   modality  m move only (no capture), c capture only; none (or both) = both. See
//             CompiledPiece for where each goes.
//   direction letters before an atom limit it to some of its moves; several groups add up.
//             Each letter names a half plane, relative to the owner (White: forward = +rank,
//             left = a-file side): f b l r, v = f|b, s = l|r. A move's "axis" is the longer
//             leg of its vector (both, for diagonals).
//             * one letter X (or XX): moves in half plane X along X's axis. fN = the 2
//               narrow forward knight moves, vN = the 4 narrow ones (1 file, 2 ranks),
//               sN = the 4 wide ones; fF = both forward diagonals; fW = one step forward.
//             * a vertical and a horizontal letter together, XY (fs, fl, lf, bs, rv, ...):
//               - orthogonal atom (W D H R): the union X | Y. fsR = forward + sideways rook.
//               - other atoms: half planes X and Y, along Y's axis. fsN = the 2 wide forward
//                 moves, flN = (-2,+1), lfN = (-1,+2); flF = the forward-left diagonal.
//             * X followed by h (fh bh lh rh) = the whole half plane X: fhN = the 4 forward
//               knight moves.
//             A compound atom is its parts with the same letters: fsK = fsW + fsF (f, l, r
//             steps and the 2 forward diagonals), fsQ = fsR + fsB.
//             These agree with Fairy-Stockfish (src/piece.cpp) except on compounds: FSF does
//             not split a pair for K and Q (its fsK is sW + fF).
//
// Orientation: Black's tables are White's rotated by 180 degrees (Black's forward is towards
// rank 1 and Black's left is the h-file side), as in Fairy-Stockfish. For the pieces that are
// symmetric left-to-right (all CwDA and Superchess pieces) this is the vertical mirror.
// Because Black's moves are exactly White's reversed, the squares from which a piece of
// colour c attacks s are the squares a piece of colour ~c on s attacks: attacks_reverse().
//
// Errors name the string, the problem and the 1-based column:
//   bad Betza 'fsRx': unknown atom 'x' at 4
#pragma once

#include <array>
#include <string_view>

#include "absl/status/statusor.h"
#include "rules/core/bitboard.h"
#include "rules/core/types.h"

namespace fairykit {

// One component of an atom: a leap (dx, dy) with dx >= dy >= 0, its 8 (or 4) images.
struct BetzaComponent {
  int dx;
  int dy;
};

// The atoms of the language above and their components (K and Q have two).
struct BetzaAtomInfo {
  char letter;
  BetzaComponent parts[2];
  int part_count;
  bool rides;     // R B Q: riders by themselves
  bool can_ride;  // W F K R B Q: may be doubled (W F only) or given a range
};

inline constexpr std::array<BetzaAtomInfo, 13> kBetzaAtoms = {{
    {'W', {{1, 0}, {0, 0}}, 1, false, true},
    {'F', {{1, 1}, {0, 0}}, 1, false, true},
    {'D', {{2, 0}, {0, 0}}, 1, false, false},
    {'A', {{2, 2}, {0, 0}}, 1, false, false},
    {'H', {{3, 0}, {0, 0}}, 1, false, false},
    {'N', {{2, 1}, {0, 0}}, 1, false, false},
    {'C', {{3, 1}, {0, 0}}, 1, false, false},
    {'Z', {{3, 2}, {0, 0}}, 1, false, false},
    {'G', {{3, 3}, {0, 0}}, 1, false, false},
    {'K', {{1, 0}, {1, 1}}, 2, false, true},
    {'R', {{1, 0}, {0, 0}}, 1, true, true},
    {'B', {{1, 1}, {0, 0}}, 1, true, true},
    {'Q', {{1, 0}, {1, 1}}, 2, true, true},
}};

// The atom of letter c, or nullptr.
constexpr const BetzaAtomInfo* find_betza_atom(char c) {
  for (const BetzaAtomInfo& a : kBetzaAtoms)
    if (a.letter == c) return &a;
  return nullptr;
}

// A compiled piece. The capture tables (leaps, rook_mask, bishop_mask) are what the piece
// attacks: its captures and the squares it gives check on. The quiet_ tables are where it
// may move without capturing. An atom without m/c is in both; `mfWcfF` (the FIDE pawn minus
// its double step, en passant and promotion, which the variant's generator special-cases)
// puts fW in quiet_leaps and fF in leaps.
struct CompiledPiece {
  // Leaper destinations (every jumping atom; riders, even of range 1, are in the masks).
  Bitboard leaps[COLOR_NB][SQUARE_NB];
  // Rook-line squares the piece may slide to, direction and range limits applied; 0 if none.
  Bitboard rook_mask[COLOR_NB][SQUARE_NB];
  // Likewise for the bishop lines.
  Bitboard bishop_mask[COLOR_NB][SQUARE_NB];
  // The same three for moves that do not capture.
  Bitboard quiet_leaps[COLOR_NB][SQUARE_NB];
  Bitboard quiet_rook_mask[COLOR_NB][SQUARE_NB];
  Bitboard quiet_bishop_mask[COLOR_NB][SQUARE_NB];
  bool modal;             // the quiet tables differ from the capture tables (m / c used)
  bool colour_dependent;  // Black's tables differ from White's at some square
};

// Compiles a Betza description (see the top of this file). An empty string is an error.
absl::StatusOr<CompiledPiece> compile_betza(std::string_view betza);

// Squares a piece of colour c on s attacks, given the occupancy (own pieces included: the
// caller removes them). = leaps | (rook_attacks & rook_mask) | (bishop_attacks & bishop_mask).
// Slides are exact because a blocked ray is a prefix of the free ray.
inline Bitboard attacks(const CompiledPiece& p, Color c, Square s, Bitboard occ) {
  Bitboard a = p.leaps[c][s];
  if (Bitboard m = p.rook_mask[c][s]) a |= rook_attacks(s, occ) & m;
  if (Bitboard m = p.bishop_mask[c][s]) a |= bishop_attacks(s, occ) & m;
  return a;
}

// Empty squares a piece of colour c on s may move to without capturing.
inline Bitboard quiet_moves(const CompiledPiece& p, Color c, Square s, Bitboard occ) {
  Bitboard a = p.quiet_leaps[c][s];
  if (Bitboard m = p.quiet_rook_mask[c][s]) a |= rook_attacks(s, occ) & m;
  if (Bitboard m = p.quiet_bishop_mask[c][s]) a |= bishop_attacks(s, occ) & m;
  return a & ~occ;
}

// The squares from which a piece of colour c would attack s: x is in the result iff
// s is in attacks(p, c, x, occ | x). Leaps: s - x is a move of c iff x - s is a move of ~c
// (the 180-degree rotation). Slides: the free path between x and s is the same seen from
// either end, and s is within x's direction/range mask for c iff x is within s's for ~c.
// For colour-independent pieces this equals attacks(p, c, s, occ).
inline Bitboard attacks_reverse(const CompiledPiece& p, Color c, Square s, Bitboard occ) {
  return attacks(p, ~c, s, occ);
}

}  // namespace fairykit
