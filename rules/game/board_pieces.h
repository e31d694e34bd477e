// The pieces that stand on a variant's board, by FEN letter, with their names: what a
// display (a diagram, its legend) needs to know about a variant's pieces, without naming
// the variant. The Position<V> family reads its catalog entries (rules/core/pieces.h); the
// engines of their own give their own names (Interweave's Smasher, Leaper, Remover on the
// letters R, N, B).
#pragma once

#include <span>
#include <string_view>

#include "rules/core/types.h"
#include "rules/game/registry.h"

namespace fairykit {

struct BoardPiece {
  char letter;            // White's FEN letter (upper case); Black's is its lower case
  PieceType type;         // the PieceType the engine uses for it
  std::string_view name;  // lower case, as in rules/core/pieces.h: "charging rook", "smasher"
};

// Every piece type of the variant, pawn and king included, in the variant's order (its
// kPieceTypes). Letters are distinct within a variant.
std::span<const BoardPiece> board_pieces(VariantId id);

// Whether `piece` is a FIDE piece under its FIDE name (pawn, knight, bishop, rook, queen,
// king), which diagrams draw with the usual figures; a piece of another name on a FIDE
// letter (Interweave's Smasher on R) is not.
bool is_fide_piece(const BoardPiece& piece);

}  // namespace fairykit
