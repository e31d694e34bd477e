// The moves of an engine analysis judged (fairy-analyze --engine --report moves / tables,
// --html): once every distinct position has its evaluation (engine_analysis.h), each move of
// each game is judged from the evaluations of the positions before and after it, by lichess's
// win-probability curve, thresholds and accuracy (analysis/engine/judgement.h), and written
// as one JSON Lines record per move, or summed per game, per player and per rating band as
// tables (stats.h), and drawn as a graph per game for the HTML report (report_html.h).
//
//   JudgedGames games;
//   std::vector<std::uint32_t> at;
//   positions.add(file, game, seen, &at);           // for each game read, in input order
//   games.add(std::uint32_t(positions.files().size() - 1), game, facts, at);
//   EngineAnalysis a = evaluate_distinct(positions, pool_options);
//   MoveJudge judge(games, positions, a);
//   judge.write_moves(out, sink);                   // or judge.tables(options)
//
// A move is judged when both positions have an evaluation: an engine's, or the rules' for a
// position with no legal move (checkmate: the side to move has lost; stalemate: 0). A move
// next to a position without one (its engine failed, or no engine plays its game here) is
// unjudged: counted as such in every table and in counts(), never judged from a guess. A
// side's accuracy in a game needs every position of the game evaluated (lichess's formula
// weighs each move by the volatility of the whole game around it): a game with an unjudged
// move has no accuracy, and the tables say how many games had one.
//
// Per player: the games where the player (the White or Black tag; none when empty or "?")
// made a move, the mean centipawn loss over all of their judged moves, and their accuracy as
// lichess gives it, the mean of their accuracies in the games that have one. By rating band:
// the same per side of a game, by the band of that side's WhiteElo / BlackElo (bands as
// fairy-analyze --online makes them: --rating-band points wide from 0).
//
// Memory: per game, the entry of each of its positions among the distinct ones (4 bytes a
// position) and 48 bytes (its file, number, players as indices into a table of their names,
// ratings, result: JudgedGames::Game); each player's name once; in Interweave, 4 bytes more a
// position (a hash of the move played: SeenPosition::move). Nothing of a game is judged when it
// is read: the judgements are made again from these whenever they are written, and the move
// played is found again as the legal move of the position before that leads to the position
// after (in Interweave, of those, the one with the hash kept: a multi-capture taken in another
// order can reach the same position).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "analysis/statistics/engine_analysis.h"
#include "analysis/statistics/report_html.h"
#include "analysis/statistics/stats.h"

namespace fairykit::analysis {

// The games of an engine analysis, kept to judge their moves.
class JudgedGames {
 public:
  struct Game {
    std::uint32_t file = 0;   // index into DistinctPositions::files()
    std::int64_t number = 0;  // the game's number in its file, from 1
    std::uint64_t first = 0;  // its positions: entries [first, first + positions) of positions()
    std::uint32_t positions = 0;
    std::uint32_t white = 0, black = 0;         // indices into players()
    std::int32_t white_elo = 0, black_elo = 0;  // 0: no rating
    char result = '*';                          // 'w', 'b', 'd' or '*' (stats.h, GameFacts)
  };

  // A game of the input DistinctPositions::files()[file], its number `game` there, `facts` its
  // players, ratings and result, `positions` the entries of its positions in order (ply 0
  // first). A game of no move (a line of a position list) has nothing to judge: not kept.
  // `seen` the game's positions as read (one per entry of `positions`), for the moves played
  // that a position alone does not tell (SeenPosition::move).
  void add(std::uint32_t file, std::int64_t game, const GameFacts& facts,
           std::span<const std::uint32_t> positions, std::span<const SeenPosition> seen = {});

  const std::vector<Game>& games() const { return games_; }
  std::span<const std::uint32_t> positions(const Game& g) const {
    return {positions_.data() + g.first, g.positions};
  }
  // The SeenPosition::move of position `i` (from 0) of `g`; 0 when the game keeps none.
  std::uint32_t move_into(const Game& g, std::size_t i) const {
    const auto it = moves_at_.find(g.first);
    return it == moves_at_.end() ? 0 : moves_[it->second + i];
  }
  // The players' names as the tags give them ("" for none).
  const std::string& player(std::uint32_t id) const { return players_[id]; }

