// fairy-convert --annotate CACHE (analysis/formats/annotate.h) from the outside: a cache made by
// fairy-analyze --engine with the fake engine (tests/tools/fake_uci_engine.cpp: material in
// centipawns, mate in one, moves in text order), the annotated PGN checked by hand (the
// [%eval] commands, the NAGs from the judgement's thresholds, the engine's line, Chess960
// castling in it), clocks kept and old evaluations replaced, moves the cache lacks, a cache
// of several settings, the errors, the same output at -j 1 and -j 2, JSON Lines (directly and
// read back from the annotated PGN), and --annotate beside the other jobs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "tests/tools/run_tool.h"

namespace {

using CliRun = fairykit::testing::ToolOutput;
using fairykit::testing::kSamples;
using fairykit::testing::run_shell;
using fairykit::testing::run_tool;
using fairykit::testing::slurp;
using fairykit::testing::unique_temp;

const std::string kFake = std::string(FAIRYKIT_BIN_DIR) + "/fake-uci-engine";

std::string make_dir(const std::vector<std::pair<std::string, std::string>>& files) {
  const std::string dir = unique_temp("annotate");
  std::filesystem::create_directories(dir);
  for (const auto& [name, text] : files) std::ofstream(dir + "/" + name) << text;
  return dir;
}

CliRun convert(const std::string& dir, const std::string& args) {
  return run_tool("fairy-convert", args, dir);
}

// The cache CACHE filled by fairy-analyze --engine with the fake engine (`limit`, `extra`
// flags) over `inputs`.
void fill_cache(const std::string& dir, const std::string& inputs,
                const std::string& limit = "--nodes 5", const std::string& extra = "",
                const std::string& cache = "c.db") {
  CliRun r = run_tool("fairy-analyze",
                      "-q --engine '" + kFake + "' " + limit + " " + extra + " --eval-cache " +
                          cache + " " + inputs,
                      dir);
  ASSERT_EQ(r.status, 0) << r.err;
}

// Games where the fake engine's scores make each class of move. Before each of the first
// five moves the mover mates in one, which fairy-analyze keeps as mate 1 (or -1): the
// judgement counts it as +-1000 centipawns, an expected score of 0.9754 for the mover. After
// the move played instead, the engine scores the material:
//   1. b3    R+4P against 3P, +600: 0.9011, a loss of 0.0744: an inaccuracy, $6;
//   1. h3    R+3P against 3P, +500: 0.8631, 0.1124: a mistake, $2 (its [%eval 0.5] replaced,
//            its clock kept, the comment's blanks too);
//   1. Kf1   R+3P against N+3P, +200: 0.6757, 0.2997: a blunder, $4;
//   1... h6  Black, R+3P against 3P, -500: 0.8631 for Black, a mistake, $2 in place of $1,
//            $14 kept;
//   1. Ra2   Chess960, 2R+2P against R, -700: 0.0706, 0.9048: a blunder; the mate was
//            castling (the king on b1 takes its rook on a1), written O-O-O#.
// Each gets the mate as its variation. The last game starts from the standard position:
// every position is 0.00 (equal material, no mate in one) until 3... Nf6 lets Qxf7# mate
// (mate 1): Black's expected score falls from 0.5 to 0.0246, a blunder, and the engine's line
// before it is its first move in text order and the first reply, 3... a5 4. a3; the mate
// itself has no [%eval] and is no loss.
const std::string kGames = R"([Event "inaccuracy"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/1P3PPP/R5K1 w - - 0 1"]
[Result "*"]

1. b3 {[%clk 0:03:00]} *

[Event "mistake"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]
[Result "*"]

1. h3 { [%eval 0.5] [%clk 0:02:00] } *

[Event "blunder"]
[SetUp "1"]
[FEN "6k1/5ppp/8/7n/8/8/5PPP/R5K1 w - - 0 1"]
[Result "*"]

1. Kf1 *

[Event "black"]
[SetUp "1"]
[FEN "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"]
[Result "*"]

1... h6 $1 $14 *

[Event "960"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1"]
[Result "*"]

1. Ra2 *

[Event "start"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
)";

const std::string kAnnotated = R"([Event "inaccuracy"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/1P3PPP/R5K1 w - - 0 1"]

