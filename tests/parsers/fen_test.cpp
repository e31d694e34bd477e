#include "parsers/fen.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace fairykit::parsers {
namespace {

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

FenAst MustParse(std::string_view text, const FenSchema& schema = {}) {
  absl::StatusOr<FenAst> ast = parse_fen(text, schema);
  EXPECT_TRUE(ast.ok()) << text << " -> " << ast.status();
  return ast.ok() ? *std::move(ast) : FenAst{};
}

// The error message of a parse that must fail.
std::string ErrorOf(std::string_view text, const FenSchema& schema = {}) {
  absl::StatusOr<FenAst> ast = parse_fen(text, schema);
  if (ast.ok()) return "<parsed>";
  EXPECT_EQ(ast.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(ast.status().message());
}

// The ranks as text again ("8", "4P~3"), to compare whole boards compactly.
std::string RankText(const std::vector<FenBoardItem>& rank) {
  std::string out;
  for (const FenBoardItem& item : rank) {
    if (item.kind == FenBoardItem::kEmpty) {
      out += std::to_string(item.empty_count);
    } else {
      out += item.letter;
      if (item.promoted) out += '~';
    }
  }
  return out;
}

TEST(parse_fen, StandardStartPosition) {
  const FenAst ast = MustParse(kStart);
  ASSERT_EQ(ast.board.ranks.size(), 8u);
  EXPECT_EQ(ast.board.column, 1);
  EXPECT_FALSE(ast.board.holdings.has_value());

  const auto& top = ast.board.ranks[0];
  ASSERT_EQ(top.size(), 8u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(top[i].kind, FenBoardItem::kPiece);
    EXPECT_EQ(top[i].letter, "rnbqkbnr"[i]);
    EXPECT_FALSE(top[i].promoted);
    EXPECT_EQ(top[i].column, i + 1);
  }
  const auto& third = ast.board.ranks[2];
  ASSERT_EQ(third.size(), 1u);
  EXPECT_EQ(third[0].kind, FenBoardItem::kEmpty);
  EXPECT_EQ(third[0].empty_count, 8);
  EXPECT_EQ(third[0].column, 19);
  EXPECT_EQ(RankText(ast.board.ranks[7]), "RNBQKBNR");
  EXPECT_EQ(ast.board.ranks[7][0].column, 36);

  EXPECT_EQ(ast.side.text, "w");
  EXPECT_EQ(ast.side.column, 45);
  ASSERT_TRUE(ast.castling.has_value());
  EXPECT_EQ(ast.castling->text, "KQkq");
  EXPECT_EQ(ast.castling->column, 47);
  ASSERT_EQ(ast.castling_tokens.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(ast.castling_tokens[i].letter, "KQkq"[i]);
    EXPECT_EQ(ast.castling_tokens[i].column, 47 + i);
  }
  ASSERT_TRUE(ast.en_passant.has_value());
  EXPECT_EQ(ast.en_passant->text, "-");
  EXPECT_EQ(ast.en_passant->column, 52);
  ASSERT_TRUE(ast.halfmove_clock.has_value());
  EXPECT_EQ(ast.halfmove_clock->text, "0");
  EXPECT_EQ(ast.halfmove_clock->column, 54);
  ASSERT_TRUE(ast.fullmove_number.has_value());
  EXPECT_EQ(ast.fullmove_number->text, "1");
  EXPECT_EQ(ast.fullmove_number->column, 56);
  EXPECT_TRUE(ast.extra.empty());
}

TEST(parse_fen, FourFieldsLeaveTheClocksOut) {
  const FenAst ast = MustParse("4k3/8/8/8/8/8/8/4K2R w K e3");
  EXPECT_EQ(RankText(ast.board.ranks[0]), "4k3");
  EXPECT_EQ(RankText(ast.board.ranks[7]), "4K2R");
  ASSERT_TRUE(ast.en_passant.has_value());
  EXPECT_EQ(ast.en_passant->text, "e3");
  EXPECT_FALSE(ast.halfmove_clock.has_value());
  EXPECT_FALSE(ast.fullmove_number.has_value());
}

TEST(parse_fen, FiveFieldsGiveTheHalfmoveClockOnly) {
  const FenAst ast = MustParse("4k3/8/8/8/8/8/8/4K2R b - - 17");
  EXPECT_EQ(ast.side.text, "b");
  ASSERT_TRUE(ast.halfmove_clock.has_value());
  EXPECT_EQ(ast.halfmove_clock->text, "17");
  EXPECT_FALSE(ast.fullmove_number.has_value());
}

TEST(parse_fen, DashCastlingGivesNoTokens) {
  const FenAst ast = MustParse("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(ast.castling.has_value());
  EXPECT_EQ(ast.castling->text, "-");
  EXPECT_TRUE(ast.castling_tokens.empty());
}

TEST(parse_fen, PromotedPieces) {
  const FenAst ast = MustParse("8/4P~3/8/8/8/8/8/k6K w - - 0 1");
  const auto& rank = ast.board.ranks[1];
  ASSERT_EQ(rank.size(), 3u);
  EXPECT_EQ(rank[0].empty_count, 4);
  EXPECT_EQ(rank[0].column, 3);
  EXPECT_EQ(rank[1].kind, FenBoardItem::kPiece);
  EXPECT_EQ(rank[1].letter, 'P');
  EXPECT_TRUE(rank[1].promoted);
  EXPECT_EQ(rank[1].column, 4);
  EXPECT_EQ(rank[2].empty_count, 3);
  EXPECT_EQ(rank[2].column, 6);
  EXPECT_FALSE(ast.board.ranks[7][0].promoted);
}

TEST(parse_fen, HoldingsBracket) {
  const FenAst ast = MustParse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRr] w KQkq - 0 1");
  ASSERT_EQ(ast.board.ranks.size(), 8u);
  ASSERT_TRUE(ast.board.holdings.has_value());
  EXPECT_EQ(*ast.board.holdings, "QRr");
  EXPECT_EQ(ast.board.holdings_column, 45);
  EXPECT_EQ(ast.side.column, 50);
}

TEST(parse_fen, EmptyHoldingsBracket) {
  for (std::string_view text : {"8/8/8/8/8/8/8/8[] w - -", "8/8/8/8/8/8/8/8[-] w - -"}) {
    const FenAst ast = MustParse(text);
    ASSERT_TRUE(ast.board.holdings.has_value()) << text;
    EXPECT_EQ(*ast.board.holdings, "") << text;
    EXPECT_EQ(ast.board.holdings_column, 17) << text;
  }
}

TEST(parse_fen, NinthRankHoldings) {
  const FenAst ast = MustParse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qq w KQkq - 0 1");
  ASSERT_EQ(ast.board.ranks.size(), 8u);
  ASSERT_TRUE(ast.board.holdings.has_value());
  EXPECT_EQ(*ast.board.holdings, "Qq");
  EXPECT_EQ(ast.board.holdings_column, 45);
}

TEST(parse_fen, EmptyNinthRankIsEmptyHoldings) {
  const FenAst ast = MustParse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1");
  ASSERT_EQ(ast.board.ranks.size(), 8u);
  ASSERT_TRUE(ast.board.holdings.has_value());
  EXPECT_EQ(*ast.board.holdings, "");
  EXPECT_EQ(ast.board.holdings_column, 45);
  EXPECT_EQ(ast.side.column, 46);
}

TEST(parse_fen, NinthRankWithDigitsOrPromotionsStaysOnTheBoard) {
  for (std::string_view text :
       {"8/8/8/8/8/8/8/8/8 w - -", "8/8/8/8/8/8/8/8/Q~ w - -", "8/8/8/8/8/8/8/8/Q1 w - -"}) {
    const FenAst ast = MustParse(text);
    EXPECT_EQ(ast.board.ranks.size(), 9u) << text;
    EXPECT_FALSE(ast.board.holdings.has_value()) << text;
  }
  // Letters only, but ten ranks: not the crazyhouse form, so all are board ranks.
  const FenAst ten = MustParse("8/8/8/8/8/8/8/8/8/Qq w - -");
  EXPECT_EQ(ten.board.ranks.size(), 10u);
  EXPECT_FALSE(ten.board.holdings.has_value());
  // A bracket is the holdings; a 9th letters-only rank then stays a board rank.
  const FenAst both = MustParse("8/8/8/8/8/8/8/8/Qq[R] w - -");
  EXPECT_EQ(both.board.ranks.size(), 9u);
  EXPECT_EQ(both.board.holdings.value_or("?"), "R");
}

TEST(parse_fen, RankAndSquareCountsAreNotChecked) {
  const FenAst ast = MustParse("rnbqkbnrr/pppppppp/9/7/8 w - -");
  ASSERT_EQ(ast.board.ranks.size(), 5u);
  EXPECT_EQ(ast.board.ranks[0].size(), 9u);
  EXPECT_EQ(ast.board.ranks[2][0].empty_count, 9);
  EXPECT_EQ(ast.board.ranks[3][0].empty_count, 7);
}

TEST(parse_fen, MultiDigitEmptyCounts) {
  const FenAst ast = MustParse("10/r8R/p9/12 w - -");
  ASSERT_EQ(ast.board.ranks.size(), 4u);
  EXPECT_EQ(ast.board.ranks[0][0].empty_count, 10);
  EXPECT_EQ(RankText(ast.board.ranks[1]), "r8R");
  EXPECT_EQ(ast.board.ranks[2][1].empty_count, 9);
  EXPECT_EQ(ast.board.ranks[2][1].column, 9);
  EXPECT_EQ(ast.board.ranks[3][0].empty_count, 12);
  EXPECT_EQ(ast.board.ranks[3][0].column, 11);
}

TEST(parse_fen, AnyLetterIsAPiece) {
  const FenAst ast = MustParse("avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1");
  EXPECT_EQ(RankText(ast.board.ranks[0]), "avbqkesr");
  EXPECT_EQ(RankText(ast.board.ranks[7]), "AVBQKESR");
}

TEST(parse_fen, TabsAndSurroundingWhitespace) {
  const FenAst ast = MustParse("  4k3/8/8/8/8/8/8/4K3\tb\t-  \t-\t3 40 \r\n");
  EXPECT_EQ(ast.board.column, 3);
  EXPECT_EQ(ast.board.ranks[0][0].column, 3);
  EXPECT_EQ(ast.side.text, "b");
  EXPECT_EQ(ast.side.column, 23);
  EXPECT_EQ(ast.castling->column, 25);
  EXPECT_EQ(ast.en_passant->column, 29);
  EXPECT_EQ(ast.halfmove_clock->text, "3");
  EXPECT_EQ(ast.fullmove_number->text, "40");
  EXPECT_EQ(ast.fullmove_number->column, 33);
}

TEST(parse_fen, ShredderCastling) {
  const FenAst ast = MustParse("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  ASSERT_EQ(ast.castling_tokens.size(), 4u);
  const int column = ast.castling->column;
  EXPECT_EQ(column, 56);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(ast.castling_tokens[i].letter, "HFhf"[i]);
    EXPECT_EQ(ast.castling_tokens[i].column, column + i);
  }
}

TEST(parse_fen, XFenCastlingMixesLettersAndFiles) {
  const FenAst ast = MustParse("4k3/8/8/8/8/8/8/R3K2R w KAkq - 0 1");
  ASSERT_EQ(ast.castling_tokens.size(), 4u);
  EXPECT_EQ(ast.castling_tokens[1].letter, 'A');
  EXPECT_EQ(MustParse("4k3/8/8/8/8/8/8/R3K2R w Bc - 0 1").castling_tokens.size(), 2u);
}

TEST(parse_fen, ExtraFieldsWhenAllowed) {
  FenSchema schema;
  schema.allow_extra = true;
  const FenAst ast =
      MustParse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN more", schema);
  ASSERT_EQ(ast.extra.size(), 2u);
  EXPECT_EQ(ast.extra[0].text, "CN");
  EXPECT_EQ(ast.extra[0].column, 58);
  EXPECT_EQ(ast.extra[1].text, "more");
  EXPECT_EQ(ast.extra[1].column, 61);
}

TEST(parse_fen, WordFieldsOfTheSchemaLandInExtra) {
  FenSchema schema;
  schema.fields.push_back(FenFieldKind::kWord);
  schema.required_fields = 5;
  const FenAst ast =
      MustParse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN", schema);
  ASSERT_EQ(ast.extra.size(), 1u);
  EXPECT_EQ(ast.extra[0].text, "CN");

  // A schema of words only reads fields no other kind would accept (Interweave's form).
  FenSchema words;
  words.fields = {FenFieldKind::kWord, FenFieldKind::kEnPassant, FenFieldKind::kWord};
  words.required_fields = 3;
  const FenAst weave = MustParse("rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w 0 - 000000", words);
  ASSERT_EQ(weave.extra.size(), 2u);
  EXPECT_EQ(weave.extra[0].text, "0");
  EXPECT_EQ(weave.extra[1].text, "000000");
  EXPECT_EQ(weave.en_passant->text, "-");
  EXPECT_FALSE(weave.castling.has_value());
}

// ---------------------------------------------------------------------------------------
// Errors: every message exactly.

TEST(ParseFenErrors, Empty) {
  EXPECT_EQ(ErrorOf(""), "empty FEN");
  EXPECT_EQ(ErrorOf(" \t \r\n"), "empty FEN");
}

TEST(ParseFenErrors, MissingFields) {
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8"),
            "FEN has 1 field; the side to move field is missing (column 16)");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w"),
            "FEN has 2 fields; the castling field is missing (column 18)");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w -"),
            "FEN has 3 fields; the en passant field is missing (column 20)");
  // The column is just past the last field, whatever whitespace follows.
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w -  \t"),
            "FEN has 3 fields; the en passant field is missing (column 20)");

  FenSchema clocks;
  clocks.required_fields = 4;
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - -", clocks),
            "FEN has 4 fields; the halfmove clock field is missing (column 22)");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - - 0", clocks),
            "FEN has 5 fields; the fullmove number field is missing (column 24)");

  FenSchema armies;
  armies.fields.push_back(FenFieldKind::kWord);
  armies.required_fields = 5;
  EXPECT_EQ(ErrorOf(kStart, armies), "FEN has 6 fields; field 7 is missing (column 57)");
}

