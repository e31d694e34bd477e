// fairy-convert from the outside: the PGN export format on small games written by hand (the
// expected outputs checked by hand, move by move), idempotency and round trips through JSON
// and JSON Lines on every sample and a TWIC file, identical output at -j 1 and -j 2, the
// counts of the summary, positions (FEN, EPD, CSV), selection, --fix-result, position lists
// as input, and usage errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;

using fairykit::testing::kSamples;
using fairykit::testing::kTwic;
using fairykit::testing::sample_pgns;
using fairykit::testing::slurp;
using Output = fairykit::testing::ToolOutput;

Output run(const std::string& args, const std::string& dir = ".", const std::string& input = "") {
  return fairykit::testing::run_tool("fairy-convert", args, dir, input);
}

// A fresh directory for one test's files.
std::string temp_dir() {
  const std::string dir = fairykit::testing::unique_temp("convert") + "/";
  fs::create_directories(dir);
  return dir;
}

std::string write_file(const std::string& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir + name, std::ios::binary) << text;
  return dir + name;
}

std::string q(const std::string& path) { return "'" + path + "'"; }

std::string events(const std::string& pgn);

// Scholar's mate with a comment, a NAG, a variation, an extra tag before the roster tags
// and a check mark where the move mates.
const char* const kSmall = R"([White "Anderssen"]
[Black "Kieseritzky"]
[Event "Casual"]
[Opening "King's Gambit"]
[Result "1-0"]

1. e4 e5 2. Bc4 {the Bishop's opening} Nc6 $1 (2... Nf6 3. d3) 3. Qh5 Nf6 4. Qxf7+ 1-0
)";

const char* const kRoster = R"([Event "Casual"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]
[Opening "King's Gambit"]
)";

// A set-up position: a promotion with capture and check, then castling.
const char* const kPromotion = R"([Event "Promotion"]
[SetUp "1"]
[FEN "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1"]
[Result "*"]

1. exd8=Q Kxd8 2. O-O *
)";

const char* const kPromotionTags = R"([Event "Promotion"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1"]
)";

TEST(FairyConvertPgn, ExportFormat) {
  const std::string dir = temp_dir();
  write_file(dir, "small.pgn", kSmall);
  const Output o = run("small.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  // The roster in order with its defaults, the other tags after; "2... Nc6" numbered after
  // the comment, "3. Qh5" after the variation; the line broken before "4. Qxf7#" (the first
  // line is 78 characters); the check mark corrected to mate.
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n"
                       "1. e4 e5 2. Bc4 {the Bishop's opening} 2... Nc6 $1 (2... Nf6 3. d3) 3. "
                       "Qh5 Nf6\n"
                       "4. Qxf7# 1-0\n\n");
  EXPECT_EQ(o.err, "small.pgn: 1 game read: 1 written, 0 filtered out, 0 rejected; 1 warning\n");
}

