// The token rules of the PGN reader, one by one (parsers/detail/pgn_syntax.h).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "parsers/detail/pgn_syntax.h"

namespace fairykit::parsers::detail {
namespace {

TEST(PgnGrammar, is_tag_pair_line) {
  EXPECT_TRUE(is_tag_pair_line(R"([Event "Rated game"])"));
  EXPECT_TRUE(is_tag_pair_line(R"([Event "Rated game"]   )"));
  EXPECT_TRUE(is_tag_pair_line(R"([Event    ""] )"));
  EXPECT_TRUE(is_tag_pair_line(R"([White_Elo2 "x"] [Black "y"])"));
  EXPECT_TRUE(is_tag_pair_line(R"([Event "Tournament "Championship" Finals"])"));
  EXPECT_TRUE(is_tag_pair_line(R"([Event "Tournament \"])"));
  EXPECT_FALSE(is_tag_pair_line(R"( [Event "x"])"));  // column 1 only
  EXPECT_FALSE(is_tag_pair_line(R"([%clk 0:01:00])"));
  EXPECT_FALSE(is_tag_pair_line(R"([Event x])"));
  EXPECT_FALSE(is_tag_pair_line(R"([Event "x")"));
  EXPECT_FALSE(is_tag_pair_line(R"([Event "])"));
  EXPECT_FALSE(is_tag_pair_line(R"([ "x"])"));
  EXPECT_FALSE(is_tag_pair_line(R"([Event "x"] 1. e4)"));
  EXPECT_FALSE(is_tag_pair_line(""));
  EXPECT_FALSE(is_tag_pair_line("["));
}

TEST(PgnGrammar, StrictTagPairs) {
  TagPairScan s = scan_tag_pair(R"([Event "Rated game"]
[Site "x"])");
  EXPECT_EQ(s.issue, TagIssue::kNone);
  EXPECT_EQ(s.name, "Event");
  EXPECT_EQ(s.raw_value, "Rated game");
  EXPECT_EQ(s.length, 20u);
  EXPECT_FALSE(s.spans_lines);

  s = scan_tag_pair(R"([White "New-cfe8\"dsadsa\"ce842c"])");
  EXPECT_EQ(s.issue, TagIssue::kNone);
  EXPECT_EQ(s.raw_value, R"(New-cfe8\"dsadsa\"ce842c)");

  // ']' in a quoted value is plain PGN.
  s = scan_tag_pair(R"([Variation "closing ] opening"])");
  EXPECT_EQ(s.issue, TagIssue::kNone);
  EXPECT_EQ(s.raw_value, "closing ] opening");

  // Blanks and line ends around the parts (parsertest-1.pgn).
  s = scan_tag_pair("[  Result     \"1-0\"   ] [\n     ECO\n     \"B01\"\n     ]\n");
  EXPECT_EQ(s.issue, TagIssue::kNone);
  EXPECT_EQ(s.name, "Result");
  EXPECT_EQ(s.raw_value, "1-0");
  EXPECT_EQ(s.length, 23u);
  EXPECT_FALSE(s.spans_lines);
  s = scan_tag_pair("[\n     ECO\n     \"B01\"\n     ]\n");
  EXPECT_EQ(s.issue, TagIssue::kNone);
  EXPECT_EQ(s.name, "ECO");
  EXPECT_EQ(s.raw_value, "B01");
  EXPECT_EQ(s.length, 28u);
  EXPECT_TRUE(s.spans_lines);

  // Two on a line: the first is read up to its ']'.
  s = scan_tag_pair(R"([White "a"] [Black "b"])");
  EXPECT_EQ(s.raw_value, "a");
  EXPECT_EQ(s.length, 11u);

  s = scan_tag_pair("[Event \"\"]\r\n");
  EXPECT_EQ(s.issue, TagIssue::kNone);
  EXPECT_EQ(s.raw_value, "");
  EXPECT_EQ(s.length, 10u);

  s = scan_tag_pair(R"([Event_2 "x"])");
  EXPECT_EQ(s.name, "Event_2");
}

