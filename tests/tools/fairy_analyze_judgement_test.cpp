// fairy-analyze --engine's judgement of the moves (--report moves, --report tables, --html
// --eval-graphs; analysis/statistics/move_judgement.h), with the fake engine answering the
// scores of tests/data/judgement/scores.txt (its --scores) for the games of games.pgn there.
// Every figure below was made by tests/tools/judgement_check.py --print, which judges the
// moves again from lichess's definitions with no fairykit code, and checked by hand where the
// comments say so; none was copied from fairy-analyze's output.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "tests/tools/run_tool.h"

namespace {

using CliRun = fairykit::testing::ToolOutput;
using fairykit::testing::run_tool;
using fairykit::testing::slurp;
using fairykit::testing::unique_temp;

const std::string kData = std::string(FAIRYKIT_DATA_DIR) + "/judgement";
const std::string kFake = std::string(FAIRYKIT_BIN_DIR) + "/fake-uci-engine";

// A directory of its own holding games.pgn and scores.txt.
std::string make_dir() {
  const std::string dir = unique_temp("judgement");
  std::filesystem::create_directories(dir);
  for (const char* name : {"games.pgn", "scores.txt"})
    std::ofstream(dir + "/" + name) << slurp(kData + "/" + name);
  return dir;
}

// fairy-analyze with the fake engine on games.pgn: the chosen scores, and the engine dying on
// the positions after 2. c4 of game 3 (their FENs hold "2PP4").
CliRun judge(const std::string& dir, const std::string& args) {
  return run_tool("fairy-analyze",
                  "--engine '" + kFake +
                      " --scores scores.txt --bug crash-go-fen --crash-on 2PP4' --nodes 1 " + args +
                      " games.pgn",
                  dir);
}

// Game 1 (Ann 1850 - Bob 2010): from an even position each White move loses 54, 55, 110,
// 111, 168, 169 centipawns and each Black reply as much: the boundaries of the thresholds of
// expected score (by hand, E(x) = 1 / (1 + exp(-0.00368208 x)): a loss of 54 is 0.0495, 55
// 0.0505, 110 0.0999, 111 0.1008, 168 0.1499, 169 0.1507). Move 1 by hand: White's win % falls
// 4.95, so its accuracy is 103.1668 exp(-0.0435442 x 4.95) - 3.1669 + 1 = 80.98. Game 2 (Bob
// 2050 - Ann 1790) shares the first three positions (their best moves too), then +30, +250,
// -400, a mate in one for White (mover_after of ...Nf6: mate -1, the mover is mated; a loss of
// 400 + 1000 clamped centipawns) and the checkmate (mate 0: mover_after mate 0, the mover has
// mated). Game 3 (Cid - ?): 2. c4 and 2... e6 are unjudged (the positions after them have no
// evaluation), so only two records. Game 4 (Chess960, Cid 2199 - Dee 2200): castling written
// king takes rook (f1g1), as the engines read it. The fake engine's best move is the first legal
// move in text order (a2a3, a7a5; a1b3 with a knight on a1), or the mate.
const std::string kMoves = R"({"file":"games.pgn","game":1,"ply":1,"variant":"chess","side":"white","move":"e2e4","san":"e4","before":{"cp":0},"after":{"cp":-54},"mover_before":{"cp":0},"mover_after":{"cp":-54},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.5000,"expected_after":0.4505,"expected_loss":0.0495,"cp_loss":54,"accuracy":80.98,"class":"good"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":2,"variant":"chess","side":"black","move":"e7e5","san":"e5","before":{"cp":-54},"after":{"cp":0},"mover_before":{"cp":54},"mover_after":{"cp":0},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.5495,"expected_after":0.5000,"expected_loss":0.0495,"cp_loss":54,"accuracy":80.98,"class":"good"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":3,"variant":"chess","side":"white","move":"g1f3","san":"Nf3","before":{"cp":0},"after":{"cp":-55},"mover_before":{"cp":0},"mover_after":{"cp":-55},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.5000,"expected_after":0.4495,"expected_loss":0.0505,"cp_loss":55,"accuracy":80.65,"class":"inaccuracy"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":4,"variant":"chess","side":"black","move":"b8c6","san":"Nc6","before":{"cp":-55},"after":{"cp":0},"mover_before":{"cp":55},"mover_after":{"cp":0},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.5505,"expected_after":0.5000,"expected_loss":0.0505,"cp_loss":55,"accuracy":80.65,"class":"inaccuracy"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":5,"variant":"chess","side":"white","move":"f1c4","san":"Bc4","before":{"cp":0},"after":{"cp":-110},"mover_before":{"cp":0},"mover_after":{"cp":-110},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.5000,"expected_after":0.4001,"expected_loss":0.0999,"cp_loss":110,"accuracy":64.61,"class":"inaccuracy"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":6,"variant":"chess","side":"black","move":"f8c5","san":"Bc5","before":{"cp":-110},"after":{"cp":0},"mover_before":{"cp":110},"mover_after":{"cp":0},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.5999,"expected_after":0.5000,"expected_loss":0.0999,"cp_loss":110,"accuracy":64.61,"class":"inaccuracy"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":7,"variant":"chess","side":"white","move":"c2c3","san":"c3","before":{"cp":0},"after":{"cp":-111},"mover_before":{"cp":0},"mover_after":{"cp":-111},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.5000,"expected_after":0.3992,"expected_loss":0.1008,"cp_loss":111,"accuracy":64.35,"class":"mistake"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":8,"variant":"chess","side":"black","move":"g8f6","san":"Nf6","before":{"cp":-111},"after":{"cp":0},"mover_before":{"cp":111},"mover_after":{"cp":0},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.6008,"expected_after":0.5000,"expected_loss":0.1008,"cp_loss":111,"accuracy":64.35,"class":"mistake"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":9,"variant":"chess","side":"white","move":"d2d3","san":"d3","before":{"cp":0},"after":{"cp":-168},"mover_before":{"cp":0},"mover_after":{"cp":-168},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.5000,"expected_after":0.3501,"expected_loss":0.1499,"cp_loss":168,"accuracy":51.54,"class":"mistake"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":10,"variant":"chess","side":"black","move":"d7d6","san":"d6","before":{"cp":-168},"after":{"cp":0},"mover_before":{"cp":168},"mover_after":{"cp":0},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.6499,"expected_after":0.5000,"expected_loss":0.1499,"cp_loss":168,"accuracy":51.54,"class":"mistake"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":11,"variant":"chess","side":"white","move":"e1g1","san":"O-O","before":{"cp":0},"after":{"cp":-169},"mover_before":{"cp":0},"mover_after":{"cp":-169},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.5000,"expected_after":0.3493,"expected_loss":0.1507,"cp_loss":169,"accuracy":51.35,"class":"blunder"})"
                           "\n"
                           R"({"file":"games.pgn","game":1,"ply":12,"variant":"chess","side":"black","move":"e8g8","san":"O-O","before":{"cp":-169},"after":{"cp":0},"mover_before":{"cp":169},"mover_after":{"cp":0},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.6507,"expected_after":0.5000,"expected_loss":0.1507,"cp_loss":169,"accuracy":51.35,"class":"blunder"})"
                           "\n"
                           R"({"file":"games.pgn","game":2,"ply":1,"variant":"chess","side":"white","move":"e2e4","san":"e4","before":{"cp":0},"after":{"cp":-54},"mover_before":{"cp":0},"mover_after":{"cp":-54},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.5000,"expected_after":0.4505,"expected_loss":0.0495,"cp_loss":54,"accuracy":80.98,"class":"good"})"
                           "\n"
                           R"({"file":"games.pgn","game":2,"ply":2,"variant":"chess","side":"black","move":"e7e5","san":"e5","before":{"cp":-54},"after":{"cp":0},"mover_before":{"cp":54},"mover_after":{"cp":0},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.5495,"expected_after":0.5000,"expected_loss":0.0495,"cp_loss":54,"accuracy":80.98,"class":"good"})"
                           "\n"
                           R"({"file":"games.pgn","game":2,"ply":3,"variant":"chess","side":"white","move":"f1c4","san":"Bc4","before":{"cp":0},"after":{"cp":30},"mover_before":{"cp":0},"mover_after":{"cp":30},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.5000,"expected_after":0.5276,"expected_loss":0.0000,"cp_loss":0,"accuracy":100.00,"class":"good"})"
                           "\n"
                           R"({"file":"games.pgn","game":2,"ply":4,"variant":"chess","side":"black","move":"b8c6","san":"Nc6","before":{"cp":30},"after":{"cp":250},"mover_before":{"cp":-30},"mover_after":{"cp":-250},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.4724,"expected_after":0.2849,"expected_loss":0.1876,"cp_loss":220,"accuracy":43.42,"class":"blunder"})"
                           "\n"
                           R"({"file":"games.pgn","game":2,"ply":5,"variant":"chess","side":"white","move":"d1h5","san":"Qh5","before":{"cp":250},"after":{"cp":-400},"mover_before":{"cp":250},"mover_after":{"cp":-400},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.7151,"expected_after":0.1865,"expected_loss":0.5286,"cp_loss":650,"accuracy":8.16,"class":"blunder"})"
                           "\n"
                           R"({"file":"games.pgn","game":2,"ply":6,"variant":"chess","side":"black","move":"g8f6","san":"Nf6","before":{"cp":-400},"after":{"mate":1},"mover_before":{"cp":400},"mover_after":{"mate":-1},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.8135,"expected_after":0.0246,"expected_loss":0.7889,"cp_loss":1400,"accuracy":1.16,"class":"blunder"})"
                           "\n"
                           R"({"file":"games.pgn","game":2,"ply":7,"variant":"chess","side":"white","move":"h5f7","san":"Qxf7#","before":{"mate":1},"after":{"mate":0},"mover_before":{"mate":1},"mover_after":{"mate":0},"best":"h5f7","pv":["h5f7"],"expected_before":0.9754,"expected_after":0.9754,"expected_loss":0.0000,"cp_loss":0,"accuracy":100.00,"class":"good"})"
                           "\n"
                           R"({"file":"games.pgn","game":3,"ply":1,"variant":"chess","side":"white","move":"d2d4","san":"d4","before":{"cp":0},"after":{"cp":35},"mover_before":{"cp":0},"mover_after":{"cp":35},"best":"a2a3","pv":["a2a3","a7a5"],"expected_before":0.5000,"expected_after":0.5322,"expected_loss":0.0000,"cp_loss":0,"accuracy":100.00,"class":"good"})"
                           "\n"
                           R"({"file":"games.pgn","game":3,"ply":2,"variant":"chess","side":"black","move":"d7d5","san":"d5","before":{"cp":35},"after":{"cp":100},"mover_before":{"cp":-35},"mover_after":{"cp":-100},"best":"a7a5","pv":["a7a5","a2a3"],"expected_before":0.4678,"expected_after":0.4090,"expected_loss":0.0589,"cp_loss":65,"accuracy":77.68,"class":"inaccuracy"})"
                           "\n"
                           R"({"file":"games.pgn","game":4,"ply":1,"variant":"chess960","side":"white","move":"f1g1","san":"O-O","before":{"cp":0},"after":{"cp":-60},"mover_before":{"cp":0},"mover_after":{"cp":-60},"best":"a1b3","pv":["a1b3","a7a5"],"expected_before":0.5000,"expected_after":0.4450,"expected_loss":0.0550,"cp_loss":60,"accuracy":79.03,"class":"inaccuracy"})"
                           "\n"
                           R"({"file":"games.pgn","game":4,"ply":2,"variant":"chess960","side":"black","move":"f8g8","san":"O-O","before":{"cp":-60},"after":{"cp":60},"mover_before":{"cp":60},"mover_after":{"cp":-60},"best":"a7a5","pv":["a7a5","a1b3"],"expected_before":0.5550,"expected_after":0.4450,"expected_loss":0.1100,"cp_loss":120,"accuracy":61.73,"class":"mistake"})"
                           "\n"
                           R"({"file":"games.pgn","game":4,"ply":3,"variant":"chess960","side":"white","move":"e2e4","san":"e4","before":{"cp":60},"after":{"cp":60},"mover_before":{"cp":60},"mover_after":{"cp":60},"best":"a1b3","pv":["a1b3","a7a5"],"expected_before":0.5550,"expected_after":0.5550,"expected_loss":0.0000,"cp_loss":0,"accuracy":100.00,"class":"good"})"
                           "\n"
                           R"({"file":"games.pgn","game":4,"ply":4,"variant":"chess960","side":"black","move":"e7e5","san":"e5","before":{"cp":60},"after":{"cp":20},"mover_before":{"cp":-60},"mover_after":{"cp":-20},"best":"a7a5","pv":["a7a5","a1b3"],"expected_before":0.4450,"expected_after":0.4816,"expected_loss":0.0000,"cp_loss":0,"accuracy":100.00,"class":"good"})"
                           "\n";

TEST(FairyAnalyzeJudgement, MoveRecordsCheckedByHand) {
  const std::string dir = make_dir();
  CliRun r = judge(dir, "--report moves");
  EXPECT_EQ(r.status, 3) << r.err;  // the engine failed on two positions
  EXPECT_EQ(r.out, kMoves);
  // Every move is judged or counted as not: 12 + 7 + 4 + 4 moves, 2 of them unjudged; game 3
  // has no accuracy.
  EXPECT_TRUE(absl::StrContains(
      r.err,
      "judgement: 27 moves in 4 games: 25 judged, 2 unjudged (a position before or after them "
      "has no evaluation); 3 of the games with an accuracy\n"))
      << r.err;
}

TEST(FairyAnalyzeJudgement, ThresholdsAtTheirBoundaries) {
  const std::string dir = make_dir();
  CliRun r = judge(dir, "-q --report moves");
  std::vector<std::string> classes, losses;
  for (absl::string_view line : absl::StrSplit(r.out, '\n', absl::SkipEmpty())) {
    if (!absl::StartsWith(line, "{\"file\":\"games.pgn\",\"game\":1,")) continue;
    const std::size_t c = line.find("\"class\":\"") + 9;
    classes.emplace_back(line.substr(c, line.find('"', c) - c));
    const std::size_t l = line.find("\"cp_loss\":") + 10;
    losses.emplace_back(line.substr(l, line.find(',', l) - l));
  }
  EXPECT_EQ(losses, (std::vector<std::string>{"54", "54", "55", "55", "110", "110", "111", "111",
                                              "168", "168", "169", "169"}));
  EXPECT_EQ(classes, (std::vector<std::string>{"good", "good", "inaccuracy", "inaccuracy",
                                               "inaccuracy", "inaccuracy", "mistake", "mistake",
                                               "mistake", "mistake", "blunder", "blunder"}));
}

// The tables as their long CSV form gives them: name -> rows of cells.
std::map<std::string, std::vector<std::vector<std::string>>> csv_tables(const std::string& csv) {
  std::map<std::string, std::vector<std::vector<std::string>>> tables;
  bool header = true;
  for (absl::string_view line : absl::StrSplit(csv, '\n', absl::SkipEmpty())) {
    if (header) {
      header = false;
      continue;
    }
    const std::vector<std::string> f = absl::StrSplit(line, ',');
    auto& rows = tables[f[0]];
    const std::size_t row = std::stoul(f[1]);
    if (rows.size() < row) rows.resize(row);
    rows[row - 1].push_back(f[3]);
  }
  return tables;
}

using Rows = std::vector<std::vector<std::string>>;

// Columns: the keys, then moves (judged), unjudged, mean cp loss, accuracy, inaccuracies,
// mistakes, blunders and the three per 100 moves. By hand: game 1's mean cp loss is (54 + 55
// + 110 + 111 + 168 + 169) / 6 = 111.2 for each side, with 2 inaccuracies, 2 mistakes and 1
// blunder in 6 moves (33.33, 33.33, 16.67 per 100); Ann's in game 2 (54 + 220 + 1400) / 3 =
// 558.0; game 3 has no accuracy (a position without an evaluation), and its Black, "?", is
// nobody's; Cid's 2199 and Dee's 2200 fall in two bands (2000-2199, 2200-2399). Ann's 2341
// centipawns in 9 moves: 260.1; the summary's chess 3777 in 21: 179.9.
const std::vector<std::vector<std::string>> kTables = {
    // judgement_summary
    {"chess", "3", "2", "21", "2", "179.9", "41.6", "5", "4", "5", "23.81", "19.05", "23.81"},
    {"chess960", "1", "1", "4", "0", "45.0", "79.5", "1", "1", "0", "25.00", "25.00", "0.00"},
    // judgement_by_game
    {"games.pgn", "1", "white", "Ann", "1850", "6", "0", "111.2", "62.0", "2", "2", "1", "33.33",
     "33.33", "16.67"},
    {"games.pgn", "1", "black", "Bob", "2010", "6", "0", "111.2", "62.0", "2", "2", "1", "33.33",
     "33.33", "16.67"},
    {"games.pgn", "2", "white", "Bob", "2050", "4", "0", "176.0", "27.8", "0", "0", "1", "0.00",
     "0.00", "25.00"},
    {"games.pgn", "2", "black", "Ann", "1790", "3", "0", "558.0", "14.7", "0", "0", "2", "0.00",
     "0.00", "66.67"},
    {"games.pgn", "3", "white", "Cid", "", "1", "1", "0.0", "", "0", "0", "0", "0.00", "0.00",
     "0.00"},
    {"games.pgn", "3", "black", "?", "", "1", "1", "65.0", "", "1", "0", "0", "100.00", "0.00",
     "0.00"},
    {"games.pgn", "4", "white", "Cid", "2199", "2", "0", "30.0", "85.3", "1", "0", "0", "50.00",
     "0.00", "0.00"},
    {"games.pgn", "4", "black", "Dee", "2200", "2", "0", "60.0", "73.8", "0", "1", "0", "0.00",
     "50.00", "0.00"},
    // judgement_by_player
    {"Bob", "2", "2", "10", "0", "137.1", "44.9", "2", "2", "2", "20.00", "20.00", "20.00"},
    {"Ann", "2", "2", "9", "0", "260.1", "38.4", "2", "2", "3", "22.22", "22.22", "33.33"},
    {"Cid", "2", "1", "3", "1", "20.0", "85.3", "1", "0", "0", "33.33", "0.00", "0.00"},
    {"Dee", "1", "1", "2", "0", "60.0", "73.8", "0", "1", "0", "0.00", "50.00", "0.00"},
    // judgement_by_rating_band
    {"1600-1799", "1", "1", "3", "0", "558.0", "14.7", "0", "0", "2", "0.00", "0.00", "66.67"},
    {"1800-1999", "1", "1", "6", "0", "111.2", "62.0", "2", "2", "1", "33.33", "33.33", "16.67"},
    {"2000-2199", "3", "3", "12", "0", "119.2", "58.4", "3", "2", "2", "25.00", "16.67", "16.67"},
    {"2200-2399", "1", "1", "2", "0", "60.0", "73.8", "0", "1", "0", "0.00", "50.00", "0.00"},
};

TEST(FairyAnalyzeJudgement, TablesCheckedByHand) {
  const std::string dir = make_dir();
  CliRun r = judge(dir, "-q --report tables --format csv");
  EXPECT_EQ(r.status, 3) << r.err;
  const auto tables = csv_tables(r.out);
  ASSERT_EQ(tables.size(), 4u) << r.out;
  const Rows& summary = tables.at("judgement_summary");
  const Rows& games = tables.at("judgement_by_game");
  const Rows& players = tables.at("judgement_by_player");
  const Rows& bands = tables.at("judgement_by_rating_band");
  EXPECT_EQ(summary, Rows(kTables.begin(), kTables.begin() + 2));
  EXPECT_EQ(games, Rows(kTables.begin() + 2, kTables.begin() + 10));
  EXPECT_EQ(players, Rows(kTables.begin() + 10, kTables.begin() + 14));
  EXPECT_EQ(bands, Rows(kTables.begin() + 14, kTables.end()));
  // Bands 100 wide: 1790, 1850, 2010 and 2050, 2199, 2200 in five bands.
  CliRun narrow = judge(dir, "-q --report tables --format csv --rating-band 100");
  EXPECT_EQ(csv_tables(narrow.out).at("judgement_by_rating_band"),
            (Rows{{"1700-1799", "1", "1", "3", "0", "558.0", "14.7", "0", "0", "2", "0.00", "0.00",
                   "66.67"},
                  {"1800-1899", "1", "1", "6", "0", "111.2", "62.0", "2", "2", "1", "33.33",
                   "33.33", "16.67"},
                  {"2000-2099", "2", "2", "10", "0", "137.1", "44.9", "2", "2", "2", "20.00",
                   "20.00", "20.00"},
                  {"2100-2199", "1", "1", "2", "0", "30.0", "85.3", "1", "0", "0", "50.00", "0.00",
                   "0.00"},
                  {"2200-2299", "1", "1", "2", "0", "60.0", "73.8", "0", "1", "0", "0.00", "50.00",
                   "0.00"}}));
  // --top 2: the two players with the most judged moves, and a note.
  CliRun top = judge(dir, "-q --report tables --top 2");
  EXPECT_TRUE(absl::StrContains(top.out, "2 more players (--top 2)")) << top.out;
}

// The web page: the tables (the players' among them), and with --eval-graphs a graph per
// game, its inaccuracies, mistakes and blunders marked with what they were.
TEST(FairyAnalyzeJudgement, HtmlWithTheTablesAndAGraphPerGame) {
  const std::string dir = make_dir();
  CliRun r = judge(dir, "-q --html r.html --eval-graphs");
  EXPECT_EQ(r.status, 3) << r.err;
  // Standard output: the positions' records, as without --html.
  EXPECT_EQ(r.out, judge(dir, "-q").out);
  const std::string html = slurp(dir + "/r.html");
  for (const char* id :
       {"table-judgement_summary", "table-judgement_by_game", "table-judgement_by_player",
        "table-judgement_by_rating_band", "eval-graphs", "eval-1", "eval-2", "eval-3", "eval-4"})
    EXPECT_TRUE(absl::StrContains(html, std::string("id=\"") + id + "\"")) << id;
  EXPECT_FALSE(absl::StrContains(html, "id=\"eval-5\""));
  EXPECT_FALSE(absl::StrContains(html, "<script"));
  EXPECT_TRUE(absl::StrContains(html, "<h3>games.pgn, game 2: Bob - Ann, 1-0</h3>")) << html;
  // Game 1's marks (2 inaccuracies, 2 mistakes, 1 blunder a side) and game 2's blunders.
  EXPECT_TRUE(absl::StrContains(
      html, "<title>2... Nc6?! inaccuracy: White&#39;s expected score 45% to 50%</title>"));
  EXPECT_TRUE(absl::StrContains(
      html, "<title>6. O-O?? blunder: White&#39;s expected score 50% to 35%</title>"));
  EXPECT_TRUE(absl::StrContains(
      html, "<title>3. Qh5?? blunder: White&#39;s expected score 72% to 19%</title>"));
  EXPECT_TRUE(absl::StrContains(html,
                                "White: accuracy 62.0%, mean cp loss 111.2, 2 inaccuracies, 2 "
                                "mistakes, 1 blunder; Black: accuracy 62.0%"));
  // Game 3 has a gap (no evaluation after 2. c4): its curve is the first three positions, one
  // line, and each side has an unjudged move.
  const std::size_t g3 = html.find("id=\"eval-3\""), g4 = html.find("id=\"eval-4\"");
  const std::string game3 = html.substr(g3, g4 - g3);
  std::size_t lines = 0;
  for (std::size_t at = 0; (at = game3.find("<polyline", at)) != std::string::npos; ++at) ++lines;
  EXPECT_EQ(lines, 1u) << game3;
  EXPECT_TRUE(absl::StrContains(game3, "<h3>games.pgn, game 3: Cid - ?, *</h3>")) << game3;
  EXPECT_TRUE(absl::StrContains(game3,
                                "White: mean cp loss 0.0, 0 inaccuracies, 0 mistakes, 0 blunders, "
                                "1 unjudged move; Black: mean cp loss 65.0, 1 inaccuracy"))
      << game3;
  // Without --eval-graphs: no graph.
  judge(dir, "-q --html s.html");
  EXPECT_FALSE(absl::StrContains(slurp(dir + "/s.html"), "id=\"eval-1\""));
}

// The same records, tables and page at any -j and --engines (the engine is deterministic;
// the judgement is made in input order once the positions are evaluated).
TEST(FairyAnalyzeJudgement, TheSameAtAnyJobsAndEngines) {
  const std::string dir = make_dir();
  const std::string samples = "'" + std::string(FAIRYKIT_SOURCE_DIR) + "/samples/classics.pgn' '" +
                              std::string(FAIRYKIT_SOURCE_DIR) + "/samples/chess960.pgn'";
  auto run = [&](const std::string& flags) {
    const std::string engine = "-q --engine '" + kFake + " --scores scores.txt' --nodes 1 " + flags;
    CliRun moves = run_tool("fairy-analyze", engine + " --report moves games.pgn " + samples, dir);
    EXPECT_EQ(moves.status, 0) << moves.err;
    // The page's date from SOURCE_DATE_EPOCH, not the clock.
    CliRun tables = fairykit::testing::run_shell(
        "cd '" + dir + "' && SOURCE_DATE_EPOCH=0 '" + std::string(FAIRYKIT_BIN_DIR) +
        "/fairy-analyze' " + engine +
        " --report tables --format json --html p.html --eval-graphs games.pgn " + samples);
    EXPECT_EQ(tables.status, 0) << tables.err;
    return moves.out + tables.out + slurp(dir + "/p.html");
  };
  const std::string one = run("-j 1 --engines 1");
  EXPECT_GT(std::count(one.begin(), one.end(), '\n'), 400);
  for (const std::string flags : {"-j 2 --engines 3", "-j 2 --engines 1", "--engines 2"})
    EXPECT_EQ(run(flags), one) << flags;
}

// Games no engine plays here (Interweave): fairykit's own search evaluates only the positions
// where it finds a forced win (a mate); "no forced win within the bound" is no evaluation. So
// a move is judged only between two such positions, every record's evaluations are mates, and
// the other moves are counted as unjudged.
TEST(FairyAnalyzeJudgement, MovesOfGamesWithoutAnEngineAreCounted) {
  const std::string dir = make_dir();
  CliRun r = run_tool("fairy-analyze",
                      "--engine " + kFake + " --nodes 1 --report moves '" +
                          std::string(FAIRYKIT_SOURCE_DIR) + "/samples/interweave.pgn'",
                      dir);
  EXPECT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> records = absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_FALSE(records.empty());
  for (const std::string& record : records) {
    EXPECT_TRUE(absl::StrContains(record, "\"before\":{\"mate\":")) << record;
    EXPECT_TRUE(absl::StrContains(record, "\"after\":{\"mate\":")) << record;
  }
  // The last move of the first game: Black's mate in 1 played (Rf3xb3xf3#), no loss.
  EXPECT_TRUE(absl::StrContains(
      r.out,
      "\"game\":1,\"ply\":104,\"variant\":\"interweave\",\"side\":\"black\",\"move\":"
      "\"f3b3f3\",\"san\":\"Rf3xb3xf3#\",\"before\":{\"mate\":-1},\"after\":{\"mate\":0},"
      "\"mover_before\":{\"mate\":1},\"mover_after\":{\"mate\":0}"))
      << r.out;
  EXPECT_TRUE(absl::StrContains(r.err, absl::StrCat(" in 5 games: ", records.size(), " judged, ")))
      << r.err;
  EXPECT_TRUE(absl::StrContains(r.err,
                                " unjudged (a position before or after them has no evaluation); "
                                "0 of the games with an accuracy\n"))
      << r.err;
}

TEST(FairyAnalyzeJudgement, UsageErrors) {
  const std::string dir = make_dir();
  auto error = [&](const std::string& args) {
    CliRun r = run_tool("fairy-analyze", args + " games.pgn", dir);
    EXPECT_EQ(r.status, 2) << args;
    return r.err.substr(0, r.err.find('\n'));
  };
  const std::string engine = "--engine " + kFake + " --nodes 1 ";
  EXPECT_EQ(error(engine + "--report games"),
            "fairy-analyze: --report wants positions, moves or tables, not 'games'");
  EXPECT_EQ(error("--report moves"), "fairy-analyze: --report is about --engine");
  EXPECT_EQ(error(engine + "--eval-graphs"), "fairy-analyze: --eval-graphs is about --html");
  EXPECT_EQ(error(engine + "--report moves --format csv"),
            "fairy-analyze: --format with --engine wants jsonl (text, json or csv with --report "
            "tables), not 'csv'");
  EXPECT_EQ(error(engine + "--report tables --format jsonl"),
            "fairy-analyze: --format with --report tables wants text, json or csv, not 'jsonl'");
  EXPECT_EQ(error(engine + "--top 3"),
            "fairy-analyze: --top with --engine is about --report tables or --html");
  EXPECT_EQ(error(engine + "--report moves --csv-raw"),
            "fairy-analyze: --csv-raw needs --format csv");
  EXPECT_EQ(error(engine + "--report tables --rating-band 5"),
            "fairy-analyze: --rating-band wants a whole number from 10 to 1000, not '5'");
}

}  // namespace