TEST(FairyConvertPgn, BlackMoveNumbersAfterCommentsAndVariations) {
  const std::string dir = temp_dir();
  write_file(dir, "t.pgn", R"([Event "T"]
[Result "*"]

{Intro} 1. e4 (1. d4 {queen} d5 (1... Nf6 $2 2. c4) 2. c4) e5 $14 2. Nf3 (2. f4 exf4 {gambit}) Nc6 {done} *

[Event "B"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/R3K3 b Q - 3 20"]
[Result "*"]

20... Kd7 (20... Kf7 21. Ra7+) 21. O-O-O+ Ke6 *
)");
  const Output o = run("-q t.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, R"([Event "T"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

{Intro} 1. e4 (1. d4 {queen} 1... d5 (1... Nf6 $2 2. c4) 2. c4) 1... e5 $14
2. Nf3 (2. f4 exf4 {gambit}) 2... Nc6 {done} *

[Event "B"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/R3K3 b Q - 3 20"]

20... Kd7 (20... Kf7 21. Ra7+) 21. O-O-O+ Ke6 *

)");
}

// A tag repeated: its first value, in PGN and in JSON (whose object may not repeat a key),
// so that the round trip through JSON gives the same PGN.
TEST(FairyConvertPgn, RepeatedTagsWrittenOnce) {
  const std::string dir = temp_dir();
  write_file(dir, "dup.pgn",
             "[Event \"E\"]\n[Opening \"A\"]\n[Opening \"B\"]\n[Event \"F\"]\n[Result \"*\"]\n\n"
             "1. e4 *\n");
  const std::string want = R"([Event "E"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Opening "A"]

1. e4 *

)";
  EXPECT_EQ(run("-q dup.pgn", dir).out, want);
  const Output json = run("-q --to jsonl dup.pgn", dir);
  EXPECT_NE(json.out.find(R"("tags":{"Event":"E","Site":"?","Date":"????.??.??","Round":"?",)"
                          R"("White":"?","Black":"?","Result":"*","Opening":"A"},)"),
            std::string::npos)
      << json.out;
  EXPECT_EQ(run("-q --to pgn -", dir, write_file(dir, "dup.jsonl", json.out)).out, want);
}

// Latin-1 (old archives) is written as UTF-8 in PGN as in JSON, so that the round trip
// through JSON gives the same bytes; UTF-8 stays as it is.
TEST(FairyConvertPgn, Latin1TextWrittenAsUtf8) {
  const std::string dir = temp_dir();
  write_file(dir, "latin1.pgn",
             "[Event \"Reykjav\xEDk\"]\n[White \"Bj\xC3\xB6rn\"]\n[Result \"*\"]\n\n"
             "1. e4 {caf\xE9} *\n");
  const std::string want =
      "[Event \"Reykjav\xC3\xADk\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
      "[White \"Bj\xC3\xB6rn\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 {caf\xC3\xA9} *\n\n";
  EXPECT_EQ(run("-q latin1.pgn", dir).out, want);
  const Output json = run("-q --to jsonl latin1.pgn", dir);
  EXPECT_NE(json.out.find("\"Event\":\"Reykjav\xC3\xADk\""), std::string::npos) << json.out;
  EXPECT_EQ(run("-q --to pgn -", dir, write_file(dir, "l.jsonl", json.out)).out, want);
  const std::string csv = run("-q --to csv latin1.pgn", dir).out;
  EXPECT_NE(csv.find("latin1.pgn,1,chess,Reykjav\xC3\xADk,,,,Bj\xC3\xB6rn,"), std::string::npos)
      << csv;
}

// Without a termination marker the result is the Result tag, when that is a result: "0-0"
// written as the marker would read back as a move.
TEST(FairyConvertPgn, NoMarkerAndAResultTagThatIsNoResult) {
  const std::string dir = temp_dir();
  write_file(dir, "m.pgn",
             "[Result \"0-0\"]\n\n1. e4 e5\n\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4#\n\n"
             "[Result \"0-1\"]\n\n1. d4\n");
  const Output o = run("-q m.pgn", dir);
  EXPECT_EQ(events(o.out), "?,?");
  EXPECT_NE(o.out.find("[Result \"*\"]\n\n1. e4 e5 *\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("[Result \"0-1\"]\n\n1. d4 0-1\n"), std::string::npos) << o.out;
  // The checkmate contradicts "1-0": rejected (--fix-result would make it 0-1).
  EXPECT_NE(o.err.find("3 games read: 2 written, 0 filtered out, 1 rejected"), std::string::npos)
      << o.err;
  const std::string again = write_file(dir, "again.pgn", o.out);
  EXPECT_EQ(run("-q " + q(again)).out, o.out);
}

TEST(FairyConvertPgn, Notations) {
  const std::string dir = temp_dir();
  write_file(dir, "small.pgn", kSmall);
  write_file(dir, "promo.pgn", kPromotion);
  Output o = run("-q --notation lan small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n"
                       "1. e2-e4 e7-e5 2. Bf1-c4 {the Bishop's opening} 2... Nb8-c6 $1 (2... "
                       "Ng8-f6\n"
                       "3. d2-d3) 3. Qd1-h5 Ng8-f6 4. Qh5xf7# 1-0\n\n");
  o = run("-q --notation lan promo.pgn", dir);
  EXPECT_EQ(o.out, std::string(kPromotionTags) + "\n1. e7xd8=Q+ Ke8xd8 2. O-O *\n\n");
  o = run("-q --notation uci promo.pgn", dir);
  EXPECT_EQ(o.out, std::string(kPromotionTags) + "\n1. e7d8q e8d8 2. e1g1 *\n\n");
  o = run("-q --notation san promo.pgn", dir);
  EXPECT_EQ(o.out, std::string(kPromotionTags) + "\n1. exd8=Q+ Kxd8 2. O-O *\n\n");
  o = run("-q --notation xan promo.pgn", dir);
  EXPECT_EQ(o.status, 2);
}

TEST(FairyConvertPgn, LeavingOutAndAddingTags) {
  const std::string dir = temp_dir();
  write_file(dir, "small.pgn", kSmall);
  Output o = run("-q --no-comments small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n1. e4 e5 2. Bc4 Nc6 $1 (2... Nf6 3. d3) 3. Qh5 Nf6 4. Qxf7# 1-0\n\n");
  o = run("-q --no-nags small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n1. e4 e5 2. Bc4 {the Bishop's opening} 2... Nc6 (2... Nf6 3. d3) 3. "
                       "Qh5 Nf6\n4. Qxf7# 1-0\n\n");
  o = run("-q --no-variations small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "\n1. e4 e5 2. Bc4 {the Bishop's opening} 2... Nc6 $1 3. Qh5 Nf6 4. "
                       "Qxf7# 1-0\n\n");
  o = run("-q --no-comments --no-nags --no-variations --add-fen-tags --add-ply-count small.pgn",
          dir);
  EXPECT_EQ(o.out, std::string(kRoster) +
                       "[SetUp \"1\"]\n"
                       "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n"
                       "[PlyCount \"7\"]\n"
                       "\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n");
  // A narrower line.
  o = run("-q --no-comments --no-variations --line-length 24 small.pgn", dir);
  EXPECT_EQ(o.out, std::string(kRoster) + "\n1. e4 e5 2. Bc4 Nc6 $1\n3. Qh5 Nf6 4. Qxf7# 1-0\n\n");
  EXPECT_EQ(run("--line-length 19 small.pgn", dir).status, 2);
}

// PGN -> PGN, then again: the same bytes; fairy-validate reads as many games as were
// written; movetext lines fit in 79 columns. And PGN -> JSON Lines -> PGN and PGN -> JSON ->
// PGN give the same bytes as PGN -> PGN (the acceptance criterion of issue 12).
TEST(FairyConvertPgn, IdempotentAndRoundTripsOnSamplesAndTwic) {
  const std::string dir = temp_dir();
  std::vector<std::string> inputs = sample_pgns();
  ASSERT_GE(inputs.size(), 7u);
  inputs.push_back(kTwic);
  for (const std::string& input : inputs) {
    SCOPED_TRACE(input);
    const Output once = run("-q " + q(input));
    EXPECT_EQ(once.status, input.ends_with("broken.pgn") ? 1 : 0) << once.err;
    ASSERT_FALSE(once.out.empty());
    const std::string a = write_file(dir, "a.pgn", once.out);
    const Output twice = run("-q " + q(a));
    EXPECT_EQ(twice.status, 0) << twice.err;
    EXPECT_TRUE(twice.out == once.out) << "PGN -> PGN is not idempotent";
    // Lines of movetext fit; tag lines are not broken.
    std::istringstream lines(once.out);
    std::string line;
    while (std::getline(lines, line))
      if (line.empty() || line[0] != '[') {
        EXPECT_LE(line.size(), 79u) << line;
      }
    // fairy-validate accepts every game written.
    const std::string games = once.err.substr(once.err.find(": ") + 2);
    const std::string written = games.substr(games.find("read: ") + 6);
    const std::string n = written.substr(0, written.find(' '));
    const Output v = fairykit::testing::run_tool("fairy-validate", "-q " + q(a));
    EXPECT_EQ(v.status, 0) << v.out;
    EXPECT_NE(v.out.find(": " + n + (n == "1" ? " game" : " games") + " read: " + n +
                         " valid, 0 invalid"),
              std::string::npos)
        << v.out << once.err;
    for (const char* to : {"jsonl", "json"}) {
      const Output j = run(std::string("-q --to ") + to + " " + q(input));
      const std::string jf = write_file(dir, std::string("a.") + to, j.out);
      const Output back = run("-q --to pgn " + q(jf));
      EXPECT_EQ(back.status, 0) << to << ": " << back.err;
      EXPECT_TRUE(back.out == once.out) << "PGN -> " << to << " -> PGN differs from PGN -> PGN";
      // And from standard input (the format told by content).
      const Output piped = run("-q -", ".", jf);
      EXPECT_TRUE(piped.out == once.out) << to << " from standard input";
    }
  }
}

TEST(FairyConvertPgn, SameOutputAtOneAndTwoThreads) {
  for (const char* to : {"pgn", "jsonl", "epd"}) {
    const Output one = run(std::string("-q -j 1 --to ") + to + " " + q(kTwic));
    const Output two = run(std::string("-q -j 2 --to ") + to + " " + q(kTwic));
    EXPECT_EQ(one.status, 0);
    EXPECT_FALSE(one.out.empty());
    EXPECT_TRUE(one.out == two.out) << to;
    EXPECT_EQ(one.err, two.err) << to;
  }
}

TEST(FairyConvertCounts, ReadIsWrittenPlusFilteredPlusRejected) {
  const std::string dir = temp_dir();
  const std::string broken = kSamples + "/broken.pgn";
  Output o = run("-j 2 --invalid-out " + dir + "inv.pgn " + q(broken));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("broken.pgn: 4 games read: 1 written, 0 filtered out, 3 rejected; 1 "
                       "warning\n"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("broken.pgn:9:72: error: game 1 (A - B), ply 13: illegal move \"Ke2\""),
            std::string::npos)
      << o.err;
  // The rejected games verbatim: the first three games of the file.
  const std::string text = slurp(broken);
  const std::size_t fourth = text.find("[Event \"fairykit sample: notation warnings");
  ASSERT_NE(fourth, std::string::npos);
  EXPECT_EQ(slurp(dir + "inv.pgn"), text.substr(0, fourth));
  // A selection that filters the written game out: 4 = 0 + 1 + 3.
  o = run("--where White=Nobody " + q(broken));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("4 games read: 0 written, 1 filtered out, 3 rejected"), std::string::npos)
      << o.err;
  EXPECT_EQ(o.out, "");
  // Nothing rejected: exit 0.
  o = run("-q " + q(kSamples + "/classics.pgn"));
  EXPECT_EQ(o.status, 0);
  EXPECT_NE(o.err.find("4 games read: 4 written, 0 filtered out, 0 rejected"), std::string::npos);
  // Two files: a summary each and a total.
  o = run("-q " + q(kSamples + "/classics.pgn") + " " + q(broken));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("total: 8 games read: 5 written, 0 filtered out, 3 rejected; 1 warning\n"),
            std::string::npos)
      << o.err;
}

TEST(FairyConvertPositions, FenAndEpd) {
  const std::string dir = temp_dir();
  write_file(dir, "promo.pgn", kPromotion);
  Output o = run("-q --to fen promo.pgn", dir);
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out,
            "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1\n"
            "3Qk3/8/8/8/8/8/8/4K2R b K - 0 1\n"
            "3k4/8/8/8/8/8/8/4K2R w K - 0 2\n"
            "3k4/8/8/8/8/8/8/5RK1 b - - 1 2\n");
  o = run("-q --to fen --every 2 promo.pgn", dir);
  EXPECT_EQ(o.out,
            "3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1\n"
            "3k4/8/8/8/8/8/8/4K2R w K - 0 2\n");
  o = run("-q --to fen --final promo.pgn", dir);
  EXPECT_EQ(o.out, "3k4/8/8/8/8/8/8/5RK1 b - - 1 2\n");
  o = run("-q --to epd promo.pgn", dir);
  EXPECT_EQ(o.out,
            "3qk3/4P3/8/8/8/8/8/4K2R w K - hmvc 0; fmvn 1; sm exd8=Q+; id \"promo.pgn game 1 "
            "ply 0\";\n"
            "3Qk3/8/8/8/8/8/8/4K2R b K - hmvc 0; fmvn 1; sm Kxd8; id \"promo.pgn game 1 ply "
            "1\";\n"
            "3k4/8/8/8/8/8/8/4K2R w K - hmvc 0; fmvn 2; sm O-O; id \"promo.pgn game 1 ply 2\";\n"
            "3k4/8/8/8/8/8/8/5RK1 b - - hmvc 1; fmvn 2; id \"promo.pgn game 1 ply 3\";\n");
  o = run("-q --to epd --every 3 promo.pgn", dir);
  EXPECT_EQ(o.out,
            "3qk3/4P3/8/8/8/8/8/4K2R w K - hmvc 0; fmvn 1; sm exd8=Q+; id \"promo.pgn game 1 "
            "ply 0\";\n"
            "3k4/8/8/8/8/8/8/5RK1 b - - hmvc 1; fmvn 2; id \"promo.pgn game 1 ply 3\";\n");
  o = run("-q --to epd --final promo.pgn", dir);
  EXPECT_EQ(o.out, "3k4/8/8/8/8/8/8/5RK1 b - - hmvc 1; fmvn 2; id \"promo.pgn game 1 ply 3\";\n");
  // The second game of a file, read from standard input.
  write_file(dir, "two.pgn", std::string(kSmall) + "\n" + kPromotion);
  o = run("-q --to epd --final -", dir, dir + "two.pgn");
  EXPECT_EQ(o.out,
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - hmvc 0; fmvn 4; id "
            "\"<stdin> game 1 ply 7\";\n"
            "3k4/8/8/8/8/8/8/5RK1 b - - hmvc 1; fmvn 2; id \"<stdin> game 2 ply 3\";\n");
  EXPECT_EQ(run("--every 0 --to fen promo.pgn", dir).status, 2);
}

TEST(FairyConvertJson, GameObject) {
  const std::string dir = temp_dir();
  write_file(dir, "promo.pgn", kPromotion);
  // Line 6, column 4: "exd8=Q" (four tag lines, a blank line).
  const std::string object =
      R"({"file":"promo.pgn","game":1,"line":1,"variant":"chess","tags":{"Event":"Promotion",)"
      R"("Site":"?","Date":"????.??.??","Round":"?","White":"?","Black":"?","Result":"*"},)"
      R"("start_fen":"3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1","result":"*","termination":"",)"
      R"("plies":3,"ply":1,"san":["exd8=Q+","Kxd8","O-O"],"uci":["e7d8q","e8d8","e1g1"],)";
  const std::string diagnostics =
      R"("diagnostics":[{"severity":"warning","line":6,"column":4,"ply":1,)"
      R"("message":"move \"exd8=Q\": check not marked"}]})";
  Output o = run("-q --to jsonl promo.pgn", dir);
  EXPECT_EQ(o.out, object + diagnostics + "\n");
  o = run("-q --to json promo.pgn promo.pgn", dir);
  EXPECT_EQ(o.out, "[\n" + object + diagnostics + ",\n" + object + diagnostics + "\n]\n");
  o = run("-q --to json --where White=X promo.pgn", dir);
  EXPECT_EQ(o.out, "[\n]\n");
  o = run("-q --to jsonl --with-fen promo.pgn", dir);
  EXPECT_EQ(o.out,
            object +
                R"("fen":["3Qk3/8/8/8/8/8/8/4K2R b K - 0 1","3k4/8/8/8/8/8/8/4K2R w K - 0 2",)"
                R"("3k4/8/8/8/8/8/8/5RK1 b - - 1 2"],)" +
                diagnostics + "\n");
}