TEST(PgnGrammar, LenientTagPairs) {
  TagPairScan s = scan_tag_pair("[Event \"Tournament \"Championship\" Finals\"]\n[Site \"x\"]");
  EXPECT_EQ(s.issue, TagIssue::kUnescapedQuote);
  EXPECT_FALSE(is_error(s.issue));
  EXPECT_EQ(s.raw_value, R"(Tournament "Championship" Finals)");
  EXPECT_EQ(s.length, 42u);
  EXPECT_EQ(s.issue_offset, 19u);  // the first stray quote

  s = scan_tag_pair(R"([Site "Club "Victory""])");
  EXPECT_EQ(s.issue, TagIssue::kUnescapedQuote);
  EXPECT_EQ(s.raw_value, R"(Club "Victory")");

  s = scan_tag_pair("[Event \"Tournament \\\"]\n[Site \"Madrid ESP\"]\n");
  EXPECT_EQ(s.issue, TagIssue::kBackslashQuote);
  EXPECT_EQ(s.raw_value, "Tournament \\");
  EXPECT_EQ(s.length, 22u);
  EXPECT_EQ(s.issue_offset, 19u);  // the backslash

  // With another tag pair after it on the line: the first '"' followed by ']' and '['.
  s = scan_tag_pair(R"([A "x"y"] [B "z"])");
  EXPECT_EQ(s.issue, TagIssue::kUnescapedQuote);
  EXPECT_EQ(s.raw_value, R"(x"y)");
  EXPECT_EQ(s.length, 9u);
}

TEST(PgnGrammar, UnreadableTagPairs) {
  TagPairScan s = scan_tag_pair(R"([ "x"])");
  EXPECT_EQ(s.issue, TagIssue::kNoName);
  EXPECT_TRUE(is_error(s.issue));
  EXPECT_EQ(s.issue_offset, 2u);
  EXPECT_EQ(s.length, 0u);

  s = scan_tag_pair(R"([Event x])");
  EXPECT_EQ(s.issue, TagIssue::kNoQuote);
  EXPECT_EQ(s.issue_offset, 7u);

  s = scan_tag_pair(R"([Event-Date "x"])");
  EXPECT_EQ(s.issue, TagIssue::kNoQuote);
  EXPECT_EQ(s.issue_offset, 6u);

  s = scan_tag_pair("[Event \"x\n1. e4 *\n");
  EXPECT_EQ(s.issue, TagIssue::kNoClosingQuote);
  EXPECT_EQ(s.issue_offset, 7u);  // the opening quote

  s = scan_tag_pair(R"([Event "x" y])");
  EXPECT_EQ(s.issue, TagIssue::kNoClosingBracket);
  EXPECT_EQ(s.issue_offset, 11u);

  s = scan_tag_pair("[");
  EXPECT_EQ(s.issue, TagIssue::kNoName);
  s = scan_tag_pair("[Event");
  EXPECT_EQ(s.issue, TagIssue::kNoQuote);
  s = scan_tag_pair("[Event \"");
  EXPECT_EQ(s.issue, TagIssue::kNoClosingQuote);
  s = scan_tag_pair("[Event \"x\\");
  EXPECT_EQ(s.issue, TagIssue::kNoClosingQuote);
}

TEST(PgnGrammar, unescape_tag_value) {
  std::string scratch;
  const std::string_view plain = "Carlsen, Magnus";
  EXPECT_EQ(unescape_tag_value(plain, scratch).data(), plain.data());  // no copy
  EXPECT_EQ(unescape_tag_value(R"(White\\Player)", scratch), R"(White\Player)");
  EXPECT_EQ(unescape_tag_value(R"(White\"Player\")", scratch), R"(White"Player")");
  EXPECT_EQ(unescape_tag_value(R"(C:\Syzygy)", scratch), R"(C:\Syzygy)");
  EXPECT_EQ(unescape_tag_value("Tournament \\", scratch), "Tournament \\");
  EXPECT_EQ(unescape_tag_value(R"(\\\")", scratch), R"(\")");
}

// The kind and length of the token at the start of `text`.
std::pair<TokenKind, std::size_t> Scan(std::string_view text) {
  const Token t = scan_token(text);
  return {t.kind, t.length};
}