TEST(ParseFenErrors, TooManyFields) {
  EXPECT_EQ(ErrorOf("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN"),
            "FEN has too many fields: 7, at most 6 expected (field 7 at column 58)");
  FenSchema short_schema;
  short_schema.fields = {FenFieldKind::kCastling};
  short_schema.required_fields = 1;
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - -", short_schema),
            "FEN has too many fields: 4, at most 3 expected (field 4 at column 21)");
}

TEST(ParseFenErrors, Board) {
  EXPECT_EQ(ErrorOf("/8/8/8/8/8/8/8 w - -"), "FEN board field, column 1: unexpected character '/'");
  EXPECT_EQ(ErrorOf("8/8/8/8!/8/8/8/8 w - -"),
            "FEN board field, column 8: unexpected character '!'");
  EXPECT_EQ(ErrorOf("8//8/8/8/8/8/8/8 w - -"),
            "FEN board field, column 3: unexpected character '/'");
  EXPECT_EQ(ErrorOf("8/8/8/0/8/8/8/8 w - -"),
            "FEN board field, column 7: empty-square count cannot start with '0'");
  EXPECT_EQ(ErrorOf("8/8/8/08/8/8/8/8 w - -"),
            "FEN board field, column 7: empty-square count cannot start with '0'");
  EXPECT_EQ(ErrorOf("P0/8 w - -"),
            "FEN board field, column 2: empty-square count cannot start with '0'");
  EXPECT_EQ(ErrorOf("~7/8 w - -"), "FEN board field, column 1: '~' must follow a piece letter");
  EXPECT_EQ(ErrorOf("7~/8 w - -"), "FEN board field, column 2: '~' must follow a piece letter");
  EXPECT_EQ(ErrorOf("P~~6/8 w - -"), "FEN board field, column 3: '~' must follow a piece letter");
  EXPECT_EQ(ErrorOf("99999999999/8 w - -"),
            "FEN board field, column 1: empty-square count 99999999999 is too large");
  EXPECT_EQ(ErrorOf("8/8/ w - -"), "FEN board field, column 5: rank 3 is empty");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/7\xC3\xA9 w - -"),
            "FEN board field, column 16: unexpected character '\\xC3'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8/[Q] w - -"),
            "FEN board field, column 17: unexpected character '['");
}

