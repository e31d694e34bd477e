// fairy-perft --compare-with (analysis/perft/engine_compare.h, analysis/engine/uci_engine.h): the
// walk down to the wrong move against engines with one rule planted wrong (tests/tools/
// fake_uci_engine.cpp, built beside the tools), the UCI dialogue, engines that hang, crash
// or answer nonsense (a clear error and exit 3, never a hang), and Debian's Stockfish when it
// is installed (skipped otherwise).
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "tests/tools/run_tool.h"

namespace {

using CliRun = fairykit::testing::ToolOutput;
using fairykit::testing::run_shell;
using fairykit::testing::run_tool;
using fairykit::testing::slurp;
using fairykit::testing::unique_temp;

const std::string kData = FAIRYKIT_DATA_DIR;
const std::string kSamples = std::string(FAIRYKIT_SOURCE_DIR) + "/samples";
const std::string kFake = std::string(FAIRYKIT_BIN_DIR) + "/fake-uci-engine";

CliRun run(const std::string& args, const std::string& dir = ".") {
  return run_tool("fairy-perft", args, dir);
}

// `--compare-with` the fake engine with `bug`.
std::string fake(const std::string& bug) {
  return "--compare-with '" + kFake + " --bug " + bug + "'";
}

// Each planted bug is found at the position and move where it first shows.
struct PlantedBug {
  std::string name;
  std::string args;  // the position and depth
  std::string out;   // the whole report
};

class PlantedBugTest : public ::testing::TestWithParam<PlantedBug> {};

TEST_P(PlantedBugTest, FoundAtItsPositionAndMove) {
  const PlantedBug& b = GetParam();
  CliRun r = run(b.args + " " + fake(b.name));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, b.out);
}

const std::vector<PlantedBug> kPlantedBugs = {
    // The double step e2-e4 past the d4 pawn gives Black d4xe3 e.p.
    {"no-en-passant", "--fen '4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1' --depth 3",
     "depth 1: 6 nodes, the engine agrees\n"
     "depth 2: 38 nodes, the engine counts 37\n"
     "after e2e4, depth 1: 7 nodes, the engine counts 6\n"
     "position: 4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1\n"
     "moves: e2e4\n"
     "missing in engine: d4e3\n"
     "illegal in engine: none\n"},
    // ...b5-b4 opens the a6 Bishop's diagonal onto f1, the square the King crosses.
    {"castling-through-check", "--fen '4k3/8/b7/1p6/8/8/8/4K2R b K - 0 1' --depth 3",
     "depth 1: 8 nodes, the engine agrees\n"
     "depth 2: 117 nodes, the engine counts 118\n"
     "after b5b4, depth 1: 12 nodes, the engine counts 13\n"
     "position: 4k3/8/b7/8/1p6/8/8/4K2R w K - 0 2\n"
     "moves: b5b4\n"
     "missing in engine: none\n"
     "illegal in engine: e1g1\n"},
    // Clobberers (White) v Nutty Knights: the Pawn's promotions to the Nutty Knights' Charging
    // Rook, Fibnif, Charging Knight and Colonel are missing, written in Fairy-Stockfish's
    // letters (native l g t i are pychess o g h i), as is the FEN.
    {"cwda-own-army-promotion",
     "--variant cwda --fen 'g3k3/8/P7/8/8/8/8/D3K3 w - - 0 1 CN' --depth 3",
     "depth 1: 15 nodes, the engine agrees\n"
     "depth 2: 140 nodes, the engine agrees\n"
     "depth 3: 2426 nodes, the engine counts 2410\n"
     "after a6a7, depth 2: 156 nodes, the engine counts 140\n"
     "after a6a7 a8b8, depth 1: 30 nodes, the engine counts 22\n"
     "position: 1g2k3/P7/8/8/8/8/8/D3K3 w - - 1 2\n"
     "moves: a6a7 a8b8\n"
     "missing in engine: a7a8o a7a8g a7a8h a7a8i a7b8o a7b8g a7b8h a7b8i\n"
     "illegal in engine: none\n"},
    // Superchess: the pool holds every piece type of the start, the Amazon only under S1.
    {"superchess-amazon-promotes",
     "--variant superchess --fen '8/8/P7/7k/8/8/8/4K3 w - - 0 1' --depth 3",
     "depth 1: 6 nodes, the engine agrees\n"
     "depth 2: 30 nodes, the engine agrees\n"
     "depth 3: 251 nodes, the engine counts 256\n"
     "after a6a7, depth 2: 60 nodes, the engine counts 65\n"
     "after a6a7 h5g4, depth 1: 12 nodes, the engine counts 13\n"
     "position: 8/P7/8/8/6k1/8/8/4K3 w - - 1 2\n"
     "moves: a6a7 h5g4\n"
     "missing in engine: none\n"
     "illegal in engine: a7a8a\n"},
    // Interweave from the start: the first chain of two captures comes at ply 4.
    {"interweave-short-chains", "--variant interweave --fen startpos --depth 4",
     "depth 1: 30 nodes, the engine agrees\n"
     "depth 2: 888 nodes, the engine agrees\n"
     "depth 3: 26318 nodes, the engine agrees\n"
     "depth 4: 732264 nodes, the engine counts 732256\n"
     "after b2d4, depth 3: 22814 nodes, the engine counts 22813\n"
     "after b2d4 c8a4, depth 2: 222 nodes, the engine counts 221\n"
     "after b2d4 c8a4 d2b4, depth 1: 2 nodes, the engine counts 1\n"
     "position: rb1kknbr/pppppppp/8/8/nP1P4/8/P1P1PPPP/RBNKKNBR b 3 - 000000\n"
     "moves: b2d4 c8a4 d2b4\n"
     "missing in engine: a4c4e4 a4c4g4\n"
     "illegal in engine: a4c4\n"},
    // The Queen through the four Rooks of the a-file.
    {"fluidity-queen-dissects-3",
     "--variant fluidity --fen '7k/8/8/r7/r7/r7/r7/Q1K5 b - - 0 1' --depth 2",
     "depth 1: 6 nodes, the engine agrees\n"
     "depth 2: 66 nodes, the engine counts 60\n"
     "after h8h7, depth 1: 13 nodes, the engine counts 10\n"
     "position: 8/7k/8/r7/r7/r7/r7/Q1K5 w - - 1 2\n"
     "moves: h8h7\n"
     "missing in engine: a1a6 a1a7 a1a8\n"
     "illegal in engine: none\n"},
};

