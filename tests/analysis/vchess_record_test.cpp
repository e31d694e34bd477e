// vchess.club game records (analysis/formats/vchess_record.h) into standard PGN: the records are
// written by hand in the layout of vchess's getPgn() (client/src/components/BaseGame.vue): header,
// the human notation on one line, then one machine line per move.
#include "analysis/formats/vchess_record.h"

#include <gtest/gtest.h>

#include <string>

namespace fairykit {
namespace {

std::string Pgn(std::string_view record) {
  absl::StatusOr<std::string> r = vchess_game_to_pgn(record);
  return r.ok() ? *r : "ERROR " + std::string(r.status().message());
}

const char kHeader960[] =
    "[Site \"vchess.club\"]\n"
    "[Variant \"Chess960\"]\n"
    "[Date \"2021-03-14\"]\n"
    "[White \"alice\"]\n"
    "[Black \"bob\"]\n"
    "[Fen \"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w 0 bgbg -\"]\n"
    "[Result \"?\"]\n"
    "[Url \"https://vchess.club/#/game/123\"]\n"
    "[Cadence \"3d\"]\n"
    "[Options \"{\"randomness\":2}\"]\n"
    "\n";

TEST(VchessRecord, Chess960GameWithCastlingAndCaptures) {
  const std::string record = std::string(kHeader960) +
                             "1.e4 e5 2.Ng3 Ng6 3.0-0 Qe7 4.Nf5 Nf4 5.Nxg7 Rxg7\n"
                             "\n"
                             "1.w e2.e4 wpe4/wpe2\n"
                             "1.b e7.e5 bpe5/bpe7\n"
                             "2.w h1.g3 wng3/wnh1\n"
                             "2.b h8.g6 bng6/bnh8\n"
                             "3.w f1.g1 wkg1.wrf1/wkf1.wrg1\n"
                             "3.b e8.e7 bqe7/bqe8\n"
                             "4.w g3.f5 wnf5/wng3\n"
                             "4.b g6.f4 bnf4/bng6\n"
                             "5.w f5.g7 wng7/wnf5.bpg7\n"
                             "5.b g8.g7 brg7/brg8.wng7\n";
  EXPECT_EQ(Pgn(record),
            "[Event \"?\"]\n"
            "[Site \"vchess.club\"]\n"
            "[Date \"2021.03.14\"]\n"
            "[Round \"?\"]\n"
            "[White \"alice\"]\n"
            "[Black \"bob\"]\n"
            "[Result \"*\"]\n"
            "[Variant \"Chess960\"]\n"
            "[SetUp \"1\"]\n"
            "[FEN \"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1\"]\n"
            "[Url \"https://vchess.club/#/game/123\"]\n"
            "[Cadence \"3d\"]\n"
            "\n"
            "1. e4 e5 2. Ng3 Ng6 3. O-O Qe7 4. Nf5 Nf4 5. Nxg7 Rxg7 *\n");
}

TEST(VchessRecord, CwdaFromBlackWithAPromotionAndADraw) {
  const std::string record =
      "[Site \"vchess.club\"]\n"
      "[Variant \"Cwda\"]\n"
      "[Date \"2020-05-01\"]\n"
      "[White \"carol\"]\n"
      "[Black \"dave\"]\n"
      "[Fen \"4e3/1Z6/8/8/8/8/8/4M3 b 9 iiii - CN\"]\n"
      "[Result \"1/2\"]\n"
      "[Options \"{}\"]\n"
      "\n"
      "5.. Ed7 6.b8=C\n"
      "\n"
      "5.b e8.d7 bed7/bee8\n"
      "6.w b7.b8 wcb8/wzb7\n";
  EXPECT_EQ(Pgn(record),
            "[Event \"?\"]\n"
            "[Site \"vchess.club\"]\n"
            "[Date \"2020.05.01\"]\n"
            "[Round \"?\"]\n"
            "[White \"carol\"]\n"
            "[Black \"dave\"]\n"
            "[Result \"1/2-1/2\"]\n"
            "[Variant \"CWDA\"]\n"
            "[SetUp \"1\"]\n"
            "[FEN \"4k3/1P6/8/8/8/8/8/4K3 b - - 0 5 CN\"]\n"
            "\n"
            "5... Kd7 6. b8=C+ 1/2-1/2\n");
}

TEST(VchessRecord, NoMoves) {
  EXPECT_EQ(Pgn(std::string(kHeader960) + "\n\n"),
            "[Event \"?\"]\n[Site \"vchess.club\"]\n[Date \"2021.03.14\"]\n[Round \"?\"]\n"
            "[White \"alice\"]\n[Black \"bob\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n"
            "[SetUp \"1\"]\n"
            "[FEN \"nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1\"]\n"
            "[Url \"https://vchess.club/#/game/123\"]\n[Cadence \"3d\"]\n\n*\n");
}

TEST(VchessRecord, Errors) {
  EXPECT_EQ(Pgn("[Variant \"Interweave\"]\n[Fen \"x\"]\n\n\n"),
            "ERROR vchess game, line 1: vchess variant 'Interweave' is not read (Chess960, "
            "Chess, Cwda)");
  EXPECT_EQ(Pgn(std::string(kHeader960) + "1.e4\n\n1.b e7.e5 bpe5/bpe7\n"),
            "ERROR vchess game, line 14: the move is Black's, but the other side is to move");
  EXPECT_EQ(Pgn(std::string(kHeader960) + "1.e4\n\n1.w e2.e4 wpe4/wpe2,e4.e5 wpe5/wpe4\n"),
            "ERROR vchess game, line 14: a turn of 2 sub-moves is not read");
  EXPECT_EQ(Pgn(std::string(kHeader960) + "1.e4\n\n1w e2.e4 wpe4/wpe2\n"),
            "ERROR vchess game, line 14: expected a move line such as '1.w e2.e4 wpe4/wpe2', "
            "found '1w e2.e4 wpe4/wpe2'");
  EXPECT_EQ(Pgn(std::string(kHeader960) + "1.e4\n\n1.w e2e4\n"),
            "ERROR vchess game, line 14: bad move 'e2e4' (expected 'start.end appear/vanish')");
  EXPECT_EQ(Pgn(std::string(kHeader960) + "1.e4\n\n1.w e2.e4 wpe4\n"),
            "ERROR vchess game, line 14: bad move 'e2.e4 wpe4' (expected 'start.end "
            "appear/vanish')");
  EXPECT_EQ(Pgn("Site vchess.club\n"),
            "ERROR vchess game, line 1: expected a tag such as [Fen \"...\"], found 'Site "
            "vchess.club'");
  // The move is played as long algebraic text; the error is AnyGame's.
  EXPECT_EQ(Pgn(std::string(kHeader960) + "1.e5\n\n1.w e2.e5 wpe5/wpe2\n"),
            "ERROR vchess game, line 14: illegal move \"e2e5\"");
}

}  // namespace
}  // namespace fairykit
