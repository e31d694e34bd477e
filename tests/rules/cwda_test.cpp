// Chess with Different Armies (rules: docs/rules/cwda.md): FEN with the armies field,
// each army's castling (the Clobberers' long castle K b1 / Bede c1), promotion to the
// pieces of either army, leaping checks that cannot be blocked, range-limited pins and the
// Nutty Knights' direction for Black.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/game/registry.h"
#include "tests/rules/board.h"

namespace fairykit {
namespace {

using B = testing::Board<CwdaVariant>;

TEST(Cwda, RegistryAndStartFen) {
  const VariantInfo* v = find_variant("Chess with Different Armies");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->id, VariantId::kCwda);
  EXPECT_EQ(find_variant("cwda"), v);
  B b(v->start_fen);
  EXPECT_EQ(to_fen(b.pos), v->start_fen);
  EXPECT_EQ(count_legal(b.pos), 20u);
}

TEST(Cwda, FenArmiesFieldIsReadAndWritten) {
  const std::string fen = "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN";
  B b(fen);
  EXPECT_EQ(to_fen(b.pos), fen);
  EXPECT_EQ(b.pos.army(WHITE), ARMY_CLOBBERERS);
  EXPECT_EQ(b.pos.army(BLACK), ARMY_NUTTY_KNIGHTS);
  // Required, and made of two army letters.
  EXPECT_FALSE(setup_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", fen_dialect<CwdaVariant>()).ok());
  EXPECT_FALSE(setup_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 FX", fen_dialect<CwdaVariant>()).ok());
  // Castling letters name the army's rook-equivalent: a FIDE rook does not do for the Bede.
  EXPECT_FALSE(
      setup_from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 CF", fen_dialect<CwdaVariant>()).ok());
  // Standard chess FEN is unchanged (no 7th field).
  EXPECT_FALSE(setup_from_fen(fen, fen_dialect<ChessVariant>()).ok());
}

TEST(Cwda, EachArmyCastlesWithItsRookEquivalent) {
  EXPECT_EQ(B("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 FF").MovesFrom("e1"),
            "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
  EXPECT_EQ(B("4k3/8/8/8/8/8/8/G3K2G w KQ - 0 1 NF").MovesFrom("e1"),
            "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
  EXPECT_EQ(B("4k3/8/8/8/8/8/8/S3K2S w KQ - 0 1 RF").MovesFrom("e1"),
            "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
  // Clobberers: the long castle lands on b1.
  EXPECT_EQ(B("4k3/8/8/8/8/8/8/D3K2D w KQ - 0 1 CF").MovesFrom("e1"),
            "e1b1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
  EXPECT_EQ(B("d3k2d/8/8/8/8/8/8/4K3 b kq - 0 1 FC").MovesFrom("e8"),
            "e8b8 e8d7 e8d8 e8e7 e8f7 e8f8 e8g8");
}

TEST(Cwda, ClobberersLongCastlePutsKingOnB1AndBedeOnC1) {
  B b("4k3/8/8/8/8/8/8/D3K2D w KQ - 0 1 CF");
  const Move m = b.Uci("e1b1");
  EXPECT_EQ(m.kind(), CASTLING);
  EXPECT_EQ(move_to_san(b.pos, m), "O-O-O");
  EXPECT_EQ(b.ReadSan("O-O-O"), "e1b1");
  StateInfo st;
  b.pos.do_move(m, st);
  EXPECT_EQ(to_fen(b.pos), "4k3/8/8/8/8/8/8/1KD4D b - - 1 1 CF");
  std::string why;
  EXPECT_TRUE(b.pos.is_consistent(&why)) << why;
  b.pos.undo_move(m);
  EXPECT_EQ(to_fen(b.pos), "4k3/8/8/8/8/8/8/D3K2D w KQ - 0 1 CF");
}

TEST(Cwda, ClobberersLongCastleNeedsB1SafeAndEmpty) {
  // b1 attacked by a rook on b8: no O-O-O, O-O stays.
  EXPECT_EQ(B("1r2k3/8/8/8/8/8/8/D3K2D w KQ - 0 1 CF").MovesFrom("e1"),
            "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
  // c1 attacked (a black bishop on h6 sees c1 across d2-g5).
  EXPECT_EQ(B("4k3/8/7b/8/8/8/8/D3K2D w KQ - 0 1 CF").MovesFrom("e1"), "e1d1 e1e2 e1f1 e1f2 e1g1");
  // b1 occupied.
  EXPECT_EQ(B("4k3/8/8/8/8/8/8/DW2K2D w KQ - 0 1 CF").MovesFrom("e1"),
            "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
  // In the same game the FIDE army's O-O-O still lands on c8 (not pychess's b-file, C3).
  EXPECT_EQ(B("r3k3/8/8/8/8/8/8/D3K2D b Kq - 0 1 CF").MovesFrom("e8"),
            "e8c8 e8d7 e8d8 e8e7 e8f7 e8f8");
}

TEST(Cwda, PromotionToEitherArmy) {
  // Different armies: 8 types; SAN and UCI letters of the fairy pieces.
  B fc("4k3/P7/8/8/8/8/8/4K3 w - - 0 1 FC");
  EXPECT_EQ(fc.MovesFrom("a7"), "a7a8b a7a8c a7a8d a7a8f a7a8n a7a8q a7a8r a7a8w");
  EXPECT_EQ(fc.San("a7a8c"), "a8=C");
  EXPECT_EQ(fc.ReadSan("a8=D"), "a7a8d");
  EXPECT_EQ(fc.ReadUci("a7a8w"), "a7a8w");
  EXPECT_NE(fc.ReadUci("a7a8l"), "a7a8l");  // a Colonel is not in this game
  // The same army twice: 4 types, and no FIDE piece without the FIDE army.
  EXPECT_EQ(B("4k3/P7/8/8/8/8/8/4K3 w - - 0 1 CC").MovesFrom("a7"), "a7a8c a7a8d a7a8f a7a8w");
  B nr("4k3/P7/8/8/8/8/8/4K3 w - - 0 1 NR");
  EXPECT_EQ(nr.MovesFrom("a7"), "a7a8g a7a8h a7a8i a7a8l a7a8o a7a8s a7a8t a7a8y");
  EXPECT_EQ(nr.ReadUci("a7a8l"), "a7a8l");
  EXPECT_EQ(nr.San("a7a8l"), "a8=L+");  // the Colonel slides sideways to e8
}

TEST(Cwda, LeapingCheckCannotBeBlocked) {
  // The Woody Rook on e3 checks e1 by its Dabbaba jump: Ra2-e2 does not answer it, only
  // capturing (Rh3xe3) or a king step.
  EXPECT_EQ(B("4k3/8/8/8/8/4y2R/R7/4K3 w - - 0 1 FR").Moves(), "e1d1 e1d2 e1f1 e1f2 h3e3");
  // The Half-Duck's H jump from e4: nothing interposes on e2 or e3.
  EXPECT_EQ(B("4k3/8/8/8/4h3/8/R6R/4K3 w - - 0 1 FR").MovesFrom("a2"), "");
  // A Bede's bishop slide can be blocked (Bd2 style interpositions are legal).
  EXPECT_EQ(B("4k3/8/8/8/8/8/R2d4/R3K3 w - - 0 1 FC").MovesFrom("a2"), "a2d2");
}

TEST(Cwda, ShortRookPinsOnlyWithinRange) {
  // Short Rook on e5: e1 is 4 squares away, the knight on e2 is pinned.
  EXPECT_EQ(B("4k3/8/8/4s3/8/8/4N3/4K3 w - - 0 1 FR").MovesFrom("e2"), "");
  // On e6 (5 squares): no pin, the knight moves freely.
  EXPECT_EQ(B("4k3/8/4s3/8/8/8/4N3/4K3 w - - 0 1 FR").MovesFrom("e2"),
            "e2c1 e2c3 e2d4 e2f4 e2g1 e2g3");
  // A pinned Woody Rook may step along the pin line or take the pinner, but not jump past
  // it to e5.
  EXPECT_EQ(B("4k3/8/8/8/4r3/4Y3/8/4K3 w - - 0 1 RF").MovesFrom("e3"), "e3e2 e3e4");
}

TEST(Cwda, NuttyKnightsMoveRelativeToTheirOwner) {
  // Black's Charging Rook on d5: forward (towards rank 1) and sideways, one step back.
  EXPECT_EQ(B("k7/8/8/3g4/8/8/8/7K b - - 0 1 FN").MovesFrom("d5"),
            "d5a5 d5b5 d5c5 d5c6 d5d1 d5d2 d5d3 d5d4 d5d6 d5e5 d5e6 d5f5 d5g5 d5h5");
  // Black's Charging Knight on d5: the 4 knight moves towards rank 1, steps back/sideways.
  EXPECT_EQ(B("k7/8/8/3t4/8/8/8/7K b - - 0 1 FN").MovesFrom("d5"),
            "d5b4 d5c3 d5c5 d5c6 d5d6 d5e3 d5e5 d5e6 d5f4");
  // Black's Colonel on d4 slides forward (towards rank 1) onto d1.
  B b("4k3/8/8/8/3l4/8/8/3K4 w - - 0 1 FN");
  EXPECT_TRUE(b.pos.in_check());
  B c("3K4/8/8/3l4/8/8/8/4k3 w - - 0 1 FN");
  EXPECT_FALSE(c.pos.in_check());  // the Colonel slides backward only one step
}

}  // namespace
}  // namespace fairykit

namespace fairykit {
namespace {

// A piece lettered O (the Rookies' Chancellor) is not castling: "Oe3" reads and writes.
TEST(CwdaSan, ChancellorIsNotCastling) {
  Position<CwdaVariant> pos;
  StateInfo st;
  ASSERT_TRUE(
      set_from_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/SYHOKHYS w KQkq - 0 1 RF", st).ok());
  absl::StatusOr<Move> m = move_from_san(pos, "Oe3");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(move_to_uci(pos, *m), "d1e3");
  EXPECT_EQ(move_to_san(pos, *m), "Oe3");
  EXPECT_EQ(move_from_san(pos, "O-O").status().message(), "illegal move 'O-O'");
}

}  // namespace
}  // namespace fairykit