INSTANTIATE_TEST_SUITE_P(FakeEngines, PlantedBugTest, ::testing::ValuesIn(kPlantedBugs),
                         [](const ::testing::TestParamInfo<PlantedBug>& bug_info) {
                           std::string name;
                           for (char c : bug_info.param.name) name += c == '-' ? '_' : c;
                           return name;
                         });

// --fen-dialect native: the CWDA FEN with its armies field and native promotion letters.
TEST(FairyPerftCompare, EngineDialectChosen) {
  CliRun r =
      run("--variant cwda --fen 'g3k3/8/P7/8/8/8/8/D3K3 w - - 0 1 CN' --depth 3 "
          "--fen-dialect native " +
          fake("cwda-own-army-promotion"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("position: 1g2k3/P7/8/8/8/8/8/D3K3 w - - 1 2 CN\n"
                       "moves: a6a7 a8b8\n"
                       "missing in engine: a7a8l a7a8g a7a8t a7a8i a7b8l a7b8g a7b8t a7b8i\n"),
            std::string::npos)
      << r.out;
}

// A faithful engine agrees in every game: the sample suite of the variants (every entry
// names its variant) and a Chess960 array, every depth shown with --fen.
TEST(FairyPerftCompare, FaithfulEngineAgreesInEveryVariant) {
  CliRun suite = run("--suite " + kSamples + "/variants.perft --max-depth 3 " + fake("none"),
                     kSamples + "/..");
  EXPECT_EQ(suite.status, 0) << suite.err;
  EXPECT_EQ(suite.err, "");
  EXPECT_EQ(
      suite.out,
      "ok   " + kSamples + "/variants.perft:8 cwda-CN-start  D1=28 D2=728 D3=22500\n" + "ok   " +
          kSamples + "/variants.perft:17 superchess-xboard-0  D1=23 D2=529 D3=15173\n" + "ok   " +
          kSamples + "/variants.perft:26 interweave-forced-chain  D1=1 D2=26 D3=491\n" + "ok   " +
          kSamples + "/variants.perft:34 interweave-start  D1=30 D2=888 D3=26318\n" + "ok   " +
          kSamples + "/variants.perft:43 fluidity-start  D1=47 D2=1980 D3=87437\n" + "ok   " +
          kSamples +
          "/variants.perft:51 fluidity-castling-captures  D1=25 D2=1698 D3=42032\n"
          "6 positions: 6 agree, 0 differ, 0 failed, 0 skipped\n");
  CliRun c960 = run("--variant chess960 --shuffle 0 --max-depth 3 " + fake("none"));
  EXPECT_EQ(c960.status, 0) << c960.err;
  EXPECT_EQ(c960.out,
            "depth 1: 20 nodes, the engine agrees\ndepth 2: 400 nodes, the engine agrees\n"
            "depth 3: 9006 nodes, the engine agrees\n");
  // -q: no summary, and nothing at all when every count agrees (the exit status says so).
  CliRun quiet = run("--suite " + kSamples + "/tricky.perft --max-depth 3 -q " + fake("none"));
  EXPECT_EQ(quiet.status, 0) << quiet.err;
  EXPECT_EQ(quiet.out, "");
  EXPECT_EQ(quiet.err, "");
}

// The dialogue: the engine options first, then per game UCI_Variant / UCI_Chess960 only when
// they change (the engine starts in chess), ucinewgame and isready per position, then one
// position and go perft per depth, and quit. A mixed suite sets UCI_Chess960 back.
TEST(FairyPerftCompare, UciDialogue) {
  const std::string log = unique_temp("uci.log");
  const std::string suite = unique_temp("mixed.perft");
  {
    std::FILE* f = std::fopen(suite.c_str(), "w");
    std::fputs(
        "id a\nvariant chess960\nfen startpos\nperft 1 20\n\n"
        "id b\nvariant chess\nfen startpos\nperft 1 20\n\n"
        "id c\nvariant cwda\nfen gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN\n"
        "perft 2 728\n",
        f);
    std::fclose(f);
  }
  CliRun r = run("--suite " + suite +
                 " --engine-option 'Hash=16' --engine-option "
                 "'VariantPath=my variants.ini' --compare-with '" +
                 kFake + " --log " + log + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(fairykit::testing::last_line(r.out),
            "3 positions: 3 agree, 0 differ, 0 failed, 0 skipped\n");
  // The fake engine lists UCI_Variant and UCI_Chess960 only.
  EXPECT_EQ(r.err, "fairy-perft: warning: the engine \"" + kFake + " --log " + log +
                       "\" does not list the option Hash; it is sent all the same\n"
                       "fairy-perft: warning: the engine \"" +
                       kFake + " --log " + log +
                       "\" does not list the option VariantPath; it is sent all the same\n");
  EXPECT_EQ(slurp(log),
            "uci\n"
            "setoption name Hash value 16\n"
            "setoption name VariantPath value my variants.ini\n"
            "setoption name UCI_Chess960 value true\n"
            "ucinewgame\nisready\n"
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n"
            "go perft 1\n"
            "setoption name UCI_Chess960 value false\n"
            "ucinewgame\nisready\n"
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
            "go perft 1\n"
            "setoption name UCI_Variant value cwda\n"
            "ucinewgame\nisready\n"
            "position fen gihokhig/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1\n"
            "go perft 1\n"
            "position fen gihokhig/pppppppp/8/8/8/8/PPPPPPPP/DWACKAWD w KQkq - 0 1\n"
            "go perft 2\n"
            "quit\n");
  // --engine-variant replaces the name; the walk sends the moves from the position compared.
  std::remove(log.c_str());
  CliRun named =
      run("--variant cwda --fen 'g3k3/8/P7/8/8/8/8/D3K3 w - - 0 1 CN' --depth 3 "
          "--engine-variant cwda --compare-with '" +
          kFake + " --bug cwda-own-army-promotion --log " + log + "'");
  EXPECT_EQ(named.status, 1) << named.err;
  const std::string dialogue = slurp(log);
  EXPECT_NE(dialogue.find("position fen g3k3/8/P7/8/8/8/8/D3K3 w - - 0 1 moves a6a7 a8b8\n"
                          "go perft 1\nquit\n"),
            std::string::npos)
      << dialogue;
  CliRun renamed =
      run("--variant cwda --fen startpos --armies CN --depth 1 "
          "--engine-variant my-cwda " +
          fake("none"));
  EXPECT_EQ(renamed.status, 3);  // the fake engine knows no such variant and exits
  EXPECT_NE(renamed.err.find("fake-uci-engine: unknown UCI_Variant my-cwda\n"), std::string::npos)
      << renamed.err;
  std::remove(log.c_str());
  std::remove(suite.c_str());
}

// How an engine author works: a suite made by --make-suite, checked with --compare-with;
// every position shows its first difference.
TEST(FairyPerftCompare, MadeSuiteAgainstABuggyEngine) {
  const std::string dir = unique_temp("made");
  std::filesystem::create_directory(dir);
  CliRun make =
      run("--make-suite 4 --seed 3 --depth 3 --variant interweave -o interweave.perft", dir);
  ASSERT_EQ(make.status, 0) << make.err;
  CliRun r = run("--suite interweave.perft " + fake("interweave-short-chains"), dir);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(
      r.out,
      "DIFF interweave.perft:6 interweave-3-1  "
      "r2kk1br/pn1pp2p/p1N2p1n/p7/4P3/2PP4/PPP2P1P/RB1KK1BR "
      "b 19 - 010001 3\n"
      "       depth 2: 146 nodes, the engine counts 141\n"
      "       after h6f4, depth 1: 2 nodes, the engine counts 1\n"
      "       position: r2kk1br/pn1pp2p/p1N2p2/p7/4Pn2/2PP4/PPP2P1P/RB1KK1BR w 20 - 010001 4\n"
      "       moves: h6f4\n"
      "       missing in engine: c6g6e2 c6g6c8\n"
      "       illegal in engine: c6g6\n"
      "DIFF interweave.perft:13 interweave-3-2  1b1kk1br/1pp1p1np/8/1pppPn1R/8/2PP1P2/PP1KP3/"
      "RB1K1NB1 w 18 - 010100 1\n"
      "       depth 2: 706 nodes, the engine counts 703\n"
      "       after h5g4, depth 1: 2 nodes, the engine counts 1\n"
      "       position: 1b1kk1br/1pp1p1np/8/1pppPn2/6R1/2PP1P2/PP1KP3/RB1K1NB1 b 19 - 010100 2\n"
      "       moves: h5g4\n"
      "       missing in engine: g7g3e3e1c1 g7g3c1e1g5\n"
      "       illegal in engine: g7g3\n"
      "DIFF interweave.perft:20 interweave-3-3  1b1kknbr/R7/2ppp3/p1p5/1P4pp/1P2P3/BN1KP1PP/3K2BR "
      "w 26 - 010110\n"
      "       depth 2: 657 nodes, the engine counts 656\n"
      "       after b3a4, depth 1: 2 nodes, the engine counts 1\n"
      "       position: 1b1kknbr/R7/2ppp3/p1p5/PP4pp/4P3/BN1KP1PP/3K2BR b 27 - 010110\n"
      "       moves: b3a4\n"
      "       missing in engine: a5a3a1rc1 a5a3a1ne1\n"
      "       illegal in engine: a5a3\n"
      "DIFF interweave.perft:27 interweave-3-4  rbnkknb1/pp1ppp1p/1p3r2/4p3/3P1P2/2P5/P1PPP1P1/"
      "RBNKKNBR w 6 - 000000\n"
      "       depth 3: 15644 nodes, the engine counts 15464\n"
      "       after c1b2, depth 2: 756 nodes, the engine counts 754\n"
      "       after c1b2 c8c4, depth 1: 6 nodes, the engine counts 4\n"
      "       position: rb1kknb1/pp1ppp1p/1p3r2/4p3/2nP1P2/2P5/PNPPP1P1/RB1KKNBR w 8 - 000000 2\n"
      "       moves: c1b2 c8c4\n"
      "       missing in engine: b2d6h8h2 b2d6h8h4 b2d6h8h6\n"
      "       illegal in engine: b2d6\n"
      "4 positions: 0 agree, 4 differ, 0 failed, 0 skipped\n");
  // -q: the differences as above, without the summary line.
  CliRun quiet_differ = run("--suite interweave.perft -q " + fake("interweave-short-chains"), dir);
  EXPECT_EQ(quiet_differ.status, 1) << quiet_differ.err;
  EXPECT_EQ(quiet_differ.out + "4 positions: 0 agree, 4 differ, 0 failed, 0 skipped\n", r.out);
  CliRun quiet =
      run("--suite interweave.perft -q --depth 1 " + fake("interweave-short-chains"), dir);
  EXPECT_EQ(quiet.status, 0) << quiet.err;  // no chain at depth 1 in these four
  EXPECT_EQ(quiet.out, "");
  std::filesystem::remove_all(dir);
}

// Engines that fail: a clear error naming the command and what it was asked, exit 3, and
// never longer than the timeout (0.5 s here) and a second of grace.
struct FailingEngine {
  std::string name;
  std::string command;  // the engine command (the fake engine's path is prepended for "--")
  std::string err;      // standard error, the command's text replaced by CMD
};

class FailingEngineTest : public ::testing::TestWithParam<FailingEngine> {};

TEST_P(FailingEngineTest, ClearErrorAndExitThree) {
  const FailingEngine& f = GetParam();
  const std::string command = f.command.rfind("--", 0) == 0 ? kFake + " " + f.command : f.command;
  const auto t0 = std::chrono::steady_clock::now();
  CliRun r = run("--fen startpos --depth 2 --engine-timeout 0.5 --compare-with '" + command + "'");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.status, 3);
  EXPECT_LT(seconds, 5.0);
  // fairy-perft's own lines (the shell's complaints differ from one sh to another).
  std::string err;
  for (absl::string_view line : absl::StrSplit(r.err, '\n', absl::SkipEmpty()))
    if (absl::StartsWith(line, "fairy-perft: ")) absl::StrAppend(&err, line, "\n");
  for (std::size_t at; (at = err.find(command)) != std::string::npos;)
    err.replace(at, command.size(), "CMD");
  EXPECT_EQ(err, f.err) << r.err;
}

const std::string kAsked =
    " while answering \"go perft 1\" (after \"position fen "
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\")";

const std::vector<FailingEngine> kFailingEngines = {
    {"hang_uci", "--bug hang-uci",
     "fairy-perft: the engine \"CMD\" did not complete its answer in 0.5 s (the timeout) while "
     "answering "
     "\"uci\"; it was stopped\n"},
    {"hang_perft", "--bug hang-perft",
     "fairy-perft: the engine \"CMD\" did not complete its answer in 0.5 s (the timeout)" + kAsked +
         "; it was stopped\n"},
    // exec: the engine replaces the shell, so its death by signal is seen as such.
    {"crash", "exec " + kFake + " --bug crash-perft",
     "fairy-perft: the engine \"CMD\" was killed by signal 6 (Aborted)" + kAsked + "\n"},
    {"exit", "--bug exit-perft",
     "fairy-perft: the engine \"CMD\" exited with status 0" + kAsked + "\n"},
    // A line every 0.1 s, never the end: the timeout bounds the whole answer.
    {"trickle", "--bug trickle-perft",
     "fairy-perft: the engine \"CMD\" did not complete its answer in 0.5 s (the timeout)" + kAsked +
         "; it was stopped\n"},
    {"bad_total", "--bug bad-total",
     "fairy-perft: the engine \"CMD\" sent a divide that adds up to 20 and Nodes searched: 21, "
     "in answer to \"go perft 1\" (after \"position fen "
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"); it was stopped\n"},
    {"silent_shell", "sleep 30; true",
     "fairy-perft: the engine \"CMD\" did not complete its answer in 0.5 s (the timeout) while "
     "answering "
     "\"uci\"; it was stopped\n"},
    {"no_such_command", "./no-such-engine-here",
     "fairy-perft: the engine \"CMD\" exited with status 127 (the shell found no such "
     "command) while answering \"uci\"\n"},
};

INSTANTIATE_TEST_SUITE_P(Engines, FailingEngineTest, ::testing::ValuesIn(kFailingEngines),
                         [](const ::testing::TestParamInfo<FailingEngine>& engine_info) {
                           return engine_info.param.name;
                         });

// The shell's child goes with the shell: nothing of a stopped engine is left running.
TEST(FairyPerftCompare, StoppedEngineLeavesNoProcess) {
  CliRun r =
      run("--fen startpos --depth 1 --engine-timeout 0.3 --compare-with "
          "'sleep 47.125; true'");
  EXPECT_EQ(r.status, 3);
  // [.] keeps pgrep's own shell, whose command line holds the pattern, from matching it.
  CliRun left = run_shell("pgrep -f 'sleep 47[.]125' || true");
  EXPECT_EQ(left.out, "");
}

// What the engine's shell started in the background goes with the engine on every path:
// after a comparison that ended well, after a failure, and when fairy-perft itself is ended by
// a signal (the engine, in a process group of its own, does not get it). The marker numbers
// in the commands are spelt through a variable, so that no shell of the test matches.
TEST(FairyPerftCompare, NothingTheEngineStartedOutlivesFairyPerft) {
  const std::string perft = std::string(FAIRYKIT_BIN_DIR) + "/fairy-perft";
  // Ended well.
  CliRun ok = run_shell("S=48; '" + perft +
                        "' --fen startpos --depth 2 --compare-with \"sleep ${S}.375 & exec '" +
                        kFake + "'\"; echo status $?; pgrep -f \"sleep ${S}[.]375\" || true");
  EXPECT_EQ(
      ok.out,
      "depth 1: 20 nodes, the engine agrees\ndepth 2: 400 nodes, the engine agrees\nstatus 0\n");
  // Failed (the engine's answer cannot be read).
  CliRun failed = run_shell(
      "S=48; '" + perft + "' --fen startpos --depth 1 --compare-with \"sleep ${S}.625 & exec '" +
      kFake +
      "' --bug bad-total\" 2>/dev/null; echo status $?; pgrep -f \"sleep ${S}[.]625\" || true");
  EXPECT_EQ(failed.out, "status 3\n");
  // Ended by a signal while the engine counts (it never answers): the engine and the shell's
  // child are gone when fairy-perft is.
  for (const char* sig : {"TERM", "HUP"}) {
    CliRun killed = run_shell(
        "S=49; '" + perft +
        "' --fen startpos --depth 1 --engine-timeout 100 --compare-with \"sleep ${S}.25 & exec '" +
        kFake + "' --bug hang-perft --lines ${S}49\" & pid=$!; sleep 1; kill -" + sig +
        " $pid; wait $pid; echo status $?; sleep 0.2; pgrep -f \"sleep ${S}[.]25|--lines ${S}49\" "
        "|| true");
    EXPECT_EQ(killed.out,
              std::string("status ") + (sig == std::string("TERM") ? "143" : "129") + "\n")
        << sig;
  }
}

// An answer of a million lines (the limit: 999,998 moves, a blank line and the total) is
// read, compared and reported in time proportional to its size: every move of it is listed,
// none twice. One line more is refused.
TEST(FairyPerftCompare, AMillionLinesOfDivide) {
  CliRun r =
      run("--fen startpos --depth 1 --compare-with '" + kFake + " --bug flood --lines 999998'");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err, "");
  const std::string illegal = "illegal in engine: m1 m2 m3 ";
  const std::size_t at = r.out.find(illegal);
  ASSERT_NE(at, std::string::npos) << r.out.substr(0, 2000);
  const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
  EXPECT_EQ(std::count(line.begin(), line.end(), ' '), 999998 + 2);
  EXPECT_NE(line.find(" m999997 m999998"), std::string::npos);
  EXPECT_NE(r.out.find("depth 1: 20 nodes, the engine counts 999998\n"), std::string::npos);
  r = run("--fen startpos --depth 1 --compare-with '" + kFake + " --bug flood --lines 999999'");
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.err, "fairy-perft: the engine \"" + kFake +
                       " --bug flood --lines 999999\" sent more than 1000000 lines" + kAsked +
                       "; it was stopped\n");
}

