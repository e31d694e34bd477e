// The suite loader (analysis/perft/suite.h): EPD and .perft suites read into entries, with every
// error naming the file, the line and (EPD) the column.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/perft/suite.h"
#include "parsers/input.h"

namespace fairykit::analysis {
namespace {

std::vector<SuiteEntry> MustParse(std::string_view text, bool epd) {
  absl::StatusOr<std::vector<SuiteEntry>> entries = parse_suite(text, "mem", epd);
  EXPECT_TRUE(entries.ok()) << entries.status();
  return entries.ok() ? *std::move(entries) : std::vector<SuiteEntry>{};
}

std::string ErrorOf(std::string_view text, bool epd) {
  absl::StatusOr<std::vector<SuiteEntry>> entries = parse_suite(text, "mem", epd);
  if (entries.ok()) return "<parsed>";
  EXPECT_EQ(entries.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(entries.status().message());
}

constexpr bool kEpd = true;
constexpr bool kPerft = false;

// A number too large for its type is an error, never an exception.
TEST(SuiteNumbers, EpdOutOfRangeIsAnError) {
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D1 99999999999999999999999\n", kEpd),
            "mem:1:29: perft node count '99999999999999999999999' is out of range");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D1 18446744073709551616\n", kEpd),
            "mem:1:29: perft node count '18446744073709551616' is out of range");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D99999999999999999999 5\n", kEpd),
            "mem:1:29: perft depth '99999999999999999999' is out of range (1 to 64)");
  const std::vector<SuiteEntry> max =
      MustParse("4k3/8/8/8/8/8/8/4K2R w K - ;D1 18446744073709551615\n", kEpd);
  ASSERT_EQ(max.size(), 1u);
  ASSERT_EQ(max[0].counts.size(), 1u);
  EXPECT_EQ(max[0].counts[0].nodes, 18446744073709551615u);
}

TEST(SuiteNumbers, PerftOutOfRangeIsAnError) {
  EXPECT_EQ(
      ErrorOf("fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1\nperft 1 99999999999999999999999\n", kPerft),
      "mem:2: perft node count '99999999999999999999999' is out of range");
  EXPECT_EQ(ErrorOf("fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1\nperft 99999999999999999999 5\n", kPerft),
            "mem:2: perft depth '99999999999999999999' is out of range (1 to 64)");
}

// An EPD suite checks its operations as a .perft file its lines.
TEST(SuiteEpd, PerftOperationsAreChecked) {
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D1 16\n", kEpd),
            "mem:1:36: perft depth 1 already given at column 29");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D 20\n", kEpd),
            "mem:1:36: operation D needs a depth: D1 to D64");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D\n", kEpd),
            "mem:1:29: operation D needs a depth: D1 to D64");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D0 1\n", kEpd),
            "mem:1:29: perft depth '0' is out of range (1 to 64)");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D65 1\n", kEpd),
            "mem:1:29: perft depth '65' is out of range (1 to 64)");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D2147483647 1\n", kEpd),
            "mem:1:29: perft depth '2147483647' is out of range (1 to 64)");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 16\n", kEpd),
            "mem:1:29: operation D1 needs one node count");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K2R w K - ;D1 -15\n", kEpd),
            "mem:1:29: operation D1 needs one node count");
  // Other opcodes that start with D are not perft counts.
  const std::vector<SuiteEntry> e =
      MustParse("4k3/8/8/8/8/8/8/4K2R w K - ;D64 1 ;Draw x ;D1x 5 ;id \"a\"\n", kEpd);
  ASSERT_EQ(e.size(), 1u);
  ASSERT_EQ(e[0].counts.size(), 1u);
  EXPECT_EQ(e[0].counts[0].depth, 64);
  EXPECT_EQ(e[0].id, "a");
}

// A lone CR ends a line, as LF and CR LF do, in both formats.
TEST(SuiteLines, CrOnlyAndCrLfLineEnds) {
  for (const char* end : {"\r", "\r\n", "\n"}) {
    const std::string epd = std::string("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15") + end + "# c" + end +
                            end + "4k3/8/8/8/8/8/8/R3K3 w Q - ;D1 16 ;D2 71" + end;
    const std::vector<SuiteEntry> a = MustParse(epd, kEpd);
    ASSERT_EQ(a.size(), 2u) << int(end[1]);
    EXPECT_EQ(a[0].fen, "4k3/8/8/8/8/8/8/4K2R w K -");
    EXPECT_EQ(a[1].line, 4);
    EXPECT_EQ(a[1].counts.size(), 2u);
    const std::string perft = std::string("id x") + end + "fen startpos" + end + "perft 1 20" +
                              end + end + "fen 8/8/8/8/8/8/8/K6k w - - 0 1" + end + "perft 1 3";
    const std::vector<SuiteEntry> b = MustParse(perft, kPerft);
    ASSERT_EQ(b.size(), 2u);
    EXPECT_EQ(b[0].line, 2);
    EXPECT_EQ(b[1].line, 5);
  }
}

