// Pieces as data. A piece type is a catalog entry: its letter, its name and its Betza
// description, reduced at compile time to the few movement components the generator
// knows how to combine (leaper tables, rook-line slides, bishop-line slides). A variant
// lists the piece types it uses; the generator folds over that list with `if constexpr`,
// so a variant pays only for the components its pieces have.
//
// Pawns and kings are pieces too, but their special moves (double step, en passant,
// promotion, castling) belong to the variant's rules, not to the catalog.
#pragma once

#include <array>
#include <string_view>

#include "rules/bitboard.h"
#include "rules/types.h"

namespace fairykit {

struct PieceInfo {
  PieceType type;
  char letter;  // upper case: White's letter in FEN and SAN
  std::string_view name;
  std::string_view betza;
  bool leaps_knight;   // N atom
  bool leaps_king;     // K atom (W + F, one step)
  bool slides_rook;    // R (WW...)
  bool slides_bishop;  // B (FF...)
};

inline constexpr std::array<PieceInfo, 7> kPieceCatalog = {{
    {NO_PIECE_TYPE, '?', "none", "", false, false, false, false},
    {PAWN, 'P', "pawn", "mfWcfF", false, false, false, false},
    {KNIGHT, 'N', "knight", "N", true, false, false, false},
    {BISHOP, 'B', "bishop", "B", false, false, false, true},
    {ROOK, 'R', "rook", "R", false, false, true, false},
    {QUEEN, 'Q', "queen", "Q", false, false, true, true},
    {KING, 'K', "king", "K", false, true, false, false},
}};

constexpr const PieceInfo& piece_info(PieceType pt) { return kPieceCatalog[pt]; }
static_assert(piece_info(QUEEN).slides_rook && piece_info(QUEEN).slides_bishop);
static_assert(piece_info(KNIGHT).letter == 'N' && piece_info(KING).type == KING);

// Attacks of a non-pawn piece of type Pt standing on s, given the occupancy. The pawn's
// attacks depend on its colour: pawn_attacks_bb().
template <PieceType Pt>
inline Bitboard piece_attacks(Square s, Bitboard occ) {
  constexpr const PieceInfo& info = piece_info(Pt);
  static_assert(Pt != PAWN, "pawn attacks depend on the colour");
  Bitboard a = 0;
  if constexpr (info.leaps_knight) a |= knight_attacks(s);
  if constexpr (info.leaps_king) a |= king_attacks(s);
  if constexpr (info.slides_rook) a |= rook_attacks(s, occ);
  if constexpr (info.slides_bishop) a |= bishop_attacks(s, occ);
  return a;
}

// The same for a piece type known only at run time (notation, set-up checks).
Bitboard piece_attacks(PieceType pt, Color c, Square s, Bitboard occ);

}  // namespace fairykit
