#include "rules/pieces.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace fairykit {

CompiledPiece g_compiled_pieces[kPieceCatalog.size()];

void init_compiled_pieces() {
  for (const PieceInfo& info : kPieceCatalog) {
    if (!info.table_driven) continue;
    absl::StatusOr<CompiledPiece> p = compile_betza(info.betza);
    // The catalog is a compile-time constant checked by the tests: a bad string is a bug.
    if (!p.ok() || p->modal) {
      std::fprintf(stderr, "fairykit: bad catalog Betza '%s'\n", std::string(info.betza).c_str());
      std::abort();
    }
    g_compiled_pieces[info.type] = *p;
  }
}

Bitboard piece_attacks(PieceType pt, Color c, Square s, Bitboard occ) {
  if (pt == PAWN) return pawn_attacks_bb(c, s);
  const PieceInfo& info = piece_info(pt);
  if (info.table_driven) return attacks(compiled_piece(pt), c, s, occ);
  Bitboard a = 0;
  if (info.leaps_knight) a |= knight_attacks(s);
  if (info.leaps_king) a |= king_attacks(s);
  if (info.slides_rook) a |= rook_attacks(s, occ);
  if (info.slides_bishop) a |= bishop_attacks(s, occ);
  return a;
}

}  // namespace fairykit
