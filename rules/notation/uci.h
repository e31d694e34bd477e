// UCI / long algebraic move notation: "e2e4", "e7e8q". Castling is written as the king's
// move to its destination ("e1g1") in standard chess and as king-takes-own-rook ("e1h1")
// in Chess960, as UCI engines do in UCI_Chess960 mode (or the king's destination where that
// is unambiguous: UciCastling); both forms are read in either.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"
#include "rules/core/game_engine.h"
#include "rules/core/movegen.h"

namespace fairykit {

// Writes the UCI text of a move of `pos` into `out` (replacing what it held; the move's kind
// decides castling's form). No allocation once `out` has room for 5 characters.
template <class V>
void write_uci(const Position<V>& pos, Move m, std::string& out,
               UciCastling castling = UciCastling::kKingTakesRook) {
  Square to = m.to();
  if (m.kind() == CASTLING) {
    const Square king_to =
        pos.castling_king_to(castling_index(pos.side_to_move(), m.to() > m.from()));
    const int files = file_of(king_to) - file_of(m.from());
    if (!V::kChess960 || (castling == UciCastling::kKingTo && (files >= 2 || files <= -2)))
      to = king_to;
  }
  char text[5] = {char('a' + file_of(m.from())), char('1' + rank_of(m.from())),
                  char('a' + file_of(to)), char('1' + rank_of(to)), 0};
  std::size_t n = 4;
  if (m.kind() == PROMOTION)
    text[n++] = char(std::tolower(static_cast<unsigned char>(piece_info(m.promotion()).letter)));
  out.assign(text, n);
}

// The UCI text of a move of `pos`.
template <class V>
std::string move_to_uci(const Position<V>& pos, Move m,
                        UciCastling castling = UciCastling::kKingTakesRook) {
  std::string s;
  write_uci(pos, m, s, castling);
  return s;
}

// Reads a UCI move and checks it is legal in `pos`. Errors: "bad UCI move 'e9e4'" (syntax)
// or "illegal move 'e2e5'".
template <class V>
absl::StatusOr<Move> move_from_uci(const Position<V>& pos, std::string_view text) {
  auto square_at = [&](std::size_t i) -> Square {
    if (text.size() < i + 2) return SQ_NONE;
    char f = text[i], r = text[i + 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return SQ_NONE;
    return make_square(f - 'a', r - '1');
  };
  Square from = square_at(0), to = square_at(2);
  if (from == SQ_NONE || to == SQ_NONE || text.size() > 5)
    return absl::InvalidArgumentError(
        absl::StrCat("bad UCI move '", parsers::message_text(text), "'"));
  PieceType promo = NO_PIECE_TYPE;
  if (text.size() == 5) {
    char up = char(std::toupper(static_cast<unsigned char>(text[4])));
    for (PieceType pt : V::kPromotions)
      if (piece_info(pt).letter == up) promo = pt;
    if (promo == NO_PIECE_TYPE)
      return absl::InvalidArgumentError(
          absl::StrCat("bad UCI move '", parsers::message_text(text), "'"));
  }
  const MoveList<V> moves = legal_moves(pos);
  Move castle_alt = Move::none();
  for (Move m : moves) {
    if (m.from() != from) continue;
    if (m.kind() == CASTLING) {
      int index = castling_index(pos.side_to_move(), m.to() > m.from());
      if (m.to() == to) return m;  // king takes rook (Chess960 form)
      if (pos.castling_king_to(index) == to) castle_alt = m;
      continue;
    }
    if (m.to() == to && (m.kind() == PROMOTION ? m.promotion() == promo : promo == NO_PIECE_TYPE))
      return m;
  }
  if (castle_alt != Move::none() && promo == NO_PIECE_TYPE) return castle_alt;
  return absl::InvalidArgumentError(
      absl::StrCat("illegal move '", parsers::message_text(text), "'"));
}

}  // namespace fairykit
