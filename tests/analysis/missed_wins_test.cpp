// WinScanner: the forced wins along a game and whether the move played kept them.
#include "analysis/statistics/missed_wins.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "rules/game/registry.h"

namespace fairykit::analysis {
namespace {

// Plays `moves` from `fen` (chess), showing each position to the scanner.
std::vector<WinFinding> scan(const std::string& fen, const std::vector<std::string>& moves,
                             int plies) {
  std::unique_ptr<AnyGame> game = *AnyGame::create(variant_info(VariantId::kChess), fen);
  WinScanner scanner({plies, 1'000'000});
  scanner.begin(7);
  scanner.position(*game, 0);
  int ply = 0;
  for (const std::string& m : moves) {
    absl::StatusOr<AnyGame::Played> p = game->play(m);
    EXPECT_TRUE(p.ok()) << m;
    scanner.position(*game, ++ply);
  }
  EXPECT_EQ(game->fen(), [&] {
    std::unique_ptr<AnyGame> g = *AnyGame::create(variant_info(VariantId::kChess), fen);
    for (const std::string& m : moves) (void)g->play(m);
    return g->fen();
  }()) << "the scanner leaves the game as it was";
  return scanner.findings();
}

// A back-rank mate in one, missed (Kf1), then played (Ra8#).
TEST(WinScanner, AMissedMateThenAKeptOne) {
  const std::vector<WinFinding> f =
      scan("6k1/1p3ppp/8/8/8/8/8/R5K1 w - - 0 1", {"Kf1", "b6", "Ra8#"}, 3);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].game, 7);
  EXPECT_EQ(f[0].ply, 0);
  EXPECT_EQ(f[0].fen, "6k1/1p3ppp/8/8/8/8/8/R5K1 w - - 0 1");
  EXPECT_EQ(f[0].side, WHITE);
  EXPECT_EQ(f[0].status, WinResult::kWin);
  EXPECT_EQ(f[0].plies, 1);
  EXPECT_EQ(f[0].line, std::vector<std::string>{"Ra8#"});
  EXPECT_EQ(f[0].played, "Kf1");
  EXPECT_EQ(f[0].move, WinFinding::Move::kMissed);
  EXPECT_EQ(f[1].ply, 2);
  EXPECT_EQ(f[1].plies, 1);
  EXPECT_EQ(f[1].played, "Ra8#");
  EXPECT_EQ(f[1].move, WinFinding::Move::kKept);
}

// A mate in two (Rd8+ Rxd8 Rxd8#... here: the rook ladder) kept move by move: the first
// move keeps it (the opponent lost within 2 plies), the mate in one that follows too.
TEST(WinScanner, AWinKeptToTheEnd) {
  // White: Ra1, Rb2, Kg1; Black: Kh8. 1.Rb7 (any) ... the ladder: 1.Ra7 Kg8 2.Rb8#.
  const std::vector<WinFinding> f =
      scan("7k/8/8/8/8/8/1R6/R5K1 w - - 0 1", {"Ra7", "Kg8", "Rb8#"}, 3);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].plies, 3);
  EXPECT_EQ(f[0].move, WinFinding::Move::kKept);
  EXPECT_EQ(f[0].played, "Ra7");
  EXPECT_EQ(f[1].ply, 2);
  EXPECT_EQ(f[1].plies, 1);
  EXPECT_EQ(f[1].move, WinFinding::Move::kKept);
}

// The last position of a game with a win found: nothing played from it.
TEST(WinScanner, AWinAtTheEndOfTheGameHasNoMove) {
  const std::vector<WinFinding> f = scan("6k1/1p3ppp/8/8/8/8/8/R5K1 w - - 0 1", {}, 1);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].move, WinFinding::Move::kNone);
  EXPECT_EQ(f[0].played, "");
}

// Too few nodes: the node limit is a finding, with no move verdict.
TEST(WinScanner, TheNodeLimitIsReported) {
  std::unique_ptr<AnyGame> game = *AnyGame::create(variant_info(VariantId::kChess), "startpos");
  WinScanner scanner({5, 50});
  scanner.begin(1);
  scanner.position(*game, 0);
  ASSERT_EQ(scanner.findings().size(), 1u);
  EXPECT_EQ(scanner.findings()[0].status, WinResult::kNodeLimit);
  EXPECT_EQ(scanner.findings()[0].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(scanner.positions(), 1u);
}

// No search asked: nothing found, nothing searched.
TEST(WinScanner, NoSearchWithoutPlies) {
  std::unique_ptr<AnyGame> game = *AnyGame::create(variant_info(VariantId::kChess), "startpos");
  WinScanner scanner({0, 1000});
  scanner.begin(1);
  scanner.position(*game, 0);
  EXPECT_TRUE(scanner.findings().empty());
  EXPECT_EQ(scanner.positions(), 0u);
}

}  // namespace
}  // namespace fairykit::analysis
