// Selection by position (analysis/checking/position_patterns.h): --material and
// --board-pattern read (each error word for word) and matched on material and boards made by
// hand, then on games of every variant whose answers were worked out by hand, replayed as
// fairy-validate, fairy-convert and fairy-analyze replay them (validate_selected).
#include "analysis/checking/position_patterns.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <string>

#include "analysis/checking/selection.h"
#include "rules/game/board_pieces.h"

namespace fairykit::analysis {
namespace {

std::string material_error(std::string_view text, bool exact = false) {
  absl::StatusOr<MaterialPattern> m = MaterialPattern::parse(text, exact);
  return m.ok() ? "(read)" : std::string(m.status().message());
}

std::string board_error(std::string_view text) {
  absl::StatusOr<BoardPattern> b = BoardPattern::parse(text);
  return b.ok() ? "(read)" : std::string(b.status().message());
}

TEST(MaterialPattern, ErrorsWordForWord) {
  EXPECT_EQ(material_error(""),
            "--material '': expected the pieces of each side: [PLIES] SIDE1 v SIDE2 (QR v Q)");
  EXPECT_EQ(material_error("QX v Q"),
            "--material 'QX v Q': column 2: 'X' is the letter of no piece of any variant");
  EXPECT_EQ(material_error("QX v Q", true),
            "--material-exact 'QX v Q': column 2: 'X' is the letter of no piece of any variant");
  EXPECT_EQ(material_error("RR v R"),
            "--material 'RR v R': column 2: 'R' is written twice on one side (R2 is two of them)");
  EXPECT_EQ(material_error("R- v R"),
            "--material 'R- v R': column 2: '-' needs a count before it (R2- is two or fewer)");
  EXPECT_EQ(material_error("R2* v R"), "--material 'R2* v R': column 3: '*' after a count");
  EXPECT_EQ(material_error("Q LB"),
            "--material 'Q LB': column 4: L (a minor piece, or CwDA's Colonel) on the side of a "
            "B or an N");
  EXPECT_EQ(material_error("Q v R v B"),
            "--material 'Q v R v B': column 1: expected [PLIES] SIDE1 v SIDE2, as in 'QR v Q' "
            "or '10 R2P+ R=P*'");
  EXPECT_EQ(material_error("100 Q v R"),
            "--material '100 Q v R': column 1: the number of plies must be 0 to 99");
  EXPECT_EQ(material_error("R0> v R"),
            "--material 'R0> v R': column 2: a difference of 0 (write = for as many)");
  EXPECT_EQ(material_error("Q100 v Q"), "--material 'Q100 v Q': column 2: a count above 99");
  EXPECT_EQ(material_error("Q, v Q"),
            "--material 'Q, v Q': column 2: expected a piece letter, not ','");
  EXPECT_EQ(material_error("v Q"),
            "--material 'v Q': column 1: expected [PLIES] SIDE1 v SIDE2, as in 'QR v Q' or "
            "'10 R2P+ R=P*'");
  for (const char* fine : {"QR v Q", "qr q", "10 R2P+ R=P*", "QR vs Q", "QR", "QR v", "K v Q",
                           "q*r+l*p+ q=r1<=l2>=p1<", "A v Q", "V v V", "0 R v R"})
    EXPECT_EQ(material_error(fine), "(read)") << fine;
  EXPECT_EQ(MaterialPattern::parse("10 R2P+ R=P*")->plies(), 10);
  EXPECT_EQ(MaterialPattern::parse("R2P+ R=P*")->plies(), -1);
}

// The material of a position: White's and Black's pieces by letter ("QRRPP"), in `variant`.
MaterialCounts counts(VariantId variant, std::string_view white, std::string_view black) {
  MaterialCounts c{};
  for (const auto& [color, letters] : {std::pair{WHITE, white}, std::pair{BLACK, black}})
    for (char letter : letters) {
      bool found = false;
      for (const BoardPiece& p : board_pieces(variant))
        if (p.letter == letter) {
          ++c[color][p.type];
          found = true;
        }
      EXPECT_TRUE(found) << letter;
    }
  return c;
}

bool material(std::string_view text, VariantId v, std::string_view white, std::string_view black,
              bool exact = false) {
  absl::StatusOr<MaterialPattern> m = MaterialPattern::parse(text, exact);
  EXPECT_TRUE(m.ok()) << m.status().message();
  return m.ok() && m->matches(v, counts(v, white, black));
}

constexpr VariantId kChess = VariantId::kChess;

TEST(MaterialPattern, CountsAndEitherColour) {
  EXPECT_TRUE(material("QR v Q", kChess, "KQR", "KQ"));
  EXPECT_TRUE(material("QR v Q", kChess, "KQ", "KQR"));  // either side may be White
  EXPECT_TRUE(material("QR v Q", kChess, "KQR", "KQ", true));
  EXPECT_FALSE(material("QR v Q", kChess, "KQ", "KQR", true));  // --material-exact
  EXPECT_FALSE(material("QR v Q", kChess, "KQRP", "KQ"));       // a pawn not listed
  EXPECT_FALSE(material("QR v Q", kChess, "KQRR", "KQ"));       // R is exactly one
  EXPECT_TRUE(material("QR+ v Q", kChess, "KQRR", "KQ"));
  EXPECT_TRUE(material("QR* v Q", kChess, "KQ", "KQ"));
  EXPECT_TRUE(material("QR2- v QP3+", kChess, "KQ", "KQPPP"));
  EXPECT_FALSE(material("QR2- v QP3+", kChess, "KQ", "KQPP"));
  EXPECT_TRUE(material("R2P4+ v RP2", kChess, "KRRPPPPP", "KRPP"));
  // Relative to the other side.
  EXPECT_TRUE(material("R+P* v R=P#", kChess, "KRRPPP", "KRRPP"));
  EXPECT_FALSE(material("R+P* v R=P#", kChess, "KRRPPP", "KRRPPP"));
  EXPECT_FALSE(material("R+P* v R=P#", kChess, "KRRPPP", "KRPP"));
  EXPECT_TRUE(material("RP2>= v RP*", kChess, "KRPPPPP", "KRPPP"));
  EXPECT_FALSE(material("RP2>= v RP*", kChess, "KRPPPPPP", "KRPPP"));  // 3 more, not 2
  EXPECT_TRUE(material("RP2> v RP*", kChess, "KRPPPPPP", "KRPPP"));    // at least 2 more
  EXPECT_TRUE(material("RP< v RP*", kChess, "KRP", "KRPPP"));
  EXPECT_FALSE(material("RP< v RP*", kChess, "KRPPP", "KRPPP"));
  EXPECT_TRUE(material("RP<= v RP*", kChess, "KRPP", "KRPPP"));
  // L: a Bishop or a Knight, counted together, where no piece is lettered L.
  EXPECT_TRUE(material("L2 v R", kChess, "KBN", "KR"));
  EXPECT_TRUE(material("L2 v R", kChess, "KBB", "KR"));
  EXPECT_FALSE(material("L2 v R", kChess, "KN", "KR"));
  // Kings: ignored without a count; K alone is a bare King; a side left out is any material.
  EXPECT_TRUE(material("K v Q", kChess, "K", "KQ"));
  EXPECT_TRUE(material("KQ v Q", kChess, "KQ", "KQ"));
  EXPECT_FALSE(material("K v Q", kChess, "KP", "KQ"));
  EXPECT_TRUE(material("R", kChess, "KR", "KQRRBBNNPPPPPPPP"));
  EXPECT_TRUE(material("R v", kChess, "KQRRBBNNPPPPPPPP", "KR"));
  EXPECT_FALSE(material("R", kChess, "KRP", "KQ"));
  // A letter of another variant counts none: A* holds in chess, A does not.
  EXPECT_TRUE(material("QA* v Q", kChess, "KQ", "KQ"));
  EXPECT_FALSE(material("QA v Q", kChess, "KQ", "KQ"));
  // The separator and a Veteran: a lone lower-case v separates, V is the piece.
  EXPECT_TRUE(material("V v V", VariantId::kSuperchess, "KV", "KV"));
  EXPECT_TRUE(material("V V", VariantId::kSuperchess, "KV", "KV"));
}

TEST(MaterialPattern, EachVariantsLetters) {
  // Superchess: the Amazon, Empress, Princess and Veteran.
  const VariantId super = VariantId::kSuperchess;
  EXPECT_TRUE(material("A v Q", super, "KA", "KQ"));
  EXPECT_FALSE(material("Q v Q", super, "KA", "KQ"));
  EXPECT_TRUE(material("AESVR2P8 v QESVR2P8", super, "KAESVRRPPPPPPPP", "KQESVRRPPPPPPPP"));
  // CwDA: the armies' letters; L is the Colonel there, not a minor piece.
  const VariantId cwda = VariantId::kCwda;
  EXPECT_TRUE(material("C v L", cwda, "KC", "KL"));
  EXPECT_FALSE(material("C v B", cwda, "KC", "KL"));
  EXPECT_TRUE(material("D2W2F2CP8 v G2I2T2LP8", cwda, "KDDWWFFCPPPPPPPP", "KGGIITTLPPPPPPPP"));
  // Interweave: two Kings a side, which can be captured: counted when a count is written.
  const VariantId interweave = VariantId::kInterweave;
  EXPECT_TRUE(material("K2R2 v K2R2", interweave, "KKRR", "KKRR"));
  EXPECT_FALSE(material("K1R2 v K2R2", interweave, "KKRR", "KKRR"));
  EXPECT_TRUE(material("K1R2 v K2R2", interweave, "KRR", "KKRR"));
  EXPECT_TRUE(material("R2 v R2", interweave, "KRR", "KKRR"));  // Kings not counted
  // Fluidity has no Pawns: P* holds, P does not.
  const VariantId fluidity = VariantId::kFluidity;
  EXPECT_TRUE(material("QR2B2N2P* v QR2B2N2", fluidity, "KQRRBBNN", "KQRRBBNN"));
  EXPECT_FALSE(material("QR2B2N2P v QR2B2N2", fluidity, "KQRRBBNN", "KQRRBBNN"));
}

TEST(BoardPattern, ErrorsWordForWord) {
  EXPECT_EQ(board_error("8/8/8/8/8/8/8"),
            "--board-pattern '8/8/8/8/8/8/8': column 13: 7 ranks, the board has 8 (ranks are "
            "separated by '/')");
  EXPECT_EQ(board_error("8/8/8/8/8/8/8/8/8"),
            "--board-pattern '8/8/8/8/8/8/8/8/8': column 16: more than 8 ranks (the board has 8)");
  EXPECT_EQ(board_error("9/*/*/*/*/*/*/*"),
            "--board-pattern '9/*/*/*/*/*/*/*': column 1: a run of 9 empty squares (1 to 8)");
  EXPECT_EQ(board_error("0*/*/*/*/*/*/*/*"),
            "--board-pattern '0*/*/*/*/*/*/*/*': column 1: a run of 0 empty squares (1 to 8)");
  EXPECT_EQ(board_error("*/7/*/*/*/*/*/*"),
            "--board-pattern '*/7/*/*/*/*/*/*': column 3: rank 7 has 7 squares, the board 8 (a "
            "'*' stands for any run)");
  EXPECT_EQ(board_error("*/4P4/*/*/*/*/*/*"),
            "--board-pattern '*/4P4/*/*/*/*/*/*': column 3: rank 7 has 9 squares, the board 8 "
            "(a '*' stands for any run)");
  EXPECT_EQ(board_error("*/*/R8*/*/*/*/*/*"),
            "--board-pattern '*/*/R8*/*/*/*/*/*': column 5: rank 6 has 9 squares besides its "
            "'*', the board 8 (a '*' stands for any run)");
  EXPECT_EQ(board_error("[QR/*/*/*/*/*/*/*"),
            "--board-pattern '[QR/*/*/*/*/*/*/*': column 1: a class '[' without its ']'");
  EXPECT_EQ(board_error("[]*/*/*/*/*/*/*/*"),
            "--board-pattern '[]*/*/*/*/*/*/*/*': column 1: an empty class '[]'");
  EXPECT_EQ(board_error("*!/*/*/*/*/*/*/*"),
            "--board-pattern '*!/*/*/*/*/*/*/*': column 2: '!' must be followed by a piece "
            "letter or a class: !Q, ![QR]");
  EXPECT_EQ(board_error("x*/*/*/*/*/*/*/*"),
            "--board-pattern 'x*/*/*/*/*/*/*/*': column 1: 'x' is the letter of no piece of any "
            "variant");
  EXPECT_EQ(board_error("?-*/*/*/*/*/*/*/*"),
            "--board-pattern '?-*/*/*/*/*/*/*/*': column 2: expected a piece letter, not '-'");
  EXPECT_EQ(board_error("*/*/*/*/[Q?]*/*/*/*"),
            "--board-pattern '*/*/*/*/[Q?]*/*/*/*': column 11: expected a piece letter, not '?'");
  // A whole board is quoted whole, so that the column can be counted.
  EXPECT_EQ(board_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR"),
            "--board-pattern 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR': column 36: rank 1 "
            "has 9 squares, the board 8 (a '*' stands for any run)");
  EXPECT_EQ(board_error(""),
            "--board-pattern '': column 1: rank 8 has 0 squares, the board 8 (a '*' stands for "
            "any run)");
  for (const char* fine : {"*/*/*/*/*/*/*/*", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                           "?????rk?/?????ppp/*/*/*/8/P[BP]P*/??KR????", "**/*?*/*/*/*/*/*/*",
                           "![Qq]*/*/*/*/*/*/*/*", "ravqkesr/*/*/*/*/*/*/*"})
    EXPECT_EQ(board_error(fine), "(read)") << fine;
}

// The board of a FEN's first field, with `variant`'s letters.
BoardSquares board(VariantId variant, std::string_view fen) {
  BoardSquares b{};
  int rank = 7, file = 0;
  for (char c : fen) {
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      const bool white = c >= 'A' && c <= 'Z';
      const char upper = white ? c : char(c - 'a' + 'A');
      for (const BoardPiece& p : board_pieces(variant))
        if (p.letter == upper) b[rank * 8 + file] = make_piece(white ? WHITE : BLACK, p.type);
      ++file;
    }
  }
  return b;
}

bool board_matches(std::string_view pattern, VariantId v, std::string_view fen) {
  absl::StatusOr<BoardPattern> p = BoardPattern::parse(pattern);
  EXPECT_TRUE(p.ok()) << p.status().message();
  return p.ok() && p->matches(v, board(v, fen));
}

TEST(BoardPattern, Matches) {
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
  EXPECT_TRUE(board_matches(start, kChess, start));
  EXPECT_TRUE(board_matches("*/*/*/*/*/*/*/*", kChess, start));
  EXPECT_TRUE(board_matches("rnbqkbnr/*/*/*/*/*/*/RNBQKBNR", kChess, start));
  EXPECT_FALSE(board_matches("*/*/*/*/*/*/*/RNB!QKBNR", kChess, start));
  EXPECT_TRUE(board_matches("*/*/*/*/*/*/*/RNB!KKBNR", kChess, start));
  EXPECT_TRUE(board_matches("*/*/*/*/*/*/*/R*R", kChess, start));
  EXPECT_TRUE(board_matches("*/*/*/*/*/*/*/R*Q*R", kChess, start));
  EXPECT_FALSE(board_matches("*/*/*/*/*/*/*/R*q*R", kChess, start));
  EXPECT_TRUE(board_matches("*/*/*/*/*/*/*/*K???", kChess, start));
  EXPECT_FALSE(board_matches("*/*/*/*/*/*/*/*K??", kChess, start));
  EXPECT_FALSE(board_matches("*/*/*/*/*/*/*/*K3", kChess, start));  // digits are empty squares
  EXPECT_TRUE(board_matches("[rR]*/*/*/*/*/*/*/[rR]*", kChess, start));
  EXPECT_FALSE(board_matches("[R]*/*/*/*/*/*/*/*", kChess, start));  // case is the colour
  EXPECT_TRUE(
      board_matches("*/*/???????"
                    "?/*/*/*/*/*",
                    kChess, start));
  EXPECT_FALSE(
      board_matches("*/*/?p?????"
                    "?/*/*/*/*/*",
                    kChess, start));  // b6 is empty
  EXPECT_TRUE(
      board_matches("*/*/*/*/4P3/*/*/*", kChess, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"));
  // A piece of another variant is on no square of this one: !A is anything.
  EXPECT_FALSE(board_matches("A*/*/*/*/*/*/*/*", kChess, start));
  EXPECT_TRUE(board_matches("!A*/*/*/*/*/*/*/*", kChess, start));
  // Every board size the variants have (all 8 x 8): the start arrays of the others.
  const char* super = "ravqkesr/pppppppp/8/8/8/8/PPPPPPPP/RAVQKESR";
  EXPECT_TRUE(board_matches("?a*/*/*/*/*/*/*/?A?QKE*", VariantId::kSuperchess, super));
  EXPECT_FALSE(board_matches("?a*/*/*/*/*/*/*/?A?QKE*", kChess, start));
  const char* interweave = "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR";
  EXPECT_TRUE(board_matches(interweave, VariantId::kInterweave, interweave));
  EXPECT_TRUE(board_matches("*/*/*/*/*/*/*/*KK*", VariantId::kInterweave, interweave));
  const char* fluidity = "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR";
  EXPECT_TRUE(board_matches("*/8/*/*/*/*/8/*", VariantId::kFluidity, fluidity));
  const char* cwda = "dwfckfwd/pppppppp/8/8/8/8/PPPPPPPP/GITLKTIG";
  EXPECT_TRUE(board_matches("[dwfc]*/*/*/*/*/*/*/???L*", VariantId::kCwda, cwda));
}

// A game replayed under a selection of the position tests: whether it is selected.
struct Game {
  std::string text;
  bool selected(std::initializer_list<const char*> materials,
                std::initializer_list<const char*> boards = {}, int plies = 0,
                bool exact = false) const {
    parsers::RawGame g;
    g.text = text;
    g.index = 1;
    g.first_line = 1;
    auto tests = std::make_shared<PositionTests>();
    tests->material_plies = plies;
    for (const char* m : materials) tests->material.push_back(*MaterialPattern::parse(m, exact));
    for (const char* b : boards) tests->boards.push_back(*BoardPattern::parse(b));
    Selection s;
    s.positions = tests;
    const SelectedReport r = validate_selected(g, ValidateOptions{}, s);
    EXPECT_TRUE(r.report.valid()) << text;
    return !r.filtered;
  }
};

TEST(PositionTests, ChessGame) {
  // Positions: R v R at plies 0, 1, 2; R v K at 3; K v K at 4 (the last).
  const Game g{
      "[FEN \"4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
      "1. Ra8+ Rd8 2. Rxd8+ Kxd8 *\n"};
  EXPECT_TRUE(g.selected({"R v R"}));
  EXPECT_TRUE(g.selected({"R v R"}, {}, 2));    // lasts 2 half-moves: 3 positions
  EXPECT_FALSE(g.selected({"R v R"}, {}, 3));   // not 3
  EXPECT_TRUE(g.selected({"2 R v R"}, {}, 3));  // the expression's number wins
  EXPECT_TRUE(g.selected({"R v K"}));
  EXPECT_FALSE(g.selected({"1 R v K"}));
  EXPECT_TRUE(g.selected({"K v K"}));  // the final position counts
  EXPECT_FALSE(g.selected({"Q v K"}));
  EXPECT_TRUE(g.selected({"Q v K", "K v K"}));  // any of them
  EXPECT_TRUE(g.selected({"R v K"}, {}, 0, true));
  EXPECT_FALSE(g.selected({"K v R"}, {}, 0, true));  // White has the Rook
  EXPECT_TRUE(g.selected({}, {"3k4/*/*/*/*/*/*/*"}));
  EXPECT_FALSE(g.selected({}, {"3K4/*/*/*/*/*/*/*"}));
  EXPECT_TRUE(g.selected({}, {"R*/*/*/*/*/*/*/*", "3K4/*/*/*/*/*/*/*"}));  // any of them
  // --material and --board-pattern both must hold (at plies of their own).
  EXPECT_TRUE(g.selected({"R v R"}, {"3k4/*/*/*/*/*/*/*"}));
  EXPECT_FALSE(g.selected({"Q v R"}, {"3k4/*/*/*/*/*/*/*"}));
}

TEST(PositionTests, SuperchessAmazon) {
  // The Amazon takes the Queen: A v Q at plies 0, 1, 2, then A v K at 3.
  const Game g{
      "[Variant \"Superchess\"]\n[FEN \"4k3/8/8/8/8/8/7q/A3K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
      "1. Ae5+ Kf8 2. Axh2 *\n"};
  EXPECT_TRUE(g.selected({"A v Q"}));
  EXPECT_TRUE(g.selected({"2 A v Q"}));
  EXPECT_FALSE(g.selected({"3 A v Q"}));
  EXPECT_TRUE(g.selected({"A v K"}));
  EXPECT_FALSE(g.selected({"Q v Q"}));  // an Amazon is no Queen
  EXPECT_TRUE(g.selected({"A v Q"}, {}, 0, true));
  EXPECT_FALSE(g.selected({"Q v A"}, {}, 0, true));
  EXPECT_TRUE(g.selected({}, {"*/*/*/4A3/*/*/*/*"}));
  EXPECT_TRUE(g.selected({}, {"*/*/*/*/*/*/7A/*"}));
  EXPECT_FALSE(g.selected({}, {"*/*/*/*/*/*/7Q/*"}));
}

TEST(PositionTests, CwdaArmies) {
  // Clobberers v Nutty Knights: the Cardinal takes the Colonel.
  const Game g{
      "[Variant \"CWDA\"]\n[FEN \"4k2l/8/8/8/8/8/8/C3K3 w - - 0 1 CN\"]\n[SetUp \"1\"]\n\n"
      "1. Cxh8 Kd7 *\n"};
  EXPECT_TRUE(g.selected({"C v L"}));
  EXPECT_FALSE(g.selected({"1 C v L"}));
  EXPECT_TRUE(g.selected({"1 C v K"}));
  EXPECT_FALSE(g.selected({"Q v L"}));
  EXPECT_TRUE(g.selected({"L v C"}));
  EXPECT_FALSE(g.selected({"L v C"}, {}, 0, true));  // White has the Cardinal
  EXPECT_TRUE(g.selected({}, {"*/*/*/*/*/*/*/*", "7C/*/*/*/*/*/*/*"}));
}

TEST(PositionTests, InterweaveAndFluidityStarts) {
  const Game interweave{"[Variant \"Interweave\"]\n\n*\n"};
  EXPECT_TRUE(interweave.selected({"K2R2N2B2P8 v K2R2N2B2P8"}));
  EXPECT_FALSE(interweave.selected({"K1R2N2B2P8 v K2R2N2B2P8"}));
  EXPECT_TRUE(interweave.selected({"R2N2B2P8 v R2N2B2P8"}));
  EXPECT_TRUE(interweave.selected({}, {"rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR"}));
  const Game fluidity{"[Variant \"Fluidity\"]\n\n*\n"};
  EXPECT_TRUE(fluidity.selected({"QR2B2N2 v QR2B2N2"}));
  EXPECT_TRUE(fluidity.selected({"QR2B2N2P* v QR2B2N2"}));
  EXPECT_FALSE(fluidity.selected({"QR2B2N2P v QR2B2N2"}));
  EXPECT_TRUE(fluidity.selected({}, {"rnbqkbnr/8/*/*/*/*/8/RNBQKBNR"}));
}

TEST(PositionTests, WhatTheRecordNeeds) {
  Selection s;
  RecordOptions ro;
  add_selection_needs(s, ro, nullptr);
  EXPECT_EQ(ro.position_tests, nullptr);         // nothing asked, nothing tested
  EXPECT_EQ(PositionTests{}.material_plies, 0);  // at any one position by default
  auto tests = std::make_shared<PositionTests>();
  tests->material.push_back(*MaterialPattern::parse("Q v Q"));
  s.positions = tests;
  EXPECT_TRUE(s.any());
  add_selection_needs(s, ro, nullptr);
  EXPECT_EQ(ro.position_tests, tests.get());
  const Selection copy = s;  // the copies share the tests
  EXPECT_EQ(copy.positions.get(), tests.get());
}

}  // namespace
}  // namespace fairykit::analysis
