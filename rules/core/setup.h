// Setup: a position as a FEN writes it, before any check (rules/notation/fen.h reads one,
// Position<V>::set() checks it), and the castling-right check that both use.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/pieces.h"
#include "rules/core/types.h"
#include "rules/core/variant.h"

namespace fairykit {

// A position as written, before any check.
struct Setup {
  std::array<Piece, SQUARE_NB> board{};
  Color side_to_move = WHITE;
  // The rook square of each castling right (index castling_index()), SQ_NONE if absent.
  std::array<Square, 4> castling_rooks = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
  Square ep_square = SQ_NONE;
  int halfmove_clock = 0;
  int fullmove_number = 1;
  // The armies (rules/core/variant.h, Army), White's then Black's: variants with V::kArmies only
  // (FEN's 7th field); FIDE v FIDE elsewhere.
  std::array<std::uint8_t, COLOR_NB> armies = {ARMY_FIDE, ARMY_FIDE};
  // V::kPromotionPool (Superchess, superchess.md 2.6 S1): the Amazon joins the pool with
  // base count 1. A rule switch of the game, not part of the FEN.
  bool amazon_promotes = false;
  // V::kPromotionPool: what a holdings bracket said minus what the board implies, per colour
  // and index of V::kPromotions (superchess.md 2.5: when they disagree the bracket wins).
  // Zero without a bracket; constant through the game.
  std::array<std::array<std::int8_t, 8>, COLOR_NB> pool_offset{};
  // What the FEN reader accepted leniently, one message each, in the style of its errors
  // ("FEN fullmove number field, column 30: 0 is read as 1"). Not part of the position:
  // Position::set() ignores them and Position::setup() gives none; tools report them as
  // warnings.
  std::vector<std::string> warnings;
};

// What a castling right of a set-up needs, checked by Position<V>::set and by a FEN reader
// that drops the rights a position cannot have (SetupOptions, rules/core/setup_options.h): the
// castling partner (`partner`: a rook, or the army's equivalent) on `rook`, on the colour's
// back rank; the king (on `king`) on that rank, on the right's side of the rook; without
// Chess960, the king on e1/e8 and the rook in the corner. `message` is the problem as
// Position<V>::set reports it, `reason` the same for a dropped right; nullopt when sound.
struct CastlingProblem {
  std::string message;  // "white king-side castling right needs the king on e1 and ..."
  std::string reason;   // "castling needs the king on e1 and ..."
};
inline std::optional<CastlingProblem> castling_problem(const std::array<Piece, SQUARE_NB>& board,
                                                       int index, Square rook, Square king,
                                                       PieceType partner, bool chess960) {
  const Color c = Color(index >> 1);
  const bool king_side = (index & 1) == 0;
  const std::string colour = c == WHITE ? "white" : "black";
  const std::string side_name = king_side ? "king" : "queen";
  const std::string right = colour + " " + side_name + "-side castling right";
  if (rook == SQ_NONE || board[rook] != make_piece(c, partner) ||
      rank_of(rook) != relative_rank(c, SQ_A1)) {
    const std::string where = rook == SQ_NONE ? std::string("its rank") : square_name(rook);
    return CastlingProblem{right + " without a rook on " + where,
                           "no " + colour + " rook on " + where};
  }
  if (rank_of(king) != rank_of(rook) || (king_side ? rook < king : rook > king)) {
    const std::string what = std::string("the king is not on ") +
                             (c == WHITE ? "rank 1" : "rank 8") + " on the " + side_name +
                             " side's inside of the rook on " + square_name(rook);
    return CastlingProblem{right + ", but " + what, what};
  }
  if (!chess960) {
    const Square want_king = relative_square(c, SQ_E1);
    const Square want_rook = relative_square(c, king_side ? SQ_H1 : SQ_A1);
    if (king != want_king || rook != want_rook) {
      const std::string needs = "needs the king on " + square_name(want_king) +
                                " and the rook on " + square_name(want_rook) +
                                " (use the chess960 variant for other set-ups)";
      return CastlingProblem{right + " " + needs, "castling " + needs};
    }
  }
  return std::nullopt;
}

}  // namespace fairykit