TEST(PgnGrammar, MoveTokens) {
  using P = std::pair<TokenKind, std::size_t>;
  const TokenKind m = TokenKind::kMove;
  EXPECT_EQ(Scan("e4 e5"), P(m, 2));
  EXPECT_EQ(Scan("Nf3+!? Nc6"), P(m, 4));
  EXPECT_EQ(Scan("e8=Q#"), P(m, 5));
  EXPECT_EQ(Scan("O-O-O+)"), P(m, 6));
  EXPECT_EQ(Scan("0-0-0 "), P(m, 5));
  EXPECT_EQ(Scan("0-0{x}"), P(m, 3));
  EXPECT_EQ(Scan("exd6e.p. "), P(m, 8));
  EXPECT_EQ(Scan("exd6ep"), P(m, 6));
  EXPECT_EQ(Scan("exd6 e.p."), P(m, 4));
  EXPECT_EQ(Scan("Qe.5"), P(m, 2));
  EXPECT_EQ(Scan("Na1xa5{a4}xc5{b3} "), P(m, 17));
  EXPECT_EQ(Scan("Rb1xb5{b2, b3}"), P(m, 14));
  EXPECT_EQ(Scan("Nf3{a comment}"), P(m, 3));
  EXPECT_EQ(Scan("Nf3{a4"), P(m, 3));
  EXPECT_EQ(Scan("Nf3 {a4}"), P(m, 3));
  EXPECT_EQ(Scan("N@f3"), P(m, 4));
  EXPECT_EQ(Scan("Ra1:a8"), P(m, 6));
  EXPECT_EQ(Scan("e7e8q"), P(m, 5));
  EXPECT_EQ(Scan("Be4x "), P(m, 4));
  // vchess joins an Interweave chain's sub-moves with commas; a comma must lead to a letter.
  EXPECT_EQ(Scan("Nc5X,Ne5X "), P(m, 9));
  EXPECT_EQ(Scan("Nc5X, Ne5X"), P(m, 4));
  EXPECT_EQ(Scan("Nc5X,1"), P(m, 4));
  EXPECT_EQ(Scan("--"), P(m, 2));
  EXPECT_EQ(Scan("Z0"), P(m, 2));
  EXPECT_EQ(Scan("Kx"), P(m, 2));
  EXPECT_EQ(Scan("-"), P(TokenKind::kNone, 0));
  EXPECT_EQ(Scan("-e4"), P(TokenKind::kNone, 0));
}

TEST(PgnGrammar, NumbersResultsAndAnnotations) {
  using P = std::pair<TokenKind, std::size_t>;
  const TokenKind n = TokenKind::kMoveNumber;
  const TokenKind r = TokenKind::kResult;
  EXPECT_EQ(Scan("12.e4"), P(n, 3));
  EXPECT_EQ(Scan("12...Nf6"), P(n, 5));
  EXPECT_EQ(Scan("12 . e4"), P(n, 4));
  EXPECT_EQ(Scan("12 e4"), P(n, 3));
  EXPECT_EQ(Scan("1...0-0-0"), P(n, 4));
  EXPECT_EQ(Scan("1-0"), P(r, 3));
  EXPECT_EQ(Scan("0-1\n"), P(r, 3));
  EXPECT_EQ(Scan("1/2-1/2 "), P(r, 7));
  EXPECT_EQ(Scan("1-0)"), P(r, 3));
  EXPECT_EQ(Scan("1-0{"), P(r, 3));
  EXPECT_EQ(Scan("*"), P(r, 1));
  EXPECT_EQ(Scan("*)"), P(r, 1));
  EXPECT_EQ(Scan("1-0."), P(n, 1));
  EXPECT_EQ(Scan("1-00"), P(n, 1));
  EXPECT_EQ(Scan("1/2"), P(n, 1));

  Token t = scan_token("$14 ");
  EXPECT_EQ(t.kind, TokenKind::kNag);
  EXPECT_EQ(t.length, 3u);
  EXPECT_EQ(t.nag, 14);
  EXPECT_EQ(scan_token("$0").nag, 0);
  EXPECT_EQ(scan_token("$").kind, TokenKind::kNone);
  EXPECT_EQ(scan_token("$x").kind, TokenKind::kNone);
  t = scan_token("$99999999999");
  EXPECT_EQ(t.kind, TokenKind::kBadNag);
  EXPECT_EQ(t.length, 12u);
  // The NAGs of the standard: $0 to $255.
  EXPECT_EQ(scan_token("$255").nag, 255);
  EXPECT_EQ(scan_token("$256").kind, TokenKind::kBadNag);
  EXPECT_EQ(scan_token("$256").length, 4u);

  const std::pair<std::string_view, int> suffixes[] = {
      {"!", 1}, {"?", 2}, {"!!", 3}, {"??", 4}, {"!?", 5}, {"?!", 6}, {"!!!", 0}, {"?!?", 0}};
  for (const auto& [text, nag] : suffixes) {
    t = scan_token(std::string(text) + " e4");
    EXPECT_EQ(t.kind, TokenKind::kSuffix) << text;
    EXPECT_EQ(t.length, text.size()) << text;
    EXPECT_EQ(t.nag, nag) << text;
  }

  for (std::string_view bad :
       {"@", "}", ")", "(", "{", "[", "]", "\"", "%", ".", "<", "&", "\x01", "\xff", "\xc3\xa9"}) {
    EXPECT_EQ(scan_token(bad).kind, TokenKind::kNone) << bad;
  }
  EXPECT_EQ(scan_token("").kind, TokenKind::kNone);
}

