// AnyGame: every variant behind one closed type, set up from "startpos" or a FEN with the
// variant options, moves in and out as text, undo, state and perft (counts:
// tests/data/oracles/*.perft).
#include "rules/any_game.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fairykit {
namespace {

std::unique_ptr<AnyGame> Create(std::string_view variant, std::string_view fen = "startpos",
                                const VariantOptions& options = {}) {
  absl::StatusOr<std::unique_ptr<AnyGame>> g =
      AnyGame::create(*find_variant(variant), fen, options);
  EXPECT_TRUE(g.ok()) << variant << ": " << g.status();
  return g.ok() ? *std::move(g) : nullptr;
}

TEST(AnyGame, EveryVariantSetsUpFromItsStartAndListsItsMoves) {
  for (const VariantInfo& v : all_variants()) {
    SCOPED_TRACE(v.name);
    std::unique_ptr<AnyGame> g = Create(v.name);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(&g->variant(), &v);
    EXPECT_EQ(g->fen(), v.start_fen);
    EXPECT_EQ(g->plies(), 0u);
    EXPECT_EQ(g->side_to_move(), WHITE);
    std::string why;
    EXPECT_TRUE(g->is_consistent(&why)) << why;
    EXPECT_EQ(g->legal_moves_uci().size(), g->count_legal());
    EXPECT_EQ(g->legal_moves_san().size(), g->count_legal());
  }
}

// Every legal move's SAN and UCI, read back through play(), is that move, and undo()
// restores the position: in every variant, in its own notation.
TEST(AnyGame, EveryMoveReadsBackInBothNotationsAndUndoes) {
  for (const VariantInfo& v : all_variants()) {
    SCOPED_TRACE(v.name);
    std::unique_ptr<AnyGame> g = Create(v.name);
    ASSERT_NE(g, nullptr);
    const std::string fen = g->fen();
    const Key key = g->key();
    const std::vector<std::string> uci = g->legal_moves_uci(), san = g->legal_moves_san();
    ASSERT_GT(uci.size(), 0u);
    for (std::size_t i = 0; i < uci.size(); ++i) {
      for (const std::string& text : {san[i], uci[i]}) {
        absl::StatusOr<AnyGame::Played> p = g->play(text);
        ASSERT_TRUE(p.ok()) << text << ": " << p.status();
        EXPECT_EQ(p->uci, uci[i]);
        EXPECT_EQ(p->san, san[i]);
        EXPECT_EQ(g->plies(), 1u);
        EXPECT_EQ(g->side_to_move(), BLACK) << text;
        EXPECT_TRUE(g->undo());
        EXPECT_EQ(g->fen(), fen);
        EXPECT_EQ(g->key(), key);
      }
    }
    EXPECT_FALSE(g->undo());
  }
}

TEST(AnyGame, PlayUndoAndTheGameState) {
  std::unique_ptr<AnyGame> g = Create("chess");
  ASSERT_NE(g, nullptr);
  absl::StatusOr<AnyGame::Played> e4 = g->play("e4");
  ASSERT_TRUE(e4.ok());
  EXPECT_EQ(e4->uci, "e2e4");
  EXPECT_EQ(e4->san, "e4");
  EXPECT_EQ(g->fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // An illegal or unreadable move changes nothing.
  absl::StatusOr<AnyGame::Played> bad = g->play("e4");
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(g->plies(), 1u);
  EXPECT_FALSE(g->play("xyz").ok());
  EXPECT_TRUE(g->undo());
  // Fool's mate: 1. f3 e5 2. g4 Qh4#, in three notations.
  for (const char* m : {"f3", "e7e5", "g2-g4", "Qh4#"}) ASSERT_TRUE(g->play(m).ok()) << m;
  EXPECT_EQ(g->plies(), 4u);
  EXPECT_EQ(g->state().end, GameEnd::kCheckmate);
  EXPECT_EQ(pgn_result(g->state()), "0-1");
  EXPECT_EQ(g->count_legal(), 0u);
}

TEST(AnyGame, PerftOfEveryVariantThroughTheFacade) {
  struct Case {
    const char* variant;
    const char* fen;
    VariantOptions options;
    int depth;
    std::uint64_t nodes;
  };
  const Case cases[] = {
      {"chess", "startpos", {}, 3, 8902},
      {"chess960", "startpos", {}, 2, 400},
      {"cwda", "startpos", {.armies = "CN"}, 2, 728},
      {"superchess", "ravqkesr/pppppppp/8/8/8/8/PPPPPPPP/RAVQKESR w KQkq - 0 1", {}, 2, 576},
      {"interweave", "startpos", {}, 2, 888},
      {"fluidity", "startpos", {}, 2, 1980},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.variant);
    std::unique_ptr<AnyGame> g = Create(c.variant, c.fen, c.options);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->perft(c.depth), c.nodes);
  }
}

TEST(AnyGame, OptionsAndErrors) {
  std::unique_ptr<AnyGame> cn = Create("cwda", "startpos", {.armies = "CN"});
  ASSERT_NE(cn, nullptr);
  EXPECT_EQ(cn->fen(), "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN");
  EXPECT_EQ(
      AnyGame::create(*find_variant("chess"), "startpos", {.armies = "CN"}).status().message(),
      "armies apply to cwda only");
  EXPECT_FALSE(AnyGame::create(*find_variant("chess"), "8/8 w").ok());
  // A lenient FEN: the warning is kept for the caller.
  std::unique_ptr<AnyGame> zero = Create("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 0");
  ASSERT_NE(zero, nullptr);
  ASSERT_EQ(zero->fen_warnings().size(), 1u);
  EXPECT_EQ(zero->fen_warnings()[0], "FEN fullmove number field, column 29: 0 is read as 1");
}

}  // namespace
}  // namespace fairykit