// `fen startpos` (or `epd startpos`) in a .perft file: the start position of the entry's
// variant.
TEST(SuiteStartpos, IsTheStartPositionOfTheVariant) {
  const std::vector<SuiteEntry> e = MustParse(
      "fen startpos\nperft 1 20\nperft 2 400\n\n"
      "variant fluidity\nepd startpos\nperft 1 40\n",
      kPerft);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].fen, "startpos");
  const EntryResult chess = run_entry(e[0], {});
  EXPECT_TRUE(chess.passed()) << chess.error;
  ASSERT_EQ(chess.counts.size(), 2u);
  EXPECT_EQ(chess.counts[1].got, 400u);
  const EntryResult fluidity = run_entry(e[1], {});
  EXPECT_EQ(fluidity.error, "");
  ASSERT_EQ(fluidity.counts.size(), 1u);
  SuiteOptions chess960;
  chess960.default_variant = VariantId::kChess960;
  EXPECT_EQ(run_entry(e[0], chess960).counts[0].got, 20u);
}

// What a suite not named .epd or .perft is read as: its first significant line decides.
TEST(SuiteFormat, GuessedFromTheNameThenTheFirstLine) {
  auto read = [](std::string text, const std::string& name) {
    SuiteReader reader(parsers::memory_input(std::move(text), name));
    std::vector<std::string> out;
    while (true) {
      absl::StatusOr<std::optional<SuiteEntry>> e = reader.next();
      if (!e.ok()) {
        out.push_back(std::string(e.status().message()));
        return out;
      }
      if (!*e) return out;
      out.push_back((*e)->fen);
    }
  };
  using V = std::vector<std::string>;
  const std::string epd = "# comment\n\n  4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n";
  const std::string perft = "# comment\n\nfen 4k3/8/8/8/8/8/8/4K2R w K - 0 1\nperft 1 15\n";
  EXPECT_EQ(read(epd, "suite.txt"), V{"  4k3/8/8/8/8/8/8/4K2R w K -"});
  EXPECT_EQ(read(epd, "<stdin>"), V{"  4k3/8/8/8/8/8/8/4K2R w K -"});
  EXPECT_EQ(read(perft, "suite.txt"), V{"4k3/8/8/8/8/8/8/4K2R w K - 0 1"});
  EXPECT_EQ(read(perft, "<stdin>"), V{"4k3/8/8/8/8/8/8/4K2R w K - 0 1"});
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/4K2R w K - bm Kf2;\n", "x"), V{"4k3/8/8/8/8/8/8/4K2R w K -"});
  EXPECT_EQ(read("# nothing but comments\n\n", "x"), V{});
  // The name wins over the content, with or without a compression suffix.
  EXPECT_EQ(read(perft, "suite.epd.gz"),
            V{"suite.epd.gz:3: FEN side to move field, column 5: expected 'w' or 'b', found '4'"});
  EXPECT_EQ(read(perft, "suite.epd"),
            V{"suite.epd:3: FEN side to move field, column 5: expected 'w' or 'b', found '4'"});
  EXPECT_EQ(read(epd, "suite.perft.zst"),
            V{"suite.perft.zst:3: the record has no fen or epd line"});
  EXPECT_EQ(read(epd, "suite.perft.xz"), V{"suite.perft.xz:3: the record has no fen or epd line"});
}

// A line that never ends is an error at 1 MiB, whatever follows.
TEST(SuiteLimits, LineLongerThanOneMiB) {
  std::string zeros(kMaxSuiteLine + 1, '\0');
  EXPECT_EQ(ErrorOf(zeros, kEpd), "mem:1: line longer than 1 MiB");
  EXPECT_EQ(ErrorOf(zeros, kPerft), "mem:1: line longer than 1 MiB");
  const std::string ok = "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n";
  EXPECT_EQ(ErrorOf(ok + ok + std::string(kMaxSuiteLine + 1, 'x'), kEpd),
            "mem:3: line longer than 1 MiB");
}

// A directory is an unreadable suite.
TEST(SuiteLimits, DirectoryCannotBeOpened) {
  const std::string dir = ::testing::TempDir();
  absl::StatusOr<std::unique_ptr<SuiteReader>> reader = SuiteReader::open(dir);
  ASSERT_FALSE(reader.ok());
  EXPECT_EQ(reader.status().message(), dir + ": cannot open file: Is a directory");
  EXPECT_EQ(load_suite(dir).status().message(), dir + ": cannot open file: Is a directory");
}

// The streaming runner emits every entry before an error, in order, and returns the error.
TEST(SuiteStream, EntriesBeforeAnErrorAreRun) {
  std::string text;
  for (std::size_t i = 0; i < kSuiteBatch + 5; ++i) text += "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n";
  text += "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D1 15\n";
  SuiteReader reader(parsers::memory_input(text, "mem"));
  std::vector<int> lines;
  SuiteOptions options;
  options.threads = 2;
  const absl::Status s = run_suite(reader, options, [&](const EntryResult& r) {
    EXPECT_TRUE(r.passed());
    lines.push_back(r.entry->line);
  });
  EXPECT_EQ(s.message(),
            absl::StrCat("mem:", kSuiteBatch + 6, ":36: perft depth 1 already given at column 29"));
  ASSERT_EQ(lines.size(), kSuiteBatch + 5);
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(lines[i], int(i) + 1);
}

}  // namespace
}  // namespace fairykit::analysis
