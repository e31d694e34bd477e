// Exact forced-win search: does the side to move win by force within N plies, and which is
// the shortest such win? No evaluation and no heuristics: an AND-OR search over the legal
// turns of the variant's own engine (AnyGame::visit), for every variant.
//
// What counts as a win: the game ends decisively (GameState::decisive(): checkmate, a King
// captured, no legal move, a third repetition) with the other side as the loser
// (GameState::loser()). A game that ends without a winner (stalemate, insufficient
// material, fivefold repetition, the 75-move rule) is not a win. A draw that can only be
// claimed (threefold repetition in chess, the 50- or 25-move rule) does not end the game:
// the search plays on through it, as the position's state() reports (GameState::over()).
// Repetitions count the moves played in the game before the searched position too, as
// state() does.
//
// Lengths are in plies of both sides: a mate in 1 is 1 ply, a mate in 2 is 3 plies. The
// winner usually makes the last move, so wins are odd lengths; a win of even length is a
// defender forced to lose on his own move (Interweave's third repetition), and the search
// finds those too. The odd lengths 1, 3, 5, ... are tried in turn; once 2k + 1 wins, 2k is
// tried as well (a win within 2k is a win within 2k + 1, so where 2k + 1 does not win, 2k
// does not either), and an even max_plies last. The length found is the shortest.
//
// Results are deterministic: the search is sequential, keeps no table, reads no clock, and
// stops only on its node count, so the same game and options give the same result, line
// and node count on every run and every thread.
//
// Deciding whether a move "missed a win": before the move, find_win() at the position P
// gives the shortest win, n plies (status kWin). Play the move, then ask
// loses_within(game, n - 1, limit) for the opponent, now to move: kNotLost means the move
// gave the win within n plies away (a move that still wins, but more slowly, counts as
// missing the win of length n; pass a larger length to ask only whether any win within it
// is kept), kLost means the win was kept, kNodeLimit that it is not known.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rules/game/any_game.h"

namespace fairykit::analysis {

struct WinSearchOptions {
  int max_plies = 5;                      // the longest win looked for (mate in 3)
  std::uint64_t node_limit = 10'000'000;  // positions entered before the search gives up
};

struct WinResult {
  enum Status {
    kNoWin,     // proven: the side to move has no forced win within max_plies plies
    kWin,       // proven: a forced win of exactly `plies` plies, and none shorter
    kNodeLimit  // stopped after node_limit positions: unknown
  };
  Status status = kNoWin;
  int plies = 0;  // kWin: the length of the shortest forced win (0: the game is already won)
  // kWin: the principal line of the shortest win, in the position before each move (SAN
  // with its check or win mark, UCI). The winner plays the first move, in generation order,
  // that wins in the shortest length; the loser the first move, in generation order, that
  // holds out longest. It has `plies` moves and ends the game with the winner's win.
  std::vector<std::string> line_san, line_uci;
  std::uint64_t nodes = 0;  // positions entered (moves made), the line's construction included
};

// Whether the side to move of `game` has a forced win within options.max_plies plies
// (max_plies < 0 is read as 0), and the shortest one. `game` is left exactly as it was.
// A position where the game is already over is kNoWin, or kWin with 0 plies when the side
// to move has won (a third repetition made by the opponent).
WinResult find_win(AnyGame& game, const WinSearchOptions& options);

struct LossResult {
  enum Status {
    kLost,      // proven: whatever the side to move plays, it loses within `plies` plies
    kNotLost,   // proven: it has a defence that survives `plies` plies
    kNodeLimit  // stopped after node_limit positions: unknown
  };
  Status status = kNotLost;
  std::uint64_t nodes = 0;  // positions entered (moves made)
};

// Whether the side to move of `game` is lost within `plies` plies (plies < 0 is read as 0;
// a game already won by the other side is lost within 0 plies): every defence ends, within
// `plies` plies of both sides, in a decisive end with the side to move as the loser. The
// exact counterpart of find_win() for the opponent. `game` is left exactly as it was.
LossResult loses_within(AnyGame& game, int plies, std::uint64_t node_limit);

}  // namespace fairykit::analysis