TEST(ParseFenErrors, Holdings) {
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8[Qx!] w - -"),
            "FEN board field, column 19: unexpected character '!'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8[Q w - -"),
            "FEN board field, column 18: missing ']' after the holdings");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8[Q]x w - -"),
            "FEN board field, column 19: unexpected character 'x'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8[-Q] w - -"),
            "FEN board field, column 18: unexpected character 'Q'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8[Q~] w - -"),
            "FEN board field, column 18: unexpected character '~'");
}

TEST(ParseFenErrors, SideToMove) {
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 W - -"),
            "FEN side to move field, column 17: expected 'w' or 'b', found 'W'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 - - -"),
            "FEN side to move field, column 17: expected 'w' or 'b', found '-'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 wb - -"),
            "FEN side to move field, column 18: unexpected character 'b'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 white - -"),
            "FEN side to move field, column 18: unexpected character 'h'");
}

TEST(ParseFenErrors, Castling) {
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w KQx -"),
            "FEN castling field, column 21: unexpected character 'x'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w -K -"),
            "FEN castling field, column 20: unexpected character 'K'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w KI -"),
            "FEN castling field, column 20: unexpected character 'I'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w K- -"),
            "FEN castling field, column 20: unexpected character '-'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w 0 -"),
            "FEN castling field, column 19: unexpected character '0'");
}

