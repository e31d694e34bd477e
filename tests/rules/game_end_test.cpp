#include "rules/core/game_end.h"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <string_view>

#include "rules/notation/fen.h"
#include "rules/notation/san.h"

namespace fairykit {
namespace {

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// A position with the StateInfo chain of the moves played on it.
template <class V = ChessVariant>
struct Game {
  std::deque<StateInfo> states = std::deque<StateInfo>(1);
  Position<V> pos;
  explicit Game(std::string_view fen) {
    absl::Status s = set_from_fen(pos, fen, states.front());
    EXPECT_TRUE(s.ok()) << fen << ": " << s;
  }
  void Play(std::string_view san) {
    absl::StatusOr<Move> m = move_from_san(pos, san);
    ASSERT_TRUE(m.ok()) << san << ": " << m.status();
    pos.do_move(*m, states.emplace_back());
  }
  GameState State() const { return game_state(pos); }
};

TEST(GameEnd, FoolsMate) {
  Game g(kStart);
  for (const char* san : {"f3", "e5", "g4"}) g.Play(san);
  EXPECT_EQ(g.State().end, GameEnd::kNone);
  EXPECT_EQ(move_to_san(g.pos, *move_from_san(g.pos, "Qh4")), "Qh4#");
  g.Play("Qh4#");
  const GameState s = g.State();
  EXPECT_EQ(s.end, GameEnd::kCheckmate);
  EXPECT_EQ(s.side_to_move, WHITE);
  EXPECT_TRUE(s.over());
  EXPECT_FALSE(s.claimable());
  EXPECT_EQ(describe(s.end), "checkmate");
  EXPECT_EQ(pgn_result(s), "0-1");
}

TEST(GameEnd, ScholarsMateIsAWhiteWin) {
  Game g(kStart);
  for (const char* san : {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"}) g.Play(san);
  const GameState s = g.State();
  EXPECT_EQ(s.end, GameEnd::kCheckmate);
  EXPECT_EQ(pgn_result(s), "1-0");
}

TEST(GameEnd, Stalemate) {
  Game g("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  const GameState s = g.State();
  EXPECT_EQ(s.end, GameEnd::kStalemate);
  EXPECT_TRUE(s.over());
  EXPECT_EQ(describe(s.end), "stalemate");
  EXPECT_EQ(pgn_result(s), "1/2-1/2");
  // White to move in the same set-up is neither.
  Game w("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
  EXPECT_EQ(w.State().end, GameEnd::kNone);
  EXPECT_EQ(pgn_result(w.State()), "*");
}

// has_legal_move answers most positions from a king's step, a pawn's single step or a
// knight's move; each of those shortcuts must not take a pinned piece's move, nor a
// promotion, for a legal move.
TEST(GameEnd, StalemateWithPinnedOrBlockedMen) {
  struct Case {
    std::string_view fen;
    std::uint64_t legal;  // count_legal
  };
  const Case cases[] = {
      {"7k/5Kp1/8/6N1/8/8/8/B7 b - - 0 1", 0},    // the g-pawn pinned on the long diagonal
      {"7k/5Kn1/8/6N1/8/8/8/B7 b - - 0 1", 0},    // a pinned knight
      {"7k/5Q2/6K1/p7/P7/8/8/8 b - - 0 1", 0},    // a blocked pawn
      {"7k/5Kp1/6P1/6N1/8/8/8/B7 b - - 0 1", 0},  // blocked and pinned
      {"7k/p4Q2/6K1/8/8/8/8/8 b - - 0 1", 2},     // a free pawn: a6, a5
      {"7k/n4Q2/6K1/8/8/8/8/8 b - - 0 1", 3},     // a free knight: b5, c6, c8
      {"7k/5Q2/6K1/8/8/8/p7/8 b - - 0 1", 4},     // only a promotion: a1 = Q, R, B, N
      {"6k1/5Q2/6K1/8/8/8/8/8 b - - 0 1", 1},     // in check: the king's one step, h8
      {"6k1/8/6K1/8/8/8/8/5Q2 b - - 0 1", 1},     // the king's one step, h8 (f8: the queen)
  };
  for (const Case& c : cases) {
    Game g(c.fen);
    EXPECT_EQ(count_legal(g.pos), c.legal) << c.fen;
    EXPECT_EQ(has_legal_move(g.pos), c.legal != 0) << c.fen;
    EXPECT_EQ(g.State().end, c.legal == 0 ? GameEnd::kStalemate : GameEnd::kNone) << c.fen;
  }
}

TEST(GameEnd, InsufficientMaterial) {
  struct Case {
    const char* name;
    const char* fen;
    bool dead;
  };
  const Case cases[] = {
      {"K v K", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", true},
      {"K+N v K", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", true},
      {"K v K+N", "8/8/4k3/8/2n5/3K4/8/8 w - - 0 1", true},
      {"K+B v K", "8/8/4k3/8/8/3K4/8/2B5 w - - 0 1", true},
      {"K v K+B", "8/8/4k3/8/8/3K4/8/2b5 b - - 0 1", true},
      {"K+B v K+B, both dark", "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1", true},
      {"K+B v K+B, both light", "2b5/8/4k3/8/8/3K4/8/5B2 w - - 0 1", true},
      {"K+B+B v K, both dark", "8/8/4k3/8/8/3KB3/8/2B5 w - - 0 1", true},
      {"K+B v K+B, opposite colours", "2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1", false},
      {"K+N+N v K (mate possible with help: not dead)", "8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1", false},
      {"K+N v K+N", "8/8/4k3/8/8/3K4/8/1N4n1 w - - 0 1", false},
      {"K+B v K+N", "8/8/4k3/8/8/3K4/8/1B4n1 w - - 0 1", false},
      {"K+N v K+B", "8/8/4k3/8/8/3K4/8/1N3b2 w - - 0 1", false},
      {"K+P v K", "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", false},
      {"K+R v K", "8/8/4k3/8/8/3K4/8/R7 w - - 0 1", false},
      {"K+Q v K", "8/8/4k3/8/8/3K4/8/Q7 w - - 0 1", false},
  };
  int dead = 0;
  for (const Case& c : cases) {
    Game g(c.fen);
    EXPECT_EQ(insufficient_material(g.pos), c.dead) << c.name;
    const GameState s = g.State();
    if (c.dead) {
      ++dead;
      EXPECT_EQ(s.end, GameEnd::kInsufficientMaterial) << c.name;
      EXPECT_TRUE(s.over()) << c.name;
      EXPECT_EQ(describe(s.end), "insufficient material") << c.name;
      EXPECT_EQ(pgn_result(s), "1/2-1/2") << c.name;
    } else {
      EXPECT_EQ(s.end, GameEnd::kNone) << c.name;
      EXPECT_EQ(pgn_result(s), "*") << c.name;
    }
  }
  EXPECT_EQ(dead, 8);
}

TEST(GameEnd, FiftyAndSeventyFiveMoveRulesFromTheClock) {
  auto state = [](const char* fen) {
    Game g(fen);
    return g.State();
  };
  GameState s = state("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  EXPECT_EQ(s.end, GameEnd::kNone);
  EXPECT_FALSE(s.fifty_moves);

  s = state("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
  EXPECT_EQ(s.end, GameEnd::kFiftyMoveRule);
  EXPECT_TRUE(s.fifty_moves);
  EXPECT_TRUE(s.claimable());
  EXPECT_FALSE(s.over());
  EXPECT_EQ(describe(s.end), "fifty-move rule");
  EXPECT_EQ(pgn_result(s), "*");

  s = state("4k3/8/8/8/8/8/8/R3K3 w - - 149 80");
  EXPECT_EQ(s.end, GameEnd::kFiftyMoveRule);

  s = state("4k3/8/8/8/8/8/8/R3K3 w - - 150 80");
  EXPECT_EQ(s.end, GameEnd::kSeventyFiveMoveRule);
  EXPECT_TRUE(s.over());
  EXPECT_TRUE(s.fifty_moves);
  EXPECT_EQ(describe(s.end), "seventy-five-move rule");
  EXPECT_EQ(pgn_result(s), "1/2-1/2");

  // The last move mated: checkmate wins over the seventy-five-move rule.
  s = state("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 80");
  EXPECT_EQ(s.end, GameEnd::kCheckmate);
  EXPECT_EQ(pgn_result(s), "1-0");
  // So does stalemate (a draw either way, but the description differs).
  s = state("7k/5Q2/6K1/8/8/8/8/8 b - - 150 80");
  EXPECT_EQ(s.end, GameEnd::kStalemate);
}

TEST(GameEnd, SeventyFiveMoveRuleReachedByPlay) {
  Game g("4k3/8/8/8/8/8/4P3/R3K3 w - - 148 80");
  EXPECT_EQ(g.State().end, GameEnd::kFiftyMoveRule);
  g.Play("Ra2");
  EXPECT_EQ(g.State().end, GameEnd::kFiftyMoveRule);  // 149
  g.Play("Kd7");
  EXPECT_EQ(g.pos.rule50(), 150);
  EXPECT_EQ(g.State().end, GameEnd::kSeventyFiveMoveRule);
  // A pawn move would have reset the clock instead.
  Game p("4k3/8/8/8/8/8/4P3/R3K3 w - - 149 80");
  p.Play("e4");
  EXPECT_EQ(p.pos.rule50(), 0);
  EXPECT_EQ(p.State().end, GameEnd::kNone);
}

TEST(GameEnd, ThreefoldAndFivefoldRepetitionByKnightShuffle) {
  Game g(kStart);
  const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  int first_threefold = -1, first_fivefold = -1;
  for (int ply = 0; ply <= 16; ++ply) {
    if (ply > 0) g.Play(cycle[(ply - 1) % 4]);
    const GameState s = g.State();
    // The position after ply p was also there after p-4, p-8, ...
    EXPECT_EQ(s.repetitions, ply / 4 + 1) << "ply " << ply;
    EXPECT_EQ(repetition_count(g.pos), ply / 4 + 1) << "ply " << ply;
    if (ply < 8) {
      EXPECT_EQ(s.end, GameEnd::kNone) << "ply " << ply;
      EXPECT_FALSE(s.threefold) << "ply " << ply;
    } else if (ply < 16) {
      EXPECT_EQ(s.end, GameEnd::kThreefoldRepetition) << "ply " << ply;
      EXPECT_TRUE(s.threefold) << "ply " << ply;
      EXPECT_FALSE(s.over()) << "ply " << ply;
      EXPECT_EQ(pgn_result(s), "*") << "ply " << ply;
    } else {
      EXPECT_EQ(s.end, GameEnd::kFivefoldRepetition) << "ply " << ply;
      EXPECT_TRUE(s.threefold) << "ply " << ply;
      EXPECT_TRUE(s.over()) << "ply " << ply;
      EXPECT_EQ(pgn_result(s), "1/2-1/2") << "ply " << ply;
    }
    if (s.threefold && first_threefold < 0) first_threefold = ply;
    if (s.end == GameEnd::kFivefoldRepetition && first_fivefold < 0) first_fivefold = ply;
  }
  EXPECT_EQ(first_threefold, 8);
  EXPECT_EQ(first_fivefold, 16);
  EXPECT_EQ(describe(GameEnd::kThreefoldRepetition), "threefold repetition");
  EXPECT_EQ(describe(GameEnd::kFivefoldRepetition), "fivefold repetition");

  // An irreversible move ends the chain: nothing before it can repeat.
  g.Play("e4");
  EXPECT_EQ(g.State().repetitions, 1);
  EXPECT_EQ(g.State().end, GameEnd::kNone);
}

// The clocks are 32 bits: 16-bit ones wrapped after 65,535 plies,
// and the seventy-five-move rule and the repetition count stopped seeing the draw.
template <class V>
void clocks_past_sixteen_bits(const std::string& armies) {
  SCOPED_TRACE(std::string(V::kName));
  // Kings and knights: no capture, no pawn move, nothing resets the clock.
  Game<V> g("4k1n1/8/8/8/8/8/8/4K1N1 w - - 65530 1" + armies);
  const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  for (int ply = 1; ply <= 16; ++ply) {
    g.Play(cycle[(ply - 1) % 4]);
    EXPECT_EQ(g.pos.rule50(), 65530 + ply);
    EXPECT_EQ(repetition_count(g.pos), ply / 4 + 1) << "ply " << ply;
  }
  // Ply 8 crossed 65,536: the third occurrence, under the seventy-five-move rule.
  Game<V> h("4k1n1/8/8/8/8/8/8/4K1N1 w - - 65530 1" + armies);
  for (int ply = 1; ply <= 8; ++ply) h.Play(cycle[(ply - 1) % 4]);
  EXPECT_EQ(h.State().repetitions, 3);
  EXPECT_EQ(h.State().end, GameEnd::kSeventyFiveMoveRule);
  EXPECT_EQ(g.State().repetitions, 5);
  EXPECT_EQ(g.State().end, GameEnd::kFivefoldRepetition);
  EXPECT_EQ(to_fen(g.pos), "4k1n1/8/8/8/8/8/8/4K1N1 w - - 65546 9" + armies);

  // 70,000 plies played from the root: plies_from_null passes 65,535 too, and every
  // earlier occurrence is still found.
  Game<V> long_game("4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1" + armies);
  for (int ply = 1; ply <= 70000; ++ply) long_game.Play(cycle[(ply - 1) % 4]);
  EXPECT_EQ(long_game.pos.rule50(), 70000);
  EXPECT_EQ(long_game.pos.state()->plies_from_null, 70000u);
  EXPECT_EQ(repetition_count(long_game.pos), 17501);
  EXPECT_EQ(long_game.State().end, GameEnd::kFivefoldRepetition);
}

TEST(GameEnd, ClocksPastSixteenBits) {
  clocks_past_sixteen_bits<ChessVariant>("");
  clocks_past_sixteen_bits<Chess960Variant>("");
  clocks_past_sixteen_bits<CwdaVariant>(" FF");
  clocks_past_sixteen_bits<SuperchessVariant>("");
}

TEST(GameEnd, RepetitionNeedsTheSameSideToMoveAndCastlingRights) {
  // Rook moves give up castling rights: the first return to the start set-up is a new
  // position (castling differs), the later ones repeat it.
  Game g("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  for (const char* san : {"Rb1", "Rb8", "Ra1", "Ra8"}) g.Play(san);
  EXPECT_EQ(g.State().repetitions, 1);
  for (const char* san : {"Rb1", "Rb8", "Ra1", "Ra8"}) g.Play(san);
  EXPECT_EQ(g.State().repetitions, 2);
  // Without castling rights a king shuffle repeats the root itself: threefold at ply 8.
  Game k("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
  for (int i = 0; i < 2; ++i)
    for (const char* san : {"Ke2", "Ke7", "Ke1", "Ke8"}) k.Play(san);
  EXPECT_EQ(k.State().repetitions, 3);
  EXPECT_EQ(k.State().end, GameEnd::kThreefoldRepetition);
}

TEST(GameEnd, DescriptionsOfEveryValue) {
  EXPECT_EQ(describe(GameEnd::kNone), "");
  EXPECT_EQ(describe(GameEnd::kCheckmate), "checkmate");
  EXPECT_EQ(describe(GameEnd::kStalemate), "stalemate");
  EXPECT_EQ(describe(GameEnd::kInsufficientMaterial), "insufficient material");
  EXPECT_EQ(describe(GameEnd::kFivefoldRepetition), "fivefold repetition");
  EXPECT_EQ(describe(GameEnd::kSeventyFiveMoveRule), "seventy-five-move rule");
  EXPECT_EQ(describe(GameEnd::kThreefoldRepetition), "threefold repetition");
  EXPECT_EQ(describe(GameEnd::kFiftyMoveRule), "fifty-move rule");
  static_assert(pgn_result(GameState{}) == "*");
  static_assert(pgn_result(GameState{GameEnd::kCheckmate, BLACK}) == "1-0");
  static_assert(pgn_result(GameState{GameEnd::kThreefoldRepetition, WHITE}) == "*");
}

}  // namespace
}  // namespace fairykit
