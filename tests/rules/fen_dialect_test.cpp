// FEN dialects (rules/game/fen_dialect.h; the table in docs/rules/README.md, item 4): each
// (game, dialect) form written from a native FEN, the pairs without a form, and the round
// trip native -> dialect -> native through the readers (position_fen / AnyGame). The expected
// strings are written by hand from the formats: vchess `board turn plies flags ep [armies]`
// (flags = files of the castling partners, White's queen side, king side, then Black's; 'i'
// = lost), xogo `board turn plies {"armies":..,"flags":..,"enpassant":..}` (flags as file
// numbers, 8 = lost; en passant as row-from-rank-8 then column), Shredder-FEN for Chess960 in
// pychess and XBoard, XBoard's holdings bracket for Superchess.
#include "rules/game/fen_dialect.h"

#include <gtest/gtest.h>

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "rules/game/any_game.h"
#include "rules/game/variant_options.h"
#include "rules/notation/cwda_fen.h"

namespace fairykit {
namespace {

constexpr FenDialectId kNative = FenDialectId::kNative;
constexpr FenDialectId kVchess = FenDialectId::kVchess;
constexpr FenDialectId kXogo = FenDialectId::kXogo;
constexpr FenDialectId kPychess = FenDialectId::kPychess;
constexpr FenDialectId kXboard = FenDialectId::kXboard;

std::string In(std::string_view variant, std::string_view fen, FenDialectId d) {
  absl::StatusOr<std::string> r = fen_in_dialect(*find_variant(variant), fen, d);
  return r.ok() ? *r : "ERROR " + std::string(r.status().message());
}

// What the variant's reader makes of `fen` (any dialect), as its native FEN.
std::string ReadBack(std::string_view variant, std::string_view fen) {
  absl::StatusOr<std::unique_ptr<AnyGame>> g = AnyGame::create(*find_variant(variant), fen);
  return g.ok() ? (*g)->fen() : "ERROR " + std::string(g.status().message());
}

struct Case {
  const char* variant;
  const char* native;
  FenDialectId dialect;
  const char* expected;
};

// Start positions.
const Case kStarts[] = {
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", kNative,
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", kVchess,
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", kXogo,
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 {\"flags\":\"0707\",\"enpassant\":\"-\"}"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", kPychess,
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", kXboard,
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    // Chess960 array with the Rooks on b and g, the King on f.
    {"chess960", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1", kNative,
     "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1"},
    {"chess960", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1", kVchess,
     "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w 0 bgbg -"},
    {"chess960", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1", kXogo,
     "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w 0 {\"flags\":\"1616\",\"enpassant\":\"-\"}"},
    {"chess960", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1", kPychess,
     "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1"},
    {"chess960", "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1", kXboard,
     "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1"},
    {"superchess", "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1", kNative,
     "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1"},
    {"superchess", "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1", kXboard,
     "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR[NNBRnnbr] w Kk - 0 1"},
    {"cwda", "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN", kNative,
     "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN"},
    {"cwda", "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN", kVchess,
     "gitletig/vvvvvvvv/8/8/8/8/ZZZZZZZZ/DWFCMFWD w 0 ahah - CN"},
    {"cwda", "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN", kXogo,
     "gitletig/vvvvvvvv/8/8/8/8/ZZZZZZZZ/DWFCMFWD w 0 "
     "{\"armies\":\"CN\",\"flags\":\"0707\",\"enpassant\":\"-\"}"},
    {"cwda", "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN", kPychess,
     "gihokhig/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1"},
    {"interweave", "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000", kNative,
     "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000"},
    {"interweave", "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000", kVchess,
     "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000"},
    {"fluidity", "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1", kNative,
     "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1"},
};

// Middle-game positions: castling rights partly lost, en passant squares (kept by the
// readers only where a Pawn can take), Black to move, pieces in the Superchess pools.
const Case kMiddle[] = {
    // White lost the queen-side right, Black the king-side one; d6 en passant.
    {"chess", "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 0 3", kVchess,
     "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w 4 ihai d6"},
    {"chess", "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 0 3", kXogo,
     "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w 4 "
     "{\"flags\":\"8708\",\"enpassant\":\"23\"}"},
    {"chess", "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 0 3", kPychess,
     "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 0 3"},
    {"chess", "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 0 3", kXboard,
     "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 0 3"},
    // Black to move, c3 en passant.
    {"chess", "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 3", kVchess,
     "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b 5 ahah c3"},
    {"chess", "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 3", kXogo,
     "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b 5 "
     "{\"flags\":\"0707\",\"enpassant\":\"52\"}"},
    // Chess960: White's king-side Rook g1 is not the outermost (X-FEN 'G'); White has no
    // queen-side right.
    {"chess960", "1r3kr1/8/8/8/8/8/8/1R3KRR w Gkq - 0 1", kVchess,
     "1r3kr1/8/8/8/8/8/8/1R3KRR w 0 igbg -"},
    {"chess960", "1r3kr1/8/8/8/8/8/8/1R3KRR w Gkq - 0 1", kXogo,
     "1r3kr1/8/8/8/8/8/8/1R3KRR w 0 {\"flags\":\"8616\",\"enpassant\":\"-\"}"},
    {"chess960", "1r3kr1/8/8/8/8/8/8/1R3KRR w Gkq - 0 1", kPychess,
     "1r3kr1/8/8/8/8/8/8/1R3KRR w Ggb - 0 1"},
    {"chess960", "1r3kr1/8/8/8/8/8/8/1R3KRR w Gkq - 0 1", kXboard,
     "1r3kr1/8/8/8/8/8/8/1R3KRR w Ggb - 0 1"},
    // Superchess: White lost its Queen and Empress, Black its Princess: they are in the pools.
    {"superchess", "avbqke1r/ppp1pppp/8/3pP3/8/8/PPPP1PPP/AVB1K1SR w Kk d6 0 5", kXboard,
     "avbqke1r/ppp1pppp/8/3pP3/8/8/PPPP1PPP/AVB1K1SR[NNBRQEnnbrs] w Kk d6 0 5"},
    {"cwda", "gitlktig/ppp1pppp/8/3pP3/8/8/PPPP1PPP/DWFCKFWD w Kq d6 0 3 CN", kVchess,
     "gitletig/vvv1vvvv/8/3vZ3/8/8/ZZZZ1ZZZ/DWFCMFWD w 4 ihai d6 CN"},
    {"cwda", "gitlktig/ppp1pppp/8/3pP3/8/8/PPPP1PPP/DWFCKFWD w Kq d6 0 3 CN", kXogo,
     "gitletig/vvv1vvvv/8/3vZ3/8/8/ZZZZ1ZZZ/DWFCMFWD w 4 "
     "{\"armies\":\"CN\",\"flags\":\"8708\",\"enpassant\":\"23\"}"},
    {"cwda", "gitlktig/ppp1pppp/8/3pP3/8/8/PPPP1PPP/DWFCKFWD w Kq d6 0 3 CN", kPychess,
     "gihokhig/ppp1pppp/8/3pP3/8/8/PPPP1PPP/DWACKAWD w Kq d6 0 3"},
    // Interweave: White's b2-d4 diagonal double step (en passant `c3,d`: the c4 Pawn may
    // leap to c2), pieces in the pools.
    {"interweave", "rbnkknbr/pp1ppppp/8/8/2pP4/8/P2PPPPP/RBNKKNBR b 1 c3,d 100020", kVchess,
     "rbnkknbr/pp1ppppp/8/8/2pP4/8/P2PPPPP/RBNKKNBR b 1 c3,d 100020"},
};

TEST(FenDialect, NamesAndLookup) {
  EXPECT_EQ(fen_dialect_names(), "native, vchess, xogo, pychess, xboard");
  EXPECT_EQ(find_fen_dialect("xboard"), kXboard);
  EXPECT_EQ(find_fen_dialect("PyChess"), kPychess);
  EXPECT_EQ(find_fen_dialect("native"), kNative);
  EXPECT_EQ(find_fen_dialect("fen"), std::nullopt);
  EXPECT_EQ(find_fen_dialect(""), std::nullopt);
  ASSERT_EQ(all_fen_dialects().size(), 5u);
  for (const FenDialectInfo& d : all_fen_dialects()) {
    EXPECT_EQ(fen_dialect_name(d.id), d.name);
    EXPECT_FALSE(d.description.empty());
  }
}

TEST(FenDialect, StartPositionsInEveryForm) {
  for (const Case& c : kStarts) {
    SCOPED_TRACE(std::string(c.variant) + " " + std::string(fen_dialect_name(c.dialect)));
    EXPECT_EQ(In(c.variant, c.native, c.dialect), c.expected);
  }
}

TEST(FenDialect, MiddleGamePositionsInEveryForm) {
  for (const Case& c : kMiddle) {
    SCOPED_TRACE(std::string(c.variant) + " " + std::string(fen_dialect_name(c.dialect)));
    EXPECT_EQ(In(c.variant, c.native, c.dialect), c.expected);
  }
}

TEST(FenDialect, EveryFormReadsBackToTheNativeFen) {
  for (const auto& cases : {std::span<const Case>(kStarts), std::span<const Case>(kMiddle)})
    for (const Case& c : cases) {
      SCOPED_TRACE(std::string(c.variant) + " " + std::string(fen_dialect_name(c.dialect)));
      EXPECT_EQ(ReadBack(c.variant, c.expected), c.native);
    }
  // And from every dialect the game has, through fen_in_dialect's own output.
  for (const VariantInfo& v : all_variants())
    for (const FenDialectInfo& d : all_fen_dialects()) {
      if (!fen_dialect_has_form(v, d.id)) continue;
      for (const auto& cases : {std::span<const Case>(kStarts), std::span<const Case>(kMiddle)})
        for (const Case& c : cases) {
          if (c.variant != v.name) continue;
          SCOPED_TRACE(std::string(v.name) + " " + std::string(d.name) + " " + c.native);
          const std::string written = In(v.name, c.native, d.id);
          EXPECT_EQ(ReadBack(v.name, written), c.native) << written;
        }
    }
}

// The vchess/xogo chess forms are converted by position_fen(); the engines read the rest.
TEST(FenDialect, PositionFenReadsVchessAndXogoChess) {
  auto fen = [](std::string_view variant, std::string_view text) {
    absl::StatusOr<std::string> r = position_fen(*find_variant(variant), text, {});
    return r.ok() ? *r : "ERROR " + std::string(r.status().message());
  };
  EXPECT_EQ(fen("chess", "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w 4 ihai d6"),
            "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 0 3");
  EXPECT_EQ(fen("chess",
                "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b 5 "
                "{\"flags\":\"0707\",\"enpassant\":\"52\"}"),
            "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 3");
  // vchess's lost right 'i' (any non-file), xogo's 8 and an algebraic en passant square.
  EXPECT_EQ(fen("chess960", "1r3kr1/8/8/8/8/8/8/1R3KRR w 0 igbg -"),
            "1r3kr1/8/8/8/8/8/8/1R3KRR w Ggb - 0 1");
  EXPECT_EQ(fen("chess960", "1r3kr1/8/8/8/8/8/8/1R3KRR w 0 {\"flags\":\"8616\"}"),
            "1r3kr1/8/8/8/8/8/8/1R3KRR w Ggb - 0 1");
  EXPECT_EQ(fen("chess", "4k3/8/8/3pP3/8/8/8/4K3 w 7 {\"flags\":\"8888\",\"enpassant\":\"d6\"}"),
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 4");
  // FIDE FEN passes unchanged (EPD's 4 fields, a 5-field FEN without a fullmove number).
  EXPECT_EQ(fen("chess", "4k3/8/8/8/8/8/8/4K3 w - - 3"), "4k3/8/8/8/8/8/8/4K3 w - - 3");
  EXPECT_EQ(fen("chess", "4k3/8/8/8/8/8/8/4K3 w - -"), "4k3/8/8/8/8/8/8/4K3 w - -");
  EXPECT_EQ(fen("chess", "4k3/8/8/8/8/8/8/4K3 w - - c0 \"{x}\";"),
            "4k3/8/8/8/8/8/8/4K3 w - - c0 \"{x}\";");
  EXPECT_EQ(fen("chess", "4k3/8/8/8/8/8/8/4K3 w 0 ahah e9"),
            "ERROR vchess FEN en passant field: 'e9' is not '-' or a square on rank 3 or 6");
  EXPECT_EQ(fen("chess", "4k3/8/8/8/8/8/8/4K3 w 0 ahahx -"),
            "ERROR vchess FEN castling flags field: 'ahahx' is not 4 flags (the castling "
            "partners' files, White's queen and king side, then Black's) or '-'");
  EXPECT_EQ(fen("chess", "4k3/8/8/8/8/8/8/4K3 w 0 {\"flags\":\"8888\",\"enpassant\":\"99\"}"),
            "ERROR xogo FEN en passant field: '99' is not '-' or the coordinates of a square on "
            "rank 3 or 6 (row and column, \"54\" for e3)");
}

// CwDA: xogo writes its en passant square as coordinates too; every pairing's start reads
// back from every dialect.
TEST(FenDialect, CwdaEveryPairingInEveryDialect) {
  const char* kArmies = "FCNR";
  for (int w = 0; w < 4; ++w)
    for (int b = 0; b < 4; ++b) {
      const std::string armies = {kArmies[w], kArmies[b]};
      SCOPED_TRACE(armies);
      const std::string native = cwda_start_fen(armies);
      const std::string vchess = In("cwda", native, kVchess);
      // xogo: vchess's board, then the JSON tail in xogo's key order.
      const std::string board = vchess.substr(0, vchess.find(' '));
      EXPECT_EQ(In("cwda", native, kXogo), board + " w 0 {\"armies\":\"" + armies +
                                               "\",\"flags\":\"0707\",\"enpassant\":\"-\"}");
      EXPECT_EQ(vchess, board + " w 0 ahah - " + armies);
      for (FenDialectId d : {kNative, kVchess, kXogo, kPychess})
        EXPECT_EQ(ReadBack("cwda", In("cwda", native, d)), native) << fen_dialect_name(d);
    }
  EXPECT_EQ(cwda_to_native_fen("4k3/8/8/3pP3/8/8/8/4K3 w 7 {\"armies\":\"RR\",\"flags\":\"8888\","
                               "\"enpassant\":\"23\"}")
                .value(),
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 4 RR");
}

TEST(FenDialect, VchessAndXogoKeepNoHalfmoveClock) {
  EXPECT_EQ(In("chess", "4k3/8/8/8/8/8/8/4K2R w K - 12 40", kVchess),
            "4k3/8/8/8/8/8/8/4K2R w 78 ihii -");
  EXPECT_EQ(ReadBack("chess", "4k3/8/8/8/8/8/8/4K2R w 78 ihii -"),
            "4k3/8/8/8/8/8/8/4K2R w K - 0 40");
  // Interweave's 6th field is fairykit's, not vchess's.
  EXPECT_EQ(In("interweave", "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR b 9 - 000000 7", kVchess),
            "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR b 9 - 000000");
  EXPECT_EQ(In("interweave", "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR b 9 - 000000 7", kNative),
            "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR b 9 - 000000 7");
  EXPECT_EQ(In("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 999999999", kVchess),
            "ERROR native FEN fullmove number field: move 999999999 is ply 1999999996, beyond "
            "the largest vchess ply count, 999999999");
  EXPECT_EQ(In("chess", "4k3/8/8/8/8/8/8/4K3 b - - 0 500000000", kXogo),
            "4k3/8/8/8/8/8/8/4K3 b 999999999 {\"flags\":\"8888\",\"enpassant\":\"-\"}");
}

TEST(FenDialect, PairsWithoutAForm) {
  EXPECT_EQ(In("fluidity", "startpos", kVchess),
            "ERROR the vchess FEN dialect has no form for Fluidity (vchess.club does not play it)");
  EXPECT_EQ(In("fluidity", "startpos", kXogo),
            "ERROR the xogo FEN dialect has no form for Fluidity (xogo.fun does not play it)");
  EXPECT_EQ(In("fluidity", "startpos", kPychess),
            "ERROR the pychess FEN dialect has no form for Fluidity (neither pychess-variants nor "
            "Fairy-Stockfish plays it)");
  EXPECT_EQ(In("fluidity", "startpos", kXboard),
            "ERROR the xboard FEN dialect has no form for Fluidity (XBoard does not play it)");
  EXPECT_EQ(
      In("superchess", "startpos", kVchess),
      "ERROR the vchess FEN dialect has no form for Superchess (vchess.club does not play it)");
  EXPECT_EQ(In("superchess", "startpos", kXogo),
            "ERROR the xogo FEN dialect has no form for Superchess (xogo.fun does not play it)");
  EXPECT_EQ(In("superchess", "startpos", kPychess),
            "ERROR the pychess FEN dialect has no form for Superchess (neither pychess-variants "
            "nor Fairy-Stockfish has it built in)");
  EXPECT_EQ(In("interweave", "startpos", kXogo),
            "ERROR the xogo FEN dialect has no form for Interweave (xogo.fun has not ported it "
            "from vchess)");
  EXPECT_EQ(In("interweave", "startpos", kPychess),
            "ERROR the pychess FEN dialect has no form for Interweave (neither pychess-variants "
            "nor Fairy-Stockfish plays it)");
  EXPECT_EQ(In("interweave", "startpos", kXboard),
            "ERROR the xboard FEN dialect has no form for Interweave (XBoard does not play it)");
  EXPECT_EQ(In("cwda", "startpos", kXboard),
            "ERROR the xboard FEN dialect has no form for CWDA (XBoard has no built-in CWDA: an "
            "engine defines its piece letters)");
  // The forms that exist, per game (docs/rules/README.md, item 4).
  auto forms = [](std::string_view variant) {
    std::string out;
    for (const FenDialectInfo& d : all_fen_dialects())
      if (fen_dialect_has_form(*find_variant(variant), d.id)) {
        if (!out.empty()) out += ' ';
        out += d.name;
      }
    return out;
  };
  EXPECT_EQ(forms("chess"), "native vchess xogo pychess xboard");
  EXPECT_EQ(forms("chess960"), "native vchess xogo pychess xboard");
  EXPECT_EQ(forms("cwda"), "native vchess xogo pychess");
  EXPECT_EQ(forms("superchess"), "native xboard");
  EXPECT_EQ(forms("interweave"), "native vchess");
  EXPECT_EQ(forms("fluidity"), "native");
  // A position the variant cannot read is its reader's error.
  EXPECT_EQ(In("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", kVchess).rfind("ERROR FEN", 0), 0u);
}

}  // namespace
}  // namespace fairykit

namespace fairykit {
namespace {

// What a UCI engine is given (fairy-perft --compare-with): Fairy-Stockfish's FEN where the
// game has it, and the UCI options that name the game.
TEST(FenDialect, EngineDialectAndUciNames) {
  auto engine = [](std::string_view variant) {
    const VariantInfo& v = *find_variant(variant);
    return std::string(fen_dialect_name(engine_fen_dialect(v))) + " " +
           (v.uci_variant.empty() ? std::string("-") : std::string(v.uci_variant)) +
           (v.uci_chess960 ? " 960" : "");
  };
  EXPECT_EQ(engine("chess"), "pychess -");
  EXPECT_EQ(engine("chess960"), "pychess - 960");
  EXPECT_EQ(engine("cwda"), "pychess cwda");
  EXPECT_EQ(engine("superchess"), "native superchess");
  EXPECT_EQ(engine("interweave"), "native interweave");
  EXPECT_EQ(engine("fluidity"), "native fluidity");
}

// Only a CWDA promotion in pychess letters changes: the FAD (native F) is A there, the Colonel
// (native L) O, the Charging Knight (native T) H; FIDE letters and every other game stay.
TEST(FenDialect, UciMovesInTheDialectsLetters) {
  const VariantInfo& cwda = *find_variant("cwda");
  for (const auto& [native, pychess] :
       std::vector<std::pair<std::string, std::string>>{{"a7a8f", "a7a8a"},
                                                        {"a7a8l", "a7a8o"},
                                                        {"a7a8t", "a7a8h"},
                                                        {"a7a8y", "a7a8m"},
                                                        {"a7a8h", "a7a8f"},
                                                        {"a7a8o", "a7a8e"},
                                                        {"a7a8q", "a7a8q"},
                                                        {"a7a8c", "a7a8c"},
                                                        {"e1g1", "e1g1"}}) {
    EXPECT_EQ(uci_move_to_dialect(cwda, native, FenDialectId::kPychess), pychess) << native;
    EXPECT_EQ(uci_move_from_dialect(cwda, pychess, FenDialectId::kPychess), native) << pychess;
    EXPECT_EQ(uci_move_to_dialect(cwda, native, FenDialectId::kVchess), native);
    EXPECT_EQ(uci_move_to_dialect(cwda, native, FenDialectId::kNative), native);
  }
  // An Interweave chain with a promotion inside it, and a Superchess promotion.
  EXPECT_EQ(uci_move_to_dialect(*find_variant("interweave"), "c6c8ne8", FenDialectId::kVchess),
            "c6c8ne8");
  EXPECT_EQ(uci_move_to_dialect(*find_variant("superchess"), "a7a8e", FenDialectId::kXboard),
            "a7a8e");
  EXPECT_EQ(native_to_pychess_letter('F'), 'A');
  EXPECT_EQ(native_to_pychess_letter('l'), 'o');
  EXPECT_EQ(pychess_to_native_letter('M'), 'Y');
  EXPECT_EQ(pychess_to_native_letter('k'), 'k');
  EXPECT_EQ(native_to_pychess_letter('-'), '-');
}

}  // namespace
}  // namespace fairykit
