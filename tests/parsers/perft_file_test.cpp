#include "parsers/perft_file.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fairykit::parsers {
namespace {

std::vector<PerftRecord> MustParse(std::string_view text) {
  absl::StatusOr<std::vector<PerftRecord>> records = parse_perft_file(text);
  EXPECT_TRUE(records.ok()) << records.status();
  return records.ok() ? *std::move(records) : std::vector<PerftRecord>{};
}

std::string ErrorOf(std::string_view text) {
  absl::StatusOr<std::vector<PerftRecord>> records = parse_perft_file(text);
  if (records.ok()) return "<parsed>";
  EXPECT_EQ(records.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(records.status().message());
}

TEST(parse_perft_file, RecordsCommentsAndBlankLines) {
  const std::vector<PerftRecord> records = MustParse(
      "# header comment\n"                                                 // 1
      "\n"                                                                 // 2
      "id cwda-CN-start\n"                                                 // 3
      "variant cwda   # trailing comment\n"                                // 4
      "# a comment inside a record does not end it\n"                      // 5
      "fen gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN\n"  // 6
      "perft 1 28\n"                                                       // 7
      "perft\t2   728  \n"                                                 // 8
      "\n"                                                                 // 9
      "  \t\n"                                                             // 10
      "id pos#2\n"                                                         // 11
      "epd 4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n"                            // 12
      "note  kept verbatim  \n"                                            // 13
      "perft 6 18446744073709551615");                                     // 14
  ASSERT_EQ(records.size(), 2u);

  const PerftRecord& a = records[0];
  EXPECT_EQ(a.id, "cwda-CN-start");
  EXPECT_EQ(a.variant, "cwda");
  EXPECT_EQ(a.fen, "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN");
  EXPECT_FALSE(a.is_epd);
  EXPECT_EQ(a.line, 3);
  EXPECT_EQ(a.fen_line, 6);
  ASSERT_EQ(a.counts.size(), 2u);
  EXPECT_EQ(a.counts[0].depth, 1);
  EXPECT_EQ(a.counts[0].nodes, 28u);
  EXPECT_EQ(a.counts[0].line, 7);
  EXPECT_EQ(a.counts[1].depth, 2);
  EXPECT_EQ(a.counts[1].nodes, 728u);
  EXPECT_EQ(a.counts[1].line, 8);
  EXPECT_TRUE(a.other.empty());

  const PerftRecord& b = records[1];
  EXPECT_EQ(b.id, "pos#2");  // '#' inside a word is not a comment
  EXPECT_EQ(b.variant, "");
  EXPECT_EQ(b.fen, "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15");
  EXPECT_TRUE(b.is_epd);
  EXPECT_EQ(b.line, 11);
  EXPECT_EQ(b.fen_line, 12);
  ASSERT_EQ(b.counts.size(), 1u);
  EXPECT_EQ(b.counts[0].depth, 6);
  EXPECT_EQ(b.counts[0].nodes, 18446744073709551615u);
  ASSERT_EQ(b.other.size(), 1u);
  EXPECT_EQ(b.other[0].first, "note");
  EXPECT_EQ(b.other[0].second, "kept verbatim");
}

TEST(parse_perft_file, EmptyAndCommentOnlyFiles) {
  EXPECT_TRUE(MustParse("").empty());
  EXPECT_TRUE(MustParse("\n\n").empty());
  EXPECT_TRUE(MustParse("# nothing\n#\n\n# here\n").empty());
}

TEST(parse_perft_file, CrLfLines) {
  const std::vector<PerftRecord> records = MustParse(
      "id a\r\nfen 8/8/8/8/8/8/8/K6k w - - 0 1\r\nperft 1 3\r\n\r\nfen x\r\nperft 1 1\r\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
  EXPECT_EQ(records[1].line, 5);
  EXPECT_EQ(records[1].id, "");
}

TEST(parse_perft_file, RecordAtEndOfFileWithoutBlankLine) {
  const std::vector<PerftRecord> records = MustParse("fen x\nperft 1 1");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].counts[0].depth, 1);
}

// A lone CR ends a line as LF and CR LF do: the same records, the same line numbers.
TEST(parse_perft_file, CrOnlyLines) {
  const std::vector<PerftRecord> records =
      MustParse("id a\rfen x\rperft 1 3\r\rfen y\r\nperft 64 1\n\nfen z\rperft 2 9\r");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].fen, "x");
  EXPECT_EQ(records[0].counts[0].line, 3);
  EXPECT_EQ(records[1].line, 5);
  EXPECT_EQ(records[1].counts[0].depth, 64);
  EXPECT_EQ(records[2].line, 8);
  EXPECT_EQ(records[2].counts[0].line, 9);
  EXPECT_EQ(ErrorOf("fen x\rperft 1 3\rperft 1 4\r"),
            "line 3: perft depth 1 already given at line 2");
}