// Nesting: one bound for every reader and writer. A JSON value nested 100,000 deep in a
// field the reader does not use, and a tag value nested 200,000 deep (whose copy into PGN
// overflowed the stack), are errors at the bracket one level too many; a PGN game with 50,000
// nested variations (whose JSON writer overflowed the stack) is refused when read, at the
// '(' one too deep; a game at the limit goes through every format and back.
TEST(FairyConvertJson, NestingBoundedInEveryFormat) {
  const std::string dir = temp_dir();
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  write_file(dir, "deep.jsonl", "{\"san\":[\"e4\"]}\n{\"san\":[\"e4\"],\"x\":" + deep + "}\n");
  const std::string error =
      "deep.jsonl:2:624: error: game 2 (? - ?): invalid JSON: arrays and "
      "objects nested more than 606 deep\n";
  Output o = run("--to jsonl deep.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, error +
                       "deep.jsonl: 2 games read: 1 written, 0 filtered out, 1 rejected; 0 "
                       "warnings\n");
  o = fairykit::testing::run_tool("fairy-analyze", "deep.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.out.find("invalid JSON: arrays and objects nested more than 606 deep     1"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.err.find("deep.jsonl: 2 games read: 1 analysed, 1 rejected"), std::string::npos)
      << o.err;
  write_file(dir, "tag.jsonl",
             "{\"tags\":{\"X\":" + std::string(200000, '[') + std::string(200000, ']') +
                 "},\"san\":[]}\n");
  o = run("-j 2 tag.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err.substr(0, o.err.find('\n')),
            "tag.jsonl:1:618: error: game 1 (? - ?): invalid JSON: arrays and objects nested "
            "more than 606 deep");

  auto nested = [](int depth) {
    std::string text = "[Event \"deep\"]\n\n1. e4";
    for (int i = 0; i < depth; ++i) text += " (1. d4";
    for (int i = 0; i < depth; ++i) text += ")";
    return text + " *\n";
  };
  write_file(dir, "v50000.pgn", nested(50000));
  for (const char* to : {"json", "jsonl", "pgn", "sqlite -o v.db", "csv"}) {
    o = run(std::string("--to ") + to + " v50000.pgn", dir);
    EXPECT_EQ(o.status, 1) << to;
    EXPECT_EQ(o.err.substr(0, o.err.find('\n')),
              "v50000.pgn:3:1407: error: game 1 (? - ?): variations nested more than 200 deep")
        << to;
  }
  // 200 levels: written in every format; PGN, JSON and JSON Lines read back as the same game.
  write_file(dir, "v200.pgn", nested(200));
  const Output pgn = run("-q v200.pgn", dir);
  ASSERT_EQ(pgn.status, 0) << pgn.err;
  for (const char* to : {"json", "jsonl", "pgn"}) {
    o = run(std::string("-q --to ") + to + " v200.pgn", dir);
    ASSERT_EQ(o.status, 0) << o.err;
    write_file(dir, std::string("back.") + to, o.out);
    o = run(std::string("-q back.") + to, dir);
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.out, pgn.out) << to;
  }
  EXPECT_EQ(run("-q --to csv v200.pgn", dir).status, 0);
  EXPECT_EQ(run("-q --to sqlite -o v200.db v200.pgn", dir).status, 0);
  // 201 levels in JSON: refused at the variation too many.
  std::string json = run("-q --to jsonl v200.pgn", dir).out;
  const std::string innermost = "\"variation\":{\"ply\":1,\"san\":[\"d4\"],\"uci\":[\"d2d4\"]}";
  const std::size_t at = json.find(innermost);
  ASSERT_NE(at, std::string::npos) << json;
  const std::string one_more =
      "\"variation\":{\"ply\":1,\"san\":[\"d4\"],\"notes\":[{\"ply\":1,\"variation\":";
  json.replace(at, innermost.size(), one_more + "{\"ply\":1,\"san\":[\"d4\"]}}]}");
  write_file(dir, "v201.jsonl", json);
  o = run("v201.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err.substr(0, o.err.find('\n')),
            "v201.jsonl:1:" + std::to_string(at + one_more.size() + 1) +
                ": error: game 1 (? - ?): variations nested more than 200 deep");
}

