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

#include "rules/betza.h"
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
  // The piece moves by its compiled Betza tables (rules/betza.h, filled by init_rules()),
  // not by the components above, which are then all false. The FIDE pieces are not
  // table-driven, so chess never touches the tables.
  bool table_driven = false;
};

inline constexpr std::array<PieceInfo, 23> kPieceCatalog = {{
    {NO_PIECE_TYPE, '?', "none", "", false, false, false, false},
    {PAWN, 'P', "pawn", "mfWcfF", false, false, false, false},
    {KNIGHT, 'N', "knight", "N", true, false, false, false},
    {BISHOP, 'B', "bishop", "B", false, false, false, true},
    {ROOK, 'R', "rook", "R", false, false, true, false},
    {QUEEN, 'Q', "queen", "Q", false, false, true, true},
    {KING, 'K', "king", "K", false, true, false, false},
    // Chess with Different Armies (rules: /work/shared/rules/cwda.md 4.3; vchess letters).
    {BEDE, 'D', "bede", "BD", false, false, false, false, true},
    {WAFFLE, 'W', "waffle", "WA", false, false, false, false, true},
    {FAD, 'F', "fad", "FAD", false, false, false, false, true},
    {CARDINAL, 'C', "cardinal", "BN", false, false, false, false, true},
    {CHARGING_ROOK, 'G', "charging rook", "fsRbK", false, false, false, false, true},
    {FIBNIF, 'I', "fibnif", "FvN", false, false, false, false, true},
    {CHARGING_KNIGHT, 'T', "charging knight", "fhNbKsW", false, false, false, false, true},
    {COLONEL, 'L', "colonel", "KfsRfhN", false, false, false, false, true},
    {SHORT_ROOK, 'S', "short rook", "R4", false, false, false, false, true},
    {WOODY_ROOK, 'Y', "woody rook", "WD", false, false, false, false, true},
    {HALF_DUCK, 'H', "half-duck", "HFD", false, false, false, false, true},
    {CHANCELLOR, 'O', "chancellor", "RN", false, false, false, false, true},
    // Superchess set I (rules: /work/shared/rules/superchess.md 2.2; XBoard letters). FIDE
    // components, so they use the fast generator paths, not the Betza tables.
    {AMAZON, 'A', "amazon", "QN", true, false, true, true},
    {EMPRESS, 'E', "empress", "RN", true, false, true, false},
    {PRINCESS, 'S', "princess", "BN", true, false, false, true},
    {VETERAN, 'V', "veteran", "KN", true, true, false, false},
}};

constexpr const PieceInfo& piece_info(PieceType pt) { return kPieceCatalog[pt]; }
static_assert(piece_info(QUEEN).slides_rook && piece_info(QUEEN).slides_bishop);
static_assert(piece_info(KNIGHT).letter == 'N' && piece_info(KING).type == KING);
static_assert([] {
  for (std::size_t i = 0; i < kPieceCatalog.size(); ++i)
    if (kPieceCatalog[i].type != PieceType(i)) return false;
  return true;
}());

// The compiled tables of every table-driven catalog piece, indexed by type (the others are
// left empty). Filled once by init_rules() (rules/zobrist.h), before any Position exists.
extern CompiledPiece g_compiled_pieces[kPieceCatalog.size()];
inline const CompiledPiece& compiled_piece(PieceType pt) { return g_compiled_pieces[pt]; }
// Compiles the catalog's table-driven pieces (called by init_rules()).
void init_compiled_pieces();

// Attacks of a non-pawn piece of type Pt and colour c standing on s, given the occupancy.
// Only table-driven pieces depend on the colour (directional pieces).
template <PieceType Pt>
inline Bitboard piece_attacks(Color c, Square s, Bitboard occ) {
  constexpr const PieceInfo& info = piece_info(Pt);
  static_assert(Pt != PAWN, "pawn attacks: pawn_attacks_bb()");
  if constexpr (info.table_driven) return attacks(compiled_piece(Pt), c, s, occ);
  (void)c;
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
