// Forced wins along a game (fairy-analyze --find-wins N): at each position of the main
// line, whether the side to move has a forced win within N plies (analysis/statistics/wins.h, an
// exact search with a node limit), and, where it had one, whether the move played kept it
// or lost it (a "missed win": after the move, the opponent is no longer lost within n - 1
// plies, n the length of the win). A WinScanner follows one replay position by position,
// on the live game (so that the repetitions before a position count, as the rules say).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/statistics/wins.h"
#include "rules/game/any_game.h"

namespace fairykit::analysis {

struct FindWinsOptions {
  int plies = 0;                         // the longest win looked for (0: no search)
  std::uint64_t node_limit = 1'000'000;  // per search (the win, and the test of the move)
};

// One position searched where something was found: a forced win, or the node limit.
struct WinFinding {
  enum class Move {
    kNone,     // nothing was played from the position (the game, or the list, ends there)
    kKept,     // the move played keeps a forced win within n - 1 plies
    kMissed,   // the move played loses it: the opponent is not lost within n - 1 plies
    kUnknown,  // the test of the move reached the node limit
  };
  std::int64_t game = 0;                         // the game's index in its input (from 1)
  int ply = 0;                                   // plies before the position (0: the game's start)
  std::string fen;                               // the position (native FEN)
  Color side = WHITE;                            // the side to move: the winner
  WinResult::Status status = WinResult::kNoWin;  // kWin or kNodeLimit
  int plies = 0;                                 // kWin: the length of the shortest win
  std::vector<std::string> line;                 // kWin: its line, SAN
  std::uint64_t nodes = 0;                       // of the search of the win
  std::string played;                            // SAN of the move played from the position, or ""
  Move move = Move::kNone;
};

class WinScanner {
 public:
  explicit WinScanner(const FindWinsOptions& options) : options_(options) {}

  // A new game (the findings of the last one are dropped).
  void begin(std::int64_t game);
  // The position after `ply` plies, on the live game (left as it was; the move that led
  // here from the position before is the game's last move).
  void position(AnyGame& game, int ply);

  const std::vector<WinFinding>& findings() const { return findings_; }
  std::uint64_t positions() const { return positions_; }  // searched in this game

 private:
  FindWinsOptions options_;
  std::int64_t game_ = 0;
  std::vector<WinFinding> findings_;
  std::uint64_t positions_ = 0;
  // The position before, when it had a forced win: the index of its finding.
  int pending_ = -1;
};

}  // namespace fairykit::analysis