// The engine's moves are written as messages write input: no escape sequence, no control
// byte of the engine's reaches the report.
TEST(FairyPerftCompare, TheEnginesMovesAreEscapedInTheReport) {
  CliRun r = run("--fen startpos --depth 1 " + fake("escape-perft"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("illegal in engine: \\x1B[2J\\x07z9\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
}

// A crash through the shell: a shell that runs the engine as its child (dash) exits with
// 128 + 6, one that replaces itself by the engine (bash) leaves the signal to be seen.
TEST(FairyPerftCompare, CrashThroughTheShell) {
  CliRun r = run("--fen startpos --depth 1 " + fake("crash-perft"));
  EXPECT_EQ(r.status, 3);
  const bool child =
      r.err.find(
          "exited with status 134 (a shell's status for a command killed "
          "by signal 6, Aborted) while answering \"go perft 1\"") != std::string::npos;
  const bool replaced = r.err.find(
                            "was killed by signal 6 (Aborted) while answering \"go perft "
                            "1\"") != std::string::npos;
  EXPECT_TRUE(child || replaced) << r.err;
}

// With --fen the counts compared before the engine failed are shown, each as it came.
TEST(FairyPerftCompare, CountsBeforeAFailureAreShown) {
  CliRun r =
      run("--fen startpos --depth 4 --compare-with 'exec " + kFake + " --bug crash-perft-3'");
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.out, "depth 1: 20 nodes, the engine agrees\ndepth 2: 400 nodes, the engine agrees\n");
  EXPECT_EQ(r.err, "fairy-perft: the engine \"exec " + kFake +
                       " --bug crash-perft-3\" was killed by signal 6 (Aborted) while answering "
                       "\"go perft 3\" (after \"position fen "
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\")\n");
}

// In a suite the comparison stops at the position on which the engine failed, after
// reporting it and the positions before it.
TEST(FairyPerftCompare, SuiteStopsWhereTheEngineFails) {
  const std::string suite = unique_temp("fail.epd");
  {
    std::FILE* f = std::fopen(suite.c_str(), "w");
    std::fputs(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;id kings\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;id start\n"
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 16 ;id rook\n",
        f);
    std::fclose(f);
  }
  // The fake hangs on every go perft: the first position already fails.
  CliRun r = run("--suite " + suite + " --engine-timeout 0.3 --compare-with '" + kFake +
                 " --bug hang-perft'");
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(
      r.out,
      "FAIL " + suite + ":1 kings: the engine \"" + kFake +
          " --bug hang-perft\" did not complete its answer in 0.3 s (the timeout) while answering "
          "\"go perft 1\" (after \"position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\"); "
          "it was stopped\n"
          "1 positions: 0 agree, 0 differ, 1 failed, 0 skipped\n");
  EXPECT_EQ(r.err, "fairy-perft: the engine failed; the comparison stopped there\n");
  std::remove(suite.c_str());
}

TEST(FairyPerftCompare, UsageErrors) {
  for (const auto& [args, want] : std::vector<std::pair<std::string, std::string>>{
           {"--fen startpos --depth 1 --engine-timeout 5",
            "fairy-perft: --engine-timeout applies to --compare-with only"},
           {"--fen startpos --depth 1 --engine-option A=1",
            "fairy-perft: --engine-option applies to --compare-with only"},
           {"--fen startpos --depth 1 --engine-variant x",
            "fairy-perft: --engine-variant applies to --compare-with only"},
           {"--fen startpos --depth 1 --fen-dialect pychess",
            "fairy-perft: --fen-dialect applies to --make-suite and --compare-with only"},
           {"--fen startpos --depth 1 --compare-with x --engine-timeout 0",
            "fairy-perft: --engine-timeout wants seconds, more than 0 and at most 86400, not '0'"},
           {"--fen startpos --depth 1 --compare-with x --engine-timeout soon",
            "fairy-perft: --engine-timeout wants seconds, more than 0 and at most 86400, not "
            "'soon'"},
           {"--fen startpos --depth 1 --compare-with x --engine-option Hash",
            "fairy-perft: --engine-option wants NAME=VALUE, not 'Hash'"},
           {"--fen startpos --depth 1 --compare-with x --divide",
            "fairy-perft: --divide and --compare-with cannot be combined"},
           {"--fen startpos --depth 1 --compare-with x --format json",
            "fairy-perft: --format json and --compare-with cannot be combined"},
           {"--fen startpos --depth 0 --compare-with x",
            "fairy-perft: --depth wants 1 or more with --compare-with"},
           {"--fen startpos --depth 1 --compare-with ''",
            "fairy-perft: --compare-with wants an engine command"},
           {"--variant fluidity --fen startpos --depth 1 --compare-with x --fen-dialect pychess",
            "fairy-perft: the pychess FEN dialect has no form for Fluidity"}}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.substr(0, r.err.find('\n')), want) << args;
  }
  // A position fairykit cannot set up: exit 1 before the engine is asked anything.
  CliRun bad = run("--fen '4k3/8/8/8/8/8/8/8 w - - 0 1' --depth 1 " + fake("none"));
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.err,
            "fairy-perft: invalid position \"4k3/8/8/8/8/8/8/8 w - - 0 1\": no white king\n");
}

