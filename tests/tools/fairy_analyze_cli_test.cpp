// fairy-analyze from the outside: small collections of every variant written by hand, each
// figure of their tables worked out by hand (the comments say how); the opening names, the
// tree, --top and --group-by; rejected games and position lists; the text and JSON forms;
// identical output at -j 1 and -j 2 on the TWIC file and the samples; the output file.
// (tests/tools/analyze_check.py compares the same tables with counts made from
// fairy-convert's JSON Lines on the corpus and the samples.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/tools/run_tool.h"
#include "tests/tools/selection_cases.h"

namespace {

namespace fs = std::filesystem;

using fairykit::testing::kTwic;
using fairykit::testing::sample_pgns;
using fairykit::testing::slurp;
using Output = fairykit::testing::ToolOutput;

Output run(const std::string& args, const std::string& dir = ".") {
  return fairykit::testing::run_tool("fairy-analyze", args, dir);
}

// A fresh directory for one test's files, removed with it.
class Dir {
 public:
  Dir() : path_(fairykit::testing::unique_temp("analyze") + "/") { fs::create_directories(path_); }
  ~Dir() { fs::remove_all(path_); }
  const std::string& path() const { return path_; }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path_ + name, std::ios::binary) << text;
    return path_ + name;
  }
  // The names in the directory, sorted, space-separated (no temporary file left behind).
  std::string listing() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(path_))
      names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : " ") + n;
    return s;
  }

 private:
  std::string path_;
};

// The long-form CSV (table,row,column,value) as table -> rows -> values in column order.
std::map<std::string, std::vector<std::vector<std::string>>> parse_csv(const std::string& csv) {
  std::vector<std::vector<std::string>> lines(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < csv.size(); ++i) {
    const char c = csv[i];
    if (quoted) {
      if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') {
        lines.back().back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        lines.back().back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      lines.back().emplace_back();
    } else if (c == '\n') {
      lines.emplace_back(1);
    } else {
      lines.back().back() += c;
    }
  }
  std::map<std::string, std::vector<std::vector<std::string>>> tables;
  EXPECT_EQ(lines.front(), (std::vector<std::string>{"table", "row", "column", "value"}));
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    const std::vector<std::string>& l = lines[i];
    EXPECT_EQ(l.size(), 4u) << "line " << i + 1;
    if (l.size() != 4) continue;
    auto& rows = tables[l[0]];
    const std::size_t row = std::stoul(l[1]);
    if (rows.size() < row) rows.resize(row);
    rows[row - 1].push_back(l[3]);
  }
  return tables;
}

// One table of `csv`: each row's values joined by '|', one row a line ("" when the table
// has no rows or is absent).
std::string table(const std::string& csv, const std::string& name) {
  std::string out;
  const auto tables = parse_csv(csv);
  const auto t = tables.find(name);
  if (t == tables.end()) return out;
  for (const auto& row : t->second) {
    for (std::size_t c = 0; c < row.size(); ++c) out += (c ? "|" : "") + row[c];
    out += '\n';
  }
  return out;
}

// Runs fairy-analyze --format csv on `pgn` (written as t.pgn) with `flags`.
std::string csv_of(const std::string& pgn, const std::string& flags = "") {
  Dir dir;
  dir.write("t.pgn", pgn);
  const Output o = run("-q --format csv " + flags + " t.pgn", dir.path());
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.err, "");
  return o.out;
}

