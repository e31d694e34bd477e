// How a game stands, for every variant: the ways a game can end or become drawable, and
// the PGN result each implies. Which of them a variant uses, and how it decides them, is
// said where the variant computes its state (rules/core/game_end.h for chess, Superchess and
// CwDA; rules/interweave/position.h; rules/fluidity/position.h).
#pragma once

#include <cstdint>
#include <string_view>

#include "rules/core/types.h"

namespace fairykit {

// What ends, or may end, the game. Ordered by precedence within each variant's rules.
enum class GameEnd : std::uint8_t {
  kNone,                  // the game goes on and there is nothing to claim
  kCheckmate,             // over: the side to move has lost
  kStalemate,             // over: draw
  kInsufficientMaterial,  // over: draw (dead position)
  kFivefoldRepetition,    // over: draw
  kSeventyFiveMoveRule,   // over: draw
  kThreefoldRepetition,   // the game goes on unless a player claims the draw
  kFiftyMoveRule,         // the game goes on unless a player claims the draw
  // Variants without royal check (Interweave) or with capturable Kings (Fluidity):
  kKingCaptured,        // over: the side to move has lost a King
  kNoLegalMove,         // over: the side to move has no legal move and loses
  kRepetitionLoss,      // over: the player who produced the 3rd occurrence (not to move) loses
  kTwentyFiveMoveRule,  // Fluidity: 50 plies without capture, a draw to claim
};

struct GameState {
  GameEnd end = GameEnd::kNone;
  Color side_to_move = WHITE;  // the loser for kCheckmate, kKingCaptured, kNoLegalMove
  int repetitions = 1;         // how often the position has occurred (this time included)
  bool threefold = false;      // a threefold repetition can be claimed (also when fivefold)
  bool fifty_moves = false;    // the move-count rule can be claimed (50 or 25 moves)

  // Whether the game is over without anyone claiming anything.
  constexpr bool over() const {
    return end != GameEnd::kNone && end != GameEnd::kThreefoldRepetition &&
           end != GameEnd::kFiftyMoveRule && end != GameEnd::kTwentyFiveMoveRule;
  }
  // Whether a draw can be claimed (the game may be over anyway).
  constexpr bool claimable() const { return threefold || fifty_moves; }
  // Whether the game is over with a winner.
  constexpr bool decisive() const {
    return end == GameEnd::kCheckmate || end == GameEnd::kKingCaptured ||
           end == GameEnd::kNoLegalMove || end == GameEnd::kRepetitionLoss;
  }
  // The loser of a decisive game.
  constexpr Color loser() const {
    return end == GameEnd::kRepetitionLoss ? ~side_to_move : side_to_move;
  }
};

// "checkmate", "stalemate", "insufficient material", "fivefold repetition",
// "seventy-five-move rule", "threefold repetition", "fifty-move rule", "capture of a King",
// "no legal move", "third repetition", "twenty-five-move rule"; "" for kNone.
constexpr std::string_view describe(GameEnd end) {
  switch (end) {
    case GameEnd::kNone:
      return "";
    case GameEnd::kCheckmate:
      return "checkmate";
    case GameEnd::kStalemate:
      return "stalemate";
    case GameEnd::kInsufficientMaterial:
      return "insufficient material";
    case GameEnd::kFivefoldRepetition:
      return "fivefold repetition";
    case GameEnd::kSeventyFiveMoveRule:
      return "seventy-five-move rule";
    case GameEnd::kThreefoldRepetition:
      return "threefold repetition";
    case GameEnd::kFiftyMoveRule:
      return "fifty-move rule";
    case GameEnd::kKingCaptured:
      return "capture of a King";
    case GameEnd::kNoLegalMove:
      return "no legal move";
    case GameEnd::kRepetitionLoss:
      return "third repetition";
    case GameEnd::kTwentyFiveMoveRule:
      return "twenty-five-move rule";
  }
  return "";
}

// The PGN result the state implies: "1-0" / "0-1" for a decisive end, "1/2-1/2" for the
// automatic draws, "*" while the game goes on (a claimable draw is not a result until it is
// claimed).
constexpr std::string_view pgn_result(const GameState& state) {
  if (state.decisive()) return state.loser() == WHITE ? "0-1" : "1-0";
  return state.over() ? "1/2-1/2" : "*";
}

}  // namespace fairykit
