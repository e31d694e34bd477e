#include "rules/game/board_pieces.h"

#include <array>
#include <type_traits>

#include "rules/core/pieces.h"

namespace fairykit {
namespace {

template <class V>
constexpr auto catalog_pieces() {
  std::array<BoardPiece, V::kPieceTypes.size()> out{};
  for (std::size_t i = 0; i < V::kPieceTypes.size(); ++i) {
    const PieceInfo& info = piece_info(V::kPieceTypes[i]);
    out[i] = {info.letter, info.type, info.name};
  }
  return out;
}

// Interweave (docs/rules/interweave.md §1.4; letters of rules/interweave/position.h).
constexpr std::array<BoardPiece, 5> kInterweavePieces = {{{'P', PAWN, "pawn"},
                                                          {'N', KNIGHT, "leaper"},
                                                          {'B', BISHOP, "remover"},
                                                          {'R', ROOK, "smasher"},
                                                          {'K', KING, "king"}}};
// Fluidity (docs/rules/fluidity.md §3.4): the FIDE pieces without Pawns.
constexpr std::array<BoardPiece, 5> kFluidityPieces = {{{'N', KNIGHT, "knight"},
                                                        {'B', BISHOP, "bishop"},
                                                        {'R', ROOK, "rook"},
                                                        {'Q', QUEEN, "queen"},
                                                        {'K', KING, "king"}}};

}  // namespace

std::span<const BoardPiece> board_pieces(VariantId id) {
  return visit_variant_type(id, []<class T>() -> std::span<const BoardPiece> {
    if constexpr (std::is_same_v<T, interweave::Position>) {
      return kInterweavePieces;
    } else if constexpr (std::is_same_v<T, fluidity::Position>) {
      return kFluidityPieces;
    } else {
      static constexpr auto kPieces = catalog_pieces<T>();
      return kPieces;
    }
  });
}

bool is_fide_piece(const BoardPiece& piece) {
  return piece.type >= PAWN && piece.type <= KING && piece.name == piece_info(piece.type).name;
}

}  // namespace fairykit
