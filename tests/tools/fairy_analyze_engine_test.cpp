// fairy-analyze --engine (analysis/statistics/engine_analysis.h, analysis/engine/): the
// evaluations of the fake engine (tests/tools/fake_uci_engine.cpp: material in centipawns,
// mate in one, moves in text order) checked by hand, every distinct position sent once, the
// cache (a second run sends nothing), engines that die, hang or answer an illegal move (each
// position evaluated or reported, exit 3), the same output at any -j and --engines, a run
// killed in the middle and run again, and Debian's Stockfish when it is installed.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "tests/tools/run_tool.h"

namespace {

using CliRun = fairykit::testing::ToolOutput;
using fairykit::testing::run_shell;
using fairykit::testing::run_tool;
using fairykit::testing::slurp;
using fairykit::testing::unique_temp;

const std::string kSamples = std::string(FAIRYKIT_SOURCE_DIR) + "/samples";
const std::string kFake = std::string(FAIRYKIT_BIN_DIR) + "/fake-uci-engine";

// A directory of its own for a test, with `files` (name, text) in it.
std::string make_dir(const std::vector<std::pair<std::string, std::string>>& files) {
  const std::string dir = unique_temp("engine");
  std::filesystem::create_directories(dir);
  for (const auto& [name, text] : files) std::ofstream(dir + "/" + name) << text;
  return dir;
}

CliRun analyze(const std::string& dir, const std::string& args) {
  return run_tool("fairy-analyze", args, dir);
}

// --engine with the fake engine logging what it reads to `log` (in the test's directory).
std::string fake(const std::string& extra = "", const std::string& log = "log.txt") {
  return "--engine '" + kFake + " --log " + log + (extra.empty() ? "" : " " + extra) + "'";
}

// The searches the fake engine was asked for ("go ..." lines of its log).
int searches(const std::string& dir, const std::string& log = "log.txt") {
  int n = 0;
  for (absl::string_view line : absl::StrSplit(slurp(dir + "/" + log), '\n'))
    n += absl::StartsWith(line, "go ");
  return n;
}

// Material (White a queen up, Black to move: -900 for the mover, 900 from White's view, and
// the other way round), a mate in one for each side, a checkmate and a stalemate.
const std::string kPositions =
    "4k3/8/8/8/8/8/8/3QK3 b - - 0 1\n"
    "3qk3/8/8/8/8/8/8/4K3 w - - 0 1\n"
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n"
    "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1\n"
    "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1\n"
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n";

// By hand: Black to move a queen down is -900 for the mover, 900 from White's view; the best
// move is the first legal one in text order (e8d7 and e8d8 are attacked by the queen), the
// line the first reply in text order; Ra8 and ...Ra1 mate in one (mate 1 and -1 from
// White's view); the last two have no legal move and are scored by the rules, not sent.
const std::string kExpected =
    R"({"variant":"chess","key":"8c2df6d9fbafbbc7","fen":"4k3/8/8/8/8/8/8/3QK3 b - - 0 1","side":"black","file":"p.epd","game":1,"ply":0,"occurrences":1,"cp":900,"best":"e8e7","pv":["e8e7","d1a1"],"depth":1,"nodes":7}
{"variant":"chess","key":"1d156ffd6f4db0d8","fen":"3qk3/8/8/8/8/8/8/4K3 w - - 0 1","side":"white","file":"p.epd","game":2,"ply":0,"occurrences":1,"cp":-900,"best":"e1e2","pv":["e1e2","d8a5"],"depth":1,"nodes":7}
{"variant":"chess","key":"f5a39f359e3451ba","fen":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","side":"white","file":"p.epd","game":3,"ply":0,"occurrences":1,"mate":1,"best":"a1a8","pv":["a1a8"],"depth":1,"nodes":7}
{"variant":"chess","key":"3c2cbd9ad47f3dcc","fen":"r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1","side":"black","file":"p.epd","game":4,"ply":0,"occurrences":1,"mate":-1,"best":"a8a1","pv":["a8a1"],"depth":1,"nodes":7}
{"variant":"chess","key":"e5bb20476fece4db","fen":"R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1","side":"black","file":"p.epd","game":5,"ply":0,"occurrences":1,"status":"checkmate","mate":0}
{"variant":"chess","key":"e7bab5efb95bbca7","fen":"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1","side":"black","file":"p.epd","game":6,"ply":0,"occurrences":1,"status":"stalemate","cp":0}
)";

TEST(FairyAnalyzeEngine, ScoresFromWhitesViewCheckedByHand) {
  const std::string dir = make_dir({{"p.epd", kPositions}});
  CliRun r = analyze(dir, fake() + " --nodes 7 p.epd");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kExpected);
  EXPECT_EQ(searches(dir), 4);
  EXPECT_TRUE(absl::StrContains(slurp(dir + "/log.txt"), "go nodes 7\n"));
  EXPECT_TRUE(absl::StrContains(
      r.err,
      "engine \"fake-uci-engine (bug none)\" (nodes 7), 1 engine: 6 positions read, 6 "
      "distinct: 4 analysed, 0 from the cache, 2 game ends, 0 failed\n"))
      << r.err;
  // The depth limit is sent as it is and reported by the engine (nodes: the fake engine
  // reports the legal moves without a node limit: e8e7, e8f7, e8f8).
  CliRun d = analyze(dir, fake("", "log2.txt") + " --depth 3 p.epd");
  EXPECT_EQ(d.status, 0) << d.err;
  EXPECT_TRUE(absl::StrContains(slurp(dir + "/log2.txt"), "go depth 3\n"));
  EXPECT_TRUE(absl::StrContains(d.out,
                                "\"cp\":900,\"best\":\"e8e7\",\"pv\":[\"e8e7\",\"d1a1\"],"
                                "\"depth\":3,\"nodes\":3}"))
      << d.out;
}

