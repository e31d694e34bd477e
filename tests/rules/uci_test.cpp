#include "rules/notation/uci.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "rules/notation/fen.h"
#include "tests/rules/board.h"

namespace fairykit {
namespace {

using testing::Board;

TEST(Uci, WritesNormalMovesPromotionsAndEnPassant) {
  Board b("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(move_to_uci(b.pos, Move(SQ_E2, SQ_E4)), "e2e4");
  EXPECT_EQ(move_to_uci(b.pos, Move(SQ_G1, SQ_F3)), "g1f3");
  Board p("r6k/1P2P3/8/8/8/8/8/6K1 w - - 0 1");
  EXPECT_EQ(move_to_uci(p.pos, Move::make(SQ_E7, SQ_E8, PROMOTION, QUEEN)), "e7e8q");
  EXPECT_EQ(move_to_uci(p.pos, Move::make(SQ_B7, SQ_A8, PROMOTION, KNIGHT)), "b7a8n");
  EXPECT_EQ(p.ReadUci("e7e8n"), "e7e8n");
  EXPECT_EQ(p.ReadUci("b7a8r"), "b7a8r");
  Board ep("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  absl::StatusOr<Move> m = move_from_uci(ep.pos, "e5d6");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(*m, Move::make(SQ_E5, SQ_D6, EN_PASSANT));
}

TEST(Uci, CastlingInStandardChessIsTheKingsMoveAndReadsInBothForms) {
  Board b("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move oo = Move::make(SQ_E1, SQ_H1, CASTLING), ooo = Move::make(SQ_E1, SQ_A1, CASTLING);
  EXPECT_EQ(move_to_uci(b.pos, oo), "e1g1");
  EXPECT_EQ(move_to_uci(b.pos, ooo), "e1c1");
  EXPECT_EQ(*move_from_uci(b.pos, "e1g1"), oo);
  EXPECT_EQ(*move_from_uci(b.pos, "e1h1"), oo);
  EXPECT_EQ(*move_from_uci(b.pos, "e1c1"), ooo);
  EXPECT_EQ(*move_from_uci(b.pos, "e1a1"), ooo);
  EXPECT_EQ(b.ReadUci("e1f1"), "e1f1");  // a king step, not castling
}

TEST(Uci, CastlingInChess960IsKingTakesRookAndReadsInBothForms) {
  Board<Chess960Variant> b("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move oo = Move::make(SQ_E1, SQ_H1, CASTLING), ooo = Move::make(SQ_E1, SQ_A1, CASTLING);
  EXPECT_EQ(move_to_uci(b.pos, oo), "e1h1");
  EXPECT_EQ(move_to_uci(b.pos, ooo), "e1a1");
  EXPECT_EQ(*move_from_uci(b.pos, "e1h1"), oo);
  EXPECT_EQ(*move_from_uci(b.pos, "e1g1"), oo);
  EXPECT_EQ(*move_from_uci(b.pos, "e1a1"), ooo);
  EXPECT_EQ(*move_from_uci(b.pos, "e1c1"), ooo);

  // King on f1, rook on h1: f1g1 is the king's step, f1h1 castles.
  Board<Chess960Variant> f("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
  EXPECT_EQ(*move_from_uci(f.pos, "f1g1"), Move(SQ_F1, SQ_G1));
  EXPECT_EQ(*move_from_uci(f.pos, "f1h1"), Move::make(SQ_F1, SQ_H1, CASTLING));
  // The rook on the king's destination: king and rook swap.
  Board<Chess960Variant> swap("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
  EXPECT_EQ(move_to_uci(swap.pos, Move::make(SQ_F1, SQ_G1, CASTLING)), "f1g1");
  EXPECT_EQ(*move_from_uci(swap.pos, "f1g1"), Move::make(SQ_F1, SQ_G1, CASTLING));
}

TEST(Uci, ErrorMessages) {
  Board b("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(b.ReadUci("e9e4"), "bad UCI move 'e9e4'");
  EXPECT_EQ(b.ReadUci("e2"), "bad UCI move 'e2'");
  EXPECT_EQ(b.ReadUci("e2e4qq"), "bad UCI move 'e2e4qq'");
  EXPECT_EQ(b.ReadUci("e2e4x"), "bad UCI move 'e2e4x'");
  EXPECT_EQ(b.ReadUci("E2E4"), "bad UCI move 'E2E4'");
  EXPECT_EQ(b.ReadUci("e2e5"), "illegal move 'e2e5'");
  EXPECT_EQ(b.ReadUci("e2e4q"), "illegal move 'e2e4q'");
  EXPECT_EQ(b.ReadUci("e1g1"), "illegal move 'e1g1'");
  Board p("r6k/1P2P3/8/8/8/8/8/6K1 w - - 0 1");
  EXPECT_EQ(p.ReadUci("e7e8"), "illegal move 'e7e8'");
  EXPECT_EQ(p.ReadUci("e7e8k"), "bad UCI move 'e7e8k'");
}

}  // namespace
}  // namespace fairykit
