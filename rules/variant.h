// Variant traits: what a variant *is*, at compile time. Position<V>, the move generator and
// perft are templates over one of these structs; tools pick one at run time through the
// registry (rules/registry.h) and never branch on the variant again.
//
// A traits struct provides:
//   kName, kStartFen           registry name and the start position (native FEN)
//   kPieceTypes                every piece type on the board, PAWN and KING included
//   kMovers                    the piece types moved by the generic piece generator
//                              (everything but PAWN and KING, which have special moves)
//   kPromotions                what a pawn may promote to, in SAN/UCI output order
//   kChess960                  castling notation/FEN in Chess960 form (X-FEN/Shredder, and
//                              castling rook anywhere on the back rank)
#pragma once

#include <array>
#include <string_view>

#include "rules/types.h"

namespace fairykit {

struct ChessVariant {
  static constexpr std::string_view kName = "chess";
  static constexpr std::string_view kStartFen =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  static constexpr std::array<PieceType, 6> kPieceTypes = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING};
  static constexpr std::array<PieceType, 4> kMovers = {KNIGHT, BISHOP, ROOK, QUEEN};
  static constexpr std::array<PieceType, 4> kPromotions = {QUEEN, ROOK, BISHOP, KNIGHT};
  static constexpr bool kChess960 = false;
  // The highest piece type in use + 1: the size of per-type arrays.
  static constexpr int kPieceTypeCount = KING + 1;
};

struct Chess960Variant : ChessVariant {
  static constexpr std::string_view kName = "chess960";
  static constexpr bool kChess960 = true;
};

}  // namespace fairykit