 private:
  std::uint32_t player_id(const std::string& name);

  std::vector<Game> games_;
  std::vector<std::uint32_t> positions_;
  // The SeenPosition::move of each position of the games that keep them (Interweave), in
  // order; moves_at_ maps such a game's Game::first to its first entry here.
  std::vector<std::uint32_t> moves_;
  absl::flat_hash_map<std::uint64_t, std::uint64_t> moves_at_;
  std::deque<std::string> players_;  // (a deque: the views of player_ids_ stay valid)
  absl::flat_hash_map<std::string_view, std::uint32_t> player_ids_;
};

struct JudgementOptions {
  int rating_band = 200;  // the bands' width in points (--rating-band)
  int top = 20;           // rows of the players' table (--top; 0: all)
};

// What counts() gives.
struct JudgementCounts {
  std::uint64_t games = 0;                // games of at least one move
  std::uint64_t moves = 0;                // their moves
  std::uint64_t judged = 0;               // of them, judged
  std::uint64_t unjudged = 0;             // not: a position before or after without an evaluation
  std::uint64_t games_with_accuracy = 0;  // games whose every position has an evaluation
};

// The judgements of the games of `games`, whose positions are entries of `positions` and
// evaluations those of `analysis` (all three outlive it).
class MoveJudge {
 public:
  MoveJudge(const JudgedGames& games, const DistinctPositions& positions,
            const EngineAnalysis& analysis)
      : games_(games), positions_(positions), analysis_(analysis) {}

  JudgementCounts counts() const;

  // One JSON Lines record per judged move, games in input order and moves in order, appended
  // to `out` (handed to `sink` as it grows: stats.h, TextSink):
  //   {"file":"games.pgn","game":2,"ply":5,"variant":"chess","side":"white","move":"d1h5",
  //    "san":"Qh5","before":{"cp":250},"after":{"cp":-400},"mover_before":{"cp":250},
  //    "mover_after":{"cp":-400},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.7151,
  //    "expected_after":0.1865,"expected_loss":0.5286,"cp_loss":650,"accuracy":8.16,
  //    "class":"blunder"}
  // ply: the move's (1: the first); before / after: the evaluations from White's view as the
  // positions' records give them ("cp", or "mate" N: White mates in N moves, negative: Black
  // mates; 0: the side to move is checkmated); mover_before / mover_after: the same from the
  // mover's side ("mate" N: the mover mates in N, 0: has mated; negative: is mated); best,
  // pv: the engine's in the position before; expected_*: the mover's expected score (4
  // decimals), cp_loss, accuracy (2 decimals) and class as judge_move() gives them.
  void write_moves(std::string& out, const TextSink& sink = {}) const;

  // The tables, in this order:
  //   judgement_summary          by variant: games, games with accuracy, and the figures
  //   judgement_by_game          a row per game and side that moved: file, game, side, player,
  //                              rating, and the figures (accuracy that of the game)
  //   judgement_by_player        the --top players with the most judged moves (when a game
  //                              names its players)
  //   judgement_by_rating_band   by the band of the side's rating (when a game has ratings)
  // The figures: moves (judged), unjudged, mean cp loss (1 decimal), accuracy (1 decimal),
  // inaccuracies, mistakes, blunders, and each of the three per 100 judged moves (2 decimals).
  std::vector<StatsTable> tables(const JudgementOptions& options) const;

  // An evaluation graph per game of at least one move, in input order, handed to `f`.
  void for_each_graph(const std::function<void(const EvalGraph&)>& f) const;

 private:
  const JudgedGames& games_;
  const DistinctPositions& positions_;
  const EngineAnalysis& analysis_;
};

}  // namespace fairykit::analysis