// What the JSON says that PGN would say otherwise is refused, at its line and column, never
// altered: a NAG beyond 255 (it wrapped to $0), a result inside "san" (it ended the game
// there and dropped the moves after it), a "result" that is not one (it was ignored), two
// game objects without a ',' between them (accepted); an array after a byte order mark is
// read (it was refused); a syntax error is said in our words at its line and column (it
// printed nlohmann-json's exception text at column 1).
TEST(FairyConvertJson, RefusedNeverAltered) {
  const std::string dir = temp_dir();
  write_file(dir, "bad.jsonl",
             "{\"san\":[\"e4\",\"e5\"],\"notes\":[{\"ply\":1,\"nag\":4294967296}]}\n"
             "{\"san\":[\"e4\",\"1-0\",\"e5\"]}\n"
             "  {\"san\":[\"e4\",\"*\",\"e5\"]}\n"
             "{\"san\":[\"e4\"],\"result\":\"1-O\"}\n"
             "{\"san\":[\"e4\",\"e5\"],\"notes\":[{\"ply\":1,\"nag\":255}]}\n");
  Output o = run("bad.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err,
            "bad.jsonl:1:44: error: game 1 (? - ?): NAG 4294967296 is out of range (0 to 255)\n"
            "bad.jsonl:2:14: error: game 2 (? - ?): a result inside the \"san\" array: \"1-0\" "
            "(the result is the \"result\" field)\n"
            "bad.jsonl:3:16: error: game 3 (? - ?): a result inside the \"san\" array: \"*\" (the "
            "result is the \"result\" field)\n"
            "bad.jsonl:4:24: error: game 4 (? - ?): \"result\" is not a result: \"1-O\" (one of "
            "\"1-0\", \"0-1\", \"1/2-1/2\", \"*\")\n"
            "bad.jsonl: 5 games read: 1 written, 0 filtered out, 4 rejected; 0 warnings\n");
  EXPECT_NE(o.out.find("\n1. e4 $255 e5 *\n"), std::string::npos) << o.out;

  write_file(dir, "comma.json", "[{\"san\":[\"e4\"]}\n {\"san\":[\"d4\"]}]\n");
  o = run("comma.json", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err,
            "comma.json:2:2: error: game 2 (? - ?): a ',' is missing between two games of the "
            "JSON array\n"
            "comma.json: 2 games read: 1 written, 0 filtered out, 1 rejected; 0 warnings\n");
  const std::string bom = write_file(dir, "bom.json", "\xEF\xBB\xBF[{\"san\":[\"e4\"]}]\n");
  o = run("-q bom.json", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("\n1. e4 *\n"), std::string::npos) << o.out;
  // Piped in, told by its first bytes.
  o = run("-q -", dir, bom);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("\n1. e4 *\n"), std::string::npos) << o.out;

  // A pretty-printed array: each error at its line and column in the file, with the game's
  // number; an illegal move at its place in "san".
  write_file(dir, "pretty.json",
             "[\n"
             "  {\"tags\": {\"White\": \"A\", \"Black\": \"B\"},\n"
             "   \"san\": [\"e4\", \"e5\"\n"
             "            \"Nf3\"]},\n"
             "  {\"san\": [\"e4\", \"e5\", \"Ke3\"]}\n"
             "]\n");
  o = run("pretty.json", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err,
            "pretty.json:4:13: error: game 1 (? - ?): invalid JSON: ',' or ']' expected after "
            "an element, not '\"'\n"
            "pretty.json:5:24: error: game 2 (? - ?), ply 3: illegal move \"Ke3\"\n"
            "pretty.json: 2 games read: 0 written, 0 filtered out, 2 rejected; 0 warnings\n");
}

