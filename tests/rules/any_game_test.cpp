// AnyGame: every variant behind one closed type, set up from "startpos" or a FEN with the
// variant options, moves in and out as text, undo, state and perft (counts:
// tests/data/oracles/*.perft).
#include "rules/game/any_game.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
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

// Variations (PGN RAV) over the facade: entering steps back before the last move, moves
// played are an alternative to it, leaving returns after it; nesting; in every variant.
TEST(AnyGame, VariationsStepBackAndReturn) {
  for (const VariantInfo& v : all_variants()) {
    SCOPED_TRACE(v.name);
    std::unique_ptr<AnyGame> g = Create(v.name);
    ASSERT_NE(g, nullptr);
    EXPECT_FALSE(g->enter_variation());  // no move to replace
    EXPECT_EQ(g->variation_depth(), 0);
    const std::string start = g->fen();
    const std::vector<std::string> first = g->legal_moves_uci();
    ASSERT_GE(first.size(), 2u);
    ASSERT_TRUE(g->play_move(first[0]).ok());
    const std::string reply = g->legal_moves_uci()[0];
    ASSERT_TRUE(g->play_move(reply).ok());
    const std::string main_line = g->fen();
    // (2... other reply) then a nested variation replacing the first move.
    ASSERT_TRUE(g->enter_variation());
    EXPECT_EQ(g->plies(), 1u);
    ASSERT_TRUE(g->play_move(g->legal_moves_uci().back()).ok());
    ASSERT_TRUE(g->enter_variation());
    ASSERT_TRUE(g->enter_variation() == false);  // the inner line has no move of its own yet
    EXPECT_EQ(g->variation_depth(), 2);
    EXPECT_EQ(g->plies(), 1u);
    g->leave_variation();
    EXPECT_EQ(g->plies(), 2u);
    EXPECT_FALSE(g->undo() && g->undo());  // undo stops at the variation's start
    g->leave_variation();
    EXPECT_EQ(g->variation_depth(), 0);
    EXPECT_EQ(g->plies(), 2u);
    EXPECT_EQ(g->fen(), main_line);
    EXPECT_TRUE(g->undo());
    EXPECT_TRUE(g->undo());
    EXPECT_EQ(g->fen(), start);
  }
}

// play_move(): the validation path. Errors are one line in the GameEngine contract's words,
// the same in every variant; SAN quirks come back for the variants written in SAN.
TEST(AnyGame, PlayMoveErrorsAndQuirks) {
  std::unique_ptr<AnyGame> g = Create("chess");
  ASSERT_NE(g, nullptr);
  SanQuirks quirks;
  EXPECT_EQ(g->play_move("e5", &quirks).message(), "illegal move \"e5\"");
  EXPECT_EQ(g->play_move("Zz9", &quirks).message(), "unreadable move \"Zz9\"");
  ASSERT_TRUE(g->play_move("e2e4", &quirks).ok());
  EXPECT_TRUE(quirks.has(SanQuirk::kLongAlgebraic));
  ASSERT_TRUE(g->play_move("e5", &quirks).ok());
  EXPECT_TRUE(quirks.empty());
  ASSERT_TRUE(g->play_move("Nf3", &quirks).ok());
  ASSERT_TRUE(g->play_move("Nc6", &quirks).ok());
  ASSERT_TRUE(g->play_move("Nc3", &quirks).ok());
  ASSERT_TRUE(g->play_move("Nf6", &quirks).ok());
  ASSERT_TRUE(g->play_move("Nb5", &quirks).ok());
  ASSERT_TRUE(g->play_move("a6", &quirks).ok());
  EXPECT_EQ(g->play_move("Nd4", &quirks).message(), "ambiguous move \"Nd4\" (Nbd4, Nfd4)");
  ASSERT_TRUE(g->play_move("Nxe5+", &quirks).ok());
  EXPECT_TRUE(quirks.has(SanQuirk::kCheckMarkWrong));
  // Null moves: only inside a variation, and not in check.
  EXPECT_EQ(g->play_move("--").message(), "null move \"--\" in the main line");
  ASSERT_TRUE(g->enter_variation());
  ASSERT_TRUE(g->play_move("--").ok());
  EXPECT_EQ(g->side_to_move(), BLACK);
  g->leave_variation();
  // After the end: the move is named with how the game ended.
  std::unique_ptr<AnyGame> mate = Create("chess");
  for (const char* m : {"f3", "e5", "g4", "Qh4#"}) ASSERT_TRUE(mate->play_move(m).ok()) << m;
  EXPECT_EQ(mate->play_move("a3").message(), "move \"a3\" after the game ended in checkmate");
  // An engine of its own: no SAN quirks, the engine's own words.
  std::unique_ptr<AnyGame> f = Create("fluidity");
  quirks = SanQuirk::kZeroCastling;
  ASSERT_TRUE(f->play_move(f->legal_moves_uci()[0], &quirks).ok());
  EXPECT_TRUE(quirks.empty());
  EXPECT_EQ(f->play_move("--").message(), "unreadable move \"--\"");
}