TEST(PgnGrammar, EnPassantSuffix) {
  EXPECT_EQ(match_en_passant_suffix("e.p."), 4u);
  EXPECT_EQ(match_en_passant_suffix("e.p. Nf3"), 4u);
  EXPECT_EQ(match_en_passant_suffix("e.p.+ "), 5u);
  EXPECT_EQ(match_en_passant_suffix("ep"), 2u);
  EXPECT_EQ(match_en_passant_suffix("ep)"), 2u);
  EXPECT_EQ(match_en_passant_suffix("ep!"), 2u);
  EXPECT_EQ(match_en_passant_suffix("ep\r\n"), 2u);
  EXPECT_EQ(match_en_passant_suffix("e.p.{x}"), 4u);
  EXPECT_EQ(match_en_passant_suffix("epsilon"), 0u);
  EXPECT_EQ(match_en_passant_suffix("e.p.x"), 0u);
  EXPECT_EQ(match_en_passant_suffix("e5"), 0u);
  EXPECT_EQ(match_en_passant_suffix(""), 0u);
}

// is_one_move: what the JSON reader asks before it writes a move into movetext.
TEST(PgnGrammar, IsOneMove) {
  for (std::string_view move : {"e4", "Nf3+", "e8=Q#", "O-O-O", "0-0", "--", "exd6e.p.", "e2e4",
                                "e7e8q", "N@f3", "Na1xa5xc5", "Ra1:a8"})
    EXPECT_TRUE(is_one_move(move)) << move;
  for (std::string_view other : {"", "1-0", "0-1", "1/2-1/2", "*", "12", "12.", "$1", "!", "e4!",
                                 "e4 e5", "e4)", "(e4", "{x}", ";x", " e4"})
    EXPECT_FALSE(is_one_move(other)) << other;
}

// The splitter's hand-written result test agrees with the X3 rule of parse_game.
TEST(PgnGrammar, SplitterResultsAgreeWithTokens) {
  for (std::string_view text :
       {"1-0",   "0-1",  "1/2-1/2", "*",        "1-0 ",      "1-0)",  "1-0}", "1-0;",  "1-0.",
        "1-0-0", "1-00", "1-0x",    "1/2-1/2x", "1/2",       "1/2-1", "0-0",  "0-0-0", "1-",
        "0",     "1",    "10.",     "1-0\r",    "1/2-1/2\n", "0-1$1", "0-1!", "1-0/"}) {
    const bool token = scan_token(text).kind == TokenKind::kResult;
    EXPECT_EQ(match_result_prefix(text) != 0, token) << text;
    if (token) {
      EXPECT_EQ(match_result_prefix(text), scan_token(text).length) << text;
    }
  }
}

}  // namespace
}  // namespace fairykit::parsers::detail