// Two games that share their first three positions: 12 positions read, 9 distinct, of which
// the final checkmate is the rules' and 8 go to the engine, each once.
const std::string kGames =
    "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";

TEST(FairyAnalyzeEngine, EveryDistinctPositionOnce) {
  const std::string dir = make_dir({{"a.pgn", kGames}});
  CliRun r = analyze(dir, fake() + " --nodes 5 a.pgn");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(searches(dir), 8);
  EXPECT_EQ(r.err,
            "a.pgn: 2 games read: 2 analysed, 0 rejected; 12 positions\n"
            "engine \"fake-uci-engine (bug none)\" (nodes 5), 1 engine: 12 positions read, 9 "
            "distinct: 8 analysed, 0 from the cache, 1 game ends, 0 failed\n");
  const std::vector<std::string> lines = absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 9u);
  // The start position: twice, first in game 1; the position after 2. Nf3 first in game 2.
  EXPECT_TRUE(absl::StrContains(lines[0], "\"game\":1,\"ply\":0,\"occurrences\":2,\"cp\":0,"));
  EXPECT_TRUE(absl::StrContains(lines[6], "\"mate\":1,\"best\":\"h5f7\",\"pv\":[\"h5f7\"]"));
  EXPECT_TRUE(absl::StrContains(lines[7], "\"status\":\"checkmate\",\"mate\":0}"));
  EXPECT_TRUE(absl::StrContains(lines[8], "\"game\":2,\"ply\":3,\"occurrences\":1,"));
}

TEST(FairyAnalyzeEngine, TheCacheRemembers) {
  const std::string dir = make_dir({{"a.pgn", kGames}, {"p.epd", kPositions}});
  CliRun first = analyze(dir, fake("", "log1.txt") + " --nodes 5 --eval-cache c.db a.pgn");
  EXPECT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(searches(dir, "log1.txt"), 8);
  // A second run sends no position, and writes the same.
  CliRun second = analyze(dir, fake("", "log2.txt") + " --nodes 5 --eval-cache c.db a.pgn");
  EXPECT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(searches(dir, "log2.txt"), 0);
  EXPECT_EQ(second.out, first.out);
  EXPECT_TRUE(absl::StrContains(second.err,
                                "9 distinct: 0 analysed, 8 from the cache, 1 game "
                                "ends, 0 failed\n"))
      << second.err;
  // A grown collection: only its new positions (the four of the list that are not game ends).
  CliRun grown = analyze(dir, fake("", "log3.txt") + " --nodes 5 --eval-cache c.db a.pgn p.epd");
  EXPECT_EQ(grown.status, 0) << grown.err;
  EXPECT_EQ(searches(dir, "log3.txt"), 4);
  EXPECT_TRUE(absl::StartsWith(grown.out, first.out));
  // Another limit is another evaluation: everything is sent again.
  CliRun other = analyze(dir, fake("", "log4.txt") + " --nodes 6 --eval-cache c.db a.pgn");
  EXPECT_EQ(other.status, 0) << other.err;
  EXPECT_EQ(searches(dir, "log4.txt"), 8);
  // So are other engine options (the fake engine ignores them).
  CliRun options = analyze(
      dir, fake("", "log5.txt") + " --nodes 5 --engine-option Hash=16 --eval-cache c.db a.pgn");
  EXPECT_EQ(options.status, 0) << options.err;
  EXPECT_EQ(searches(dir, "log5.txt"), 8);
  EXPECT_TRUE(absl::StrContains(options.err, "(nodes 5; Hash=16)")) << options.err;
  // The database is in WAL mode, its tables as docs/fairy-analyze.md describes them: 8 + 4 +
  // 8 + 8 evaluations under three settings.
  CliRun sql = run_shell("sqlite3 '" + dir +
                         "/c.db' 'PRAGMA journal_mode; SELECT engine, options, search_limit FROM "
                         "settings ORDER BY id; SELECT count(*) FROM evals;'");
  if (sql.status == 0)
    EXPECT_EQ(sql.out,
              "wal\n"
              "fake-uci-engine (bug none)||nodes 5\n"
              "fake-uci-engine (bug none)||nodes 6\n"
              "fake-uci-engine (bug none)|Hash=16|nodes 5\n"
              "28\n");
}

