// docs/schemas/games.schema.json against what fairy-convert writes: every game object of
// --to jsonl (with --with-fen) for the samples and a few games written here must conform to
// the schema (tests/tools/json_schema_check.h); and every property the schema names must
// occur in some game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/json_schema_check.h"
#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

TEST(FairyConvertSchema, EveryKeyWrittenIsInTheSchema) {
  fairykit::testing::SchemaValidator validator =
      fairykit::testing::load_schema("games.schema.json");

  // Games written here add what the samples lack: notes of every kind, a start position, a
  // diagnostic, a repeated tag, the data of online play.
  const std::string dir = fairykit::testing::unique_temp("schema") + "/";
  fs::create_directories(dir);
  std::ofstream(dir + "extra.pgn") << R"([Event "T"]
[Opening "x"]
[Opening "y"]
[Result "*"]

{Intro} 1. e4 (1. d4 {queen} d5 (1... Nf6 $2 2. c4) 2. c4) e5 $14 2. Nf3 Nc6 *

[Event "B"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/R3K3 b Q - 3 20"]
[Result "*"]

20... Kd7 21. O-O-O Ke6 *

[Event "Rated Blitz game"]
[UTCDate "2024.01.15"]
[UTCTime "12:34:56"]
[WhiteElo "1500"]
[BlackElo "1612"]
[WhiteRatingDiff "-5"]
[BlackRatingDiff "+5"]
[TimeControl "180+2"]
[Result "0-1"]

1. f3 { [%eval -0.5] [%clk 0:03:00] } 1... e5 { [%eval 0.1,20] [%emt 0:00:01] }
2. g4 { [%eval #-1,30] [%clk 0:02:50.5] } 2... Qh4# 0-1
)";
  std::vector<std::string> inputs;
  for (const auto& e : fs::directory_iterator(std::string(FAIRYKIT_SOURCE_DIR) + "/samples"))
    if (e.path().extension() == ".pgn") inputs.push_back(e.path().string());
  inputs.push_back(dir + "extra.pgn");
  int games = 0;
  for (const std::string& input : inputs) {
    for (const char* extra : {"", "--with-fen --fix-result", "--fix"}) {
      const fairykit::testing::ToolOutput o = fairykit::testing::run_tool(
          "fairy-convert", std::string("-q --to jsonl ") + extra + " '" + input + "'");
      std::istringstream lines(o.out);
      std::string line;
      while (std::getline(lines, line)) {
        const Json game = Json::parse(line, nullptr, false);
        ASSERT_FALSE(game.is_discarded()) << input << ": " << line;
        for (const std::string& e : validator.check(game)) ADD_FAILURE() << input << ": " << e;
        ++games;
      }
    }
  }
  EXPECT_GE(games, 3 * 25);
  // Every property of the schema occurs in some game written (the paths of the schema:
  // "#/file", "#/properties/tags/Event", "#/$defs/note/oneOf/0/nag").
  fairykit::testing::expect_every_property_seen(validator);
}

}  // namespace
