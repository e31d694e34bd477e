// JsonWriter: commas, nesting, one-entry-per-line arrays and escaping, so that reports
// never splice JSON text by hand; and the CSV field every CSV writer uses.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "analysis/io/csv.h"
#include "analysis/io/json.h"

namespace fairykit::analysis {
namespace {

TEST(JsonWriter, CommasNestingAndValues) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("a").value(1).key("b").value(std::uint64_t{18446744073709551615u});
  w.key("c").value(std::int64_t{-5}).key("t").value(true).key("f").value(false);
  w.key("s").value("x\"y\\\n").key("list").begin_array().value(1).value("two");
  w.begin_object().end_object().begin_array().end_array().end_array();
  w.key("o").begin_object().key("k").value("v").end_object().end_object();
  EXPECT_EQ(out,
            "{\"a\":1,\"b\":18446744073709551615,\"c\":-5,\"t\":true,\"f\":false,"
            "\"s\":\"x\\\"y\\\\\\n\",\"list\":[1,\"two\",{},[]],\"o\":{\"k\":\"v\"}}");
}

TEST(JsonWriter, FixedPointNumbers) {
  std::string out;
  JsonWriter w(out);
  w.begin_array().fixed(1.5, 3).fixed(0, 6).fixed(2.0 / 3.0, 2).fixed(1e300 * 1e300, 3);
  w.fixed(1e100, 1).end_array();
  EXPECT_EQ(out, "[1.500,0.000000,0.67,null,null]");
}

TEST(JsonWriter, OnePerLineArrays) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("rows").begin_array(true).value(1).begin_object().key("x").value(2);
  w.end_object().end_array().key("empty").begin_array(true).end_array().end_object();
  EXPECT_EQ(out, "{\"rows\":[\n1,\n{\"x\":2}\n],\"empty\":[\n\n]}");
}

TEST(JsonWriter, TopLevelValuesInSequenceAndClearingTheBuffer) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("n").value(1).end_object();
  EXPECT_EQ(out, "{\"n\":1}");
  out.clear();  // JSON lines: one document per line, written out in pieces
  w.begin_object().key("n").value(2).end_object();
  EXPECT_EQ(out, "{\"n\":2}");
  out.clear();
  w.begin_array(true).value("a");
  out.clear();
  w.value("b").end_array();
  EXPECT_EQ(out, ",\n\"b\"\n]");  // the writer keeps its place, not the text
}

// Well-formed UTF-8 passes; every other byte >= 0x80 is Latin-1 made UTF-8: lone
// continuation bytes, C0/C1 (overlong starts), F5 to FF (which never start a sequence),
// truncated sequences, surrogates, overlong and beyond-U+10FFFF forms.
TEST(JsonString, Utf8PassesAndOtherBytesAreLatin1) {
  EXPECT_EQ(json_string("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
            "\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"");
  EXPECT_EQ(json_string("caf\xE9"), "\"caf\xC3\xA9\"");
  EXPECT_EQ(utf8_text("caf\xE9"), "caf\xC3\xA9");
  EXPECT_EQ(utf8_text("\x80"), "\xC2\x80");
  EXPECT_EQ(utf8_text("\xC0\xAF"), "\xC3\x80\xC2\xAF");
  // F5 A4 AC: not a sequence (was taken as one, and the JSON was not valid UTF-8).
  EXPECT_EQ(utf8_text("\xF5\xA4\xAC"), "\xC3\xB5\xC2\xA4\xC2\xAC");
  EXPECT_EQ(utf8_text("\xFF\xBF\xBF\xBF"), "\xC3\xBF\xC2\xBF\xC2\xBF\xC2\xBF");
  EXPECT_EQ(utf8_text("\xE2\x82"), "\xC3\xA2\xC2\x82");              // truncated
  EXPECT_EQ(utf8_text("\xED\xA0\x80"), "\xC3\xAD\xC2\xA0\xC2\x80");  // surrogate
  EXPECT_EQ(utf8_text("\xE0\x80\x80"), "\xC3\xA0\xC2\x80\xC2\x80");  // overlong
  EXPECT_EQ(utf8_text("\xF4\x90\x80\x80"), "\xC3\xB4\xC2\x90\xC2\x80\xC2\x80");
  EXPECT_EQ(utf8_text("\xF4\x8F\xBF\xBF"), "\xF4\x8F\xBF\xBF");  // U+10FFFF
  // Every single byte gives valid UTF-8 that reads back as the byte (Latin-1).
  for (int b = 0x80; b <= 0xFF; ++b) {
    const std::string out = utf8_text(std::string(1, char(b)));
    ASSERT_EQ(out.size(), 2u) << b;
    EXPECT_EQ(((static_cast<unsigned char>(out[0]) & 0x1F) << 6) |
                  (static_cast<unsigned char>(out[1]) & 0x3F),
              b);
  }
}

// The cells a spreadsheet runs as formulas (OWASP: a first byte of = + - @, tab, CR) unless
// they are plain numbers.
TEST(CsvField, FormulaCells) {
  for (const char* formula : {"=1+2", "+1+2", "-2+3", "@SUM(A1)", "\tx", "\rx", "-", "+", "-x",
                              "-1e5", "-.5", "-1.", "--", "- 1", "-400 to -301", "=", "@"})
    EXPECT_TRUE(csv_formula_cell(formula)) << formula;
  for (const char* plain :
       {"", "-1", "-1.5", "+3", "+0.25", "42", "1-0", "e4", "'=x", " =x", "<= -401", "1/2-1/2"})
    EXPECT_FALSE(csv_formula_cell(plain)) << plain;
}

TEST(CsvField, QuotedAndGuarded) {
  const auto field = [](std::string_view text, bool raw) {
    std::string out;
    csv_field(out, text, raw);
    return out;
  };
  EXPECT_EQ(field("plain", false), "plain");
  EXPECT_EQ(field("a,b", false), "\"a,b\"");
  EXPECT_EQ(field("say \"hi\"", false), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(field("-1.5", false), "-1.5");
  EXPECT_EQ(field("=1+2", false), "'=1+2");
  EXPECT_EQ(field("=1+2", true), "=1+2");
  // The ' inside the quotes, where the spreadsheet reads it.
  EXPECT_EQ(field("=HYPERLINK(\"a\",\"b\")", false), "\"'=HYPERLINK(\"\"a\"\",\"\"b\"\")\"");
  EXPECT_EQ(field("\rx", false), "\"'\rx\"");
  EXPECT_EQ(field("\rx", true), "\"\rx\"");
  EXPECT_EQ(field("@caf\xE9", false), "'@caf\xC3\xA9");  // Latin-1 made UTF-8 too
}

}  // namespace
}  // namespace fairykit::analysis
