// Perft against the counts of independent programs (tests/data/oracles), up to a node
// budget per count so the default suite stays fast; the full depths run under the `slow`
// CTest label (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis/perft/perft.h"
#include "analysis/perft/suite.h"
#include "tests/analysis/oracles.h"

namespace fairykit::analysis {
namespace {

const std::string kOracles = std::string(FAIRYKIT_DATA_DIR) + "/oracles/";

using testing::OracleTotals;

OracleTotals check_suite(const std::string& file, VariantId variant, std::uint64_t budget) {
  return testing::check_oracle_counts(testing::load_oracle(file), variant, budget);
}

TEST(PerftOracles, ChessStandardEpd) {
  OracleTotals t = check_suite("chess-standard.epd", VariantId::kChess, 2'000'000);
  EXPECT_EQ(t.positions, 128);
  EXPECT_GE(t.counts, 128 * 3);
}

TEST(PerftOracles, Chess960FischerEpd) {
  OracleTotals t = check_suite("chess960-fischer.epd", VariantId::kChess960, 1'000'000);
  EXPECT_EQ(t.positions, 960);
  EXPECT_GE(t.counts, 960 * 3);
}

TEST(PerftOracles, ChessTrickyPerft) {
  OracleTotals t = check_suite("chess-tricky.perft", VariantId::kChess, 3'000'000);
  EXPECT_EQ(t.positions, 19);
  EXPECT_EQ(t.counts, 67);  // every count of the file is under the budget
}

TEST(PerftOracles, ChessRandomPerft) {
  OracleTotals t = check_suite("chess-random.perft", VariantId::kChess, 20'000);
  EXPECT_EQ(t.positions, 6838);
  EXPECT_GT(t.counts, 6838 * 2);
}

// The expected count at `depth`, or 0 when the file gives none (two lines of
// chess-standard.epd start at D4 and D5).
std::uint64_t expected_at(const SuiteEntry& e, int depth) {
  for (const auto& c : e.counts)
    if (c.depth == depth) return c.nodes;
  return 0;
}

// Invariants at every node: make/unmake restores the position (FEN and key), the
// incremental key equals the recomputed one, the board and bitboards agree, and the
// counting generator agrees with the listing one.
TEST(PerftInvariants, EveryNodeOfTrickyPositions) {
  absl::StatusOr<std::vector<SuiteEntry>> entries = load_suite(kOracles + "chess-tricky.perft");
  ASSERT_TRUE(entries.ok());
  for (const SuiteEntry& e : *entries) {
    const int depth = e.fen.find("K1nqnbrq") != std::string::npos ? 2 : 3;
    absl::StatusOr<std::uint64_t> n = checked_perft(VariantId::kChess960, e.fen, depth);
    ASSERT_TRUE(n.ok()) << e.fen << ": " << n.status();
    for (const auto& c : e.counts)
      if (c.depth == depth) {
        EXPECT_EQ(*n, c.nodes) << e.fen;
      }
  }
}

TEST(PerftInvariants, EveryNodeOfStandardPositions) {
  absl::StatusOr<std::vector<SuiteEntry>> entries = load_suite(kOracles + "chess-standard.epd");
  ASSERT_TRUE(entries.ok());
  for (const SuiteEntry& e : *entries) {
    absl::StatusOr<std::uint64_t> n = checked_perft(VariantId::kChess, e.fen, 2);
    ASSERT_TRUE(n.ok()) << e.fen << ": " << n.status();
    if (expected_at(e, 2)) {
      EXPECT_EQ(*n, expected_at(e, 2)) << e.fen;
    }
  }
  // One deeper run through the position with every special move.
  absl::StatusOr<std::uint64_t> kiwipete = checked_perft(
      VariantId::kChess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3);
  ASSERT_TRUE(kiwipete.ok()) << kiwipete.status();
  EXPECT_EQ(*kiwipete, 97862u);
}

TEST(PerftInvariants, EveryNodeOfChess960Positions) {
  absl::StatusOr<std::vector<SuiteEntry>> entries = load_suite(kOracles + "chess960-fischer.epd");
  ASSERT_TRUE(entries.ok());
  for (std::size_t i = 0; i < entries->size(); i += 24) {
    const SuiteEntry& e = (*entries)[i];
    absl::StatusOr<std::uint64_t> n = checked_perft(VariantId::kChess960, e.fen, 3);
    ASSERT_TRUE(n.ok()) << e.fen << ": " << n.status();
    EXPECT_EQ(*n, expected_at(e, 3)) << e.fen;
  }
}

// Parallel = serial: the divide of a position is the same list in the same order at 1 and
// 2 threads, and sums to the plain perft.
TEST(PerftParallel, DivideIsIdenticalAtAnyThreadCount) {
  const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  PerftOptions one{3, 1, true}, two{3, 2, true};
  absl::StatusOr<PerftResult> a = run_perft(VariantId::kChess, fen, one);
  absl::StatusOr<PerftResult> b = run_perft(VariantId::kChess, fen, two);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->divide.size(), 48u);
  ASSERT_EQ(a->divide.size(), b->divide.size());
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < a->divide.size(); ++i) {
    EXPECT_EQ(a->divide[i].uci, b->divide[i].uci);
    EXPECT_EQ(a->divide[i].nodes, b->divide[i].nodes);
    sum += a->divide[i].nodes;
  }
  EXPECT_EQ(sum, 97862u);
  EXPECT_EQ(a->nodes, 97862u);
}

// At 2 threads the work is split two plies deep; a root move that mates (no replies, so no
// task below it) still has its line in the divide, with 0, and the one-move position keeps
// its count.
TEST(PerftParallel, RootMoveWithoutRepliesKeepsItsLine) {
  const std::string fen = "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3";
  for (int depth : {3, 4}) {
    absl::StatusOr<PerftResult> a = run_perft(VariantId::kChess, fen, {depth, 1, true});
    absl::StatusOr<PerftResult> b = run_perft(VariantId::kChess, fen, {depth, 2, true});
    ASSERT_TRUE(a.ok() && b.ok());
    ASSERT_EQ(a->divide.size(), b->divide.size());
    int mates = 0;
    for (std::size_t i = 0; i < a->divide.size(); ++i) {
      EXPECT_EQ(a->divide[i].uci, b->divide[i].uci);
      EXPECT_EQ(a->divide[i].nodes, b->divide[i].nodes) << a->divide[i].uci;
      if (b->divide[i].uci == "d1h5") {
        EXPECT_EQ(b->divide[i].nodes, 0u);
        ++mates;
      }
    }
    EXPECT_EQ(mates, 1);
    EXPECT_EQ(a->nodes, b->nodes);
  }
  // One legal move (the king must step out of the rook's check): all the work under it.
  const std::string one = "7k/8/8/8/8/8/7P/r6K w - - 0 1";
  absl::StatusOr<PerftResult> c = run_perft(VariantId::kChess, one, {5, 1, false});
  absl::StatusOr<PerftResult> d = run_perft(VariantId::kChess, one, {5, 2, false});
  ASSERT_TRUE(c.ok() && d.ok());
  EXPECT_EQ(c->nodes, 12315u);  // Stockfish 15.1: go perft 5
  EXPECT_EQ(d->nodes, 12315u);
}

// A run split into shares (MPI ranks): the divides of the shares, added move by move, are
// the whole divide, for every variant, at depths 0 to 4, with and without a table (one per
// share, as each rank has its own) and at 1 and 2 threads.
TEST(PerftShares, SharesAddUpToTheWholeCount) {
  const std::string kiwipete =
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  struct Case {
    VariantId variant;
    std::string fen;
    int depth;
  };
  const std::vector<Case> cases = {
      {VariantId::kChess, kiwipete, 0},        {VariantId::kChess, kiwipete, 1},
      {VariantId::kChess, kiwipete, 2},        {VariantId::kChess, kiwipete, 3},
      {VariantId::kChess, "startpos", 4},      {VariantId::kChess960, "startpos", 3},
      {VariantId::kCwda, "startpos", 3},       {VariantId::kSuperchess, "startpos", 3},
      {VariantId::kInterweave, "startpos", 3}, {VariantId::kFluidity, "startpos", 3},
  };
  for (const Case& c : cases) {
    absl::StatusOr<PerftResult> whole = run_perft(c.variant, c.fen, {c.depth, 1, true});
    ASSERT_TRUE(whole.ok()) << whole.status();
    for (int parts : {2, 3}) {
      for (int threads : {1, 2}) {
        for (bool hashed : {false, true}) {
          std::vector<std::uint64_t> sum(whole->divide.size(), 0);
          Count128 total = 0;
          for (int part = 0; part < parts; ++part) {
            std::unique_ptr<PerftTable> table = PerftTable::with_bytes(1 << 20);
            PerftOptions o{c.depth, threads, false};
            o.part = part;
            o.parts = parts;
            if (hashed) o.table = table.get();
            absl::StatusOr<PerftResult> share = run_perft(c.variant, c.fen, o);
            ASSERT_TRUE(share.ok()) << share.status();
            ASSERT_EQ(share->divide.size(), whole->divide.size());
            for (std::size_t i = 0; i < sum.size(); ++i) {
              EXPECT_EQ(share->divide[i].uci, whole->divide[i].uci);
              sum[i] += share->divide[i].nodes;
            }
            total += share->total;
          }
          const std::string what = "depth " + std::to_string(c.depth) + ", " +
                                   std::to_string(parts) + " parts, " + std::to_string(threads) +
                                   " threads" + (hashed ? ", hashed" : "");
          EXPECT_TRUE(total == whole->total) << what;
          for (std::size_t i = 0; i < sum.size(); ++i)
            EXPECT_EQ(sum[i], whole->divide[i].nodes) << whole->divide[i].uci << ", " << what;
        }
      }
    }
  }
}

TEST(PerftParallel, SuiteReportsInInputOrder) {
  absl::StatusOr<std::vector<SuiteEntry>> entries = load_suite(kOracles + "chess-standard.epd");
  ASSERT_TRUE(entries.ok());
  SuiteOptions options;
  options.max_depth = 3;
  options.threads = 2;
  std::vector<int> lines;
  run_suite(*entries, options, [&](const EntryResult& r) { lines.push_back(r.entry->line); });
  ASSERT_EQ(lines.size(), entries->size());
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(lines[i], (*entries)[i].line);
}

TEST(PerftSuite, WrongCountIsReportedAsFailure) {
  absl::StatusOr<std::vector<SuiteEntry>> entries = parse_suite(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n"
      "8/8/8/8/8/8/8/8 w - - 0 1 ;D1 1\n",
      "mem.epd", true);
  ASSERT_TRUE(entries.ok()) << entries.status();
  ASSERT_EQ(entries->size(), 2u);
  EntryResult r = run_entry((*entries)[0], {});
  EXPECT_FALSE(r.passed());
  ASSERT_EQ(r.counts.size(), 2u);
  EXPECT_EQ(r.counts[0].status, CountStatus::kPass);
  EXPECT_EQ(r.counts[1].status, CountStatus::kFail);
  EXPECT_EQ(r.counts[1].got, 400u);
  EntryResult bad = run_entry((*entries)[1], {});
  EXPECT_FALSE(bad.passed());
  EXPECT_EQ(bad.error, "no white king; no black king");
}

}  // namespace
}  // namespace fairykit::analysis