// The streaming reader names the file; without keep_other, unknown keywords are dropped.
TEST(PerftFileReader, NamesTheFileAndStreams) {
  PerftFileReader reader("x.perft", /*keep_other=*/false);
  EXPECT_EQ(*reader.Add("id a", 1), std::nullopt);
  EXPECT_EQ(*reader.Add("note dropped", 2), std::nullopt);
  EXPECT_EQ(*reader.Add("fen x", 3), std::nullopt);
  EXPECT_EQ(*reader.Add("perft 1 20", 4), std::nullopt);
  absl::StatusOr<std::optional<PerftRecord>> done = reader.Add("", 5);
  ASSERT_TRUE(done.ok() && done->has_value());
  EXPECT_EQ((*done)->id, "a");
  EXPECT_TRUE((*done)->other.empty());
  EXPECT_EQ(*reader.Finish(), std::nullopt);
  EXPECT_EQ(reader.Add("perft 65 1", 6).status().message(),
            "x.perft:6: perft depth '65' is out of range (1 to 64)");
}

TEST(ParsePerftFileErrors, Messages) {
  EXPECT_EQ(ErrorOf("id a\nfen x\nperft 1\n"), "line 3: perft line needs a depth and a node count");
  EXPECT_EQ(ErrorOf("id a\nfen x\nperft\n"), "line 3: perft line needs a depth and a node count");
  EXPECT_EQ(ErrorOf("fen x\nperft 1 20 30\n"),
            "line 2: unexpected text '30' after the perft node count");
  EXPECT_EQ(ErrorOf("fen x\nperft x 20\n"), "line 2: perft depth 'x' is not a number");
  EXPECT_EQ(ErrorOf("fen x\nperft -1 20\n"), "line 2: perft depth '-1' is not a number");
  EXPECT_EQ(ErrorOf("fen x\nperft 99999999999 20\n"),
            "line 2: perft depth '99999999999' is out of range (1 to 64)");
  // One depth limit everywhere (fairy-perft's --depth too): 1 to 64.
  EXPECT_EQ(ErrorOf("fen x\nperft 0 1\n"), "line 2: perft depth '0' is out of range (1 to 64)");
  EXPECT_EQ(ErrorOf("fen x\nperft 65 1\n"), "line 2: perft depth '65' is out of range (1 to 64)");
  EXPECT_EQ(ErrorOf("fen x\nperft 2147483647 1\n"),
            "line 2: perft depth '2147483647' is out of range (1 to 64)");
  EXPECT_EQ(ErrorOf("fen x\nperft 1 2x\n"), "line 2: perft node count '2x' is not a number");
  EXPECT_EQ(ErrorOf("fen x\nperft 1 18446744073709551616\n"),
            "line 2: perft node count '18446744073709551616' is out of range");
  EXPECT_EQ(ErrorOf("fen x\nperft 1 20\n# c\nperft 1 21\n"),
            "line 4: perft depth 1 already given at line 2");
  EXPECT_EQ(ErrorOf("id a\nfen x\nid b\n"), "line 3: the record already has an id (line 1)");
  EXPECT_EQ(ErrorOf("variant a\nfen x\nvariant b\n"),
            "line 3: the record already has a variant (line 1)");
  EXPECT_EQ(ErrorOf("id a\nfen x\nepd y\n"), "line 3: the record already has a position (line 2)");
  EXPECT_EQ(ErrorOf("id a\nfen\n"), "line 2: fen line needs a value");
  EXPECT_EQ(ErrorOf("id a\nepd   # only a comment\n"), "line 2: epd line needs a value");
  EXPECT_EQ(ErrorOf("id\n"), "line 1: id line needs a value");
  EXPECT_EQ(ErrorOf("\n\nid a\nperft 1 20\n\n"), "line 3: the record has no fen or epd line");
  EXPECT_EQ(ErrorOf("fen x\nperft 1 1\n\n# c\nid a\nfen y\n"),
            "line 5: the record has no perft line");
  // A misspelt keyword lands in `other`, so the record then has no perft line.
  EXPECT_EQ(ErrorOf("fen x\npreft 1 20\n"), "line 1: the record has no perft line");
}

}  // namespace
}  // namespace fairykit::parsers