TEST(FairyAnalyzeEngine, AnEngineThatDiesOnceIsStartedAgain) {
  const std::string dir = make_dir({{"p.epd", kPositions}});
  CliRun r = analyze(dir, fake("--bug crash-go-once --state crashed") + " --nodes 7 p.epd");
  EXPECT_EQ(r.status, 0) << r.err;
  // The first search is tried again: five searches, the same evaluations as an engine that
  // never fails (but for its name).
  EXPECT_EQ(searches(dir), 5);
  std::string expected = kExpected;
  EXPECT_EQ(r.out, expected);
  EXPECT_TRUE(absl::StrContains(r.err,
                                "; the engine is started again and the position "
                                "4k3/8/8/8/8/8/8/3QK3 b - - 0 1 tried once more\n"))
      << r.err;
  EXPECT_TRUE(absl::StrContains(r.err, "4 analysed, 0 from the cache, 2 game ends, 0 failed\n"));
  EXPECT_TRUE(absl::StrContains(r.err, "fairy-analyze: 1 engine was started again\n"));
}

TEST(FairyAnalyzeEngine, AnEngineThatAlwaysDiesIsReportedPerPosition) {
  const std::string dir = make_dir({{"p.epd", kPositions}});
  CliRun r = analyze(dir, fake("--bug crash-go") + " --nodes 7 --eval-cache c.db p.epd");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(searches(dir), 8);  // each of the four tried twice
  const std::vector<std::string> lines = absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 6u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_TRUE(absl::StrContains(lines[std::size_t(i)], "\"error\":\"the engine \\\"" + kFake))
        << lines[std::size_t(i)];
    EXPECT_TRUE(absl::StrContains(lines[std::size_t(i)], "killed by signal 6"));
  }
  EXPECT_TRUE(absl::StrContains(lines[4], "\"status\":\"checkmate\""));
  EXPECT_TRUE(absl::StrContains(r.err, "0 analysed, 0 from the cache, 2 game ends, 4 failed\n"));
  // Nothing was cached: a working engine is sent all four.
  CliRun again = analyze(dir, fake("", "log2.txt") + " --nodes 7 --eval-cache c.db p.epd");
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(searches(dir, "log2.txt"), 4);
}

TEST(FairyAnalyzeEngine, AnEngineThatCannotStart) {
  const std::string dir = make_dir({{"p.epd", kPositions}});
  CliRun r = analyze(dir, "-q --engine no-such-engine-of-fairykit --nodes 5 p.epd");
  EXPECT_EQ(r.status, 3) << r.err;
  const std::string why =
      "the engine \\\"no-such-engine-of-fairykit\\\" exited with status 127 (the shell found no "
      "such command) while answering \\\"uci\\\"";
  EXPECT_TRUE(absl::StrContains(r.err,
                                "fairy-analyze: the engine \"no-such-engine-of-fairykit\" "
                                "exited with status 127 (the shell found no such command) "
                                "while answering \"uci\"\n"))
      << r.err;
  int errors = 0;
  for (absl::string_view line : absl::StrSplit(r.out, '\n', absl::SkipEmpty()))
    errors += absl::StrContains(line, "\"error\":\"" + why + "\"}");
  EXPECT_EQ(errors, 4) << r.out;
}

TEST(FairyAnalyzeEngine, OnePositionThatKillsTheEngineAmongOthers) {
  const std::string dir = make_dir({{"a.pgn", kGames}});
  CliRun r = analyze(
      dir, fake("--bug crash-go-fen --crash-on 2B1P3") + " --nodes 5 --engines 2 -j 2 a.pgn");
  EXPECT_EQ(r.status, 3) << r.err;
  // The four positions with the bishop on c4 fail twice each; the other four are analysed.
  EXPECT_EQ(searches(dir), 12);
  EXPECT_TRUE(absl::StrContains(r.err,
                                "9 distinct: 4 analysed, 0 from the cache, 1 game ends, "
                                "4 failed\n"))
      << r.err;
  int errors = 0;
  for (absl::string_view line : absl::StrSplit(r.out, '\n', absl::SkipEmpty()))
    errors += absl::StrContains(line, "\"error\":") && absl::StrContains(line, "2B1P3");
  EXPECT_EQ(errors, 4);
}

