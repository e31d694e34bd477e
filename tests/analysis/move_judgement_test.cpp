// The judgement of a collection's moves (analysis/statistics/move_judgement.h) on games made
// here, with evaluations set by hand: what is kept per game, the moves next to a position
// without an evaluation counted as unjudged (and the game then without an accuracy), a
// position shared by two games judged the same in both, and the players and bands.
#include "analysis/statistics/move_judgement.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fairykit::analysis {
namespace {

// A game of `n` positions whose keys are `first`, first + 1, ...: White to move at the even
// plies. (Their FENs are not read: a test without --report moves.)
std::vector<SeenPosition> game(Key first, int n) {
  std::vector<SeenPosition> seen(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    seen[std::size_t(i)].key = first + Key(i);
    seen[std::size_t(i)].ply = i;
    seen[std::size_t(i)].side = i % 2 == 0 ? WHITE : BLACK;
  }
  return seen;
}

GameFacts players(std::string white, std::string black, int white_elo, int black_elo) {
  GameFacts f;
  f.white = std::move(white);
  f.black = std::move(black);
  f.white_elo = white_elo;
  f.black_elo = black_elo;
  return f;
}

TEST(JudgedGames, KeepsTheEntriesOfTheGamesWithMoves) {
  JudgedGames games;
  const std::vector<std::uint32_t> one = {0}, three = {0, 1, 2};
  games.add(0, 1, players("A", "B", 0, 0), one);  // no move: nothing to judge
  games.add(0, 2, players("A", "B", 0, 0), three);
  games.add(1, 1, players("B", "A", 0, 0), three);
  ASSERT_EQ(games.games().size(), 2u);
  const JudgedGames::Game& g = games.games()[0];
  EXPECT_EQ(g.number, 2);
  EXPECT_EQ(std::vector<std::uint32_t>(games.positions(g).begin(), games.positions(g).end()),
            three);
  // The names are kept once.
  EXPECT_EQ(games.games()[1].white, g.black);
  EXPECT_EQ(games.player(g.white), "A");
}

TEST(MoveJudge, MovesNextToAPositionWithoutAnEvaluationAreUnjudged) {
  DistinctPositions positions;
  JudgedGames games;
  std::vector<std::uint32_t> at;
  // Game 1: 5 positions (keys 100-104); game 2 shares the first three and goes to 200.
  positions.add("a.pgn", 1, game(100, 5), &at);
  games.add(0, 1, players("Ann", "Bob", 1850, 2010), at);
  std::vector<SeenPosition> second = game(100, 4);
  second[3].key = 200;
  at.clear();
  positions.add("a.pgn", 2, second, &at);
  games.add(0, 2, players("Bob", "Ann", 0, 1790), at);
  ASSERT_EQ(positions.entries().size(), 6u);
  EXPECT_EQ(at, (std::vector<std::uint32_t>{0, 1, 2, 5}));
  // White's view: 0, -55 (White's inaccuracy), 0 (Black's), no evaluation, 0; key 200: +169.
  EngineAnalysis a;
  a.results.resize(6);
  const int cp[] = {0, -55, 0, 0, 0, 169};
  for (std::size_t i = 0; i < 6; ++i) {
    a.results[i].ok = i != 3;
    a.results[i].eval.score = cp[i];
  }
  a.results[3].error = "the engine died";
  const MoveJudge judge(games, positions, a);
  const JudgementCounts c = judge.counts();
  EXPECT_EQ(c.games, 2u);
  EXPECT_EQ(c.moves, 7u);     // 4 + 3
  EXPECT_EQ(c.unjudged, 2u);  // game 1's third and fourth moves
  EXPECT_EQ(c.judged, 5u);
  EXPECT_EQ(c.games_with_accuracy, 1u);  // game 2 only
  const std::vector<StatsTable> tables = judge.tables({});
  ASSERT_EQ(tables.size(), 4u);
  // By game: game 1's White made one judged move (an inaccuracy of 55) and one unjudged, no
  // accuracy; game 2's White (Bob) lost the same 55 with the same 1. (the position after it
  // is game 1's) and nothing with 2. (0 to +169): 27.5 a move, and an accuracy.
  const StatsTable& by_game = tables[1];
  ASSERT_EQ(by_game.rows.size(), 4u);
  EXPECT_EQ(by_game.rows[0], (StatsRow{"a.pgn", "1", "white", "Ann", "1850", "1", "1", "55.0", "",
                                       "1", "0", "0", "100.00", "0.00", "0.00"}));
  EXPECT_EQ(by_game.rows[1][6], "1");  // Black's 2... unjudged
  EXPECT_EQ(by_game.rows[2][4], "");   // Bob unrated in game 2
  EXPECT_EQ(by_game.rows[2][7], "27.5");
  EXPECT_NE(by_game.rows[2][8], "");  // an accuracy
  // Bands: Ann's 1850 and 1790 and Bob's 2010; Bob unrated in game 2.
  const StatsTable& bands = tables[3];
  ASSERT_EQ(bands.rows.size(), 3u);
  EXPECT_EQ(bands.rows[0][0], "1600-1799");
  EXPECT_EQ(bands.rows[2][0], "2000-2199");
  EXPECT_EQ(bands.rows[2][1], "1");
}

}  // namespace
}  // namespace fairykit::analysis