TEST(FairyConvertPositions, Csv) {
  const std::string dir = temp_dir();
  write_file(dir, "promo.pgn", kPromotion);
  write_file(dir, "small.pgn", kSmall);
  Output o = run("-q --to csv promo.pgn small.pgn", dir);
  EXPECT_EQ(o.status, 0);
  // "King's Gambit" is no CSV column; a value with a comma is quoted.
  write_file(dir, "comma.pgn",
             "[Event \"Open, round 1\"]\n[White \"Say \\\"hi\\\"\"]\n[WhiteElo \"2100\"]\n"
             "[ECO \"C20\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
  EXPECT_EQ(o.out,
            "file,game,variant,Event,Site,Date,Round,White,Black,Result,WhiteElo,BlackElo,ECO,"
            "plies,termination,start_fen,san,uci\n"
            "promo.pgn,1,chess,Promotion,,,,,,*,,,,3,,3qk3/4P3/8/8/8/8/8/4K2R w K - 0 "
            "1,exd8=Q+ Kxd8 O-O,e7d8q e8d8 e1g1\n"
            "small.pgn,1,chess,Casual,,,,Anderssen,Kieseritzky,1-0,,,,7,checkmate,,e4 e5 Bc4 "
            "Nc6 Qh5 Nf6 Qxf7#,e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7\n");
  o = run("-q --to csv comma.pgn", dir);
  const std::string body = o.out.substr(o.out.find('\n') + 1);
  EXPECT_EQ(body,
            "comma.pgn,1,chess,\"Open, round 1\",,,,\"Say \"\"hi\"\"\",,*,2100,,C20,2,,,e4 e5,"
            "e2e4 e7e5\n")
      << o.err;
  o = run("-q --to csv --positions promo.pgn", dir);
  EXPECT_EQ(o.out,
            "file,game,ply,fen,move_san,move_uci\n"
            "promo.pgn,1,0,3qk3/4P3/8/8/8/8/8/4K2R w K - 0 1,exd8=Q+,e7d8q\n"
            "promo.pgn,1,1,3Qk3/8/8/8/8/8/8/4K2R b K - 0 1,Kxd8,e8d8\n"
            "promo.pgn,1,2,3k4/8/8/8/8/8/8/4K2R w K - 0 2,O-O,e1g1\n"
            "promo.pgn,1,3,3k4/8/8/8/8/8/8/5RK1 b - - 1 2,,\n");
  o = run("-q --to csv --positions --final promo.pgn", dir);
  EXPECT_EQ(o.out,
            "file,game,ply,fen,move_san,move_uci\n"
            "promo.pgn,1,3,3k4/8/8/8/8/8/8/5RK1 b - - 1 2,,\n");
}

// Five games: Elo and dates on both sides of the bounds, a transposition, a checkmate and a
// duplicate of the first game's moves.
const char* const kSelection = R"([Event "One"]
[White "Alpha"]
[WhiteElo "2750"]
[Date "1999.05.01"]
[Result "1/2-1/2"]

1. d4 Nf6 2. c4 e6 3. Nc3 1/2-1/2

[Event "Two"]
[White "Beta"]
[WhiteElo "980"]
[Date "2005.01.01"]
[Result "*"]

1. c4 e6 2. d4 Nf6 3. Nc3 Bb4 *

[Event "Chess Olympiad"]
[White "Gamma"]
[WhiteElo "2700"]
[Date "2000.01.01"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "Four"]
[White "Delta"]
[WhiteElo "2600"]
[Date "2010.01.01"]
[Result "*"]

1. d4 Nf6 2. c4 e6 3. Nc3 *

[Event "Five"]
[White "Epsilon"]
[Result "*"]

1. e4 e5 *
)";

