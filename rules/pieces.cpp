#include "rules/pieces.h"

namespace fairykit {

Bitboard piece_attacks(PieceType pt, Color c, Square s, Bitboard occ) {
  if (pt == PAWN) return pawn_attacks_bb(c, s);
  const PieceInfo& info = piece_info(pt);
  Bitboard a = 0;
  if (info.leaps_knight) a |= knight_attacks(s);
  if (info.leaps_king) a |= king_attacks(s);
  if (info.slides_rook) a |= rook_attacks(s, occ);
  if (info.slides_bishop) a |= bishop_attacks(s, occ);
  return a;
}

}  // namespace fairykit
