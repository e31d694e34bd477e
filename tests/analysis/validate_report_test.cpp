// The report writers of fairy-validate: lines and columns are 64-bit all the way (a line
// longer than 2 GiB has columns beyond INT_MAX; they used to come out negative).
#include "analysis/checking/validate_report.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace fairykit::analysis {
namespace {

GameReport ReportWithFarColumn() {
  GameReport r;
  r.index = 3;
  r.first_line = 5000000000;
  r.white = "A";
  r.black = "B";
  Diagnostic d;
  d.severity = parsers::Severity::kError;
  d.line = 5000000001;
  d.column = std::int64_t{3} << 30;  // 3 GiB into the line
  d.message = "unterminated comment";
  r.diagnostics.push_back(d);
  r.errors = 1;
  return r;
}

TEST(ValidateReport, TextKeepsSixtyFourBitColumns) {
  std::string out;
  write_diagnostics(out, "big.pgn", ReportWithFarColumn(), false);
  EXPECT_EQ(out, "big.pgn:5000000001:3221225472: error: game 3 (A - B): unterminated comment\n");
}

TEST(ValidateReport, JsonKeepsSixtyFourBitColumns) {
  EXPECT_EQ(
      game_json("big.pgn", ReportWithFarColumn()),
      "{\"type\":\"game\",\"file\":\"big.pgn\",\"game\":3,\"line\":5000000000,\"white\":\"A\","
      "\"black\":\"B\",\"variant\":\"\",\"result\":\"\",\"marker\":\"\",\"termination\":\"\",\"termination_from\":\"\",\"plies\":0,"
      "\"valid\":false,\"errors\":1,\"warnings\":0,\"diagnostics\":[{\"severity\":\"error\","
      "\"line\":5000000001,\"column\":3221225472,\"ply\":0,\"message\":\"unterminated "
      "comment\"}]}");
}

TEST(ValidateReport, LocationsAreSixtyFourBit) {
  EXPECT_EQ(sizeof(parsers::PgnLocation::line) + sizeof(parsers::PgnLocation::column), 16u);
  EXPECT_EQ(sizeof(Diagnostic::line) + sizeof(Diagnostic::column), 16u);
  // A splitter note carries a PgnLocation: the same type.
  parsers::SplitNote note;
  note.where.column = std::int64_t{1} << 40;
  EXPECT_EQ(note.where.column, std::int64_t{1099511627776});
}

}  // namespace
}  // namespace fairykit::analysis