// The Event tags of the games written, in order.
std::string events(const std::string& pgn) {
  std::string s;
  std::size_t i = 0;
  while ((i = pgn.find("[Event \"", i)) != std::string::npos) {
    i += 8;
    if (!s.empty()) s += ',';
    s += pgn.substr(i, pgn.find('"', i) - i);
  }
  return s;
}

TEST(FairyConvertSelection, WhereAndPlies) {
  const std::string dir = temp_dir();
  write_file(dir, "sel.pgn", kSelection);
  struct Case {
    const char* args;
    const char* events;
  } const cases[] = {
      {"--where White=Beta", "Two"},
      {"--where White!=Beta", "One,Chess Olympiad,Four,Five"},
      {"--where Event~Olymp", "Chess Olympiad"},
      // Numbers as numbers: 980 < 2700 (as text it would be greater).
      {"--where 'WhiteElo>=2700'", "One,Chess Olympiad"},
      {"--where 'WhiteElo<2700'", "Two,Four"},
      {"--where 'WhiteElo>2700'", "One"},
      {"--where 'WhiteElo<=980'", "Two"},
      // Dates as text; a game without the tag does not pass.
      {"--where 'Date<2000.01.01'", "One"},
      {"--where 'Date>=2000.01.01'", "Two,Chess Olympiad,Four"},
      {"--where 'WhiteElo>=2600' --where 'Date<2005'", "One,Chess Olympiad"},
      {"--where Variant=chess", "One,Two,Chess Olympiad,Four,Five"},
      {"--min-plies 5", "One,Two,Four"},
      {"--max-plies 4", "Chess Olympiad,Five"},
      {"--min-plies 5 --max-plies 5", "One,Four"},
      {"--ends-in checkmate", "Chess Olympiad"},
      {"--ends-in none", "One,Two,Four,Five"},
      // After 1. d4 Nf6 2. c4 e6 3. Nc3 and 1. c4 e6 2. d4 Nf6 3. Nc3 (clocks differ from
      // neither, but the position is matched by its key).
      {"--reaches 'rnbqkb1r/pppp1ppp/4pn2/8/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 1 3'",
       "One,Two,Four"},
      {"--reaches 'rnbqkb1r/pppp1ppp/4pn2/8/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 7 30'",
       "One,Two,Four"},
      // The start position is reached by every game.
      {"--reaches 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'",
       "One,Two,Chess Olympiad,Four,Five"},
      {"--reaches 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'", "Five"},
  };
  for (const Case& c : cases) {
    const Output o = run(std::string("-q ") + c.args + " sel.pgn", dir);
    EXPECT_EQ(o.status, 0) << c.args << "\n" << o.err;
    EXPECT_EQ(events(o.out), c.events) << c.args;
    const int written =
        c.events[0] ? int(std::count(c.events, c.events + std::strlen(c.events), ',')) + 1 : 0;
    EXPECT_NE(o.err.find("sel.pgn: 5 games read: " + std::to_string(written) + " written, " +
                         std::to_string(5 - written) + " filtered out, 0 rejected"),
              std::string::npos)
        << c.args << "\n"
        << o.err;
  }
  for (const char* bad :
       {"--where White", "--where =x", "--ends-in mate", "--reaches xyz", "--min-plies -1"}) {
    const Output o = run(std::string(bad) + " sel.pgn", dir);
    EXPECT_EQ(o.status, 2) << bad;
    EXPECT_EQ(o.out, "") << bad;
  }
}