// Debian's Stockfish (the stockfish package puts it in /usr/games, which a login shell has
// on PATH): the path, or empty when it is not installed.
std::string stockfish() {
  std::vector<std::string> dirs;
  if (const char* path = std::getenv("PATH"))
    for (absl::string_view d : absl::StrSplit(path, ':')) dirs.emplace_back(d);
  dirs.push_back("/usr/games");
  for (const std::string& d : dirs) {
    const std::string candidate = d + "/stockfish";
    if (!d.empty() && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

// The tricky suite: Stockfish (15.1) agrees everywhere. At ep-unrelated-check Black's last
// move c7-c5 left an en passant square c6 while White is in check from the pawn on f2 (a
// position no game reaches: White was in check before Black moved). Stockfish, given that
// square, generates d5xc6 e.p., which leaves White's King in check (and its perft crashes at
// depth 3); but the engine is given the position as fairykit writes it, with an en passant
// square only when a capture is legal, so the two agree on the position.
TEST(FairyPerftCompareStockfish, TrickySuiteAgrees) {
  const std::string sf = stockfish();
  if (sf.empty()) GTEST_SKIP() << "stockfish is not installed";
  CliRun r = run("--suite " + kData + "/oracles/chess-tricky.perft --compare-with " + sf);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(fairykit::testing::last_line(r.out),
            "19 positions: 19 agree, 0 differ, 0 failed, 0 skipped\n");
}

// Debian's Fairy-Stockfish 11.1 (the fairy-stockfish package; bench/ installs it): Superchess
// from the project's variants file (UCI_Variant superchess, VariantPath set by
// --engine-option) agrees; on the tricky suite it misses the en passant capture e4xd3 that
// blocks the Queen's check from f1 on the diagonal of the King on b5 (align-ep).
TEST(FairyPerftCompareStockfish, FairyStockfishSuperchessAndItsKnownMiss) {
  const std::string fsf = "/usr/games/fairy-stockfish";
  if (::access(fsf.c_str(), X_OK) != 0) GTEST_SKIP() << fsf << " is not installed";
  CliRun super = run("--suite " + kData +
                     "/oracles/superchess.perft --max-depth 3 "
                     "--engine-option 'VariantPath=" +
                     std::string(FAIRYKIT_SOURCE_DIR) +
                     "/data/engines/fairy-stockfish-variants.ini' --compare-with " + fsf);
  EXPECT_EQ(super.status, 0) << super.err;
  EXPECT_EQ(fairykit::testing::last_line(super.out),
            "5 positions: 5 agree, 0 differ, 0 failed, 0 skipped\n");
  CliRun tricky = run("--suite " + kData + "/oracles/chess-tricky.perft -q --compare-with " + fsf);
  EXPECT_EQ(tricky.status, 1) << tricky.err;
  EXPECT_EQ(tricky.out, "DIFF " + kData +
                            "/oracles/chess-tricky.perft:124 align-ep  8/8/8/1k6/3Pp3/8/8/4KQ2 b - "
                            "d3 0 1\n"
                            "       depth 1: 6 nodes, the engine counts 5\n"
                            "       position: 8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1\n"
                            "       moves: none\n"
                            "       missing in engine: e4d3\n"
                            "       illegal in engine: none\n");  // -q: no summary
}

// Stockfish agrees on the suite of `args`: every position, `summary` the summary line.
void expect_stockfish_agrees(const std::string& sf, const std::string& args,
                             const std::string& summary) {
  CliRun r = run(args + " --compare-with " + sf);
  EXPECT_EQ(r.status, 0) << args << '\n' << r.err;
  EXPECT_EQ(fairykit::testing::last_line(r.out), summary) << args;
}

// The standard suites, to a million nodes a count (a few seconds); deeper under Slow below.
// The last position of chess-standard.epd has its one count at depth 5 (11,139,762
// nodes): not in range.
TEST(FairyPerftCompareStockfish, AgreesOnTheStandardSuites) {
  const std::string sf = stockfish();
  if (sf.empty()) GTEST_SKIP() << "stockfish is not installed";
  expect_stockfish_agrees(sf,
                          "--suite " + kData + "/oracles/chess-standard.epd --max-nodes 1000000",
                          "128 positions: 127 agree, 0 differ, 0 failed, 1 skipped\n");
  expect_stockfish_agrees(
      sf, "--variant chess960 --suite " + kData + "/oracles/chess960-fischer.epd --max-depth 2",
      "960 positions: 960 agree, 0 differ, 0 failed, 0 skipped\n");
}

// Every count of the standard suite, the Chess960 positions to depth 4 and the random
// positions to depth 3 (about 70 s here).
TEST(SlowFairyPerftCompareStockfish, AgreesOnTheStandardSuitesDeep) {
  const std::string sf = stockfish();
  if (sf.empty()) GTEST_SKIP() << "stockfish is not installed";
  expect_stockfish_agrees(sf, "--suite " + kData + "/oracles/chess-standard.epd -j 2",
                          "128 positions: 128 agree, 0 differ, 0 failed, 0 skipped\n");
  expect_stockfish_agrees(
      sf,
      "--variant chess960 --suite " + kData + "/oracles/chess960-fischer.epd -j 2 --max-depth 4",
      "960 positions: 960 agree, 0 differ, 0 failed, 0 skipped\n");
  expect_stockfish_agrees(sf, "--suite " + kData + "/oracles/chess-random.perft -j 2 --max-depth 3",
                          "6838 positions: 6838 agree, 0 differ, 0 failed, 0 skipped\n");
}

}  // namespace