// set_up() reuses a game for the next one: history and variations are gone, the FEN
// reader's leniencies and what they dropped are reported.
TEST(AnyGame, SetUpAgainForTheNextGame) {
  std::unique_ptr<AnyGame> g = Create("chess");
  ASSERT_TRUE(g->play_move("e4").ok());
  ASSERT_TRUE(g->enter_variation());
  DroppedCastlingRights dropped;
  ASSERT_TRUE(g->set_up("4k3/8/8/8/8/8/8/4K3 w K - 0 1", {}, {.drop_invalid_castling_rights = true},
                        &dropped)
                  .ok());
  EXPECT_EQ(g->plies(), 0u);
  EXPECT_EQ(g->variation_depth(), 0);
  ASSERT_EQ(dropped.size(), 1u);
  EXPECT_EQ(dropped[0].letter, 'K');
  EXPECT_EQ(g->fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(g->dead_position());                                // King against King
  EXPECT_FALSE(g->set_up("4k3/8/8/8/8/8/8/4K3 w K - 0 1").ok());  // strict by default
  ASSERT_TRUE(g->set_up("startpos").ok());
  EXPECT_EQ(g->fen(), g->variant().start_fen);
  EXPECT_FALSE(g->dead_position());
  EXPECT_FALSE(Create("interweave")->dead_position());
}

// count_turns() of every engine: the legal turns (as count_legal() has them), the captures
// among them, check, the longest chain and the state, in one generation.
TEST(AnyGame, TurnCountsOfEveryEngine) {
  const auto counts = [](std::string_view variant, std::string_view fen) {
    std::unique_ptr<AnyGame> g = Create(variant, fen);
    TurnCounts c;
    if (g) {
      g->visit([&](const auto& engine) { engine.count_turns(c); });
      EXPECT_EQ(c.legal, g->count_legal()) << variant << " " << fen;
      EXPECT_EQ(c.end, g->state().end) << variant << " " << fen;
    }
    return c;
  };
  for (const VariantInfo& v : all_variants()) {
    const TurnCounts c = counts(v.name, "startpos");
    EXPECT_GT(c.legal, 0u) << v.name;
    EXPECT_EQ(c.captures, 0u) << v.name;
    EXPECT_FALSE(c.check) << v.name;
    EXPECT_EQ(c.longest_chain, 0) << v.name;
  }
  // Chess: in check by the Queen next to the King, which takes it or steps to f1.
  TurnCounts c = counts("chess", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
  EXPECT_TRUE(c.check);
  EXPECT_EQ(c.legal, 2u);
  EXPECT_EQ(c.captures, 1u);
  // Interweave: the oracle's forced chain of two steps, the only turn.
  c = counts("interweave", "3kknb1/3ppp2/p4p2/8/4PP2/pr1P4/4KP1r/RBN1KNB1 w 24 - 100012");
  EXPECT_EQ(c.legal, 1u);
  EXPECT_EQ(c.captures, 1u);
  EXPECT_EQ(c.longest_chain, 2);
  EXPECT_FALSE(c.check);
}

// One game per variant and thread, set up at the start when first asked, the same object
// whenever the thread asks again.
TEST(AnyGame, ThreadGameIsOnePerVariantAndThread) {
  const VariantInfo& chess = variant_info(VariantId::kChess);
  const VariantInfo& cwda = *find_variant("cwda");
  AnyGame& g = thread_game(chess);
  EXPECT_EQ(&g.variant(), &chess);
  EXPECT_EQ(&thread_game(chess), &g);
  EXPECT_NE(&thread_game(cwda), &g);
  EXPECT_EQ(thread_game(cwda).fen(), cwda.start_fen);
  const AnyGame* other = nullptr;
  std::thread([&] { other = &thread_game(chess); }).join();
  EXPECT_NE(other, &g);
}

}  // namespace
}  // namespace fairykit
