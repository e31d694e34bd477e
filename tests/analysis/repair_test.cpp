// The repairs of fairy-convert --fix (analysis/checking/repair.h): every date form read or left
// with the reason, and each repair of a game record with its place and the diagnostic it takes
// out of the report.
#include "analysis/checking/repair.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fairykit::analysis {
namespace {

using Kind = DateReading::Kind;

TEST(NormaliseDate, FormsWithOneReading) {
  const struct {
    const char* in;
    const char* out;
  } cases[] = {
      {"2024-1-5", "2024.01.05"},
      {"2024-01-05", "2024.01.05"},
      {"2024/01/05", "2024.01.05"},
      {"2024/1/5", "2024.01.05"},
      {"2024.1.5", "2024.01.05"},
      {"2024", "2024.??.??"},
      {"2024-03", "2024.03.??"},
      {"2024-\?\?-\?\?", "2024.??.??"},
      {"20240105", "2024.01.05"},
      {"25.12.2024", "2024.12.25"},
      {"12/25/2024", "2024.12.25"},
      {"5.5.2024", "2024.05.05"},
      {"??.??.2024", "2024.??.??"},
      {"", "????.??.??"},
      {"?", "????.??.??"},
      {"??.??.????", "????.??.??"},
      {" 2024.01.05 ", "2024.01.05"},

      {"????.1.5", "????.01.05"},
  };
  for (const auto& c : cases) {
    const DateReading r = normalise_date(c.in);
    EXPECT_EQ(r.kind, Kind::kNormalised) << c.in;
    EXPECT_EQ(r.value, c.out) << c.in;
  }
}

TEST(NormaliseDate, TheStandardFormStaysAsItIs) {
  for (const char* d : {"2024.01.05", "????.??.??", "2024.??.??", "1851.06.21", "2024.02.29"})
    EXPECT_EQ(normalise_date(d).kind, Kind::kAsIs) << d;
}

TEST(NormaliseDate, AmbiguousAndUnreadableDatesAreLeft) {
  const struct {
    const char* in;
    Kind kind;
    const char* why;
  } cases[] = {
      {"5.1.2024", Kind::kAmbiguous, "day 5 of month 1 or day 1 of month 5"},
      {"01/05/2024", Kind::kAmbiguous, "day 1 of month 5 or day 5 of month 1"},
      {"24.01.05", Kind::kAmbiguous, "a year of two digits"},
      {"??.5.2024", Kind::kAmbiguous, "the day or the month is unknown, not which"},
      {"2024.13.01", Kind::kUnreadable, "no month 13"},
      {"2023.02.29", Kind::kUnreadable, "no day 29 in month 2"},
      {"2024-04-31", Kind::kUnreadable, "no day 31 in month 4"},
      {"31.13.2024", Kind::kUnreadable, "neither number is a month"},
      {"2024-01/05", Kind::kUnreadable, "separators of two kinds"},
      {"yesterday", Kind::kUnreadable, "not a date"},
      {"2024.01.05 12:00", Kind::kUnreadable, "not a date"},
  };
  for (const auto& c : cases) {
    const DateReading r = normalise_date(c.in);
    EXPECT_EQ(r.kind, c.kind) << c.in;
    EXPECT_EQ(r.why, c.why) << c.in;
    EXPECT_EQ(r.value, "") << c.in;
  }
}

// A game read as fairy-convert --fix reads it.
struct Read {
  GameRecord record;
  GameReport report;
};
Read read(const std::string& text) {
  parsers::RawGame g;
  g.text = text;
  g.index = 1;
  g.first_line = 1;
  ValidateOptions v;
  v.roster_warnings = false;
  v.every_style_quirk = true;
  RecordOptions ro;
  ro.tag_places = true;
  Read r;
  r.report = validate_game(g, v, r.record, ro);
  return r;
}

TEST(RepairGame, EachRepairAtItsPlaceAndOutOfTheReport) {
  Read r = read(
      "[Event \"E\"]\n[Date \"2024-1-5\"]\n[FEN \"k7/4P3/8/8/8/8/8/4K2R w K - 0 1\"]\n"
      "[Result \"1-0\"]\n\n1. e8Q+ Ka7 2. 0-0 Kb6 3. Qe6+ Kc5 *\n");
  ASSERT_EQ(r.report.errors, 1);  // the marker against the tag
  std::vector<Repair> repairs;
  repair_game(r.record, r.report, repairs);
  EXPECT_TRUE(r.report.valid());
  EXPECT_EQ(r.report.warnings, 0);
  EXPECT_TRUE(r.report.diagnostics.empty());
  std::vector<std::string> seen;
  for (const Repair& x : repairs)
    seen.push_back(std::to_string(x.line) + ":" + std::to_string(x.column) + " ply " +
                   std::to_string(x.ply) + ": " + x.message + (x.repaired ? "" : " (left)"));
  const std::vector<std::string> expected = {
      "1:1 ply 0: missing tags of the seven-tag roster added: Site \"?\", Round \"?\", White "
      "\"?\", Black \"?\"",
      "2:1 ply 0: Date \"2024-1-5\" normalised to \"2024.01.05\"",
      "3:1 ply 0: FEN tag without SetUp \"1\": SetUp \"1\" added",
      "6:4 ply 1: move \"e8Q+\": promotion without '='; written \"e8=Q+\"",
      "6:16 ply 3: move \"0-0\": castling written with zeros; written \"O-O\"",
      "6:36 ply 0: termination marker \"*\" set to the Result tag \"1-0\""};
  EXPECT_EQ(seen, expected);
  EXPECT_EQ(r.record.tag("Date"), "2024.01.05");
  EXPECT_EQ(r.record.tag("SetUp"), "1");
  EXPECT_EQ(r.record.tag("Result"), "1-0");
  EXPECT_EQ(r.record.result_marker, "1-0");
  EXPECT_EQ(r.record.tag("Site"), "?");
}

TEST(RepairGame, TwoDifferentResultsStayAnError) {
  Read r = read("[Event \"E\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n");
  std::vector<Repair> repairs;
  repair_game(r.record, r.report, repairs);
  EXPECT_EQ(r.report.errors, 1);
  EXPECT_EQ(r.record.tag("Result"), "1-0");
  EXPECT_EQ(r.record.result_marker, "0-1");
}

TEST(RepairGame, AResultTagThatIsNoResultTakesTheMarker) {
  Read r = read("[Event \"E\"]\n[Result \"?\"]\n\n1. e4 e5 *\n");
  std::vector<Repair> repairs;
  repair_game(r.record, r.report, repairs);
  EXPECT_TRUE(r.report.valid());
  EXPECT_EQ(r.record.tag("Result"), "*");
  ASSERT_FALSE(repairs.empty());
  EXPECT_EQ(repairs.back().message, "Result tag \"?\" set to the termination marker \"*\"");
}

TEST(RepairGame, NoMarkerTakesTheTag) {
  Read r = read("[Event \"E\"]\n[Result \"0-1\"]\n\n1. e4 e5\n");
  std::vector<Repair> repairs;
  repair_game(r.record, r.report, repairs);
  EXPECT_EQ(r.record.result_marker, "0-1");
  ASSERT_FALSE(repairs.empty());
  EXPECT_EQ(repairs.back().line, 4);
  EXPECT_EQ(repairs.back().message, "no termination marker: \"0-1\" added (the Result tag)");
}

TEST(RepairGame, AnAmbiguousDateIsAWarning) {
  Read r = read(
      "[Event \"E\"]\n[Site \"S\"]\n[Date \"5.1.2024\"]\n[Round \"1\"]\n[White \"A\"]\n"
      "[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n");
  std::vector<Repair> repairs;
  repair_game(r.record, r.report, repairs);
  ASSERT_EQ(repairs.size(), 1u);
  EXPECT_FALSE(repairs[0].repaired);
  EXPECT_EQ(repairs[0].line, 3);
  EXPECT_EQ(repairs[0].message,
            "Date \"5.1.2024\" left as it is: ambiguous, day 5 of month 1 or day 1 of month 5");
  EXPECT_EQ(r.record.tag("Date"), "5.1.2024");
}

TEST(RepairGame, LongAlgebraicIsNotRepaired) {
  Read r = read("[Event \"E\"]\n[Result \"*\"]\n\n1. e2-e4 e7-e5 *\n");
  const int warnings = r.report.warnings;
  ASSERT_GT(warnings, 0);
  std::vector<Repair> repairs;
  repair_game(r.record, r.report, repairs);
  EXPECT_EQ(r.report.warnings, warnings);
}

}  // namespace
}  // namespace fairykit::analysis