// A game of `variant` from the position `fen`; `moves` ends with the result.
std::string setup_game(const std::string& variant, const std::string& fen,
                       const std::string& moves) {
  const std::string result = moves.substr(moves.rfind(' ') + 1);
  return "[Variant \"" + variant + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n[Result \"" +
         result + "\"]\n\n" + moves + "\n\n";
}

// ---------------------------------------------------------------------------------------
// Chess: six games.
//  1 Scholar's mate, 7 plies, 1-0 checkmate: Qxf7 takes a pawn.
//  2 Alekhine Defense with 3. exd6 en passant, then Bxd6 (a pawn), both sides castle short;
//    22 plies, 0-1 without a Termination tag: resignation (deduced from the result).
//  3 Queen's Gambit Accepted, dxc4 (a pawn); 4 plies, 1/2-1/2: agreement (deduced).
//  4 Ruy Lopez, 6 plies, *: unfinished.
//  5 From a FEN with Black to move: 1... O-O-O (Black's), 2. O-O (White's), 2... a1=N;
//    3 plies, *.
//  6 4 plies, 1-0 with Termination "time forfeit": time forfeit (from the tag).
const char* const kChess = R"([Event "A"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "B"]
[White "Bob"]
[Black "Carol"]
[Result "0-1"]

1. e4 Nf6 2. e5 d5 3. exd6 e6 4. Nf3 Bxd6 5. Be2 O-O 6. O-O Nc6 7. d3 e5
8. Nc3 h6 9. Be3 Be6 10. Qd2 Qd7 11. a3 a6 0-1

[Event "A"]
[White "Carol"]
[Black "Alice"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 dxc4 1/2-1/2

[White "Alice"]
[Black "Dave"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *

[Event "Black first"]
[SetUp "1"]
[FEN "r3k3/8/8/8/8/8/p7/4K2R b Kq - 0 1"]
[Result "*"]

1... O-O-O 2. O-O a1=N *

[Event "B"]
[White "Dave"]
[Black "Bob"]
[Result "1-0"]
[Termination "time forfeit"]

1. d4 Nf6 2. c4 e6 1-0
)";

TEST(FairyAnalyzeChess, ResultsLengthsAndTerminations) {
  const std::string csv = csv_of(kChess, "--no-openings");
  // 7 + 22 + 4 + 6 + 3 + 4 = 46 plies, 46 / 6 = 7.67.
  EXPECT_EQ(table(csv, "summary"), "6|6|0|46|7.7\n");
  // 2 wins, 1 draw, 1 loss, 2 unfinished: (2 + 0.5) / 4 = 62.5 %.
  EXPECT_EQ(table(csv, "results_by_variant"), "chess|6|2|1|1|2|62.5\n");
  // Sorted 3 4 4 6 7 22: an even count, the median is the mean of the middle two, 4 and 6.
  EXPECT_EQ(table(csv, "length_summary"), "chess|6|7.7|5|22\n");
  EXPECT_EQ(table(csv, "lengths"), "chess|0-19|5\nchess|20-39|1\n");
  EXPECT_EQ(table(csv, "terminations"),
            "chess|agreement|result|1\nchess|checkmate|board|1\nchess|resignation|result|1\n"
            "chess|time forfeit|tag|1\nchess|unfinished|result|2\n");
  // Nothing about openings with --no-openings, no rated game.
  EXPECT_EQ(csv.find("openings,"), std::string::npos);
  EXPECT_EQ(table(csv, "rating_difference"), "");
}

TEST(FairyAnalyzeChess, RepetitionThroughADoubleStepWithoutALegalEnPassant) {
  // After 1. f4 the e4 pawn may not take en passant (the rook on h4 pins it to its king):
  // the position after 1. f4 comes back after 3. Ke1 and 5. Ke1, a threefold repetition.
  const std::string csv = csv_of(setup_game("chess", "8/8/8/8/k3p2R/8/5P2/4K3 w - - 0 1",
                                            "1. f4 Ka5 2. Ke2 Ka4 3. Ke1 Ka5 4. Ke2 Ka4 5. Ke1 "
                                            "1/2-1/2"),
                                 "--no-openings");
  EXPECT_EQ(table(csv, "terminations"), "chess|threefold repetition|result|1\n");
}

// A game with a Termination tag (none when `tag` is empty).
std::string tagged_game(const std::string& tag, const std::string& moves) {
  const std::string result = moves.substr(moves.rfind(' ') + 1);
  return "[Result \"" + result + "\"]\n" + (tag.empty() ? "" : "[Termination \"" + tag + "\"]\n") +
         "\n" + moves + "\n\n";
}

TEST(FairyAnalyzeChess, TerminationTags) {
  const std::string mate = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0";
  const std::string csv = csv_of(
      // The values of the PGN standard, and "illegal move": as such, in any case.
      tagged_game("adjudication", "1. e4 e5 1-0") + tagged_game("abandoned", "1. e4 e5 0-1") +
          tagged_game("Abandoned", "1. d4 0-1") + tagged_game("death", "1. e4 e5 1-0") +
          tagged_game("emergency", "1. e4 *") + tagged_game("rules infraction", "1. e4 e5 0-1") +
          tagged_game("Rules infraction", "1. c4 e5 0-1") +
          tagged_game("Time forfeit", "1. e4 0-1") + tagged_game("unterminated", "1. e4 *") +
          tagged_game("Unterminated", "1. d4 *") + tagged_game("illegal move", "1. e4 e5 1-0") +
          // Other values: as they are written, never a guess.
          tagged_game("GUI adjudication", "1. e4 e5 1-0") +
          tagged_game("3-fold rep", "1. e4 1/2-1/2") +
          // The board first: a checkmate is a checkmate whatever the tag says.
          tagged_game("Normal", mate) + tagged_game("time forfeit", mate) +
          // "normal" leaves it to the result: a deduction, and said to be one.
          tagged_game("normal", "1. e4 e5 1-0") + tagged_game("normal", "1. e4 e5 1/2-1/2"),
      "--no-openings");
  EXPECT_EQ(table(csv, "terminations"),
            "chess|3-fold rep|tag|1\n"
            "chess|GUI adjudication|tag|1\n"
            "chess|abandoned|tag|2\n"
            "chess|adjudication|tag|1\n"
            "chess|agreement|result|1\n"
            "chess|checkmate|board|2\n"
            "chess|death|tag|1\n"
            "chess|emergency|tag|1\n"
            "chess|illegal move|tag|1\n"
            "chess|resignation|result|1\n"
            "chess|rules infraction|tag|2\n"
            "chess|time forfeit|tag|1\n"
            "chess|unterminated|tag|2\n");
}

// TCEC games (tests/data/corpus/tcec, copied from TCEC's archive): every game with a
// Termination tag is counted under the tag's value, adjudications too.
TEST(FairyAnalyzeChess, TcecTerminationsAreTheirTags) {
  const std::string dir = std::string(FAIRYKIT_DATA_DIR) + "/corpus/tcec/";
  const std::map<std::string, std::string> want = {
      // A win and a draw by adjudication (the old count: a resignation and an agreement).
      {"TCEC_Season_16_-_Frc_Cpu_League_2-games-25-55.pgn", "chess960|adjudication|tag|2\n"},
      // Values of TCEC's own, as written.
      {"TCEC_Match_5-games-5-6.pgn", "chess|3-fold rep|tag|1\nchess|GUI adjudication|tag|1\n"},
  };
  for (const auto& [file, terminations] : want) {
    SCOPED_TRACE(file);
    const Output o = run("-q --format csv --no-openings '" + dir + file + "'");
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(table(o.out, "terminations"), terminations);
  }
}

TEST(FairyAnalyzeChess, CapturesPromotionsAndCastling) {
  const std::string csv = csv_of(kChess, "--no-openings");
  EXPECT_EQ(table(csv, "captures"), "chess|bishop|pawn|1\nchess|pawn|pawn|2\nchess|queen|pawn|1\n");
  EXPECT_EQ(table(csv, "capture_methods"), "chess|replacement|3\nchess|en passant|1\n");
  EXPECT_EQ(table(csv, "chains"), "");  // Interweave only
  EXPECT_EQ(table(csv, "promotions"), "chess|knight|1\n");
  // White: 6. O-O and game 5's 2. O-O; Black: 5... O-O and game 5's 1... O-O-O.
  EXPECT_EQ(table(csv, "castling"), "chess|white|O-O|2\nchess|black|O-O|1\nchess|black|O-O-O|1\n");
  // Players without ratings: Alice +1 =1 (game 4 unfinished), Bob -3, Carol +1 =1, Dave +1
  // (game 4 unfinished); the most games first, then by name.
  EXPECT_EQ(table(csv, "players"),
            "Alice|3|1|1|0|75.0|0||\nBob|3|0|0|3|0.0|0||\nCarol|2|1|1|0|75.0|0||\n"
            "Dave|2|1|0|0|100.0|0||\n");
}

TEST(FairyAnalyzeChess, CastlingColourWhenBlackMovesFirst) {
  // Ply 1 is Black's: Black castles long, White short; in the second game (from move 20)
  // Black castles short and White does not. Counted by ply parity from White, it would
  // come out as White O-O-O 1, White O-O 1, Black O-O 1.
  const std::string csv = csv_of(R"([SetUp "1"]
[FEN "r3k3/8/8/8/8/8/p7/4K2R b Kq - 0 1"]
[Result "*"]

1... O-O-O 2. O-O a1=N *

[SetUp "1"]
[FEN "4k2r/8/8/8/8/8/8/R3K3 b Qk - 5 20"]
[Result "*"]

20... O-O 21. Ra2 Kh7 22. Kd1 *
)");
  EXPECT_EQ(table(csv, "castling"), "chess|white|O-O|1\nchess|black|O-O|1\nchess|black|O-O-O|1\n");
  EXPECT_EQ(table(csv, "promotions"), "chess|knight|1\n");
  // 3 and 4 plies: the median is their mean.
  EXPECT_EQ(table(csv, "length_summary"), "chess|2|3.5|3.5|4\n");
}

// ---------------------------------------------------------------------------------------
// Players and ratings.

const char* const kRated = R"([White "Alice"]
[Black "Bob"]
[WhiteElo "2000"]
[BlackElo "1800"]
[Result "1-0"]

1. e4 e5 1-0

[White "Bob"]
[Black "Carol"]
[WhiteElo "1800"]
[BlackElo "2201"]
[Result "1/2-1/2"]

1. e4 e5 1/2-1/2

[White "Carol"]
[Black "Alice"]
[WhiteElo "2201"]
[BlackElo "2000"]
[Result "0-1"]

1. d4 d5 0-1

[White "Alice"]
[Black "Dave"]
[WhiteElo "2000"]
[Result "1/2-1/2"]

1. c4 c5 1/2-1/2

[White "Dave"]
[Black "Alice"]
[BlackElo "2000"]
[Result "*"]

1. c4 *

[White "Eve"]
[Black "Frank"]
[WhiteElo "1600"]
[BlackElo "2000"]
[Result "1-0"]

1. e4 1-0
)";

TEST(FairyAnalyzePlayers, ScoreAndPerformance) {
  const std::string csv = csv_of(kRated, "--no-openings");
  // Alice: 4 games, +2 (Bob, Carol) =1 (Dave) and one unfinished: 2.5 / 3 = 83.3 %. Rated
  //   opponents in finished games: Bob 1800 and Carol 2201 (Dave has no rating): average
  //   2000.5, shown 2001 (halves away from zero); performance 2000.5 + 400 x 2 / 2 = 2400.5
  //   -> 2401.
  // Bob: -1 (Alice) =1 (Carol): 25.0 %; opponents 2000 and 2201, average 2100.5 -> 2101;
  //   2100.5 + 400 x (0 - 1) / 2 = 1900.5 -> 1901.
  // Carol: =1 (Bob 1800) -1 (Alice 2000): average 1900, performance 1900 - 200 = 1700.
  // Dave: =1 against Alice 2000 (his own rating does not matter), the * game counts as a
  //   game only: 50.0 %, 1 rated game, 2000 + 0 = 2000.
  // Eve beat Frank 2000: 2000 + 400 = 2400; Frank lost to Eve 1600: 1600 - 400 = 1200.
  EXPECT_EQ(table(csv, "players"),
            "Alice|4|2|1|0|83.3|2|2001|2401\n"
            "Bob|2|0|1|1|25.0|2|2101|1901\n"
            "Carol|2|0|1|1|25.0|2|1900|1700\n"
            "Dave|2|0|1|0|50.0|1|2000|2000\n"
            "Eve|1|1|0|0|100.0|1|2000|2400\n"
            "Frank|1|0|0|1|0.0|1|1600|1200\n");
  EXPECT_EQ(csv.find("players,7,"), std::string::npos);
}

TEST(FairyAnalyzePlayers, RatingDifferenceBuckets) {
  const std::string csv = csv_of(kRated, "--no-openings");
  // Games with both ratings and a result, White minus Black:
  //   Bob - Carol 1800 - 2201 = -401: "<= -401", a draw; Elo expectation
  //     1 / (1 + 10^(401/400)) = 0.0904 -> 9.0 %, scored 50.0 %.
  //   Eve - Frank 1600 - 2000 = -400: "-400 to -301", won; 1 / (1 + 10) = 0.0909 -> 9.1 %.
  //   Alice - Bob +200 (won) and Carol - Alice +201 (lost): "200 to 299";
  //     (1 / (1 + 10^(-200/400)) + 1 / (1 + 10^(-201/400))) / 2 = (0.7597 + 0.7608) / 2
  //     -> 76.0 %, scored 1 of 2 = 50.0 %.
  // (A cell that starts with '-' and is not a number gets a ' for spreadsheets, which do not
  // show it; --csv-raw writes it as it is.)
  EXPECT_EQ(table(csv, "rating_difference"),
            "<= -401|1|9.0|50.0\n'-400 to -301|1|9.1|100.0\n200 to 299|2|76.0|50.0\n");
  EXPECT_EQ(table(csv_of(kRated, "--no-openings --csv-raw"), "rating_difference"),
            "<= -401|1|9.0|50.0\n-400 to -301|1|9.1|100.0\n200 to 299|2|76.0|50.0\n");
}

TEST(FairyAnalyzePlayers, TopLimitsTheRowsAndSaysSo) {
  Dir dir;
  dir.write("r.pgn", kRated);
  const Output o = run("-q --no-openings --top 2 r.pgn", dir.path());
  EXPECT_EQ(o.status, 0);
  EXPECT_NE(o.out.find("Players\n"
                       "  player games wins draws losses score % rated games average opponent "
                       "performance\n"
                       "  Alice      4    2     1      0    83.3           2             2001  "
                       "      2401\n"
                       "  Bob        2    0     1      1    25.0           2             2101  "
                       "      1901\n"
                       "  2 of 6 players shown (--top)\n"),
            std::string::npos)
      << o.out;
  const Output json = run("-q --no-openings --top 2 --format json r.pgn", dir.path());
  EXPECT_NE(json.out.find("\"note\":\"2 of 6 players shown (--top)\""), std::string::npos)
      << json.out;
}

// ---------------------------------------------------------------------------------------
// Openings, the tree, --group-by.

//  1 the Ruy Lopez (C60) after 3. Bb5, 1-0;
//  2 the same position by transposition (1. Nf3 Nc6 2. e4 e5 3. Bb5), 0-1;
//  3 the Morphy Defense (C70, 3... a6), 1/2-1/2;
//  4 1. Nf3 d5 2. d4: the position of 1. d4 d5 2. Nf3, the Zukertort Variation of the
//    Queen's Pawn Game (D02), *;
//  5 the Ruy Lopez position reached from a FEN (after 1. e4): no name (standard start
//    only), *.
const char* const kOpenings = R"([Event "Club"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0

[Event "Club"]
[Result "0-1"]

1. Nf3 Nc6 2. e4 e5 3. Bb5 0-1

[Event "Open"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2

[Result "*"]

1. Nf3 d5 2. d4 *

[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[Result "*"]

1... e5 2. Nf3 Nc6 3. Bb5 *
)";

TEST(FairyAnalyzeOpenings, NamedByPositionSoThatTranspositionsAreNamed) {
  const std::string csv = csv_of(kOpenings);
  // The most games first, then by ECO.
  EXPECT_EQ(table(csv, "openings"),
            "C60|Ruy Lopez|2|1|0|1|0|50.0\n"
            "C70|Ruy Lopez: Morphy Defense|1|0|1|0|0|50.0\n"
            "D02|Queen's Pawn Game: Zukertort Variation|1|0|0|0|1|\n");
  // --top 1: one row and a note.
  Dir dir;
  dir.write("o.pgn", kOpenings);
  const Output o = run("-q --top 1 o.pgn", dir.path());
  EXPECT_NE(o.out.find("Chess openings (lichess chess-openings names)\n"
                       "  ECO name      games 1-0 1/2-1/2 0-1 * white score %\n"
                       "  C60 Ruy Lopez     2   1       0   1 0          50.0\n"
                       "  1 of 3 openings shown (--top)\n"),
            std::string::npos)
      << o.out;
}

TEST(FairyAnalyzeTree, LinesOfTheFirstPliesWithTreeMin) {
  // The first 2 plies: e4 (games 1, 3), e4 e5 (1, 3), Nf3 (2, 4), Nf3 Nc6 (2), Nf3 d5 (4),
  // e5 (5, Black first), e5 Nf3 (5). Sorted as text: upper case first.
  std::string csv = csv_of(kOpenings, "--no-openings --tree 2");
  EXPECT_EQ(table(csv, "opening_tree"),
            "chess|Nf3|2|0|0|1|1|0.0\n"
            "chess|Nf3 Nc6|1|0|0|1|0|0.0\n"
            "chess|Nf3 d5|1|0|0|0|1|\n"
            "chess|e4|2|1|1|0|0|75.0\n"
            "chess|e4 e5|2|1|1|0|0|75.0\n"
            "chess|e5|1|0|0|0|1|\n"
            "chess|e5 Nf3|1|0|0|0|1|\n");
  csv = csv_of(kOpenings, "--no-openings --tree 2 --tree-min 2");
  EXPECT_EQ(table(csv, "opening_tree"),
            "chess|Nf3|2|0|0|1|1|0.0\nchess|e4|2|1|1|0|0|75.0\nchess|e4 e5|2|1|1|0|0|75.0\n");
  Dir dir;
  dir.write("o.pgn", kOpenings);
  Output o = run("-q --no-openings --tree 2 --tree-min 2 o.pgn", dir.path());
  EXPECT_NE(o.out.find("  chess   e4 e5     2   1       1   0 0          75.0\n"
                       "  4 lines of fewer than 2 games left out (--tree-min)\n"),
            std::string::npos)
      << o.out;
  o = run("-q --no-openings --tree 1 --tree-min 2 o.pgn", dir.path());
  EXPECT_NE(o.out.find("  1 line of fewer than 2 games left out (--tree-min)\n"), std::string::npos)
      << o.out;
  // No tree without --tree.
  EXPECT_EQ(csv_of(kOpenings, "--no-openings").find("opening_tree"), std::string::npos);
}

TEST(FairyAnalyzeGroupBy, ResultsByTheValueOfATag) {
  const std::string csv = csv_of(kOpenings, "--no-openings --group-by Event");
  EXPECT_EQ(table(csv, "results_by_Event"),
            "(none)|2|0|0|0|2|\nClub|2|1|0|1|0|50.0\nOpen|1|0|1|0|0|50.0\n");
  EXPECT_EQ(table(csv_of(kChess, "--no-openings --group-by Termination"), "results_by_Termination"),
            "(none)|5|1|1|1|2|50.0\ntime forfeit|1|1|0|0|0|100.0\n");
}

// Tag values that a spreadsheet would run as formulas get a ' before them in the CSV; a plain
// number stays a number; --csv-raw writes them as they are, and needs --format csv.
TEST(FairyAnalyzeGroupBy, FormulaCellsInTheCsv) {
  const std::string games =
      "[Event \"=1+2\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
      "[Event \"-5\"]\n[Result \"0-1\"]\n\n1. e4 0-1\n\n"
      "[Event \"@cmd\"]\n[Result \"*\"]\n\n1. e4 *\n";
  const std::string csv = csv_of(games, "--no-openings --group-by Event");
  EXPECT_NE(csv.find("\nresults_by_Event,2,Event,'=1+2\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nresults_by_Event,1,Event,-5\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nresults_by_Event,3,Event,'@cmd\n"), std::string::npos) << csv;
  const std::string raw = csv_of(games, "--no-openings --group-by Event --csv-raw");
  EXPECT_NE(raw.find("\nresults_by_Event,2,Event,=1+2\n"), std::string::npos) << raw;
  EXPECT_NE(raw.find("\nresults_by_Event,3,Event,@cmd\n"), std::string::npos) << raw;
  const Output o = run("--csv-raw --format json /dev/null");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--csv-raw needs --format csv"), std::string::npos) << o.err;
}

// ---------------------------------------------------------------------------------------
// The other variants.

TEST(FairyAnalyzeVariants, Chess960) {
  // Array rknnbbqr: the Knights leave c1/d1 (c8/d8) and both sides castle long (King c1,
  // Rook d1); 5. Nxd5 (a pawn) Nxd5 (a Knight). 10 plies, a draw; then 2 plies, 0-1.
  const std::string csv =
      csv_of(setup_game("Chess960", "rknnbbqr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w AHah - 0 1",
                        "1. Nb3 Nb6 2. Ne3 Ne6 3. O-O-O O-O-O 4. d4 d5 5. Nxd5 Nxd5 1/2-1/2") +
             setup_game("Chess960", "rknnbbqr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w AHah - 0 1",
                        "1. e4 e5 0-1"));
  EXPECT_EQ(table(csv, "results_by_variant"), "chess960|2|0|1|1|0|25.0\n");
  EXPECT_EQ(table(csv, "length_summary"), "chess960|2|6.0|6|10\n");
  EXPECT_EQ(table(csv, "terminations"),
            "chess960|agreement|result|1\nchess960|resignation|result|1\n");
  EXPECT_EQ(table(csv, "captures"), "chess960|knight|knight|1\nchess960|knight|pawn|1\n");
  EXPECT_EQ(table(csv, "capture_methods"), "chess960|replacement|2\n");
  EXPECT_EQ(table(csv, "castling"), "chess960|white|O-O-O|1\nchess960|black|O-O-O|1\n");
  EXPECT_EQ(table(csv, "openings"), "");  // chess only
}

TEST(FairyAnalyzeVariants, Cwda) {
  // Clobberers v Nutty Knights: 8... Txd4, the Charging Knight takes the Fad; 16 plies, 0-1.
  // Clobberers v FIDE: the Waffle, the Fad and the Cardinal leave b1-d1 and the Clobberers
  // castle long (King b1, Bede c1); 8 plies, a draw.
  const std::string csv = csv_of(R"([Variant "CWDA"]
[Armies "CN"]
[PieceLetters "vchess"]
[Result "0-1"]

1. f3 a6 2. Fc3 Td6 3. Fe3 g5 4. Cf2 If6 5. Wd3 Te4 6. g4 Tf5 7. Fd1 c6 8. Fd4 Txd4 0-1

[Variant "CWDA"]
[Armies "CF"]
[PieceLetters "vchess"]
[Result "1/2-1/2"]

1. Wd3 a6 2. Fa3 h6 3. Cc3 a5 4. O-O-O h5 1/2-1/2
)");
  EXPECT_EQ(table(csv, "results_by_variant"), "cwda|2|0|1|1|0|25.0\n");
  EXPECT_EQ(table(csv, "results_by_pairing"),
            "Clobberers v FIDE|1|0|1|0|0|50.0\nClobberers v Nutty Knights|1|0|0|1|0|0.0\n");
  EXPECT_EQ(table(csv, "length_summary"), "cwda|2|12.0|12|16\n");
  EXPECT_EQ(table(csv, "captures"), "cwda|charging knight|fad|1\n");
  EXPECT_EQ(table(csv, "capture_methods"), "cwda|replacement|1\n");
  EXPECT_EQ(table(csv, "castling"), "cwda|white|O-O-O|1\n");
}

TEST(FairyAnalyzeVariants, Superchess) {
  // Array RAVQKESR: Empress and Princess out, both castle short, 4. Exe6 (Empress takes
  // Empress) dxe6; 8 plies, 1-0. Array RNSEKBVA: 4 plies, 0-1.
  const std::string csv =
      csv_of(setup_game("Superchess", "ravqkesr/pppppppp/8/8/8/8/PPPPPPPP/RAVQKESR w KQkq - 0 1",
                        "1. Ee3 Ee6 2. Sh3 Sh6 3. O-O O-O 4. Exe6 dxe6 1-0") +
             setup_game("Superchess", "rnsekbva/pppppppp/8/8/8/8/PPPPPPPP/RNSEKBVA w Qq - 0 1",
                        "1. b3 h6 2. f4 h5 0-1"));
  EXPECT_EQ(table(csv, "results_by_variant"), "superchess|2|1|0|1|0|50.0\n");
  EXPECT_EQ(table(csv, "results_by_start_array"),
            "RAVQKESR|1|1|0|0|0|100.0\nRNSEKBVA|1|0|0|1|0|0.0\n");
  EXPECT_EQ(table(csv, "length_summary"), "superchess|2|6.0|6|8\n");
  EXPECT_EQ(table(csv, "terminations"), "superchess|resignation|result|2\n");
  EXPECT_EQ(table(csv, "captures"), "superchess|empress|empress|1\nsuperchess|pawn|empress|1\n");
  EXPECT_EQ(table(csv, "castling"), "superchess|white|O-O|1\nsuperchess|black|O-O|1\n");
}

TEST(FairyAnalyzeVariants, InterweaveCaptureMethodsAndChains) {
  // 1 b2-d4, then c4xc2 takes d4 en passant (over the empty c3) and the King c1 leaps over
  //   c2 (short leap); 3 plies, *.
  // 2 The Smasher b2-b6 takes b7 by approach; Black's Pawn g2 cannot enter rank 1 with an
  //   empty pool: no legal move, 1-0.
  // 3 The Leaper a1 leaps over the King b1 and the Remover d1 (two steps): capture of a
  //   King, 1-0.
  // 4 d3xd5 leaps over d4 (short leap) and encloses c5, e5 and d6 against b5, f5 and d7
  //   (custodian); Black has nothing left: no legal move, 1-0.
  // 5 c6xc8=Nxe8: the Pawn leaps over c7 and promotes to a Leaper, which leaps over the
  //   Smasher d8 (two steps; the Pawn is the piece that moved); the Remover f8 removes it;
  //   White has nothing left: no legal move, 0-1.
  const std::string csv = csv_of(
      setup_game("Interweave", "k1k5/8/8/8/2p5/8/1P6/K1K5 w 0 - 000000",
                 "1. b2-d4 c4xc2 2. Kc1xc3 *") +
      setup_game("Interweave", "8/1p6/8/8/8/8/1R4p1/8 w 0 - 000000", "1. Rb2xb6 1-0") +
      setup_game("Interweave", "K1K5/8/8/8/8/8/8/Nk1b3k w 0 - 000000", "1. Na1xc1xe1# 1-0") +
      setup_game("Interweave", "8/3P4/3p4/1Pp1pP2/3p4/3P4/8/8 w 0 - 000000", "1. d3xd5 1-0") +
      setup_game("Interweave", "3r1bp1/2p5/2P5/8/8/8/8/8 w 0 - 010000", "1. c6xc8=Nxe8 Bf8x 0-1"));
  EXPECT_EQ(table(csv, "results_by_variant"), "interweave|5|3|0|1|1|75.0\n");
  // Plies 3 1 1 1 2: mean 1.6, median 1 (an odd count: the middle one).
  EXPECT_EQ(table(csv, "length_summary"), "interweave|5|1.6|1|3\n");
  EXPECT_EQ(table(csv, "terminations"),
            "interweave|capture of a King|board|1\ninterweave|no legal move|board|3\n"
            "interweave|unfinished|result|1\n");
  // Pawns taken by Pawns: d4 (game 1), d4 c5 e5 d6 (game 4), c7 (game 5).
  EXPECT_EQ(table(csv, "captures"),
            "interweave|king|pawn|1\n"
            "interweave|leaper|king|1\n"
            "interweave|leaper|remover|1\n"
            "interweave|pawn|pawn|6\n"
            "interweave|pawn|smasher|1\n"
            "interweave|remover|leaper|1\n"
            "interweave|smasher|pawn|1\n");
  // Short leaps: the King c1, d3 over d4, c6 over c7; leaps: b1 and d1 (game 3), d8.
  EXPECT_EQ(table(csv, "capture_methods"),
            "interweave|en passant|1\ninterweave|approach|1\ninterweave|leap|3\n"
            "interweave|short leap|3\ninterweave|custodian|3\ninterweave|removal|1\n");
  // One step: c4xc2, Kc1xc3, Rb2xb6, d3xd5, Bf8x; two: Na1xc1xe1, c6xc8=Nxe8.
  EXPECT_EQ(table(csv, "chains"), "interweave|1|5\ninterweave|2|2\n");
  EXPECT_EQ(table(csv, "promotions"), "interweave|leaper|1\n");
  EXPECT_EQ(table(csv, "castling"), "");
}

TEST(FairyAnalyzeVariants, InterweaveEnPassantOnlyOverTheMidpoint) {
  // The Pawn that has just double-stepped (b2-d4, en passant square c3) taken by a short
  // leap from d5 and by a custodian capture (f5-e4 against the Remover c4): no en passant.
  const std::string csv = csv_of(
      setup_game("Interweave", "k1k5/8/8/3p4/8/8/1P6/K1K5 w 0 - 000000", "1. b2-d4 d5xd3 *") +
      setup_game("Interweave", "k1k5/8/8/5p2/2b5/8/1P6/K1K5 w 0 - 000000", "1. b2-d4 f5xe4 *"));
  EXPECT_EQ(table(csv, "capture_methods"), "interweave|short leap|1\ninterweave|custodian|1\n");
}

TEST(FairyAnalyzeVariants, FluidityDissectionAndCastling) {
  // 1 O-O-O takes the Knight b1 (passed by the Rook: dissection) and the Bishop d1 (where
  //   the Rook lands: replacement); Black's Rook a8-c8 passes through the Rook b8; *.
  // 2 Rxe8# passes through the Bishop e6 and the King e7: capture of a King, 1-0.
  // 3 Nxc3 dissects its long leg b2 (Bishop) and b3 (Knight); a draw agreed.
  const std::string csv = csv_of(
      setup_game("Fluidity", "rR1Bk2r/8/8/8/8/8/8/Rn1bKn1R w KQkq - 0 1", "1. O-O-O Rxc8 *") +
      setup_game("Fluidity", "8/4k3/4b3/8/8/8/8/4R2K w - - 0 1", "1. Rxe8# 1-0") +
      setup_game("Fluidity", "4k3/8/8/8/8/1n6/1b6/1N2K3 w - - 0 1", "1. Nxc3 Kd7 1/2-1/2"));
  EXPECT_EQ(table(csv, "results_by_variant"), "fluidity|3|1|1|0|1|75.0\n");
  EXPECT_EQ(table(csv, "length_summary"), "fluidity|3|1.7|2|2\n");
  EXPECT_EQ(table(csv, "terminations"),
            "fluidity|agreement|result|1\nfluidity|capture of a King|board|1\n"
            "fluidity|unfinished|result|1\n");
  EXPECT_EQ(table(csv, "captures"),
            "fluidity|king|bishop|1\n"
            "fluidity|king|knight|1\n"
            "fluidity|knight|bishop|1\n"
            "fluidity|knight|knight|1\n"
            "fluidity|rook|bishop|1\n"
            "fluidity|rook|king|1\n"
            "fluidity|rook|rook|1\n");
  EXPECT_EQ(table(csv, "capture_methods"), "fluidity|replacement|1\nfluidity|dissection|6\n");
  EXPECT_EQ(table(csv, "castling"), "fluidity|white|O-O-O|1\n");
}

// ---------------------------------------------------------------------------------------
// Rejected games.

TEST(FairyAnalyzeRejected, CountedWithTheirFirstErrorAndExitStatus1) {
  Dir dir;
  dir.write("r.pgn", R"([Result "*"]

1. e4 e5 *

[Result "*"]

1. e4 e5 2. Ke3 Nc6 *

[Result "*"]

1. d4 d5 2. Ke3 *

[Variant "Crazyhouse"]
[Result "*"]

1. e4 *
)");
  const Output o = run("--format csv r.pgn", dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, "r.pgn: 4 games read: 1 analysed, 3 rejected\n");
  EXPECT_EQ(table(o.out, "summary"), "4|1|3|2|2.0\n");
  EXPECT_EQ(table(o.out, "rejected"),
            "illegal move \"Ke3\"|2\nunsupported variant \"Crazyhouse\"|1\n");
  EXPECT_EQ(table(o.out, "results_by_variant"), "chess|1|0|0|0|1|\n");
  // -v: each rejected game's diagnostics.
  const Output v = run("-v --format csv r.pgn", dir.path());
  EXPECT_NE(v.err.find("r.pgn:7:13: error: game 2 (? - ?), ply 3: illegal move \"Ke3\""),
            std::string::npos)
      << v.err;
  EXPECT_EQ(v.out, o.out);
}

TEST(FairyAnalyzeRejected, APositionListIsRejectedWithItsMessage) {
  Dir dir;
  dir.write("p.fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
  const Output o = run("--format csv p.fen", dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, "p.fen: 2 games read: 0 analysed, 2 rejected\n");
  EXPECT_EQ(o.out,
            "table,row,column,value\n"
            "summary,1,games read,2\nsummary,1,analysed,0\nsummary,1,rejected,2\n"
            "summary,1,plies,0\nsummary,1,mean plies,\n"
            "rejected,1,error,a position list holds no games to analyse (--positions reads "
            "it)\nrejected,1,games,2\n");
}

// ---------------------------------------------------------------------------------------
// Selection: the flags of tools/common/selection_flags.h, as fairy-convert takes them.

// The game numbers of events "G1,G3" (tests/tools/selection_cases.h).
std::vector<int> game_numbers(const char* events) {
  std::vector<int> n;
  for (const char* p = events; *p; ++p)
    if (*p == 'G') n.push_back(p[1] - '0');
  return n;
}

// Each case: the summary counts the games read, analysed and filtered out; the tables and the
// position records only the selected games; the same output at -j 1 and -j 2.
TEST(FairyAnalyzeSelection, TheWhereLanguage) {
  Dir dir;
  dir.write("online.pgn", fairykit::testing::kSelectionGames);
  for (const fairykit::testing::SelectionCase& c : fairykit::testing::kSelectionCases) {
    const int n = fairykit::testing::selected_count(c.events);
    int plies = 0, positions = 0;
    for (int g : game_numbers(c.events)) {
      plies += fairykit::testing::selection_game_plies(g);
      positions += fairykit::testing::selection_game_plies(g) + 1;  // and the start
    }
    char mean[16];
    std::snprintf(mean, sizeof mean, "%.1f", double(plies) / n);
    const std::string args = std::string("--format csv ") + c.flags + " online.pgn";
    const Output o = run("-j 1 " + args, dir.path());
    EXPECT_EQ(o.status, 0) << c.flags << "\n" << o.err;
    EXPECT_EQ(o.err, "online.pgn: 6 games read: " + std::to_string(n) + " analysed, " +
                         std::to_string(6 - n) + " filtered out, 0 rejected\n")
        << c.flags;
    EXPECT_EQ(table(o.out, "summary"), "6|" + std::to_string(n) + "|" + std::to_string(6 - n) +
                                           "|0|" + std::to_string(plies) + "|" + mean + "\n")
        << c.flags;
    EXPECT_EQ(table(o.out, "results_by_variant").substr(0, 8), "chess|" + std::to_string(n) + "|")
        << c.flags;
    const Output two = run("-j 2 " + args, dir.path());
    EXPECT_TRUE(two.out == o.out) << c.flags;
    EXPECT_EQ(two.err, o.err) << c.flags;
    const Output records = run(std::string("--positions ") + c.flags + " online.pgn", dir.path());
    EXPECT_EQ(records.status, 0) << c.flags << "\n" << records.err;
    EXPECT_EQ(std::count(records.out.begin(), records.out.end(), '\n'), positions) << c.flags;
    EXPECT_EQ(records.err, "online.pgn: 6 games read: " + std::to_string(n) + " analysed, " +
                               std::to_string(6 - n) + " filtered out, 0 rejected; " +
                               std::to_string(positions) + " positions\n")
        << c.flags;
  }
}

// The tables count the selected games only: the players of the Carlsen games.
TEST(FairyAnalyzeSelection, TheTablesCountTheSelectedGames) {
  Dir dir;
  dir.write("online.pgn", fairykit::testing::kSelectionGames);
  const Output o = run("-q --format csv --top 3 --where Player=Carlsen online.pgn", dir.path());
  EXPECT_EQ(o.status, 0) << o.err;
  // G1 Carlsen-Nakamura 1-0, G2 Nakamura-Carlsen 0-1, G6 X-Carlsen 0-1.
  const std::string players = table(o.out, "players");
  EXPECT_EQ(players.substr(0, players.find('\n')).substr(0, 12), "Carlsen|3|3|");
  EXPECT_EQ(table(o.out, "results_by_variant"), "chess|3|1|0|2|0|33.3\n");
}

// Invalid games: the tags are tested on every game (an invalid game left out is filtered
// out, not rejected), the moves only on valid ones. samples/broken.pgn: game 1 an illegal
// move, 2 a result against the position, 3 a variant fairykit does not play (all invalid),
// 4 valid.
TEST(FairyAnalyzeSelection, InvalidGames) {
  const std::string broken = "'" + fairykit::testing::kSamples + "/broken.pgn'";
  Output o = run("--format csv --where 'Event~/illegal|notation/' " + broken);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find(": 4 games read: 1 analysed, 2 filtered out, 1 rejected\n"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(table(o.out, "rejected"), "illegal move \"Ke2\"|1\n");
  o = run("--format csv --where White=Nobody " + broken);
  EXPECT_EQ(o.status, 0);
  EXPECT_NE(o.err.find(": 4 games read: 0 analysed, 4 filtered out, 0 rejected\n"),
            std::string::npos)
      << o.err;
  // A test on the moves leaves the invalid games rejected.
  o = run("--format csv --min-plies 1000 " + broken);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find(": 4 games read: 0 analysed, 1 filtered out, 3 rejected\n"),
            std::string::npos)
      << o.err;
  // Without a selection the summary is as it was: no column of filtered games.
  o = run("--format csv " + broken);
  EXPECT_NE(o.err.find(": 4 games read: 1 analysed, 3 rejected\n"), std::string::npos) << o.err;
  EXPECT_EQ(o.out.find("filtered"), std::string::npos);
}

// The counts of the TWIC file and the samples against counts made apart from the tool
// (count_games: the tag lines of each game), at -j 1 and -j 2, the text tables too.
TEST(FairyAnalyzeSelection, CountsMadeApartFromTheTool) {
  using fairykit::testing::TagMap;
  const auto [args, read, want] = fairykit::testing::counted_inputs([](const TagMap& t) {
    return fairykit::testing::player_has(t, "random") ||
           fairykit::testing::tag_number(t, "BlackElo") >= 2650;
  });
  const std::string where = " --where 'Player~random|BlackElo=2650..'";
  for (const char* format : {"csv", "text", "json"}) {
    const Output one = run(std::string("-j 1 --format ") + format + where + args);
    EXPECT_EQ(one.status, 0) << one.err;
    EXPECT_NE(
        one.err.find("total: " + std::to_string(read) + " games read: " + std::to_string(want) +
                     " analysed, " + std::to_string(read - want) + " filtered out, 0 rejected\n"),
        std::string::npos)
        << one.err;
    if (std::string(format) == "csv")
      EXPECT_TRUE(table(one.out, "summary")
                      .starts_with(std::to_string(read) + "|" + std::to_string(want) + "|" +
                                   std::to_string(read - want) + "|0|"))
          << table(one.out, "summary");
    const Output two = run(std::string("-j 2 --format ") + format + where + args);
    EXPECT_TRUE(two.out == one.out) << format;
    EXPECT_EQ(two.err, one.err) << format;
  }
}

// A tag that no game read has: a warning (also with -q), once, with the tag meant.
TEST(FairyAnalyzeSelection, ATagNoGameHasIsWarnedOf) {
  Dir dir;
  dir.write("online.pgn", fairykit::testing::kSelectionGames);
  for (const char* quiet : {"", "-q "}) {
    const Output o = run(std::string(quiet) +
                             "--format csv --where 'Whiteelo>=2700' --where Speed=blitz "
                             "online.pgn online.pgn",
                         dir.path());
    EXPECT_EQ(o.status, 0) << o.err;
    const std::string warning =
        "fairy-analyze: warning: --where: no game read has a tag named \"Whiteelo\" (tag names "
        "are compared as PGN spells them); did you mean \"WhiteElo\"?\n";
    EXPECT_NE(o.err.find(warning), std::string::npos) << o.err;
    EXPECT_EQ(o.err.find(warning), o.err.rfind(warning)) << o.err;
    EXPECT_EQ(o.err.find("TimeControl"), std::string::npos) << o.err;
  }
}

TEST(FairyAnalyzeSelection, UsageErrors) {
  for (const auto& [flags, message] : std::vector<std::pair<std::string, std::string>>{
           {"--where 'Speed=fast'",
            "--where 'Speed=fast': unknown speed 'fast' (known: ultrabullet, bullet, blitz, "
            "rapid, classical, correspondence)"},
           {"--where 'White~/(/'", "--where 'White~/(/': bad regular expression '(': "},
           {"--ignore-case", "--ignore-case is about --where"},
           {"--ends-in mate", "--ends-in 'mate': expected one of "},
           {"--min-plies -1", "--min-plies"},
           {"--reaches xyz", "--reaches 'xyz': "}}) {
    const Output o = run(flags + " '" + fairykit::testing::kSamples + "/classics.pgn'");
    EXPECT_EQ(o.status, 2) << flags;
    EXPECT_EQ(o.out, "") << flags;
    EXPECT_EQ(o.err.rfind("fairy-analyze: " + message, 0), 0u) << flags << "\n" << o.err;
  }
}

// ---------------------------------------------------------------------------------------
// The forms of the output.

const char* const kTwoGames = R"([White "Ann"]
[Black "Ben"]
[WhiteElo "2100"]
[BlackElo "2000"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Variant "Fluidity"]
[White "Ben"]
[Black "Ann"]
[Result "*"]

1. Nc3 *
)";

TEST(FairyAnalyzeFormats, TextTables) {
  Dir dir;
  dir.write("t.pgn", kTwoGames);
  const Output o = run("-q --no-openings --tree 1 t.pgn", dir.path());
  EXPECT_EQ(o.status, 0);
  // Ben: lost to Ann 2100: 2100 - 400 = 1700. Ann: beat Ben 2000: 2400. 100 points:
  // expected 1 / (1 + 10^(-100/400)) = 64.0 %.
  EXPECT_EQ(o.out, R"(Games
  games read analysed rejected plies mean plies
           2        2        0     8        4.0

Results by variant
  variant  games 1-0 1/2-1/2 0-1 * white score %
  chess        1   1       0   0 0         100.0
  fluidity     1   0       0   0 1

Game length by variant
  variant  games mean plies median plies longest
  chess        1        7.0            7       7
  fluidity     1        1.0            1       1

Game lengths (plies of the main line)
  variant  plies games
  chess    0-19      1
  fluidity 0-19      1

How the games ended
  variant  termination termination_from games
  chess    checkmate   board                1
  fluidity unfinished  result               1

Captures by capturing and captured piece
  variant capturing piece captured piece captures
  chess   queen           pawn                  1

Captures by method
  variant method      captures
  chess   replacement        1

Promotions by piece
  variant piece promotions
  (none)

Castling by colour and side
  variant colour side castlings
  (none)

Players
  player games wins draws losses score % rated games average opponent performance
  Ann        2    1     0      0   100.0           1             2000        2400
  Ben        2    0     0      1     0.0           1             2100        1700

White's score by rating difference (White - Black), rated games
  difference games expected white score % white score %
  100 to 199     1                   64.0         100.0

Opening tree (the first plies of the main line)
  variant  line games 1-0 1/2-1/2 0-1 * white score %
  chess    e4       1   1       0   0 0         100.0
  fluidity Nc3      1   0       0   0 1
)");
}

TEST(FairyAnalyzeFormats, Json) {
  Dir dir;
  dir.write("t.pgn", kTwoGames);
  const Output o = run("-q --no-openings --format json t.pgn", dir.path());
  EXPECT_EQ(o.status, 0);
  // Numbers as numbers, an empty number as null, text as strings.
  EXPECT_EQ(o.out.substr(0, 15), "{\"tables\":[\n{\"n");
  for (
      const char* part :
      {R"({"name":"summary","title":"Games","columns":["games read","analysed","rejected","plies","mean plies"],"rows":[{"games read":2,"analysed":2,"rejected":0,"plies":8,"mean plies":4.0}]})",
       R"({"name":"results_by_variant","title":"Results by variant","columns":["variant","games","1-0","1/2-1/2","0-1","*","white score %"],"rows":[{"variant":"chess","games":1,"1-0":1,"1/2-1/2":0,"0-1":0,"*":0,"white score %":100.0},{"variant":"fluidity","games":1,"1-0":0,"1/2-1/2":0,"0-1":0,"*":1,"white score %":null}]})",
       R"({"name":"promotions","title":"Promotions by piece","columns":["variant","piece","promotions"],"rows":[]})"})
    EXPECT_NE(o.out.find(part), std::string::npos) << part << "\n" << o.out;
  EXPECT_EQ(o.out.substr(o.out.size() - 3), "]}\n");
}

TEST(FairyAnalyzeFormats, JsonLinesInputGivesTheSameFigures) {
  Dir dir;
  const std::string pgn = dir.write("t.pgn", kChess);
  const Output jsonl =
      fairykit::testing::run_tool("fairy-convert", "-q --to jsonl t.pgn -o t.jsonl", dir.path());
  ASSERT_EQ(jsonl.status, 0) << jsonl.err;
  const Output a = run("-q --tree 3 --format csv t.pgn", dir.path());
  const Output b = run("-q --tree 3 --format csv t.jsonl", dir.path());
  EXPECT_EQ(a.status, 0);
  EXPECT_FALSE(a.out.empty());
  EXPECT_EQ(a.out, b.out);
}

// ---------------------------------------------------------------------------------------
// Threads, files, usage.

TEST(FairyAnalyzeJobs, OneAndTwoThreadsGiveIdenticalOutput) {
  std::string files = "'" + kTwic + "'";
  for (const std::string& pgn : sample_pgns()) files += " '" + pgn + "'";
  for (const char* format : {"text", "json", "csv"}) {
    const std::string args = std::string("-q --tree 4 --group-by Event --format ") + format + " ";
    const Output one = run("-j 1 " + args + files);
    const Output two = run("-j 2 " + args + files);
    EXPECT_EQ(one.status, 1) << one.err;  // samples/broken.pgn
    EXPECT_GT(one.out.size(), 10000u) << format;
    EXPECT_TRUE(one.out == two.out) << format;
    EXPECT_EQ(one.err, two.err);
  }
}

TEST(FairyAnalyzeOutput, WrittenUnderATemporaryNameAndRenamed) {
  Dir dir;
  dir.write("t.pgn", kChess);
  dir.write("stats.csv", "old contents\n");
  const Output o = run("-q --format csv -o stats.csv t.pgn", dir.path());
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(slurp(dir.path() + "stats.csv"), csv_of(kChess));
  EXPECT_EQ(dir.listing(), "stats.csv t.pgn");
  // A file that cannot be written: exit 2 and a message; nothing left behind.
  const Output full = run("-q -o /dev/full t.pgn", dir.path());
  EXPECT_EQ(full.status, 2);
  EXPECT_EQ(full.err,
            "fairy-analyze: /dev/full: cannot write: No space left on device (the file is left "
            "as it was)\n");
  const Output nodir = run("-q -o missing/stats.txt t.pgn", dir.path());
  EXPECT_EQ(nodir.status, 2);
  EXPECT_EQ(dir.listing(), "stats.csv t.pgn");
}

TEST(FairyAnalyzeOutput, AnOutputThatIsAnInputIsRefused) {
  Dir dir;
  dir.write("t.pgn", kChess);
  fs::create_symlink("t.pgn", dir.path() + "link.pgn");
  for (const char* output : {"t.pgn", "./t.pgn", "link.pgn"}) {
    const Output o = run(std::string("-o ") + output + " t.pgn", dir.path());
    EXPECT_EQ(o.status, 2);
    EXPECT_EQ(o.err, std::string("fairy-analyze: --output '") + output +
                         "' is the input 't.pgn': refusing to overwrite it\n");
    EXPECT_EQ(o.out, "");
  }
  EXPECT_EQ(slurp(dir.path() + "t.pgn"), kChess);
  EXPECT_EQ(dir.listing(), "link.pgn t.pgn");
}

TEST(FairyAnalyzeUsage, ErrorsExitWith2) {
  Output o = run("--format xml");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--format wants text, json or csv (jsonl with --positions), not 'xml'"),
            std::string::npos)
      << o.err;
  o = run("--tree 41");
  EXPECT_EQ(o.status, 2);
  o = run("--tree-min 0");
  EXPECT_EQ(o.status, 2);
  o = run("--group-by ''");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--group-by wants a tag name"), std::string::npos) << o.err;
  o = run("-q no-such-file.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("no-such-file.pgn"), std::string::npos) << o.err;
}

}  // namespace

namespace {

// --find-wins on the puzzle file: every mate found, with its exact length (the dm operation
// of each line, in moves: 2 dm - 1 plies), and nothing played from a puzzle.
TEST(FairyAnalyzeWins, PuzzlesFoundWithTheirExactLength) {
  const std::string file = std::string(FAIRYKIT_DATA_DIR) + "/puzzles/mates-twic0920.epd";
  const Output o = run("-q --format csv --find-wins 5 " + file);
  ASSERT_EQ(o.status, 0) << o.err;
  // The dm of each line, in order.
  std::vector<int> dm;
  std::istringstream lines(slurp(file));
  for (std::string line; std::getline(lines, line);) {
    const std::size_t at = line.find(" dm ");
    ASSERT_NE(at, std::string::npos) << line;
    dm.push_back(std::stoi(line.substr(at + 4)));
  }
  ASSERT_EQ(dm.size(), 28u);
  const auto tables = parse_csv(o.out);
  const auto& wins = tables.at("forced_wins");
  ASSERT_EQ(wins.size(), dm.size());
  for (std::size_t i = 0; i < wins.size(); ++i) {
    // file, game, ply, variant, side, fen, win plies, line, played, verdict
    ASSERT_EQ(wins[i].size(), 10u);
    EXPECT_EQ(wins[i][1], std::to_string(i + 1));
    EXPECT_EQ(wins[i][2], "0");
    EXPECT_EQ(wins[i][6], std::to_string(2 * dm[i] - 1)) << "puzzle " << i + 1;
    EXPECT_EQ(std::count(wins[i][7].begin(), wins[i][7].end(), ' '), 2 * dm[i] - 2);
    EXPECT_EQ(wins[i][7].back(), '#') << wins[i][7];
    EXPECT_EQ(wins[i][9], "no move played");
  }
  EXPECT_EQ(table(o.out, "forced_wins_summary"), "chess|28|28|0|0|0|0\n");
  // A mate in 3 is no win within 3 plies.
  const Output o3 = run("-q --format csv --find-wins 3 " + file);
  EXPECT_EQ(table(o3.out, "forced_wins_summary"), "chess|28|17|0|0|0|0\n");
}

// A mate in one missed (4.Nc3 instead of Qxf7#): listed with the win and the move played.
TEST(FairyAnalyzeWins, AMissedMate) {
  const std::string csv = csv_of(
      "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
      "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Nc3 Nxh5 *\n",
      "--find-wins 5");
  EXPECT_EQ(table(csv, "forced_wins_summary"), "chess|9|1|0|1|0|0\n");
  EXPECT_EQ(table(csv, "forced_wins"),
            "t.pgn|1|6|chess|white|r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq "
            "- 4 4|1|Qxf7#|Nc3|missed\n");
}

// The mate played: a win kept is counted, not listed.
TEST(FairyAnalyzeWins, AWinKeptIsCounted) {
  const std::string csv = csv_of(
      "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
      "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
      "--find-wins 3");
  EXPECT_EQ(table(csv, "forced_wins_summary"), "chess|8|1|1|0|0|0\n");
  EXPECT_EQ(table(csv, "forced_wins"), "");
}

// A search stopped at --win-nodes is listed as such.
TEST(FairyAnalyzeWins, TheNodeLimitIsListed) {
  const std::string csv =
      csv_of("[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n",
             "--find-wins 5 --win-nodes 100");
  EXPECT_EQ(table(csv, "forced_wins_summary"), "chess|2|0|0|0|0|2\n");
  EXPECT_EQ(table(csv, "forced_wins"),
            "t.pgn|1|0|chess|white|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|||"
            "|node limit\n"
            "t.pgn|1|1|chess|black|rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1|||"
            "|node limit\n");
}

// The same figures at -j 1 and -j 2, on every sample (random play: wins found and missed in
// every variant).
TEST(FairyAnalyzeWins, SameOutputAtOneAndTwoThreads) {
  std::string inputs;
  for (const std::string& f : sample_pgns()) inputs += f + " ";
  const Output a = run("-q -j 1 --find-wins 3 " + inputs);
  const Output b = run("-q -j 2 --find-wins 3 " + inputs);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("interweave"), std::string::npos);
  EXPECT_NE(a.out.find("missed"), std::string::npos);
}

// Usage: --win-nodes without --find-wins, --find-wins with --positions, out of range.
TEST(FairyAnalyzeWins, UsageErrors) {
  EXPECT_EQ(run("--win-nodes 10 x.pgn").status, 2);
  EXPECT_EQ(run("--positions --find-wins 3 x.pgn").status, 2);
  const Output o = run("--find-wins 16 x.pgn");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("find-wins"), std::string::npos) << o.err;
}

}  // namespace
