#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "parsers/fen.h"

namespace fairykit::parsers {
namespace {

EpdRecord MustParse(std::string_view line) {
  absl::StatusOr<EpdRecord> record = parse_epd(line);
  EXPECT_TRUE(record.ok()) << line << " -> " << record.status();
  return record.ok() ? *std::move(record) : EpdRecord{};
}

std::string ErrorOf(std::string_view line) {
  absl::StatusOr<EpdRecord> record = parse_epd(line);
  if (record.ok()) return "<parsed>";
  EXPECT_EQ(record.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(record.status().message());
}

using Operands = std::vector<std::string>;

TEST(parse_epd, PerftSuiteFormWithClocks) {
  const EpdRecord r =
      MustParse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902");
  EXPECT_EQ(r.position.board.ranks.size(), 8u);
  EXPECT_EQ(r.position.castling->text, "KQkq");
  ASSERT_TRUE(r.position.halfmove_clock.has_value());
  EXPECT_EQ(r.position.halfmove_clock->text, "0");
  ASSERT_TRUE(r.position.fullmove_number.has_value());
  EXPECT_EQ(r.position.fullmove_number->text, "1");
  ASSERT_EQ(r.operations.size(), 3u);
  EXPECT_EQ(r.operations[0].opcode, "D1");
  EXPECT_EQ(r.operations[0].operands, Operands{"20"});
  EXPECT_EQ(r.operations[0].column, 59);
  EXPECT_EQ(r.operations[1].opcode, "D2");
  EXPECT_EQ(r.operations[1].operands, Operands{"400"});
  EXPECT_EQ(r.operations[1].column, 66);
  EXPECT_EQ(r.operations[2].operands, Operands{"8902"});
}

TEST(parse_epd, PerftSuiteFormWithoutClocks) {
  const EpdRecord r = MustParse("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66");
  EXPECT_FALSE(r.position.halfmove_clock.has_value());
  EXPECT_FALSE(r.position.fullmove_number.has_value());
  ASSERT_EQ(r.operations.size(), 2u);
  EXPECT_EQ(r.operations[0].column, 29);
  EXPECT_EQ(r.operations[1].operands, Operands{"66"});
}

TEST(parse_epd, StandardFormWithStringsAndEscapes) {
  const EpdRecord r =
      MustParse(R"(rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "start pos"; bm e4 d4; )"
                R"(c0 "say \"hi\" \\ back";)");
  EXPECT_FALSE(r.position.halfmove_clock.has_value());
  ASSERT_EQ(r.operations.size(), 3u);
  EXPECT_EQ(r.operations[0].opcode, "id");
  EXPECT_EQ(r.operations[0].operands, Operands{"start pos"});
  EXPECT_EQ(r.operations[0].column, 54);
  EXPECT_EQ(r.operations[1].opcode, "bm");
  EXPECT_EQ(r.operations[1].operands, (Operands{"e4", "d4"}));
  EXPECT_EQ(r.operations[2].opcode, "c0");
  EXPECT_EQ(r.operations[2].operands, Operands{R"(say "hi" \ back)"});
}

TEST(parse_epd, SemicolonsInsideStringsDoNotSplit) {
  const EpdRecord r = MustParse(R"(4k3/8/8/8/8/8/8/4K3 w - - id "a;b c"; bm Kd2;)");
  ASSERT_EQ(r.operations.size(), 2u);
  EXPECT_EQ(r.operations[0].operands, Operands{"a;b c"});
  EXPECT_EQ(r.operations[1].operands, Operands{"Kd2"});
}

TEST(parse_epd, OtherBackslashesAreKept) {
  const EpdRecord r = MustParse(R"(4k3/8/8/8/8/8/8/4K3 w - - c0 "C:\dir" "";)");
  ASSERT_EQ(r.operations.size(), 1u);
  EXPECT_EQ(r.operations[0].operands, (Operands{R"(C:\dir)", ""}));
}

TEST(parse_epd, OperationsWithoutOperandsAndMixedSeparators) {
  const EpdRecord r = MustParse("4k3/8/8/8/8/8/8/4K3 w - - noop; ;;acd 12 ; pv Kd2 Kd7");
  ASSERT_EQ(r.operations.size(), 3u);
  EXPECT_EQ(r.operations[0].opcode, "noop");
  EXPECT_TRUE(r.operations[0].operands.empty());
  EXPECT_EQ(r.operations[1].opcode, "acd");
  EXPECT_EQ(r.operations[2].opcode, "pv");
  EXPECT_EQ(r.operations[2].operands, (Operands{"Kd2", "Kd7"}));
}

TEST(parse_epd, QuotedOperandRightAfterOpcode) {
  const EpdRecord r = MustParse(R"(4k3/8/8/8/8/8/8/4K3 w - - id"x";)");
  ASSERT_EQ(r.operations.size(), 1u);
  EXPECT_EQ(r.operations[0].opcode, "id");
  EXPECT_EQ(r.operations[0].operands, Operands{"x"});
}

TEST(parse_epd, SemicolonRightAfterTheFenPart) {
  const EpdRecord r = MustParse("4k3/8/8/8/8/8/8/4K3 w - -;D1 5");
  EXPECT_EQ(r.position.en_passant->text, "-");
  ASSERT_EQ(r.operations.size(), 1u);
  EXPECT_EQ(r.operations[0].column, 27);
}

TEST(parse_epd, OneClockOnly) {
  const EpdRecord r = MustParse("4k3/8/8/8/8/8/8/4K3 w - - 7 bm Kd2;");
  ASSERT_TRUE(r.position.halfmove_clock.has_value());
  EXPECT_EQ(r.position.halfmove_clock->text, "7");
  EXPECT_FALSE(r.position.fullmove_number.has_value());
  ASSERT_EQ(r.operations.size(), 1u);
}

TEST(parse_epd, NoOperationsAndCrLf) {
  const EpdRecord r = MustParse("4k3/8/8/8/8/8/8/4K3 b - e3\r\n");
  EXPECT_EQ(r.position.side.text, "b");
  EXPECT_EQ(r.position.en_passant->text, "e3");
  EXPECT_TRUE(r.operations.empty());
}

TEST(parse_epd, Find) {
  const EpdRecord r = MustParse("4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D2 40 ;D1 6");
  ASSERT_NE(r.Find("D2"), nullptr);
  EXPECT_EQ(r.Find("D2")->operands, Operands{"40"});
  ASSERT_NE(r.Find("D1"), nullptr);
  EXPECT_EQ(r.Find("D1")->operands, Operands{"5"});  // the first one
  EXPECT_EQ(r.Find("D3"), nullptr);
  EXPECT_EQ(r.Find("d1"), nullptr);
}

TEST(ParseEpdErrors, Messages) {
  EXPECT_EQ(ErrorOf(""), "empty EPD line");
  EXPECT_EQ(ErrorOf("  \t\r\n"), "empty EPD line");
  EXPECT_EQ(ErrorOf(R"(4k3/8/8/8/8/8/8/4K3 w - - id "abc)"),
            "EPD operation, column 30: unterminated string");
  EXPECT_EQ(ErrorOf(R"(4k3/8/8/8/8/8/8/4K3 w - - id "ab\")"),
            "EPD operation, column 30: unterminated string");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K3 w - - ;1D 20"),
            "EPD operation, column 28: expected an opcode, found '1'");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2 bm e4"),
            "EPD operation, column 31: expected an opcode, found '2'");
  EXPECT_EQ(ErrorOf(R"(4k3/8/8/8/8/8/8/4K3 w - - ;"x")"),
            "EPD operation, column 28: expected an opcode, found '\"'");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K3 w - - bm+ e4"),
            "EPD operation, column 29: unexpected character '+' in opcode");
  // The FEN part reports through parse_fen.
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K3 w - ;D1 5"),
            "FEN has 3 fields; the en passant field is missing (column 24)");
  EXPECT_EQ(ErrorOf("4k3/8/8/8/8/8/8/4K3 w KQ bm e4;"),
            "FEN en passant field, column 27: unexpected character 'm'");
}

}  // namespace
}  // namespace fairykit::parsers