namespace fairykit::parsers::detail {
namespace {

// The vector searches of scan_tag_pair stop where the byte tests say: every byte value at
// every place of texts shorter and longer than the 16 bytes of a step, and their ends.
TEST(PgnGrammar, TagPairSearches) {
  auto is_value_stop = [](char c) { return c == '"' || c == '\\' || c == '\r' || c == '\n'; };
  for (const std::size_t size : {1u, 7u, 15u, 16u, 17u, 31u, 32u, 33u, 47u}) {
    for (std::size_t at = 0; at < size; ++at) {
      for (int c = 0; c < 256; ++c) {
        std::string text(size, 'r');
        text[at] = char(c);
        const char* const first = text.data();
        const char* const last = first + text.size();
        ASSERT_EQ(std::size_t(skip_tag_name(first, last) - first),
                  is_tag_name_char(char(c)) ? size : at)
            << "name: byte " << c << " at " << at << " of " << size;
        ASSERT_EQ(std::size_t(find_tag_value_stop(first, last) - first),
                  is_value_stop(char(c)) ? at : size)
            << "value: byte " << c << " at " << at << " of " << size;
      }
    }
  }
}

// skip_move_bytes (16 bytes at a time) stops where is_move_char says: every byte value at
// every place of texts shorter and longer than a step.
TEST(PgnGrammar, MoveByteSearch) {
  for (const std::size_t size : {1u, 5u, 15u, 16u, 17u, 31u, 32u, 40u}) {
    for (std::size_t at = 0; at < size; ++at) {
      for (int c = 0; c < 256; ++c) {
        std::string text(size, 'N');
        text[at] = char(c);
        const char* const first = text.data();
        ASSERT_EQ(std::size_t(skip_move_bytes(first, first + text.size()) - first),
                  is_move_char(char(c)) ? size : at)
            << "byte " << c << " at " << at << " of " << size;
      }
    }
  }
  const std::string_view line = "Nxe4+ {a comment} 13. Bb5 and then a long tail";
  EXPECT_EQ(skip_move_bytes(line.data(), line.data() + line.size()) - line.data(), 5);
}

// The common form read by hand and the rules agree: the same scan with and without the
// single blank that the hand-read form wants (the rules read both).
TEST(PgnGrammar, TagPairCommonForm) {
  for (const std::string_view value :
       {"", "x", "Carlsen, Magnus", "A value longer than sixteen bytes", "??", "2026.11.27",
        "1/2-1/2"}) {
    const std::string plain = "[WhiteFideId \"" + std::string(value) + "\"]\n[Black \"b\"]";
    const std::string spaced = "[WhiteFideId  \"" + std::string(value) + "\" ]\n[Black \"b\"]";
    const TagPairScan a = scan_tag_pair(plain), b = scan_tag_pair(spaced);
    EXPECT_TRUE(a.plain);
    EXPECT_FALSE(b.plain);
    EXPECT_EQ(a.issue, TagIssue::kNone);
    EXPECT_EQ(b.issue, TagIssue::kNone);
    EXPECT_EQ(a.name, "WhiteFideId");
    EXPECT_EQ(b.name, "WhiteFideId");
    EXPECT_EQ(a.raw_value, value);
    EXPECT_EQ(b.raw_value, value);
    EXPECT_EQ(a.length, value.size() + 16);
    EXPECT_EQ(b.length, value.size() + 18);
  }
  // An escape, a line end or a missing ']' leave the common form to the rules.
  EXPECT_FALSE(scan_tag_pair("[Event \"a \\\"b\\\" c\"]").plain);
  EXPECT_EQ(scan_tag_pair("[Event \"a \\\"b\\\" c\"]").raw_value, "a \\\"b\\\" c");
  EXPECT_EQ(scan_tag_pair("[Event \"a\nb\"]").issue, TagIssue::kNoClosingQuote);
  EXPECT_EQ(scan_tag_pair("[Event \"a\" x]").issue, TagIssue::kNoClosingBracket);
}

}  // namespace
}  // namespace fairykit::parsers::detail
