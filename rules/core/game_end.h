// How a game stands: over (checkmate, stalemate, dead position, fivefold repetition,
// seventy-five-move rule), drawable on a claim (threefold repetition, fifty-move rule), or
// going on; with the PGN result each implies.
//
// Covered exactly as follows (FIDE Laws of Chess, 2023):
//   checkmate, stalemate     from the legal moves of the side to move.
//   insufficient material    a "dead position" in the simple, material-only sense; the game
//                            is over when the board holds, besides the two kings, only
//                              - nothing (K v K),
//                              - one knight (K+N v K, either side), or
//                              - bishops, all on squares of one colour, any number, either
//                                side (K+B v K, K+B v K+B same colour, K+B+B v K with both
//                                bishops on one colour...).
//                            Not covered (reported as going on): K+N+N v K, K+N v K+N,
//                            K+B v K+N, bishops of both colours — a mate is possible there
//                            with the loser's help, so FIDE does not call them dead — and
//                            positions dead only through a pawn blockade or the like.
//                            Pieces of fairy types always count as sufficient material.
//   seventy-five-move rule   rule50 >= 150 plies: an automatic draw (9.6.2), unless the
//                            position is checkmate (checkmate is tested first).
//   fifty-move rule          rule50 >= 100 plies: a draw the side to move can claim (9.3),
//                            in the position itself (not "by announcing the next move").
//   fivefold repetition      the position has occurred five times: automatic draw (9.6.1).
//   threefold repetition     three times: a claimable draw (9.2), in the position itself.
// Repetition compares Zobrist keys, which cover the board, the side to move, the castling
// rights and an en passant square *when a pawn stands ready to capture* (the key keeps it
// then even if the capture would be illegal, e.g. a pinned pawn; FIDE counts only a legal
// capture). Positions are compared across the StateInfo chain of the moves played from the
// position's root (the one given to Position::set): at most min(rule50, plies_from_null)
// plies back, every second one (same side to move). Positions before the root are unknown.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>

#include "rules/core/game_state.h"
#include "rules/core/movegen.h"

namespace fairykit {

// How often the current position has occurred in the moves played since the root,
// this occurrence included (1 when it is new).
template <class V>
int repetition_count(const Position<V>& pos) {
  const StateInfo* st = pos.state();
  const int end = std::min<int>(st->rule50, st->plies_from_null);
  int count = 1;
  const StateInfo* stp = st;
  for (int i = 2; i <= end; i += 2) {
    if (!stp->previous || !stp->previous->previous) break;
    stp = stp->previous->previous;
    if (stp->key == st->key) ++count;
  }
  return count;
}

// Whether the material on the board can never produce a checkmate, in the simple cases
// listed at the top of this file.
template <class V>
bool insufficient_material(const Position<V>& pos) {
  const Bitboard kings = pos.pieces(KING);
  const Bitboard knights = pos.pieces(KNIGHT);
  const Bitboard bishops = pos.pieces(BISHOP);
  const Bitboard others = pos.pieces() & ~(kings | knights | bishops);
  if (others) return false;
  if (!bishops) return popcount(knights) <= 1;  // K v K, K+N v K
  if (knights) return false;
  constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;  // a1 is dark
  return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
}

// How the game stands in `pos` (the rules at the top of this file), with the number of its
// legal moves already counted (`legal` = count_legal(pos), or any number but 0 when there
// is a legal move): callers that count them anyway (fairy-analyze --positions) generate
// them once.
template <class V>
GameState game_state(const Position<V>& pos, std::uint64_t legal) {
  GameState s;
  s.side_to_move = pos.side_to_move();
  s.repetitions = repetition_count(pos);
  s.threefold = s.repetitions >= 3;
  s.fifty_moves = pos.rule50() >= 100;
  if (legal == 0)
    s.end = pos.in_check() ? GameEnd::kCheckmate : GameEnd::kStalemate;
  else if (insufficient_material(pos))
    s.end = GameEnd::kInsufficientMaterial;
  else if (s.repetitions >= 5)
    s.end = GameEnd::kFivefoldRepetition;
  else if (pos.rule50() >= 150)
    s.end = GameEnd::kSeventyFiveMoveRule;
  else if (s.threefold)
    s.end = GameEnd::kThreefoldRepetition;
  else if (s.fifty_moves)
    s.end = GameEnd::kFiftyMoveRule;
  return s;
}

// The same, finding out whether there is a legal move (has_legal_move: only 0 or not
// matters above).
template <class V>
GameState game_state(const Position<V>& pos) {
  return game_state(pos, has_legal_move(pos) ? 1 : 0);
}

}  // namespace fairykit
