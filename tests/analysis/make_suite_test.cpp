// The random numbers of fairy-perft --make-suite (analysis/perft/make_suite.h): xoshiro256** seeded
// by SplitMix64 gives the reference outputs (computed by a separate Python transcription of
// Vigna's C code), below() stays in range and reaches every value, and a made suite is read
// back by the suite reader with the counts a perft gives.
#include "analysis/perft/make_suite.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/perft/perft.h"
#include "analysis/perft/suite.h"

namespace fairykit::analysis {
namespace {

TEST(SuiteRng, ReferenceOutputs) {
  SuiteRng zero(0);
  EXPECT_EQ(zero.next(), 0x99ec5f36cb75f2b4ULL);
  EXPECT_EQ(zero.next(), 0xbf6e1f784956452aULL);
  EXPECT_EQ(zero.next(), 0x1a5f849d4933e6e0ULL);
  EXPECT_EQ(zero.next(), 0x6aa594f1262d2d2cULL);
  SuiteRng answer(42);
  EXPECT_EQ(answer.next(), 0x15780b2e0c2ec716ULL);
  EXPECT_EQ(answer.next(), 0x6104d9866d113a7eULL);
}

TEST(SuiteRng, BelowStaysInRangeAndReachesEveryValue) {
  SuiteRng rng(7);
  std::vector<int> seen(7, 0);
  for (int i = 0; i < 7000; ++i) {
    const std::uint64_t v = rng.below(7);
    ASSERT_LT(v, 7u);
    ++seen[v];
  }
  for (int n : seen) EXPECT_GT(n, 800);  // 1000 expected each
  EXPECT_EQ(rng.below(1), 0u);
}

std::string made(const MakeSuiteOptions& o) {
  std::string text;
  const absl::Status s = make_suite(o, [&](std::string_view t) { text += t; });
  EXPECT_TRUE(s.ok()) << s.message();
  return text;
}

TEST(MakeSuite, ReadBackWithTheCountsOfPerft) {
  for (SuiteFormat format : {SuiteFormat::kPerft, SuiteFormat::kEpd}) {
    MakeSuiteOptions o;
    o.variant = VariantId::kChess;
    o.positions = 4;
    o.seed = 3;
    o.depth = 2;
    o.format = format;
    const std::string text = made(o);
    absl::StatusOr<std::vector<SuiteEntry>> entries =
        parse_suite(text, "made", format == SuiteFormat::kEpd);
    ASSERT_TRUE(entries.ok()) << entries.status().message();
    ASSERT_EQ(entries->size(), 4u);
    for (const SuiteEntry& e : *entries) {
      EXPECT_EQ(e.variant, "chess");
      ASSERT_EQ(e.counts.size(), 2u);
      for (const parsers::PerftCount& c : e.counts) {
        PerftOptions po;
        po.depth = c.depth;
        absl::StatusOr<PerftResult> r = run_perft(VariantId::kChess, e.fen, po);
        ASSERT_TRUE(r.ok()) << e.fen;
        EXPECT_EQ(r->nodes, c.nodes) << e.fen << " depth " << c.depth;
      }
    }
  }
}

TEST(MakeSuite, TheSameOptionsGiveTheSameBytes) {
  MakeSuiteOptions o;
  o.variant = VariantId::kSuperchess;
  o.positions = 3;
  o.seed = 11;
  o.depth = 1;
  const std::string once = made(o);
  o.threads = 2;
  EXPECT_EQ(made(o), once);
  o.seed = 12;
  EXPECT_NE(made(o), once);
}

TEST(MakeSuite, EpdCannotCarryTheArmiesField) {
  MakeSuiteOptions o;
  o.variant = VariantId::kCwda;
  o.format = SuiteFormat::kEpd;
  const absl::Status s = make_suite(o, [](std::string_view) {});
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("use the .perft format"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace fairykit::analysis
