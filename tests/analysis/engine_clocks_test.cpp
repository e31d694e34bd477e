// The move counters of every engine at the edge of the FEN range: a FEN may give a halfmove clock
// and a fullmove number (a ply count for Interweave) up to parsers::kMaxFenCounter; each engine
// reads it exactly, writes it back, counts on from it and restores it on undo. One past the range
// is an error that names the field.
#include <gtest/gtest.h>

#include <string>

#include "parsers/fen.h"
#include "rules/game/game.h"

namespace fairykit::analysis {
namespace {

struct Case {
  VariantId variant;
  std::string fen;           // counters at the limit, a quiet move for the side to move
  std::string after;         // the FEN after `quiet`: the counters one further
  std::string quiet;         // in the engine's notation
  std::string out_of_range;  // the error of the same FEN with a counter one too large
};

// The chess family and Fluidity share a FEN: kings, a rook and a knight, `suffix` after the
// clocks (CwDA's armies).
Case chess_like(VariantId variant, const std::string& suffix) {
  return {variant, "4k3/8/8/8/8/8/8/R3K2N b Q - 999999998 999999999" + suffix,
          "3k4/8/8/8/8/8/8/R3K2N w Q - 999999999 1000000000" + suffix, "Kd8",
          "FEN halfmove clock field, column 29: 1000000000 is out of range (at most 999999999)"};
}

const Case kCases[] = {
    chess_like(VariantId::kChess, ""),
    chess_like(VariantId::kChess960, ""),
    chess_like(VariantId::kCwda, " FF"),
    chess_like(VariantId::kSuperchess, ""),
    chess_like(VariantId::kFluidity, ""),
    {VariantId::kInterweave,
     "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 999999999 - 000000 999999998",
     "rbnkknbr/pppppppp/8/N7/8/8/PPPPPPPP/RB1KKNBR b 1000000000 - 000000 999999999", "Nc1-a5",
     "FEN halfmove field, column 66: 999999999999 is out of range (at most 999999999)"},
};

// The same FEN with its halfmove clock (the 5th field; Interweave's 6th) replaced.
std::string with_clock(const Case& c, const std::string& clock) {
  std::string fen = c.fen;
  const int field = c.variant == VariantId::kInterweave ? 5 : 4;
  std::size_t begin = 0;
  for (int i = 0; i < field; ++i) begin = fen.find(' ', begin) + 1;
  const std::size_t end = fen.find(' ', begin);
  return fen.replace(begin, end == std::string::npos ? std::string::npos : end - begin, clock);
}

TEST(EngineClocks, EveryEngineKeepsCountersUpToTheLimit) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.fen);
    visit_engine(c.variant, [&]<class G>() {
      G g;
      ASSERT_TRUE(g.set_fen(c.fen).ok()) << g.set_fen(c.fen);
      EXPECT_EQ(g.fen(), c.fen);
      EXPECT_TRUE(g.fen_warnings().empty());
      // Every move, made and taken back, restores every counter.
      typename G::MoveList moves;
      g.generate_legal(moves);
      ASSERT_FALSE(moves.empty());
      for (const auto& m : moves) {
        g.do_move(m);
        g.undo_move();
        EXPECT_EQ(g.fen(), c.fen) << g.to_uci(m);
      }
      // A quiet move counts on past the limit of what a FEN may say.
      absl::StatusOr<typename G::Move> quiet = g.parse_move(c.quiet);
      ASSERT_TRUE(quiet.ok()) << quiet.status();
      g.do_move(*quiet);
      EXPECT_EQ(g.fen(), c.after);
      g.undo_move();
      EXPECT_EQ(g.fen(), c.fen);
      // One too many.
      const std::string bad =
          with_clock(c, c.variant == VariantId::kInterweave ? "999999999999" : "1000000000");
      const absl::Status s = g.set_fen(bad);
      EXPECT_EQ(s.message(), c.out_of_range) << bad;
      EXPECT_EQ(g.fen(), c.fen);  // a rejected FEN leaves the position as it was
    });
  }
  EXPECT_EQ(parsers::kMaxFenCounter, 999999999);
}

}  // namespace
}  // namespace fairykit::analysis