TEST(FairyAnalyzeEngine, AHangingEngineIsStoppedAfterTheTimeout) {
  const std::string dir = make_dir({{"p.epd", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1\n"}});
  CliRun r = analyze(dir, fake("--bug hang-go") + " --depth 2 --engine-timeout 0.2 p.epd");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(searches(dir), 2);
  EXPECT_TRUE(absl::StrContains(
      r.out, "\"error\":\"the engine \\\"" + kFake +
                 " --log log.txt --bug hang-go\\\" did not complete its answer in 0.2 s (the "
                 "timeout) while answering \\\"go depth 2\\\" (after \\\"position fen "
                 "4k3/8/8/8/8/8/8/3QK3 b - - 0 1\\\"); it was stopped\"}\n"))
      << r.out;
}

TEST(FairyAnalyzeEngine, AnIllegalBestMoveIsReportedNotUsed) {
  const std::string dir = make_dir({{"p.epd", kPositions}});
  CliRun r = analyze(dir, fake("--bug illegal-best") + " --nodes 7 --eval-cache c.db p.epd");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(searches(dir), 4);  // an answer that was read is not asked again
  EXPECT_TRUE(absl::StrContains(
      r.out,
      "gave the best move a1b4 (not legal in the position) in answer to \\\"go nodes "
      "7\\\" (after \\\"position fen 4k3/8/8/8/8/8/8/3QK3 b - - 0 1\\\"); the evaluation "
      "is not used\"}\n"))
      << r.out;
  CliRun none = analyze(dir, fake("--bug no-score", "log2.txt") + " --nodes 7 p.epd");
  EXPECT_EQ(none.status, 3) << none.err;
  EXPECT_TRUE(absl::StrContains(none.out, "gave no score in answer to")) << none.out;
  // Nothing of it was cached.
  CliRun again = analyze(dir, fake("", "log3.txt") + " --nodes 7 --eval-cache c.db p.epd");
  EXPECT_EQ(searches(dir, "log3.txt"), 4);
  EXPECT_EQ(again.out, kExpected);
}

// With a node or depth limit the output is the same at any -j and --engines (every position
// starts from a cleared engine).
TEST(FairyAnalyzeEngine, TheSameAtAnyJobsAndEngines) {
  const std::string dir = make_dir({});
  const std::string in = "'" + kSamples + "/classics.pgn' '" + kSamples + "/chess960.pgn'";
  CliRun one = analyze(dir, fake() + " -q --nodes 5 " + in);
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_GT(std::count(one.out.begin(), one.out.end(), '\n'), 300);
  for (const std::string& flags : {"-j 2 --engines 3", "-j 2 --engines 1", "--engines 2"}) {
    CliRun other = analyze(dir, fake("", "log2.txt") + " -q --nodes 5 " + flags + " " + in);
    EXPECT_EQ(other.status, 0) << other.err;
    EXPECT_EQ(other.out, one.out) << flags;
  }
}

// Chess960 goes to the engine with UCI_Chess960 and Shredder-FEN castling letters, castling
// comes back as king takes rook.
TEST(FairyAnalyzeEngine, Chess960PositionsInTheEnginesDialect) {
  const std::string dir = make_dir({{"p.epd",
                                     "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1\n"
                                     "4k3/8/8/8/8/8/8/3QK3 b - - 0 1\n"}});
  CliRun r = analyze(dir, fake() + " --variant chess960 --nodes 3 p.epd");
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string log = slurp(dir + "/log.txt");
  EXPECT_TRUE(absl::StrContains(
      log,
      "setoption name UCI_Chess960 value true\nucinewgame\nisready\n"
      "position fen bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1\ngo nodes 3\n"))
      << log;
  EXPECT_TRUE(absl::StrContains(r.out, "\"variant\":\"chess960\",\"key\":")) << r.out;
}

// No engine plays Fluidity (nor Interweave): fairykit's own forced-win search, to 5 plies by
// default. By hand: with rooks on a7 and b1 against the King on h8, Rb8 mates at once (g8 and
// h8 on the rook's rank, g7 and h7 on the other's; Fluidity's Kings attack nothing, so White's
// is no help): mate 1 in 1 ply. With Black to move, Kg8 is the only move and Rb8 mates: White
// wins in 2 plies, mate 1 from White's view, Black's longest defence first in the line. The
// start position has no forced win within 5 plies; with --win-nodes 50 the search stops there.
TEST(FairyAnalyzeEngine, GamesWithoutAnEngineAreSearchedByFairykit) {
  const std::string dir = make_dir({{"f.fen",
                                     "7k/R7/8/8/8/8/8/1R2K3 w - - 0 1\n"
                                     "7k/R7/8/8/8/8/8/1R2K3 b - - 0 1\n"
                                     "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1\n"}});
  CliRun r = analyze(dir, fake() + " --variant fluidity --nodes 3 f.fen");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir + "/log.txt"));  // no engine started
  EXPECT_EQ(
      r.out,
      R"({"variant":"fluidity","key":"8339213b6d90cdab","fen":"7k/R7/8/8/8/8/8/1R2K3 w - - 0 1","side":"white","file":"f.fen","game":1,"ply":0,"occurrences":1,"search":5,"mate":1,"plies":1,"best":"b1b8","pv":["b1b8"],"nodes":11}
{"variant":"fluidity","key":"09dbc7610448cd23","fen":"7k/R7/8/8/8/8/8/1R2K3 b - - 0 1","side":"black","file":"f.fen","game":2,"ply":0,"occurrences":1,"search":5,"mate":1,"plies":2,"best":"h8g8","pv":["h8g8","b1b8"],"nodes":47}
{"variant":"fluidity","key":"11921eafebe51f7b","fen":"rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1","side":"white","file":"f.fen","game":3,"ply":0,"occurrences":1,"search":5,"status":"no forced win","nodes":177866}
)");
  // Said once, word for word; not an engine failure.
  EXPECT_TRUE(absl::StrContains(r.err,
                                "3 distinct: 0 analysed, 0 from the cache, 0 game ends, 0 failed, "
                                "3 searched by fairykit\n"
                                "fairy-analyze: no engine plays fluidity: its 3 positions searched "
                                "by fairykit for a forced win within 5 plies\n"))
      << r.err;
  // The bound and the node limit from --find-wins and --win-nodes; the same at -j 2.
  CliRun bounded = analyze(
      dir, fake() + " -q -j 2 --variant fluidity --nodes 3 --find-wins 3 --win-nodes 50 f.fen");
  EXPECT_EQ(bounded.status, 0) << bounded.err;
  EXPECT_EQ(bounded.err, "");
  EXPECT_TRUE(absl::StrContains(
      bounded.out, "\"occurrences\":1,\"search\":3,\"mate\":1,\"plies\":2,\"best\":\"h8g8\","));
  EXPECT_TRUE(
      absl::StrContains(bounded.out, "\"search\":3,\"status\":\"node limit\",\"nodes\":50}\n"));
  // The Interweave sample, mixed with chess: the chess positions go to the engine, the others
  // are searched, and the records are the same at any -j and --engines.
  const std::string in = "'" + kSamples + "/interweave.pgn' '" + kSamples + "/classics.pgn'";
  CliRun mixed = analyze(dir, fake("", "mixed.txt") + " --nodes 3 --find-wins 3 " + in);
  EXPECT_EQ(mixed.status, 0) << mixed.err;
  EXPECT_TRUE(absl::StrContains(mixed.err,
                                "fairy-analyze: no engine plays interweave: its 545 positions "
                                "searched by fairykit for a forced win within 3 plies\n"))
      << mixed.err;
  EXPECT_TRUE(absl::StrContains(mixed.out, "\"variant\":\"interweave\""));
  EXPECT_FALSE(absl::StrContains(mixed.out, "\"error\"")) << mixed.out;
  CliRun parallel =
      analyze(dir, fake("", "mixed2.txt") + " -q -j 2 --engines 2 --nodes 3 --find-wins 3 " + in);
  EXPECT_EQ(parallel.out, mixed.out);
}

// Superchess through the variants file fairykit ships: given to an engine that lists
// VariantPath (as a temporary file, removed after the run), the options listed again, the game
// asked about once (its choices, then perft 1 in its start position), then its positions under
// UCI_Variant superchess. By hand (the fake engine: material of pawns and FIDE pieces only,
// moves in text order): the start array 0 is even (cp 0), best a1b3 (the Amazon's knight
// jump comes first in text order), reply a7a5.
TEST(FairyAnalyzeEngine, SuperchessThroughTheVariantsFile) {
  const std::string start = "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1";
  const std::string dir = make_dir({{"s.fen", start + "\n"}});
  CliRun r = analyze(
      dir, fake("--variant-path") + " --variant superchess --nodes 3 --eval-cache c.db s.fen");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(
      r.out,
      R"({"variant":"superchess","key":"8773fc6c1fac9d19","fen":"avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1","side":"white","file":"s.fen","game":1,"ply":0,"occurrences":1,"cp":0,"best":"a1b3","pv":["a1b3","a7a5"],"depth":1,"nodes":3}
)");
  const std::string log = slurp(dir + "/log.txt");
  const std::string set = "setoption name VariantPath value ";
  const std::size_t at = log.find(set);
  ASSERT_NE(at, std::string::npos) << log;
  const std::string path = log.substr(at + set.size(), log.find('\n', at) - at - set.size());
  EXPECT_FALSE(std::filesystem::exists(path)) << path;  // removed after the run
  EXPECT_EQ(log.substr(at + set.size() + path.size()),
            "\n# VariantPath: 10 sections: superchess cwda-fide-clobberers cwda-fide-knights "
            "cwda-fide-rookies cwda-clobberers cwda-clobberers-knights cwda-clobberers-rookies "
            "cwda-knights cwda-knights-rookies cwda-rookies\n"
            "uci\n"
            "setoption name UCI_Variant value superchess\n"
            "ucinewgame\nisready\n"
            "position fen " +
                start +
                "\ngo perft 1\n"
                "ucinewgame\nisready\n"
                "position fen " +
                start +
                "\ngo nodes 3\n"
                "quit\n");
  // The cache and the summary name the file by its text, not by where it was.
  EXPECT_TRUE(absl::StrContains(r.err, "(nodes 3; VariantPath=fairykit-variants-")) << r.err;
  CliRun again = analyze(dir, fake("--variant-path", "log2.txt") +
                                  " --variant superchess --nodes 3 --eval-cache c.db s.fen");
  EXPECT_EQ(again.out, r.out);
  EXPECT_EQ(searches(dir, "log2.txt"), 0);
  // A VariantPath of the user's own is sent instead of fairykit's.
  std::ofstream(dir + "/mine.ini") << "[superchess:chess]\n";
  CliRun mine =
      analyze(dir, fake("--variant-path", "log3.txt") +
                       " --variant superchess --nodes 3 --engine-option VariantPath=" + dir +
                       "/mine.ini s.fen");
  EXPECT_EQ(mine.status, 0) << mine.err;
  EXPECT_TRUE(absl::StrContains(slurp(dir + "/log3.txt"),
                                set + dir + "/mine.ini\n# VariantPath: 1 sections: superchess\n"));
}

// CwDA in Fairy-Stockfish's dialect: pychess letters and no armies field, a section per pair
// of armies (cwda-rookies, cwda-clobberers-knights for CN and NC), the promotion of the
// engine's best move read back (b7b8f, pychess's Half-Duck, is fairykit's b7b8h). Positions of
// one board under other armies are distinct (CN, NC); FIDE v FIDE is chess, no UCI_Variant.
TEST(FairyAnalyzeEngine, CwdaPositionsInTheEnginesDialect) {
  const std::string dir = make_dir({{"c.fen",
                                     "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 RR\n"
                                     "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1 CN\n"
                                     "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1 NC\n"
                                     "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1 FF\n"}});
  CliRun r = analyze(dir, fake("--variant-path") + " --variant cwda --nodes 3 c.fen");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(
      r.out,
      R"({"variant":"cwda","key":"e146690f703e1d66","fen":"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 RR","side":"white","file":"c.fen","game":1,"ply":0,"occurrences":1,"cp":100,"best":"b7b8h","pv":["b7b8h","e8d7"],"depth":1,"nodes":3}
{"variant":"cwda","key":"8021864761362452","fen":"4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1 CN","side":"white","file":"c.fen","game":2,"ply":0,"occurrences":1,"cp":0,"best":"e1d1","pv":["e1d1","a7a5"],"depth":1,"nodes":3}
{"variant":"cwda","key":"8021864761362452","fen":"4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1 NC","side":"white","file":"c.fen","game":3,"ply":0,"occurrences":1,"cp":0,"best":"e1d1","pv":["e1d1","a7a5"],"depth":1,"nodes":3}
{"variant":"cwda","key":"8021864761362452","fen":"4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1 FF","side":"white","file":"c.fen","game":4,"ply":0,"occurrences":1,"cp":0,"best":"e1d1","pv":["e1d1","a7a5"],"depth":1,"nodes":3}
)");
  const std::string log = slurp(dir + "/log.txt");
  const std::string tail = log.substr(log.find("\nuci\n") + 5);
  EXPECT_EQ(tail,
            "setoption name UCI_Variant value cwda-rookies\nucinewgame\nisready\n"
            "position fen smfekfms/pppppppp/8/8/8/8/PPPPPPPP/SMFEKFMS w KQkq - 0 1\ngo perft 1\n"
            "setoption name UCI_Variant value cwda-clobberers-knights\nucinewgame\nisready\n"
            "position fen gihokhig/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1\ngo perft 1\n"
            "setoption name UCI_Variant value cwda-rookies\nucinewgame\nisready\n"
            "position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\ngo nodes 3\n"
            "setoption name UCI_Variant value cwda-clobberers-knights\nucinewgame\nisready\n"
            "position fen 4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1\ngo nodes 3\n"
            "ucinewgame\nisready\n"
            "position fen 4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1\ngo nodes 3\n"
            "setoption name UCI_Variant value chess\nucinewgame\nisready\n"
            "position fen 4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1\ngo nodes 3\n"
            "quit\n");
}

// An engine that does not play a game: said once on standard error, word for word, each of
// its positions an error with the reason, the other games analysed, and not an engine failure
// (exit 0). The reasons: it lists the variant but crashes in its start position (Debian's
// Fairy-Stockfish 11.1 with CwDA's custom pieces; the other pairings are not tried), it has no
// UCI_Variant (Stockfish), its UCI_Variant does not offer the game, its moves differ.
TEST(FairyAnalyzeEngine, AGameTheEngineDoesNotPlayIsSaidOnce) {
  const std::string dir = make_dir({{"c.fen",
                                     "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1 CN\n"
                                     "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1 RR\n"},
                                    {"p.epd", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1\n"}});
  const std::string games =
      "--variant cwda c.fen " + std::string("'") + kSamples + "/superchess.pgn'";
  CliRun r =
      analyze(dir, fake("--variant-path --refuse cwda-clobberers-knights") + " --nodes 3 " + games);
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string why =
      "it failed in the start position gihokhig/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1: "
      "the engine \"" +
      kFake +
      " --log log.txt --variant-path --refuse cwda-clobberers-knights\" "
      "exited with status 139 (a shell's status for a command killed by signal 11, Segmentation "
      "fault) while answering \"go perft 1\" (after "
      "\"position fen gihokhig/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1\")";
  EXPECT_TRUE(absl::StrContains(r.err,
                                ", 2 not played by the engine\n"
                                "fairy-analyze: the engine does not play cwda (UCI_Variant "
                                "cwda-clobberers-knights: " +
                                    why + "): its 2 positions have an error\n"))
      << r.err;
  const std::vector<std::string> lines = absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  ASSERT_GT(lines.size(), 2u);
  std::string escaped = why;
  for (std::size_t at = 0; (at = escaped.find('"', at)) != std::string::npos; at += 2)
    escaped.insert(at, "\\");
  for (int i = 0; i < 2; ++i)
    EXPECT_TRUE(
        absl::EndsWith(lines[std::size_t(i)],
                       ",\"error\":\"the engine \\\"fake-uci-engine (bug none)\\\" does not "
                       "play cwda (UCI_Variant cwda-clobberers-knights): " +
                           escaped + "\"}"))
        << lines[std::size_t(i)];
  // The Superchess sample was analysed, the engine started again after its crash.
  EXPECT_TRUE(absl::StrContains(lines[2], "\"variant\":\"superchess\"") &&
              absl::StrContains(lines[2], "\"cp\":"))
      << lines[2];
  EXPECT_FALSE(absl::StrContains(r.out.substr(r.out.find("superchess")), "\"error\""));
  // The other reasons, each for the Superchess sample's 213 positions.
  auto refused = [&](const std::string& engine_flags) {
    CliRun x = analyze(dir, fake(engine_flags, "other.txt") + " --nodes 3 '" + kSamples +
                                "/superchess.pgn' p.epd");
    EXPECT_EQ(x.status, 0) << x.err;
    EXPECT_TRUE(absl::StrContains(x.out, "\"cp\":900,\"best\":\"e8e7\"")) << x.out;
    const std::size_t at = x.err.find("fairy-analyze: the engine does not play");
    return at == std::string::npos ? x.err : x.err.substr(at);
  };
  EXPECT_EQ(refused("--variants none"),
            "fairy-analyze: the engine does not play superchess (UCI_Variant superchess: it has no "
            "option UCI_Variant): its 213 positions have an error\n");
  EXPECT_EQ(
      refused("--variants chess,cwda"),
      "fairy-analyze: the engine does not play superchess (UCI_Variant superchess: its option "
      "UCI_Variant does not offer superchess): its 213 positions have an error\n");
  EXPECT_EQ(refused("--variant-path --refuse-moves superchess"),
            "fairy-analyze: the engine does not play superchess (UCI_Variant superchess: its moves "
            "in the start position avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1 are not "
            "the rules'; it lacks a2a3): its 213 positions have an error\n");
}

// Killed in the middle (SIGKILL: no handler runs), then run again: the same output as a run
// that was not interrupted, and the evaluations committed before the kill are not asked for
// again.
TEST(FairyAnalyzeEngine, AKilledRunLosesOnlyTheSearchesInFlight) {
  const std::string dir = make_dir({});
  const std::string in = "'" + kSamples + "/classics.pgn'";
  CliRun whole = analyze(dir, fake("", "whole.txt") + " -q --nodes 5 " + in);
  ASSERT_EQ(whole.status, 0) << whole.err;
  const int total = searches(dir, "whole.txt");
  CliRun killed =
      run_shell("cd '" + dir + "' && { '" + std::string(FAIRYKIT_BIN_DIR) + "/fairy-analyze' " +
                fake("--delay 20", "killed.txt") + " -q --nodes 5 --engines 2 --eval-cache c.db " +
                in + " >/dev/null 2>&1 & pid=$!; sleep 1.5; kill -9 $pid; wait $pid; }");
  const int before = searches(dir, "killed.txt");
  ASSERT_GT(before, 4);
  ASSERT_LT(before, total);
  CliRun again = analyze(dir, fake("", "again.txt") + " -q --nodes 5 --eval-cache c.db " + in);
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, whole.out);
  // At most the two searches in flight (one per engine) and one more each that had been
  // sent when the run was killed are asked again.
  EXPECT_LE(searches(dir, "again.txt"), total - before + 4);
  EXPECT_GE(searches(dir, "again.txt"), total - before);
}

// Two runs at the same time on one cache (WAL mode, SQLite's locking): both complete with the
// same output, and a third run finds everything there.
TEST(FairyAnalyzeEngine, TwoRunsShareOneCache) {
  const std::string dir = make_dir({});
  const std::string in = "'" + kSamples + "/classics.pgn'";
  const std::string tool = "'" + std::string(FAIRYKIT_BIN_DIR) + "/fairy-analyze' ";
  auto command = [&](const std::string& name) {
    return tool + fake("--delay 2", name + ".txt") + " -q --nodes 5 --eval-cache c.db " + in +
           " >" + name + ".out 2>&1; echo $? >" + name + ".status";
  };
  CliRun both = run_shell("cd '" + dir + "' && { " + command("a") + "; } & { cd '" + dir + "' && " +
                          command("b") + "; } & wait");
  EXPECT_EQ(slurp(dir + "/a.status"), "0\n") << slurp(dir + "/a.out");
  EXPECT_EQ(slurp(dir + "/b.status"), "0\n") << slurp(dir + "/b.out");
  EXPECT_EQ(slurp(dir + "/a.out"), slurp(dir + "/b.out"));
  EXPECT_GT(slurp(dir + "/a.out").size(), 1000u);
  CliRun third = analyze(dir, fake("", "c.txt") + " -q --nodes 5 --eval-cache c.db " + in);
  EXPECT_EQ(third.status, 0) << third.err;
  EXPECT_EQ(searches(dir, "c.txt"), 0);
  EXPECT_EQ(third.out, slurp(dir + "/a.out"));
}

TEST(FairyAnalyzeEngine, UsageErrors) {
  const std::string dir = make_dir({{"p.epd", kPositions}});
  auto error = [&](const std::string& args) {
    CliRun r = analyze(dir, args + " p.epd");
    EXPECT_EQ(r.status, 2) << args;
    return r.err.substr(0, r.err.find('\n'));
  };
  EXPECT_EQ(error(fake()),
            "fairy-analyze: --engine wants one search limit: --nodes N, --depth D or "
            "--movetime MS");
  EXPECT_EQ(error(fake() + " --nodes 5 --depth 3"),
            "fairy-analyze: --engine wants one search limit: --nodes N, --depth D or "
            "--movetime MS");
  EXPECT_EQ(error("--nodes 5"), "fairy-analyze: --nodes is about --engine");
  EXPECT_EQ(error(fake() + " --nodes 5 --format csv"),
            "fairy-analyze: --format with --engine wants jsonl (text, json or csv with --report "
            "tables), not 'csv'");
  EXPECT_EQ(error(fake() + " --nodes 5 --engines 65"),
            "fairy-analyze: --engines wants a whole number from 1 to 64, not '65'");
  EXPECT_EQ(error(fake() + " --nodes 5 --find-wins 16"),
            "fairy-analyze: --find-wins wants a whole number from 1 to 15, not '16'");
  EXPECT_EQ(error(fake() + " --nodes 5 --tree 3"),
            "fairy-analyze: --tree is about the tables or --positions, not --engine");
  EXPECT_EQ(error(fake() + " --nodes 5 --engine-option Hash"),
            "fairy-analyze: --engine-option wants NAME=VALUE, not 'Hash'");
}

// Debian's Stockfish (/usr/games/stockfish): the Chess960 sample with no error, the same at
// one and two engines.
TEST(FairyAnalyzeEngineStockfish, Chess960SampleTheSameAtAnyEngines) {
  const std::string sf = "/usr/games/stockfish";
  if (::access(sf.c_str(), X_OK) != 0) GTEST_SKIP() << sf << " is not installed";
  const std::string dir = make_dir({});
  const std::string in = "'" + kSamples + "/chess960.pgn'";
  CliRun one = analyze(dir, "-q --engine " + sf + " --nodes 1000 " + in);
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_FALSE(absl::StrContains(one.out, "\"error\"")) << one.out;
  CliRun two = analyze(dir, "-q -j 2 --engine " + sf + " --nodes 1000 --engines 2 " + in);
  EXPECT_EQ(two.out, one.out);
}

// Debian's Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish): Superchess from the variants
// file fairykit passes itself, with no error and the same at one and two engines; CwDA, whose
// custom pieces it lacks, said once and not an engine failure.
TEST(FairyAnalyzeEngineStockfish, FairyStockfishSuperchessTheSameAtAnyEngines) {
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (::access(fsf.c_str(), X_OK) != 0) GTEST_SKIP() << fsf << " is not installed";
  const std::string dir = make_dir({});
  const std::string in = "'" + kSamples + "/superchess.pgn'";
  CliRun one = analyze(dir, "--engine " + fsf + " --nodes 2000 " + in);
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_FALSE(absl::StrContains(one.out, "\"error\"")) << one.out;
  EXPECT_GT(std::count(one.out.begin(), one.out.end(), '\n'), 20);
  EXPECT_TRUE(absl::StrContains(one.err, "VariantPath=fairykit-variants-")) << one.err;
  CliRun two = analyze(dir, "-q -j 2 --engine " + fsf + " --nodes 2000 --engines 2 " + in);
  EXPECT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(two.out, one.out);
  CliRun cwda = analyze(dir, "--engine " + fsf + " --nodes 2000 '" + kSamples + "/cwda.pgn'");
  EXPECT_EQ(cwda.status, 0) << cwda.err;
  EXPECT_TRUE(
      absl::StrContains(cwda.err, "fairy-analyze: the engine does not play cwda (UCI_Variant "))
      << cwda.err;
}

}  // namespace