TEST(FairyConvertSelection, Dedupe) {
  const std::string dir = temp_dir();
  write_file(dir, "sel.pgn", kSelection);
  const Output o = run("-j 2 --dedupe --duplicates-out dups.pgn sel.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(events(o.out), "One,Two,Chess Olympiad,Five");
  EXPECT_EQ(o.err,
            "sel.pgn: 5 games read: 4 written, 1 filtered out (1 duplicate), 0 rejected; 0 "
            "warnings\n");
  // The duplicate verbatim: the fourth game's text (to the next game).
  const std::string text = kSelection;
  const std::size_t b = text.find("[Event \"Four\"]"), e = text.find("[Event \"Five\"]");
  EXPECT_EQ(slurp(dir + "dups.pgn"), text.substr(b, e - b));
  // Deduplication across files: the second copy of a file is all duplicates.
  const Output twice = run("-q --dedupe sel.pgn sel.pgn", dir);
  EXPECT_EQ(events(twice.out), "One,Two,Chess Olympiad,Five");
  EXPECT_NE(twice.err.find("total: 10 games read: 4 written, 6 filtered out (6 duplicates)"),
            std::string::npos)
      << twice.err;
  EXPECT_EQ(run("--duplicates-out d.pgn sel.pgn", dir).status, 2);
}

TEST(FairyConvertFixResult, DrawClaimedAfterCheckmate) {
  const std::string dir = temp_dir();
  write_file(dir, "fix.pgn", R"([Event "Fool's mate"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]

1. f3 e5 2. g4 Qh4# 1/2-1/2
)");
  Output o = run("fix.pgn", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, "");
  EXPECT_NE(o.err.find("fix.pgn: 1 game read: 0 written, 0 filtered out, 1 rejected"),
            std::string::npos)
      << o.err;
  o = run("--fix-result fix.pgn", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, R"([Event "Fool's mate"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

)");
  EXPECT_EQ(o.err,
            "fix.pgn:1: note: game 1 (A - B): result \"1/2-1/2\" corrected to \"0-1\" "
            "(checkmate)\n"
            "fix.pgn: 1 game read: 1 written, 0 filtered out, 0 rejected; 1 result fixed; 0 "
            "warnings\n");
  // The result in JSON too.
  o = run("-q --fix-result --to jsonl fix.pgn", dir);
  EXPECT_NE(o.out.find("\"Result\":\"0-1\"},\"result\":\"0-1\",\"termination\":\"checkmate\""),
            std::string::npos)
      << o.out;
  // A game whose other errors are not about the result stays rejected.
  o = run("-q --fix-result " + q(kSamples + "/broken.pgn"));
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("4 games read: 2 written, 0 filtered out, 2 rejected; 1 result fixed"),
            std::string::npos)
      << o.err;
}

