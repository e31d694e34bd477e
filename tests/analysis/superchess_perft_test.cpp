// Superchess: perft of the oracle positions (tests/data/oracles/superchess.perft: three
// XBoard start arrays and two promotion positions) and the debug invariants at every node.
// The file's full depths run under the `slow` label (perft_deep.superchess).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis/perft/perft.h"
#include "analysis/perft/suite.h"
#include "rules/core/movegen.h"
#include "rules/notation/fen.h"
#include "tests/analysis/oracles.h"

namespace fairykit::analysis {
namespace {

std::vector<SuiteEntry> load_superchess() { return testing::load_oracle("superchess.perft"); }

// Every count of at most 2 million nodes (depth 4 of the arrays, depth 3 of promo-features,
// all of promo-bare): about 1.6 million nodes in all.
TEST(SuperchessPerft, OracleCountsUpTo2MillionNodes) {
  const std::vector<SuiteEntry> entries = load_superchess();
  ASSERT_EQ(entries.size(), 5u);
  // The default variant is chess: the file's `variant superchess` lines must win.
  const testing::OracleTotals t =
      testing::check_oracle_counts(entries, VariantId::kChess, 2'000'000);
  EXPECT_EQ(t.positions, 5);
  EXPECT_EQ(t.counts, 3 * 4 + 4 + 3);
}

// Make/unmake restores FEN and key, incremental key = recomputed key, board consistent,
// counting = listing, at every node to depth 3 of every oracle position.
TEST(SuperchessPerft, InvariantsAtEveryNodeToDepth3) {
  for (const SuiteEntry& e : load_superchess()) {
    std::uint64_t expected = 0;
    for (const auto& c : e.counts)
      if (c.depth == 3) expected = c.nodes;
    absl::StatusOr<std::uint64_t> n = checked_perft(VariantId::kSuperchess, e.fen, 3);
    ASSERT_TRUE(n.ok()) << e.id << ": " << n.status();
    EXPECT_EQ(*n, expected) << e.id;
  }
}

// superchess.md 2.6 S1, --amazon-promotes. White: King e1 and a pawn on a7, no Amazon on
// the board (so with the switch it is in the pool); Black: King h5. Depth 1: 5 king moves
// and a8 = Q E S R B N V (7), with the switch also a8=A (8). Depth 2: no white move touches
// g4 g5 g6 h4 h6 (the a8 piece reaches rank 8, the a-file, the a8-h1 diagonal, b6 and c7;
// the Veteran b7 b8 too), so Black has 5 replies to each: 12 * 5 = 60, 13 * 5 = 65.
TEST(SuperchessPerft, AmazonPromotesAddsTheAmazonPromotion) {
  const std::string fen = "8/P7/8/7k/8/8/8/4K3 w - - 0 1";
  for (const bool allow : {false, true}) {
    for (const int threads : {1, 2}) {
      PerftOptions options;
      options.threads = threads;
      options.variant_options.amazon_promotes = allow;
      options.divide = threads == 2;
      options.depth = 1;
      absl::StatusOr<PerftResult> d1 = run_perft(VariantId::kSuperchess, fen, options);
      options.depth = 2;
      absl::StatusOr<PerftResult> d2 = run_perft(VariantId::kSuperchess, fen, options);
      ASSERT_TRUE(d1.ok() && d2.ok());
      EXPECT_EQ(d1->nodes, allow ? 13u : 12u) << threads;
      EXPECT_EQ(d2->nodes, allow ? 65u : 60u) << threads;
      if (options.divide) {
        bool has_a8a = false;
        for (const DivideEntry& e : d2->divide) has_a8a |= e.uci == "a7a8a";
        EXPECT_EQ(has_a8a, allow);
      }
    }
    // Suites carry the switch to every task.
    std::vector<SuiteEntry> entries(1);
    entries[0].file = "amazon";
    entries[0].fen = fen;
    for (const int depth : {1, 2}) {
      parsers::PerftCount count;
      count.depth = depth;
      count.nodes = depth == 1 ? (allow ? 13u : 12u) : (allow ? 65u : 60u);
      entries[0].counts.push_back(count);
    }
    SuiteOptions so;
    so.default_variant = VariantId::kSuperchess;
    so.variant_options.amazon_promotes = allow;
    so.threads = 2;
    int passed = 0;
    run_suite(entries, so, [&](const EntryResult& r) { passed += r.passed(); });
    EXPECT_EQ(passed, 1) << allow;
  }
}

// The position seen from the other side: ranks flipped, colours swapped.
Setup mirror(const Setup& s) {
  Setup m = s;
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const Piece pc = s.board[sq];
    m.board[flip_rank(Square(sq))] =
        pc == NO_PIECE ? NO_PIECE : make_piece(~color_of(pc), type_of(pc));
  }
  m.side_to_move = ~s.side_to_move;
  for (int i = 0; i < 4; ++i) {
    const Square r = s.castling_rooks[i];
    m.castling_rooks[i ^ 2] = r == SQ_NONE ? SQ_NONE : flip_rank(r);
  }
  m.ep_square = s.ep_square == SQ_NONE ? SQ_NONE : flip_rank(s.ep_square);
  return m;
}

// Colour symmetry of the pool: the promotion positions and their mirrors, after a few
// plies, have equal counts.
TEST(SuperchessPerft, MirroredPositionsHaveEqualCounts) {
  const FenDialect dialect = fen_dialect<SuperchessVariant>();
  for (const SuiteEntry& e : load_superchess()) {
    Position<SuperchessVariant> pos;
    StateInfo root;
    ASSERT_TRUE(set_from_fen(pos, e.fen, root).ok()) << e.fen;
    for (int shift : {0, 3}) {
      StateInfo st[3];
      std::vector<Move> played;
      for (int ply = 0; ply < 3; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        played.push_back(moves[std::size_t(7 * ply + 5 + shift) % moves.size()]);
        pos.do_move(played.back(), st[ply]);
      }
      const std::string fen = to_fen(pos);
      const std::string mirrored = setup_to_fen(mirror(pos.setup()), dialect);
      absl::StatusOr<PerftResult> a = run_perft(VariantId::kSuperchess, fen, {3, 1, false});
      absl::StatusOr<PerftResult> b = run_perft(VariantId::kSuperchess, mirrored, {3, 1, false});
      ASSERT_TRUE(a.ok() && b.ok()) << fen << " / " << mirrored;
      EXPECT_EQ(a->nodes, b->nodes) << fen << " / " << mirrored;
      for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undo_move(*it);
    }
  }
}

}  // namespace
}  // namespace fairykit::analysis
