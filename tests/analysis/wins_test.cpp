// Exact forced-win search (analysis/statistics/wins.h). Every length is checked against a reference
// written here from the definition alone: a plain recursive AND-OR search over AnyGame's
// text interface (legal_moves_uci, play, undo, state), which shares no code with the
// search under test beyond the rules themselves. The positions were found for these tests
// and each is proven by that reference: a win of the stated length, none shorter.
#include "analysis/statistics/wins.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game/registry.h"

namespace fairykit::analysis {
namespace {

constexpr std::uint64_t kNoLimit = 100'000'000;

std::unique_ptr<AnyGame> Game(std::string_view variant, std::string_view fen) {
  const VariantInfo* v = find_variant(variant);
  EXPECT_NE(v, nullptr) << variant;
  absl::StatusOr<std::unique_ptr<AnyGame>> g = AnyGame::create(*v, fen);
  EXPECT_TRUE(g.ok()) << fen << ": " << g.status();
  return g.ok() ? *std::move(g) : nullptr;
}

void Play(AnyGame& g, std::string_view move) {
  absl::StatusOr<AnyGame::Played> p = g.play(move);
  ASSERT_TRUE(p.ok()) << move << ": " << p.status();
}

// The reference: whether `winner` wins within `plies` plies, by the definition (the game
// ends decisively with the other side as the loser; the winner needs one winning move, the
// defender loses when all his moves lose).
bool RefWins(AnyGame& g, Color winner, int plies) {
  const GameState s = g.state();
  if (s.over()) return s.decisive() && s.loser() != winner;
  if (plies == 0) return false;
  const bool winner_to_move = g.side_to_move() == winner;
  const std::vector<std::string> moves = g.legal_moves_uci();
  for (const std::string& m : moves) {
    EXPECT_TRUE(g.play(m).ok()) << m;
    const bool won = RefWins(g, winner, plies - 1);
    g.undo();
    if (winner_to_move && won) return true;
    if (!winner_to_move && !won) return false;
  }
  return !winner_to_move && !moves.empty();
}

// The shortest win of the side to move within `max_plies` plies (every length tried in
// turn), or -1.
int RefShortest(AnyGame& g, int max_plies) {
  for (int plies = 0; plies <= max_plies; ++plies)
    if (RefWins(g, g.side_to_move(), plies)) return plies;
  return -1;
}

WinResult Find(AnyGame& g, int max_plies, std::uint64_t node_limit = kNoLimit) {
  return find_win(g, {.max_plies = max_plies, .node_limit = node_limit});
}

// The parameterised suites below run over tables of cases, each with a variant and a FEN.
template <class Case>
concept PositionCase = requires(const Case& c) {
  std::string_view(c.variant);
  std::string_view(c.fen);
};

template <PositionCase Case>
class CaseTest : public testing::TestWithParam<Case> {
 protected:
  std::unique_ptr<AnyGame> game() const {
    return Game(this->GetParam().variant, this->GetParam().fen);
  }
};

// How gtest shows a case.
template <PositionCase Case>
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.variant << " \"" << c.fen << "\"";
}

// Test names: the variant and the case's index in its table.
template <PositionCase Case>
std::string CaseName(const testing::TestParamInfo<Case>& p) {
  return std::string(p.param.variant) + "_" + std::to_string(p.index);
}

struct WinCase {
  std::string_view variant;
  std::string_view fen;
  int plies;    // the shortest forced win
  GameEnd end;  // how the principal line ends
};

// Each position with its shortest win; every variant, every way to win.
constexpr WinCase kWinCases[] = {
    // Standard chess. Back-rank mate: 1. Ra8#.
    {"chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1, GameEnd::kCheckmate},
    // Rook and King: 1. Kb6 Kb8 2. Rh8#.
    {"chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 3, GameEnd::kCheckmate},
    // 1. Nf6+ gxf6 2. Bxf7# (Legal's trap, with the d1 Bishop Black's).
    {"chess", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 3,
     GameEnd::kCheckmate},
    // Rook and King, a mate in 3 and none in 2: 1. Kc6 Kb8 2. Ra1 Kc8 3. Ra8#.
    {"chess", "2k5/8/8/2K5/8/8/8/7R w - - 0 1", 5, GameEnd::kCheckmate},
    // Black to move, a King hunt: 1... Bc5+ 2. Kxc5 Qb6+ 3. Kd5 Qd6#.
    {"chess", "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 5,
     GameEnd::kCheckmate},
    // superchess.md: the Amazon (QN) and the Empress (RN) mate as in chess.
    {"superchess", "k7/8/1K6/8/8/8/8/1A6 w - - 0 1", 3, GameEnd::kCheckmate},
    {"superchess", "4k3/8/8/4K3/8/8/8/E7 w - - 0 1", 5, GameEnd::kCheckmate},
    // cwda.md: the Colonel (NF), Waffle and Bede (CF), a Charging Rook (FN, Black to move).
    {"cwda", "4k3/8/8/4K3/8/8/8/L7 w - - 0 1 NF", 3, GameEnd::kCheckmate},
    {"cwda", "1k6/8/W2K4/8/3D4/8/8/8 w - - 0 1 CF", 5, GameEnd::kCheckmate},
    {"cwda", "8/8/8/4g3/k7/8/K7/8 b - - 0 1 FN", 5, GameEnd::kCheckmate},
    // interweave.md §1.7: taking a King wins; a player without a legal move loses. One King
    // a side (a diagram): taking Black's only piece leaves Black without a move.
    {"interweave", "8/8/8/8/8/k7/K7/8 w 0 - 000000", 1, GameEnd::kNoLegalMove},
    {"interweave", "7k/8/8/8/8/k7/K7/7K w 0 - 000000", 1, GameEnd::kKingCaptured},
    // Captures are compulsory, which deflects a black King: 1. Rg1-f2 Ke2xg2 2. Kh2xf2.
    {"interweave", "8/3k1K2/7p/8/8/8/4k2K/6R1 w 0 - 000000", 3, GameEnd::kKingCaptured},
    {"interweave", "2K5/3Rp3/8/8/6k1/8/K7/k7 w 0 - 000000", 5, GameEnd::kKingCaptured},
    // fluidity.md §3.6: a King can be dissected (taken), which wins; no legal move loses.
    // The Rook passes through the Knight and the King to a6.
    {"fluidity", "8/8/8/k7/n7/8/8/R6K w - - 0 1", 1, GameEnd::kKingCaptured},
    // 1. Rb7: the King is not in check and has no move.
    {"fluidity", "k7/8/8/8/8/8/8/1R5K w - - 0 1", 1, GameEnd::kNoLegalMove},
    {"fluidity", "8/8/1R6/8/2K4b/1n6/3N4/4k3 w - - 0 1", 3, GameEnd::kKingCaptured},
    {"fluidity", "6K1/8/8/1k6/1n6/8/7R/2b1Q3 w - - 0 1", 5, GameEnd::kKingCaptured},
    {"fluidity", "7k/8/8/8/8/8/8/R3K2R w - - 0 1", 3, GameEnd::kCheckmate},
};

// A win of exactly c.plies plies, agreed by the reference; the game left as it was; a line
// that is legal, keeps the exact length at every position, and ends the game as c.end;
// loses_within() agreeing after the line's first move.
using ShortestWin = CaseTest<WinCase>;

TEST_P(ShortestWin, IsFoundWithAnExactLine) {
  const WinCase& c = GetParam();
  std::unique_ptr<AnyGame> g = game();
  ASSERT_NE(g, nullptr);
  const std::string fen = g->fen();
  const Key key = g->key();
  const Color us = g->side_to_move();

  const WinResult r = Find(*g, c.plies + 2);
  EXPECT_EQ(g->fen(), fen);
  EXPECT_EQ(g->key(), key);
  EXPECT_EQ(g->plies(), 0u);
  ASSERT_EQ(r.status, WinResult::kWin);
  EXPECT_EQ(r.plies, c.plies);
  EXPECT_GT(r.nodes, 0u);
  ASSERT_EQ(r.line_uci.size(), std::size_t(c.plies));
  ASSERT_EQ(r.line_san.size(), std::size_t(c.plies));
  // The same length when the horizon is exactly the win, none a ply shorter.
  EXPECT_EQ(Find(*g, c.plies).plies, c.plies);
  EXPECT_EQ(Find(*g, c.plies - 1).status, WinResult::kNoWin);
  EXPECT_EQ(RefShortest(*g, c.plies), c.plies);

  std::unique_ptr<AnyGame> line = Game(c.variant, c.fen);
  for (int i = 0; i < c.plies; ++i) {
    SCOPED_TRACE(r.line_san[std::size_t(i)]);
    EXPECT_FALSE(line->state().over());
    // Each position of the line is won in exactly the plies left.
    EXPECT_TRUE(RefWins(*line, us, c.plies - i));
    EXPECT_FALSE(RefWins(*line, us, c.plies - i - 1));
    absl::StatusOr<AnyGame::Played> p = line->play(r.line_uci[std::size_t(i)]);
    ASSERT_TRUE(p.ok()) << p.status();
    EXPECT_EQ(p->uci, r.line_uci[std::size_t(i)]);
    EXPECT_EQ(p->san, r.line_san[std::size_t(i)]);
    if (i == 0) {
      EXPECT_EQ(loses_within(*line, c.plies - 1, kNoLimit).status, LossResult::kLost);
      if (c.plies >= 2) {
        EXPECT_EQ(loses_within(*line, c.plies - 2, kNoLimit).status, LossResult::kNotLost);
      }
    }
  }
  const GameState end = line->state();
  EXPECT_EQ(end.end, c.end);
  EXPECT_TRUE(end.decisive());
  EXPECT_EQ(end.loser(), ~us);
}

INSTANTIATE_TEST_SUITE_P(FindWin, ShortestWin, testing::ValuesIn(kWinCases), CaseName<WinCase>);

TEST(FindWin, MateInThreeIsNoWinWithinTwoMoves) {
  std::unique_ptr<AnyGame> g = Game("chess", "2k5/8/8/2K5/8/8/8/7R w - - 0 1");
  ASSERT_NE(g, nullptr);
  const WinResult three = Find(*g, 5);
  EXPECT_EQ(three.status, WinResult::kWin);
  EXPECT_EQ(three.plies, 5);
  for (int max_plies : {0, 1, 2, 3, 4}) {
    const WinResult r = Find(*g, max_plies);
    EXPECT_EQ(r.status, WinResult::kNoWin) << max_plies;
    EXPECT_EQ(r.plies, 0);
    EXPECT_TRUE(r.line_uci.empty());
    EXPECT_TRUE(r.line_san.empty());
  }
  EXPECT_EQ(RefShortest(*g, 4), -1);
  EXPECT_EQ(Find(*g, -3).status, WinResult::kNoWin);  // read as 0
}

// interweave.md §1.7: the player who makes a position's third occurrence loses. Black's
// King has one move from a8 and one from b7 (the white Pawns block the others), so after a
// cycle and a half of Kings' moves White wins in 2 plies, on Black's own move: a win of even
// length, found exactly.
TEST(FindWin, AnEvenWinOnTheDefendersThirdRepetition) {
  std::unique_ptr<AnyGame> g = Game("interweave", "k1P5/8/P1P5/8/8/8/8/7K w 0 - 000000");
  ASSERT_NE(g, nullptr);
  // 1. a6-b7 takes Black's last move at once.
  EXPECT_EQ(Find(*g, 3).plies, 1);
  for (std::string_view m : {"Kh1-g2", "Ka8-b7", "Kg2-h1", "Kb7-a8", "Kh1-g2", "Ka8-b7"})
    Play(*g, m);
  const std::string fen = g->fen();
  const WinResult r = Find(*g, 3);
  ASSERT_EQ(r.status, WinResult::kWin);
  EXPECT_EQ(r.plies, 2);
  EXPECT_EQ(r.line_uci, (std::vector<std::string>{"g2h1", "b7a8"}));
  EXPECT_EQ(RefShortest(*g, 2), 2);
  EXPECT_EQ(Find(*g, 1).status, WinResult::kNoWin);
  EXPECT_EQ(Find(*g, 2).plies, 2);  // an even horizon
  // The history is intact: the search took back all it played.
  EXPECT_EQ(g->fen(), fen);
  EXPECT_EQ(g->plies(), 6u);
  EXPECT_EQ(g->state().repetitions, 2);
  // The loser's view of the same: lost within 1 ply after White's move.
  Play(*g, "Kg2-h1");
  EXPECT_EQ(loses_within(*g, 1, kNoLimit).status, LossResult::kLost);
  EXPECT_EQ(loses_within(*g, 0, kNoLimit).status, LossResult::kNotLost);
  // After it the game is over and already won by the side to move (0 plies).
  Play(*g, "Kb7-a8");
  ASSERT_EQ(g->state().end, GameEnd::kRepetitionLoss);
  const WinResult won = Find(*g, 3);
  EXPECT_EQ(won.status, WinResult::kWin);
  EXPECT_EQ(won.plies, 0);
  EXPECT_TRUE(won.line_uci.empty());
  EXPECT_EQ(won.nodes, 0u);
}

// Positions with a move that ends the game in a draw, and no win: a draw is not a win,
// neither on the way nor where the game ends.
struct DrawCase {
  std::string_view variant;
  std::string_view fen;
  int max_plies;  // no win within these
  std::string_view move;
  GameEnd end;  // the draw the move makes
};

constexpr DrawCase kDrawCases[] = {
    // King and a-Pawn against King: 1. Ka6 stalemates, and nothing wins.
    {"chess", "k7/P7/1K6/8/8/8/8/8 w - - 0 1", 7, "Ka6", GameEnd::kStalemate},
    // 1. Bxb2 leaves King and Bishop against King: a dead position.
    {"chess", "7k/8/8/8/8/8/1n6/B3K3 w - - 0 1", 5, "Bxb2", GameEnd::kInsufficientMaterial},
    // The same in Fluidity (§3.6: K+B v K is dead), the Bishop dissecting the Knight.
    {"fluidity", "7k/8/8/8/8/8/1n6/B3K3 w - - 0 1", 5, "a1c3", GameEnd::kInsufficientMaterial},
};

using NoWin = CaseTest<DrawCase>;

TEST_P(NoWin, ADrawIsNoWin) {
  const DrawCase& c = GetParam();
  std::unique_ptr<AnyGame> g = game();
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(Find(*g, c.max_plies).status, WinResult::kNoWin);
  EXPECT_EQ(RefShortest(*g, c.max_plies - 2), -1);
  Play(*g, c.move);
  const GameState s = g->state();
  EXPECT_EQ(s.end, c.end);
  EXPECT_TRUE(s.over());
  EXPECT_FALSE(s.decisive());
  // After it, the side to move has no win either, nor has the other: the search plays no
  // move in a finished game.
  const WinResult r = Find(*g, 5);
  EXPECT_EQ(r.status, WinResult::kNoWin);
  EXPECT_EQ(r.nodes, 0u);
  EXPECT_EQ(loses_within(*g, 5, kNoLimit).status, LossResult::kNotLost);
}

INSTANTIATE_TEST_SUITE_P(FindWin, NoWin, testing::ValuesIn(kDrawCases), CaseName<DrawCase>);

// The black-to-move mate in 3 of StandardChess: the node limit stops the search with an
// unknown result; enough nodes give the exact answer; the count and line never vary.
TEST(FindWin, NodeLimitAndDeterminism) {
  std::unique_ptr<AnyGame> g =
      Game("chess", "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1");
  ASSERT_NE(g, nullptr);
  const std::string fen = g->fen();
  const WinResult full = Find(*g, 5);
  ASSERT_EQ(full.status, WinResult::kWin);
  EXPECT_EQ(full.plies, 5);
  EXPECT_EQ(full.line_san, (std::vector<std::string>{"Bc5+", "Kxc5", "Qb6+", "Kd5", "Qd6#"}));
  const WinResult again = Find(*g, 5);
  EXPECT_EQ(again.nodes, full.nodes);
  EXPECT_EQ(again.line_uci, full.line_uci);
  EXPECT_EQ(again.line_san, full.line_san);

  const WinResult small = Find(*g, 5, 100);
  EXPECT_EQ(small.status, WinResult::kNodeLimit);
  EXPECT_EQ(small.nodes, 100u);
  EXPECT_TRUE(small.line_uci.empty());
  EXPECT_TRUE(small.line_san.empty());
  EXPECT_EQ(g->fen(), fen);  // a stopped search takes its moves back too
  // The limit is the number of positions entered: exactly enough is enough.
  const WinResult exact = Find(*g, 5, full.nodes);
  EXPECT_EQ(exact.status, WinResult::kWin);
  EXPECT_EQ(exact.nodes, full.nodes);
  EXPECT_EQ(exact.line_uci, full.line_uci);
  EXPECT_EQ(Find(*g, 5, full.nodes - 1).status, WinResult::kNodeLimit);
  EXPECT_EQ(g->fen(), fen);

  EXPECT_EQ(loses_within(*g, 4, 10).status, LossResult::kNodeLimit);
  Play(*g, "Bc5+");
  const LossResult lost = loses_within(*g, 4, kNoLimit);
  EXPECT_EQ(lost.status, LossResult::kLost);
  EXPECT_EQ(loses_within(*g, 4, lost.nodes).status, LossResult::kLost);
  EXPECT_EQ(loses_within(*g, 4, lost.nodes - 1).status, LossResult::kNodeLimit);
}

// The missed-win recipe of analysis/statistics/wins.h: before a move, a win of n plies; after it,
// the opponent lost within n - 1 plies or not. Every White move of a mate in 2, against the
// reference.
TEST(LosesWithin, TellsWhichMovesKeepTheWin) {
  std::unique_ptr<AnyGame> g = Game("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1");
  ASSERT_NE(g, nullptr);
  const WinResult r = Find(*g, 5);
  ASSERT_EQ(r.status, WinResult::kWin);
  ASSERT_EQ(r.plies, 3);
  std::vector<std::string> keep;
  for (const std::string& m : g->legal_moves_uci()) {
    Play(*g, m);
    const LossResult after = loses_within(*g, r.plies - 1, kNoLimit);
    ASSERT_NE(after.status, LossResult::kNodeLimit);
    EXPECT_EQ(after.status == LossResult::kLost, RefWins(*g, WHITE, r.plies - 1)) << m;
    if (after.status == LossResult::kLost) keep.push_back(m);
    g->undo();
  }
  // Kb6 and Kc7 keep the mate in 2; Rh8+ (Ka7) and every other move give it away.
  EXPECT_EQ(keep, (std::vector<std::string>{"c6b6", "c6c7"}));
  // A game already lost is lost within 0 plies.
  std::unique_ptr<AnyGame> mated = Game("chess", "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
  ASSERT_NE(mated, nullptr);
  const LossResult now = loses_within(*mated, 0, kNoLimit);
  EXPECT_EQ(now.status, LossResult::kLost);
  EXPECT_EQ(now.nodes, 0u);
}

}  // namespace
}  // namespace fairykit::analysis