TEST(ParseFenErrors, EnPassant) {
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - e9"),
            "FEN en passant field, column 22: unexpected character '9'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - e"),
            "FEN en passant field, column 22: unexpected end of field");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - i3"),
            "FEN en passant field, column 21: unexpected character 'i'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - E3"),
            "FEN en passant field, column 21: unexpected character 'E'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - e3x"),
            "FEN en passant field, column 23: unexpected character 'x'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - --"),
            "FEN en passant field, column 22: unexpected character '-'");
}

TEST(ParseFenErrors, Clocks) {
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - - x 1"),
            "FEN halfmove clock field, column 23: unexpected character 'x'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - - 0 -1"),
            "FEN fullmove number field, column 25: unexpected character '-'");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - - 0 1a"),
            "FEN fullmove number field, column 26: unexpected character 'a'");
}

// The counters' range is parsers::kMaxFenCounter: a longer number
// was cut to its first digits, silently.
TEST(ParseFenErrors, CountersOutOfRangeNameTheField) {
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - - 99999999999 1"),
            "FEN halfmove clock field, column 23: 99999999999 is out of range (at most "
            "999999999)");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - - 0 1000000000"),
            "FEN fullmove number field, column 25: 1000000000 is out of range (at most "
            "999999999)");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - - 0000000001000000000 1"),
            "FEN halfmove clock field, column 23: 0000000001000000000 is out of range (at most "
            "999999999)");
  // A very long number is cut in the message.
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8 w - - 0 " + std::string(5000, '7')),
            "FEN fullmove number field, column 25: 77777777777777777777... is out of range (at "
            "most 999999999)");
  // The limit itself, and leading zeros below it, are read; the value is in the AST.
  const FenAst ast = MustParse("8/8/8/8/8/8/8/8 w - - 999999999 0000000999999999");
  ASSERT_TRUE(ast.halfmove_clock && ast.fullmove_number);
  EXPECT_EQ(ast.halfmove_clock->number, 999999999);
  EXPECT_EQ(ast.fullmove_number->number, 999999999);
  EXPECT_EQ(kMaxFenCounter, 999999999);
  // EPD clocks go through the same reader.
  absl::StatusOr<EpdRecord> epd = parse_epd("8/8/8/8/8/8/8/8 w - - 0 99999999999 ;D1 1");
  ASSERT_FALSE(epd.ok());
  EXPECT_EQ(epd.status().message(),
            "FEN fullmove number field, column 25: 99999999999 is out of range (at most "
            "999999999)");
}

TEST(parse_fen, NinthRankHoldingsAreMarked) {
  EXPECT_TRUE(MustParse("8/8/8/8/8/8/8/8/Qn w - -").board.holdings_as_rank);
  EXPECT_TRUE(MustParse("8/8/8/8/8/8/8/8/ w - -").board.holdings_as_rank);
  EXPECT_FALSE(MustParse("8/8/8/8/8/8/8/8[Qn] w - -").board.holdings_as_rank);
}

TEST(ParseFenErrors, FirstErrorWins) {
  // Field counts are checked before syntax; then fields in order.
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8! x"),
            "FEN has 2 fields; the castling field is missing (column 19)");
  EXPECT_EQ(ErrorOf("8/8/8/8/8/8/8/8! x - -"),
            "FEN board field, column 16: unexpected character '!'");
}

}  // namespace
}  // namespace fairykit::parsers
