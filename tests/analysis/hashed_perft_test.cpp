// Hashed perft (analysis/perft/perft_table.h): the table itself (verified entries, replacement
// that keeps deep entries, counts too large to store, the leaf region's one-word slots),
// and the counts of every oracle file unchanged with a table of 16 MB and with one of a
// single bucket (four entries), with and without the smallest leaf region, where nearly
// every store collides with another position's index. The deep runs are Slow*.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/perft/perft.h"
#include "analysis/perft/perft_table.h"
#include "analysis/perft/suite.h"
#include "tests/analysis/oracles.h"

namespace fairykit::analysis {
namespace {

using testing::OracleTotals;

TEST(PerftTable, FindsOnlyTheSameKeyAndDepth) {
  PerftTable t(16);
  const Key k = 0x0123456789abcdefULL;
  EXPECT_FALSE(t.probe(k, 3).has_value());
  EXPECT_TRUE(t.store(k, 3, 8902));
  ASSERT_TRUE(t.probe(k, 3).has_value());
  EXPECT_EQ(*t.probe(k, 3), 8902u);
  EXPECT_FALSE(t.probe(k, 4).has_value());      // another depth
  EXPECT_FALSE(t.probe(k ^ 1, 3).has_value());  // another key, same bucket
  EXPECT_FALSE(t.probe(k ^ (Key{1} << 63), 3).has_value());
  EXPECT_TRUE(t.store(k, 3, 8903));  // the same key and depth: replaced in place
  EXPECT_EQ(*t.probe(k, 3), 8903u);
  t.clear();
  EXPECT_FALSE(t.probe(k, 3).has_value());
}

// (Depths 2 and more: the only ones looked up.)
TEST(PerftTable, EmptySlotsAreNoEntryOfKeyZero) {
  PerftTable t(1);
  for (int d = 2; d <= 64; ++d) EXPECT_FALSE(t.probe(0, d).has_value()) << d;
}

TEST(PerftTable, CountsPast56BitsAreNotStored) {
  PerftTable t(1);
  EXPECT_TRUE(t.store(7, 9, PerftTable::kMaxCount));
  EXPECT_EQ(*t.probe(7, 9), PerftTable::kMaxCount);
  EXPECT_FALSE(t.store(8, 9, PerftTable::kMaxCount + 1));
  EXPECT_FALSE(t.probe(8, 9).has_value());
}

TEST(PerftTable, ReplacementKeepsTheDeepEntries) {
  PerftTable t(1);  // one bucket: every key shares it
  EXPECT_TRUE(t.store(1, 9, 100));
  EXPECT_TRUE(t.store(2, 8, 200));
  EXPECT_TRUE(t.store(3, 2, 300));
  EXPECT_TRUE(t.store(4, 7, 400));
  EXPECT_TRUE(t.store(5, 3, 500));  // full: the depth-2 entry goes
  EXPECT_FALSE(t.probe(3, 2).has_value());
  EXPECT_TRUE(t.store(6, 2, 600));  // the depth-3 entry goes
  EXPECT_FALSE(t.probe(5, 3).has_value());
  EXPECT_EQ(*t.probe(1, 9), 100u);
  EXPECT_EQ(*t.probe(2, 8), 200u);
  EXPECT_EQ(*t.probe(4, 7), 400u);
  EXPECT_EQ(*t.probe(6, 2), 600u);
}

TEST(PerftTable, ByteSizeRoundsDownToBuckets) {
  EXPECT_EQ(PerftTable::with_bytes(1)->buckets(), 1u);
  EXPECT_EQ(PerftTable::with_bytes(1000)->buckets(), 15u);
  EXPECT_EQ(PerftTable::with_bytes(1000)->leaf_slots(), 0u);
  EXPECT_EQ(PerftTable::with_bytes(std::size_t{16} << 20)->bytes(), std::size_t{16} << 20);
}

// The leaf region takes an eighth of a table of 512 KiB or more, a power of two of at most
// 4 MiB; the buckets the rest.
TEST(PerftTable, LeafRegionSize) {
  EXPECT_EQ(PerftTable::with_bytes((std::size_t{512} << 10) - 1)->leaf_slots(), 0u);
  std::unique_ptr<PerftTable> t = PerftTable::with_bytes(std::size_t{1} << 20);
  EXPECT_EQ(t->leaf_slots(), (std::size_t{128} << 10) / 8);
  EXPECT_EQ(t->buckets(), (std::size_t{896} << 10) / 64);
  EXPECT_EQ(t->bytes(), std::size_t{1} << 20);
  t = PerftTable::with_bytes(std::size_t{256} << 20);
  EXPECT_EQ(t->leaf_slots(), (std::size_t{4} << 20) / 8);
  EXPECT_EQ(t->bytes(), std::size_t{256} << 20);
  EXPECT_THROW(PerftTable(1, 128), std::invalid_argument);  // fewer than 2^8 slots
  EXPECT_THROW(PerftTable(1, 300), std::invalid_argument);  // not a power of two
}

TEST(PerftTable, LeafSlotsFindOnlyTheSameKey) {
  PerftTable t(1, 256);
  ASSERT_TRUE(t.has_leaves());
  const Key k = 0x0123456789abcdefULL;
  EXPECT_FALSE(t.probe_leaf(k).has_value());
  EXPECT_TRUE(t.store_leaf(k, 48));
  ASSERT_TRUE(t.probe_leaf(k).has_value());
  EXPECT_EQ(*t.probe_leaf(k), 48u);
  EXPECT_FALSE(t.probe_leaf(k ^ (Key{1} << 63)).has_value());  // the same slot, high bits
  EXPECT_FALSE(t.probe_leaf(k ^ (Key{1} << 8)).has_value());   // the same slot, low bits
  EXPECT_FALSE(t.probe_leaf(k ^ 1).has_value());               // another slot
  EXPECT_FALSE(t.probe(k, 2).has_value());                     // the buckets are apart
  // No moves (mate, stalemate) is a count like any other; an empty slot is none.
  EXPECT_TRUE(t.store_leaf(k, 0));
  EXPECT_EQ(*t.probe_leaf(k), 0u);
  EXPECT_FALSE(t.probe_leaf(0).has_value());
  EXPECT_FALSE(t.probe_leaf(k & ~Key{0xff}).has_value());
  // The slot is taken by the last store.
  EXPECT_TRUE(t.store_leaf(k ^ (Key{1} << 40), 7));
  EXPECT_FALSE(t.probe_leaf(k).has_value());
  EXPECT_EQ(*t.probe_leaf(k ^ (Key{1} << 40)), 7u);
  // Counts past kMaxLeafCount (some variants have more moves than a slot holds).
  EXPECT_TRUE(t.store_leaf(k, PerftTable::kMaxLeafCount));
  EXPECT_EQ(*t.probe_leaf(k), PerftTable::kMaxLeafCount);
  EXPECT_FALSE(t.store_leaf(k ^ 2, PerftTable::kMaxLeafCount + 1));
  EXPECT_FALSE(t.probe_leaf(k ^ 2).has_value());
  t.clear();
  EXPECT_FALSE(t.probe_leaf(k).has_value());
}

TEST(PerftCount, TextOf128BitCounts) {
  EXPECT_EQ(count_text(0), "0");
  EXPECT_EQ(count_text(4865609), "4865609");
  const Count128 past = (Count128(1) << 64) + 5;
  EXPECT_EQ(count_text(past), "18446744073709551621");
  EXPECT_EQ(count_text(~Count128(0)), "340282366920938463463374607431768211455");
}

// The divide of a hashed run equals the unhashed one at 1 and 2 threads, and the table is
// used (hits) on a second run.
TEST(HashedPerft, DivideEqualsUnhashed) {
  const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  absl::StatusOr<PerftResult> plain = run_perft(VariantId::kChess, fen, {4, 1, true});
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_EQ(plain->nodes, 4085603u);
  for (int threads : {1, 2}) {
    std::unique_ptr<PerftTable> table = PerftTable::with_bytes(1 << 20);
    for (int run = 0; run < 2; ++run) {
      PerftOptions o{4, threads, true};
      o.table = table.get();
      absl::StatusOr<PerftResult> h = run_perft(VariantId::kChess, fen, o);
      ASSERT_TRUE(h.ok()) << h.status();
      EXPECT_EQ(h->nodes, 4085603u);
      EXPECT_TRUE(h->total == 4085603u);
      ASSERT_EQ(h->divide.size(), plain->divide.size());
      for (std::size_t i = 0; i < h->divide.size(); ++i) {
        EXPECT_EQ(h->divide[i].uci, plain->divide[i].uci);
        EXPECT_EQ(h->divide[i].nodes, plain->divide[i].nodes) << h->divide[i].uci;
      }
    }
    const PerftTable::Stats s = table->stats();
    EXPECT_GT(s.stores, 0u);
    // The second run finds the subtree of every root move.
    EXPECT_GE(s.hits, plain->divide.size()) << threads;
  }
}

// One table for the six variants (its keys are salted per variant): each start position
// keeps the counts of its unhashed run.
TEST(HashedPerft, OneTableForSeveralVariants) {
  std::unique_ptr<PerftTable> table = PerftTable::with_bytes(1 << 20);
  for (VariantId v : {VariantId::kChess, VariantId::kChess960, VariantId::kCwda,
                      VariantId::kSuperchess, VariantId::kInterweave, VariantId::kFluidity}) {
    absl::StatusOr<PerftResult> plain = run_perft(v, "startpos", {3, 1, false});
    ASSERT_TRUE(plain.ok()) << plain.status();
    PerftOptions o{3, 1, false};
    o.table = table.get();
    absl::StatusOr<PerftResult> h = run_perft(v, "startpos", o);
    ASSERT_TRUE(h.ok()) << h.status();
    EXPECT_EQ(h->nodes, plain->nodes) << variant_info(v).name;
  }
}

struct Oracle {
  const char* file;
  VariantId variant;
  std::uint64_t budget;  // with the 16 MB table
  std::uint64_t tiny_budget;
  int positions;
};

// Every oracle file of tests/data/oracles: the variants' own lines win over `variant`.
const Oracle kOracles[] = {
    {"chess-standard.epd", VariantId::kChess, 2'000'000, 200'000, 128},
    {"chess960-fischer.epd", VariantId::kChess960, 200'000, 20'000, 960},
    {"chess-tricky.perft", VariantId::kChess, 3'000'000, 300'000, 19},
    {"chess-random.perft", VariantId::kChess, 20'000, 2'000, 6838},
    {"cwda.perft", VariantId::kChess, 1'000'000, 100'000, 16},
    {"superchess.perft", VariantId::kChess, 2'000'000, 200'000, 5},
    {"interweave.perft", VariantId::kChess, 5'000'000, 500'000, 0},
    {"fluidity.perft", VariantId::kChess, 5'000'000, 500'000, 0},
};

PerftTable::Stats check_oracle(const Oracle& o, std::size_t buckets, std::size_t leaf_slots,
                               std::uint64_t budget) {
  const std::vector<SuiteEntry> entries = testing::load_oracle(o.file);
  EXPECT_FALSE(entries.empty()) << o.file;
  if (o.positions) {
    EXPECT_EQ(int(entries.size()), o.positions) << o.file;
  }
  PerftTable table(buckets, leaf_slots);
  const OracleTotals t = testing::check_oracle_counts(entries, o.variant, budget, &table);
  EXPECT_EQ(t.positions, int(entries.size())) << o.file;
  EXPECT_GE(t.counts, t.positions) << o.file << ": at least one count per position";
  const PerftTable::Stats s = table.stats();
  EXPECT_GT(s.stores, 0u) << o.file;
  return s;
}

// Checks every oracle file; with a table of a fair size, that it found transpositions.
void check_oracles(std::size_t buckets, std::size_t leaf_slots, bool tiny) {
  std::uint64_t hits = 0, leaf_hits = 0;
  for (const Oracle& o : kOracles) {
    const PerftTable::Stats s =
        check_oracle(o, buckets, leaf_slots, tiny ? o.tiny_budget : o.budget);
    hits += s.hits;
    leaf_hits += s.leaf_hits;
  }
  if (buckets > 1000) {
    EXPECT_GT(hits, 1000u);
  }
  if (leaf_slots > 1000) {
    EXPECT_GT(leaf_hits, 1000u);
  }
}

// 16 MB as with_bytes() divides them: 14 MB of buckets, 2 MB of leaf slots.
TEST(HashedPerft, OracleCountsWith16MegabyteTable) {
  check_oracles((std::size_t{14} << 20) / 64, (std::size_t{2} << 20) / 8, false);
}

// One bucket of four entries for the whole suite: index collisions at nearly every store,
// so every count depends on the entries being checked against the full key and depth;
// without a leaf region, and with the smallest one (256 slots).
TEST(HashedPerft, OracleCountsWithOneBucketTable) { check_oracles(1, 0, true); }
TEST(HashedPerft, OracleCountsWithOneBucketAndSmallestLeafRegion) { check_oracles(1, 256, true); }

// Every count of every oracle file, hashed (minutes to hours on two cores).
TEST(SlowHashedPerft, EveryOracleCountWith64MegabyteTable) {
  for (const Oracle& o : kOracles)
    check_oracle(o, (std::size_t{56} << 20) / 64, (std::size_t{4} << 20) / 8, 0);
}

TEST(SlowHashedPerft, OracleCountsWithEightEntryTable) { check_oracles(2, 256, false); }

}  // namespace
}  // namespace fairykit::analysis