TEST(FairyConvertInput, PositionLists) {
  const std::string dir = temp_dir();
  write_file(dir, "pos.fen",
             "# a comment line\n"
             "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
             "\n"
             "8/8/8/8/8/8/8/8 w - - 0 1\n"
             "4k3/8/8/8/8/8/8/4K3 w - - 5 40\n");
  Output o = run("pos.fen", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, R"([Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

*

[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K3 w - - 5 40"]

*

)");
  // The invalid line by its line number (4: the comment and the blank line count).
  EXPECT_NE(o.err.find("pos.fen:4:1: error: game 2 (? - ?): invalid position: "), std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("pos.fen: 3 games read: 2 written, 0 filtered out, 1 rejected"),
            std::string::npos)
      << o.err;
  o = run("-q --to fen pos.fen", dir);
  EXPECT_EQ(o.out,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
            "4k3/8/8/8/8/8/8/4K3 w - - 5 40\n");
  // EPD: hmvc and fmvn are the clocks, id the Event.
  write_file(dir, "pos.epd",
             "4k3/8/8/8/8/8/8/4K2R w K - hmvc 7; fmvn 33; id \"endgame one\";\n"
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n");
  o = run("pos.epd", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, R"([Event "endgame one"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 7 33"]

*

[Event "start"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

*

)");
  o = run("-q --to fen pos.epd", dir);
  EXPECT_EQ(o.out,
            "4k3/8/8/8/8/8/8/4K2R w K - 7 33\n"
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  // From standard input, told by content; --from says it outright.
  o = run("-q --to fen -", dir, dir + "pos.epd");
  EXPECT_EQ(o.out,
            "4k3/8/8/8/8/8/8/4K2R w K - 7 33\n"
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  write_file(dir, "positions.txt", "4k3/8/8/8/8/8/8/4K2R w K - 7 33\n");
  o = run("-q --from fen --to fen positions.txt", dir);
  EXPECT_EQ(o.out, "4k3/8/8/8/8/8/8/4K2R w K - 7 33\n");
  // A full FEN before the operations: its clocks.
  write_file(dir, "full.epd", "4k3/8/8/8/8/8/8/4K2R w K - 9 50 id \"x\";\n");
  o = run("-q --to fen full.epd", dir);
  EXPECT_EQ(o.out, "4k3/8/8/8/8/8/8/4K2R w K - 9 50\n");
}

// What --to epd writes, read back as a position list, gives the positions --to fen writes,
// in every variant (Interweave's EPD lines are its whole FEN, then the operations).
TEST(FairyConvertInput, EpdWrittenReadsBack) {
  const std::string dir = temp_dir();
  for (const std::string& input : sample_pgns()) {
    SCOPED_TRACE(input);
    const Output fen = run("-q --to fen " + q(input));
    const std::string epd = write_file(dir, "p.epd", run("-q --to epd " + q(input)).out);
    const Output back = run("-q --to fen " + q(epd));
    EXPECT_EQ(back.status, 0) << back.err;
    EXPECT_TRUE(back.out == fen.out);
    EXPECT_FALSE(fen.out.empty());
  }
}

TEST(FairyConvertErrors, UsageAndBadInput) {
  const std::string dir = temp_dir();
  const std::string in = write_file(dir, "in.pgn", kSmall);
  Output o = run("--to xml in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--to wants pgn, fen, epd, json, jsonl, csv, svg or sqlite, not 'xml'"),
            std::string::npos);
  EXPECT_EQ(o.out, "");
  o = run("--positions in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--positions needs --to csv"), std::string::npos);
  o = run("--with-fen in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  o = run("--from xml in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  o = run("--variant nosuch in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  // The output is the input: refused, the file left as it was.
  o = run("in.pgn -o in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("is the input"), std::string::npos) << o.err;
  EXPECT_EQ(slurp(in), kSmall);
  o = run("in.pgn --invalid-out ./in.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(slurp(in), kSmall);
  o = run("/nonexistent.pgn", dir);
  EXPECT_EQ(o.status, 2);
  // -o writes the file.
  o = run("-q in.pgn -o out.pgn", dir);
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(slurp(dir + "out.pgn").rfind("[Event \"Casual\"]\n", 0), 0u);
  // A broken JSON line is rejected with a message; the other lines are converted.
  const std::string line = run("-q --to jsonl in.pgn", dir).out;
  ASSERT_EQ(line.back(), '\n');
  write_file(dir, "bad.jsonl", line.substr(0, 50) + "\n" + line + "[1,2]\n");
  o = run("bad.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, run("-q in.pgn", dir).out);
  // The place of a JSON error is its byte (here the quote of the string cut off).
  EXPECT_NE(o.err.find("bad.jsonl:1:46: error: game 1 (? - ?): invalid JSON: a string that is "
                       "not closed\n"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("bad.jsonl:3:1: error: game 3 (? - ?): a game must be a JSON object"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("bad.jsonl: 3 games read: 1 written, 0 filtered out, 2 rejected"),
            std::string::npos)
      << o.err;
  // A JSON array with an element that is not an object, and one not closed.
  write_file(dir, "bad.json", "[" + line + ", 3]\n");
  o = run("bad.json", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("an element of the games array is not an object"), std::string::npos)
      << o.err;
  write_file(dir, "open.json", "[" + line);
  o = run("open.json", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("the JSON array is not closed"), std::string::npos) << o.err;
  // A move that is illegal in the JSON: the same check as PGN.
  write_file(dir, "illegal.jsonl", "{\"san\":[\"e4\",\"e5\",\"Ke3\"]}\n");
  o = run("illegal.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("illegal.jsonl:1:19: error: game 1 (? - ?), ply 3: illegal move \"Ke3\""),
            std::string::npos)
      << o.err;
  // JSON that would not be one game of PGN: a move of two tokens, a tag name with a space,
  // a ply out of range.
  write_file(dir, "tokens.jsonl",
             "{\"san\":[\"e4 e5\"]}\n"
             "{\"tags\":{\"Bad Name\":\"x\"},\"san\":[]}\n"
             "{\"ply\":2147483647,\"san\":[\"e4\",\"e5\"]}\n"
             "{\"san\":[\"e4\",\"e5\"],\"notes\":[{\"ply\":1,\"comment\":\"a } b\"}]}\n");
  // A number beyond a double in a field the reader does not use: JSON, and never converted.
  write_file(dir, "huge.jsonl", "{\"san\":[],\"x\":1e512}\n");
  o = run("huge.jsonl", dir);
  EXPECT_EQ(o.status, 0) << o.err;
  o = run("tokens.jsonl", dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("tokens.jsonl:1:9: error: game 1 (? - ?): a move that is not one move "
                       "token of movetext: \"e4 e5\""),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("tokens.jsonl:2:10: error: game 2 (? - ?): a tag name that is not a PGN "
                       "symbol: \"Bad Name\""),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("tokens.jsonl:3:8: error: game 3 (? - ?): \"ply\" out of range"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("tokens.jsonl: 4 games read: 1 written, 0 filtered out, 3 rejected"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.out.find("\n1. e4 {a ) b} 1... e5 *\n"), std::string::npos) << o.out;
  o = run("--help");
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out.rfind("Usage: fairy-convert", 0), 0u);
}

}  // namespace
