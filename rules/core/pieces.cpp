#include "rules/core/pieces.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace fairykit {

// The bound of kMaxMoves on pieces whose counts are known (checked here, once).
static_assert(betza_mobility_bound("Q") == 27 && betza_mobility_bound("N") == 8 &&
              betza_mobility_bound("R") == 14 && betza_mobility_bound("B") == 13 &&
              betza_mobility_bound("K") == 8 && betza_mobility_bound("QN") == 35);
static_assert(betza_mobility_bound("R4") == 14 && betza_mobility_bound("R2") == 8 &&
              betza_mobility_bound("fsRbK") == 18 && betza_mobility_bound("X") == 63);

CompiledPiece g_compiled_pieces[kPieceCatalog.size()];
PieceTables g_piece_tables[kPieceCatalog.size()];

namespace {

[[noreturn]] void bad_catalog(const PieceInfo& info, const char* what) {
  std::fprintf(stderr, "fairykit: catalog Betza '%s': %s\n", std::string(info.betza).c_str(), what);
  std::abort();
}

}  // namespace

void init_compiled_pieces() {
  for (const PieceInfo& info : kPieceCatalog) {
    if (!info.table_driven) continue;
    absl::StatusOr<CompiledPiece> p = compile_betza(info.betza);
    // The catalog is a compile-time constant checked by the tests: a bad string is a bug.
    if (!p.ok()) bad_catalog(info, "does not compile");
    if (p->modal) bad_catalog(info, "modal pieces are not supported");
    if (p->colour_dependent && !info.colour_dependent) bad_catalog(info, "colour flag");
    g_compiled_pieces[info.type] = *p;
    // The tables less the FIDE components; what remains must be covered by the flags.
    PieceTables& t = g_piece_tables[info.type];
    for (Color c : {WHITE, BLACK})
      for (int i = 0; i < SQUARE_NB; ++i) {
        const Square s = Square(i);
        Bitboard leaps = p->leaps[c][s];
        if (info.leaps_knight) leaps &= ~knight_attacks(s);
        if (info.leaps_king) leaps &= ~king_attacks(s);
        t.leaps[c][s] = leaps;
        t.rook_mask[c][s] = info.slides_rook ? 0 : p->rook_mask[c][s];
        t.bishop_mask[c][s] = info.slides_bishop ? 0 : p->bishop_mask[c][s];
        if ((t.leaps[c][s] && !info.table_leaps) || (t.rook_mask[c][s] && !info.table_rook) ||
            (t.bishop_mask[c][s] && !info.table_bishop))
          bad_catalog(info, "component flags");
      }
  }
}

Bitboard piece_attacks(PieceType pt, Color c, Square s, Bitboard occ) {
  if (pt == PAWN) return pawn_attacks_bb(c, s);
  const PieceInfo& info = piece_info(pt);
  Bitboard a = 0;
  if (info.leaps_knight) a |= knight_attacks(s);
  if (info.leaps_king) a |= king_attacks(s);
  if (info.slides_rook) a |= rook_attacks(s, occ);
  if (info.slides_bishop) a |= bishop_attacks(s, occ);
  if (info.table_driven) {
    const PieceTables& t = piece_tables(pt);
    a |= t.leaps[c][s] | (rook_attacks(s, occ) & t.rook_mask[c][s]) |
         (bishop_attacks(s, occ) & t.bishop_mask[c][s]);
  }
  return a;
}

}  // namespace fairykit
