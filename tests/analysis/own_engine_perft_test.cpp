// Interweave and Fluidity through analysis/ (the GameEngine path of perft, suites and
// checked perft): the oracle counts of tests/data/oracles/interweave.perft and fluidity.perft
// through the suite runner (large counts split by root move across threads), the debug
// invariants at every node, and a divide of whole turns that is the same at any thread
// count. The rules engines' own tests (tests/rules/) test the rules; these test that the
// tools see the same counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "analysis/perft/perft.h"
#include "analysis/perft/suite.h"
#include "tests/analysis/oracles.h"

namespace fairykit::analysis {
namespace {

std::uint64_t count_at(const SuiteEntry& e, int depth) {
  for (const auto& c : e.counts)
    if (c.depth == depth) return c.nodes;
  return 0;
}

// Every count of both files (the largest, Interweave's start at depth 5, is 20 million turns:
// split into one task per root move).
TEST(OwnEnginePerft, EveryOracleCountThroughTheSuiteRunner) {
  const std::vector<SuiteEntry> interweave = testing::load_oracle("interweave.perft");
  const testing::OracleTotals i =
      testing::check_oracle_counts(interweave, VariantId::kChess, 25'000'000);
  EXPECT_EQ(i.positions, 7);
  EXPECT_EQ(i.counts, 29);
  const std::vector<SuiteEntry> fluidity = testing::load_oracle("fluidity.perft");
  const testing::OracleTotals f =
      testing::check_oracle_counts(fluidity, VariantId::kChess, 25'000'000);
  EXPECT_EQ(f.positions, 7);
  EXPECT_EQ(f.counts, 24);
}

TEST(OwnEnginePerft, InvariantsAtEveryNodeToDepth3) {
  for (const auto& [file, variant] : {std::pair{"interweave.perft", VariantId::kInterweave},
                                      std::pair{"fluidity.perft", VariantId::kFluidity}}) {
    for (const SuiteEntry& e : testing::load_oracle(file)) {
      absl::StatusOr<std::uint64_t> n = checked_perft(variant, e.fen, 3);
      ASSERT_TRUE(n.ok()) << e.id << ": " << n.status();
      EXPECT_EQ(*n, count_at(e, 3)) << e.id;
    }
  }
}

// interweave.md 1.12, last diagram: 8 legal turns, one of them a chain; the divide names each
// whole turn by its squares, and is identical at 1 and 2 threads.
TEST(OwnEnginePerft, InterweaveDivideListsWholeTurns) {
  const std::string fen = "8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8 w 0 - 000000";
  PerftOptions one{2, 1, true}, two{2, 2, true};
  absl::StatusOr<PerftResult> a = run_perft(VariantId::kInterweave, fen, one);
  absl::StatusOr<PerftResult> b = run_perft(VariantId::kInterweave, fen, two);
  ASSERT_TRUE(a.ok() && b.ok()) << a.status() << b.status();
  std::vector<std::string> turns;
  std::uint64_t sum = 0;
  ASSERT_EQ(a->divide.size(), b->divide.size());
  for (std::size_t k = 0; k < a->divide.size(); ++k) {
    turns.push_back(a->divide[k].uci);
    EXPECT_EQ(a->divide[k].uci, b->divide[k].uci);
    EXPECT_EQ(a->divide[k].nodes, b->divide[k].nodes);
    sum += a->divide[k].nodes;
  }
  std::sort(turns.begin(), turns.end());
  EXPECT_EQ(turns, (std::vector<std::string>{"a7c7", "a7e5", "a7e7a5", "a7g7", "c5c7", "d6c7",
                                             "e2e4", "h3h5"}));
  EXPECT_EQ(sum, a->nodes);
  absl::StatusOr<PerftResult> plain = run_perft(VariantId::kInterweave, fen, {2, 1, false});
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->nodes, a->nodes);
}

TEST(OwnEnginePerft, FluidityDivideIsIdenticalAtAnyThreadCount) {
  const std::string fen = "r3k2r/2q5/8/3n4/3B4/8/5n2/Rn1bK1bR w KQkq - 0 1";
  absl::StatusOr<PerftResult> a = run_perft(VariantId::kFluidity, fen, {3, 1, true});
  absl::StatusOr<PerftResult> b = run_perft(VariantId::kFluidity, fen, {3, 2, true});
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->divide.size(), 25u);  // oracle: 25 moves, 42032 at depth 3
  ASSERT_EQ(a->divide.size(), b->divide.size());
  for (std::size_t k = 0; k < a->divide.size(); ++k) {
    EXPECT_EQ(a->divide[k].uci, b->divide[k].uci);
    EXPECT_EQ(a->divide[k].nodes, b->divide[k].nodes);
  }
  EXPECT_EQ(a->nodes, 42032u);
}

TEST(OwnEnginePerft, BadFenIsAnErrorNotACrash) {
  absl::StatusOr<PerftResult> r = run_perft(VariantId::kInterweave, "rbnkknbr/ppp w", {1, 1});
  EXPECT_FALSE(r.ok());
  absl::StatusOr<PerftResult> f =
      run_perft(VariantId::kFluidity, "rnbqkbnr/pppppppp/8/8/8/8/8/RNBQKBNR w KQkq - 0 1", {1, 1});
  EXPECT_FALSE(f.ok());  // Fluidity has no Pawns
}

}  // namespace
}  // namespace fairykit::analysis
