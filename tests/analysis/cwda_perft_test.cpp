// Chess with Different Armies: perft of every pairing's start position against the oracle
// counts (tests/data/oracles/cwda.perft), the debug invariants at every node, and colour
// symmetry. The file's full depths run under the `slow` label (perft_deep.cwda).
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

std::vector<SuiteEntry> load_cwda() { return testing::load_oracle("cwda.perft"); }

// Every pairing to depth 4 (at most 742952 nodes a count; about 7.5 million in all).
TEST(CwdaPerft, EveryPairingToDepth4) {
  const std::vector<SuiteEntry> entries = load_cwda();
  ASSERT_EQ(entries.size(), 16u);
  // The default variant is chess: the file's `variant cwda` lines must win.
  const testing::OracleTotals t =
      testing::check_oracle_counts(entries, VariantId::kChess, 1'000'000);
  EXPECT_EQ(t.positions, 16);
  EXPECT_EQ(t.counts, 16 * 4);
}

// Make/unmake restores FEN and key, incremental key = recomputed key, board consistent,
// counting = listing, at every node to depth 3 of every pairing.
TEST(CwdaPerft, InvariantsAtEveryNodeToDepth3) {
  for (const SuiteEntry& e : load_cwda()) {
    std::uint64_t expected = 0;
    for (const auto& c : e.counts)
      if (c.depth == 3) expected = c.nodes;
    absl::StatusOr<std::uint64_t> n = checked_perft(VariantId::kCwda, e.fen, 3);
    ASSERT_TRUE(n.ok()) << e.id << ": " << n.status();
    EXPECT_EQ(*n, expected) << e.id;
  }
}

// The position seen from the other side: ranks flipped, colours and armies swapped.
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
  m.armies = {s.armies[BLACK], s.armies[WHITE]};
  return m;
}

// Every pairing, after a few plies chosen by index, has the same perft as its mirror.
TEST(CwdaPerft, MirroredPositionsHaveEqualCounts) {
  const FenDialect dialect = fen_dialect<CwdaVariant>();
  for (const SuiteEntry& e : load_cwda()) {
    Position<CwdaVariant> pos;
    StateInfo root;
    ASSERT_TRUE(set_from_fen(pos, e.fen, root).ok()) << e.fen;
    StateInfo st[4];
    for (int ply = 0; ply < 4; ++ply) {
      const MoveList moves = legal_moves(pos);
      ASSERT_FALSE(moves.empty());
      pos.do_move(moves[std::size_t(7 * ply + 5) % moves.size()], st[ply]);
    }
    const std::string fen = to_fen(pos);
    const std::string mirrored = setup_to_fen(mirror(pos.setup()), dialect);
    absl::StatusOr<PerftResult> a = run_perft(VariantId::kCwda, fen, {3, 1, false});
    absl::StatusOr<PerftResult> b = run_perft(VariantId::kCwda, mirrored, {3, 1, false});
    ASSERT_TRUE(a.ok() && b.ok()) << fen << " / " << mirrored;
    EXPECT_EQ(a->nodes, b->nodes) << fen << " / " << mirrored;
  }
}

}  // namespace
}  // namespace fairykit::analysis