1. b3 $6 {[%eval 6.00] [%clk 0:03:00]} (1. Ra8#) *

[Event "mistake"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]

1. h3 $2 { [%eval 5.00] [%clk 0:02:00] } (1. Ra8#) *

[Event "blunder"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "6k1/5ppp/8/7n/8/8/5PPP/R5K1 w - - 0 1"]

1. Kf1 $4 {[%eval 2.00]} (1. Ra8#) *

[Event "black"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"]

1... h6 $2 $14 {[%eval -5.00]} (1... Ra1#) *

[Event "960"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "2rkr3/2p1p3/8/8/8/8/8/RK6 w Q - 0 1"]

1. Ra2 $4 {[%eval -7.00]} (1. O-O-O#) *

[Event "start"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]

1. e4 {[%eval 0.00]} 1... e5 {[%eval 0.00]} 2. Bc4 {[%eval 0.00]} 2... Nc6
{[%eval 0.00]} 3. Qh5 {[%eval 0.00]} 3... Nf6 $4 {[%eval #1]} (3... a5 4. a3)
4. Qxf7# 1-0

)";

TEST(FairyConvertAnnotate, TheFakeEnginesEvaluationsCheckedByHand) {
  const std::string dir = make_dir({{"g.pgn", kGames}});
  fill_cache(dir, "g.pgn");
  const std::string cache_before = slurp(dir + "/c.db");
  CliRun r = convert(dir, "--annotate c.db g.pgn");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kAnnotated);
  EXPECT_EQ(r.err,
            "g.pgn: 6 games read: 6 written, 0 filtered out, 0 rejected; 12 moves annotated, 0 "
            "without an evaluation in the cache; 0 warnings\n");
  // The same at two threads; the cache read, never written.
  CliRun two = convert(dir, "-j 2 --annotate c.db g.pgn");
  EXPECT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(two.out, r.out);
  EXPECT_EQ(slurp(dir + "/c.db"), cache_before);
  // Annotating the annotated games changes nothing.
  std::ofstream(dir + "/annotated.pgn") << r.out;
  CliRun again = convert(dir, "--annotate c.db annotated.pgn");
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, r.out);
}

// The evaluations in JSON Lines: written straight from --annotate, and read back from the
// annotated PGN's comments, the same values (pawns two decimals give the centipawns back).
TEST(FairyConvertAnnotate, JsonLinesHoldTheEvaluations) {
  const std::string dir = make_dir({{"g.pgn", kGames}});
  fill_cache(dir, "g.pgn");
  CliRun direct = convert(dir, "-q --annotate c.db --to jsonl g.pgn");
  ASSERT_EQ(direct.status, 0) << direct.err;
  CliRun pgn = convert(dir, "-q --annotate c.db g.pgn -o annotated.pgn");
  ASSERT_EQ(pgn.status, 0) << pgn.err;
  CliRun back = convert(dir, "-q --to jsonl annotated.pgn");
  ASSERT_EQ(back.status, 0) << back.err;
  const std::vector<std::string> a = absl::StrSplit(direct.out, '\n', absl::SkipEmpty());
  const std::vector<std::string> b = absl::StrSplit(back.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(a.size(), 6u);
  ASSERT_EQ(b.size(), 6u);
  for (std::size_t i = 0; i < a.size(); ++i) {
    nlohmann::json x = nlohmann::json::parse(a[i]), y = nlohmann::json::parse(b[i]);
    EXPECT_EQ(x["eval"], y["eval"]) << i;
    EXPECT_EQ(x["notes"], y["notes"]) << i;
    EXPECT_EQ(x["clock"], y["clock"]) << i;
  }
  EXPECT_EQ(nlohmann::json::parse(a[1])["eval"], nlohmann::json::parse(R"([{"cp":500}])"));
  EXPECT_EQ(
      nlohmann::json::parse(a[5])["eval"],
      nlohmann::json::parse(R"([{"cp":0},{"cp":0},{"cp":0},{"cp":0},{"cp":0},{"mate":1},null])"));
  EXPECT_TRUE(absl::StrContains(a[0], R"("clock":[180],"eval":[{"cp":600}])")) << a[0];
  EXPECT_TRUE(
      absl::StrContains(a[4], R"({"ply":1,"variation":{"ply":1,"san":["O-O-O#"],"uci":["b1a1"]}})"))
      << a[4];
}

// Positions the cache does not hold: their moves counted, left as they were (an old [%eval]
// kept), and not judged.
TEST(FairyConvertAnnotate, MovesWithoutAnEvaluation) {
  const std::string dir =
      make_dir({{"a.pgn", "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"},
                {"b.pgn",
                 "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 {[%eval 0.3]} e5 2. Nf3 "
                 "{[%eval 9.99] [%clk 0:01:00]} Nc6 $2 *\n"}});
  fill_cache(dir, "a.pgn");
  CliRun r = convert(dir, "--annotate c.db b.pgn");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(absl::EndsWith(r.out,
                             "\n1. e4 {[%eval 0.00]} 1... e5 {[%eval 0.00]} 2. Nf3 {[%eval 9.99] "
                             "[%clk 0:01:00]}\n2... Nc6 $2 *\n\n"))
      << r.out;
  EXPECT_EQ(r.err,
            "b.pgn: 1 game read: 1 written, 0 filtered out, 0 rejected; 2 moves annotated, 2 "
            "without an evaluation in the cache; 0 warnings\n");
}

// A cache of three settings: the choice is asked for, and made by a part of a line (or the
// whole of it, when it is a part of another).
TEST(FairyConvertAnnotate, ACacheOfSeveralSettings) {
  const std::string dir = make_dir({{"g.pgn", kGames}});
  fill_cache(dir, "g.pgn");
  fill_cache(dir, "g.pgn", "--nodes 6");
  fill_cache(dir, "g.pgn", "--nodes 5", "--engine-option Hash=16");
  const std::string lines =
      "  \"fake-uci-engine (bug none)\" (nodes 5)\n"
      "  \"fake-uci-engine (bug none)\" (nodes 6)\n"
      "  \"fake-uci-engine (bug none)\" (nodes 5; Hash=16)\n";
  CliRun none = convert(dir, "--annotate c.db g.pgn");
  EXPECT_EQ(none.status, 2);
  EXPECT_EQ(none.out, "");
  EXPECT_EQ(none.err,
            "fairy-convert: --annotate c.db: the cache holds evaluations under 3 settings: "
            "choose one with --annotate-engine TEXT (a part of its line):\n" +
                lines);
  CliRun two = convert(dir, "--annotate c.db --annotate-engine 'nodes 5' g.pgn");
  EXPECT_EQ(two.status, 2);
  EXPECT_EQ(two.err,
            "fairy-convert: --annotate c.db: --annotate-engine 'nodes 5' is a part of 2 of the "
            "settings the cache holds (give more of the line):\n"
            "  \"fake-uci-engine (bug none)\" (nodes 5)\n"
            "  \"fake-uci-engine (bug none)\" (nodes 5; Hash=16)\n");
  CliRun no = convert(dir, "--annotate c.db --annotate-engine 'nodes 7' g.pgn");
  EXPECT_EQ(no.status, 2);
  EXPECT_EQ(no.err,
            "fairy-convert: --annotate c.db: --annotate-engine 'nodes 7' is a part of none of "
            "the settings the cache holds:\n" +
                lines);
  for (const char* choice : {"'nodes 6'", "HASH", "'\"FAKE-uci-engine (bug none)\" (nodes 5)'"}) {
    CliRun r =
        convert(dir, std::string("-q --annotate c.db --annotate-engine ") + choice + " g.pgn");
    EXPECT_EQ(r.status, 0) << choice << r.err;
    EXPECT_EQ(r.out, kAnnotated) << choice;
  }
  // With the only settings of a cache, a choice that names others is an error too.
  fill_cache(dir, "g.pgn", "--nodes 5", "", "one.db");
  CliRun other = convert(dir, "--annotate one.db --annotate-engine 'nodes 6' g.pgn");
  EXPECT_EQ(other.status, 2);
  EXPECT_EQ(other.err,
            "fairy-convert: --annotate one.db: --annotate-engine 'nodes 6' is a part of none of "
            "the settings the cache holds:\n  \"fake-uci-engine (bug none)\" (nodes 5)\n");
}

TEST(FairyConvertAnnotate, CachesThatCannotBeRead) {
  const std::string dir = make_dir({{"g.pgn", kGames}, {"text.db", "not a database\n"}});
  ASSERT_EQ(convert(dir, "-q --to sqlite -o games.db g.pgn").status, 0);
  std::ofstream(dir + "/empty.db").close();
  const std::string games_db = slurp(dir + "/games.db");
  auto error = [&](const std::string& args) {
    CliRun r = convert(dir, args + " g.pgn");
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    return r.err;
  };
  EXPECT_EQ(error("--annotate missing.db"), "fairy-convert: --annotate missing.db: no such file\n");
  EXPECT_EQ(error("--annotate ."),
            "fairy-convert: --annotate .: a directory, not an evaluation cache\n");
  EXPECT_EQ(error("--annotate text.db"),
            "fairy-convert: --annotate text.db: not an evaluation cache: file is not a database\n");
  EXPECT_EQ(error("--annotate empty.db"),
            "fairy-convert: --annotate empty.db: not an evaluation cache: no such table: meta\n");
  EXPECT_EQ(error("--annotate games.db"),
            "fairy-convert: --annotate games.db: not an evaluation cache of this fairykit (its "
            "schema differs)\n");
  // Nothing was written to them.
  EXPECT_EQ(slurp(dir + "/text.db"), "not a database\n");
  EXPECT_EQ(slurp(dir + "/empty.db"), "");
  EXPECT_EQ(slurp(dir + "/games.db"), games_db);
  // The flags.
  fill_cache(dir, "g.pgn");
  EXPECT_EQ(error("--annotate c.db -o c.db"),
            "fairy-convert: --output 'c.db' is the input 'c.db': refusing to overwrite it\n");
  // Nor a file of --split-by named like it ("c" is the Event of no game here: "start" is).
  const std::string cache = slurp(dir + "/c.db");
  CliRun split = convert(dir,
                         "-q --annotate c.db --where Event=start --split-by Event -o "
                         "'{value}.db' g.pgn");
  EXPECT_EQ(split.status, 0) << split.err;
  std::filesystem::rename(dir + "/c.db", dir + "/start.db");
  CliRun named = convert(dir,
                         "-q --annotate start.db --where Event=start --split-by Event -o "
                         "'{value}.db' g.pgn");
  EXPECT_EQ(named.status, 2);
  EXPECT_TRUE(absl::StrContains(
      named.err, "--output 'start.db' is the input 'start.db': refusing to overwrite it"))
      << named.err;
  EXPECT_EQ(slurp(dir + "/start.db"), cache);
  std::filesystem::rename(dir + "/start.db", dir + "/c.db");
  EXPECT_EQ(error("--annotate c.db --to fen"),
            "fairy-convert: --annotate writes into the moves: --to pgn, json, jsonl, sqlite or "
            "csv --positions\nTry 'fairy-convert --help' for more information.\n");
  EXPECT_EQ(error("--annotate-engine x"),
            "fairy-convert: --annotate-engine is about --annotate\nTry 'fairy-convert --help' "
            "for more information.\n");
}

// With the other jobs of a conversion: the selection, --add-eco (its tags beside the
// evaluations), --no-variations, UCI movetext, a sample collection at -j 1 and -j 2.
TEST(FairyConvertAnnotate, BesideTheOtherJobs) {
  const std::string dir = make_dir({{"g.pgn", kGames}});
  fill_cache(dir, "g.pgn");
  CliRun r = convert(dir, "-q --annotate c.db --add-eco --where Event=start g.pgn");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(absl::StrContains(r.out, "[ECO \"C23\"]\n")) << r.out;
  EXPECT_TRUE(absl::StrContains(r.out, "3... Nf6 $4 {[%eval #1]} (3... a5 4. a3)\n4. Qxf7# 1-0"))
      << r.out;
  CliRun plain = convert(dir, "-q --annotate c.db --no-variations --where Event=960 g.pgn");
  EXPECT_TRUE(absl::EndsWith(plain.out, "\n1. Ra2 $4 {[%eval -7.00]} *\n\n")) << plain.out;
  CliRun uci = convert(dir, "-q --annotate c.db --notation uci --where Event=960 g.pgn");
  EXPECT_TRUE(absl::EndsWith(uci.out, "\n1. a1a2 $4 {[%eval -7.00]} (1. b1a1) *\n\n")) << uci.out;
  // A collection of real games: the same at -j 1 and -j 2, every move annotated.
  const std::string classics = "'" + kSamples + "/classics.pgn'";
  fill_cache(dir, classics, "--nodes 1");
  CliRun one = convert(dir, "--annotate c.db --annotate-engine 'nodes 1' " + classics);
  CliRun two = convert(dir, "-j 2 --annotate c.db --annotate-engine 'nodes 1' " + classics);
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(two.out, one.out);
  EXPECT_EQ(two.err, one.err);
  EXPECT_TRUE(absl::StrContains(one.err, " 0 without an evaluation in the cache")) << one.err;
}

}  // namespace

namespace {

// CwDA: fairy-analyze keys a position with its armies (the cache's rules column), and the
// annotations look the positions up the same way: every move of the sample's games finds its
// evaluation, and the same board under other armies would not (a cache of the games' own
// armies only).
TEST(FairyConvertAnnotate, CwdaPositionsFoundUnderTheirArmies) {
  const std::string dir = make_dir({});
  const std::string cwda = "'" + std::string(kSamples) + "/cwda.pgn'";
  // The fake engine plays CwDA from the variants file fairykit passes it (--variant-path).
  CliRun a = run_tool(
      "fairy-analyze",
      "-q --engine '" + kFake + " --variant-path' --nodes 5 --eval-cache c.db " + cwda, dir);
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_FALSE(absl::StrContains(a.out, "\"error\"")) << a.out;
  CliRun r = convert(dir, "--annotate c.db -o a.pgn " + cwda);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(absl::StrContains(r.err, " moves annotated, 0 without an evaluation in the cache"))
      << r.err;
  EXPECT_FALSE(absl::StrContains(r.err, "; 0 moves annotated")) << r.err;
  EXPECT_TRUE(absl::StrContains(slurp(dir + "/a.pgn"), "[%eval ")) << slurp(dir + "/a.pgn");
}

}  // namespace
