// Golden tests of the fairy-perft command line: output shape, exit codes, and identical
// output at any thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

#include "tests/tools/run_tool.h"

namespace {

using CliRun = fairykit::testing::ToolOutput;

CliRun run(const std::string& args) { return fairykit::testing::run_tool("fairy-perft", args); }

const std::string kShared = FAIRYKIT_SHARED_DIR;

TEST(FairyPerftCli, HelpGoesToStdoutAndExitsZero) {
  CliRun r = run("--help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Usage: fairy-perft"), std::string::npos);
  EXPECT_NE(r.out.find("Exit status:"), std::string::npos);
  EXPECT_EQ(r.err, "");
}

TEST(FairyPerftCli, DepthPrintsNodesSearched) {
  CliRun r = run("--fen startpos --depth 4 -q");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Nodes searched: 197281\n");
}

TEST(FairyPerftCli, MaxDepthPrintsEveryDepth) {
  CliRun r = run("--fen startpos --max-depth 3 -q");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "depth 1: 20\ndepth 2: 400\ndepth 3: 8902\n");
}

TEST(FairyPerftCli, DivideHasStockfishShape) {
  CliRun r = run("--fen \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\" --depth 2 --divide -q");
  EXPECT_EQ(r.status, 0);
  // Generation order: king steps, rook moves, castling. h1h8+ leaves the black king d7,
  // e7 and f7; h1h7 leaves d8 and f8.
  EXPECT_EQ(r.out,
            "e1d1: 5\ne1f1: 5\ne1d2: 5\ne1e2: 5\ne1f2: 5\nh1f1: 3\nh1g1: 5\nh1h2: 5\nh1h3: 5\n"
            "h1h4: 5\nh1h5: 5\nh1h6: 5\nh1h7: 2\nh1h8: 3\ne1g1: 3\n\nNodes searched: 66\n");
}

TEST(FairyPerftCli, Chess960DivideWritesCastlingAsKingTakesRook) {
  CliRun r =
      run("--variant chess960 --fen \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\" --depth 1 --divide -q");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("e1h1: 1\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("e1g1"), std::string::npos);
}

// Interweave: one root line per whole turn, a chain written as its squares, a Remover
// capture as its square twice (interweave.md 1.11). The last diagram of 1.12 has 8 turns,
// among them the chain a7-e7-a5; in its Remover diagram the one turn removes e5 and f4.
TEST(FairyPerftCli, InterweaveDivideWritesWholeTurns) {
  CliRun r =
      run("--variant interweave --fen \"8/Nr5R/2rP3n/2N5/7b/4b2P/4P3/8 w 0 - 000000\" --depth 1 "
          "--divide -q");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\na7e7a5: 1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nNodes searched: 8\n"), std::string::npos) << r.out;
  CliRun remover = run("--variant interweave --fen \"8/8/8/4p3/4Bp2/8/8/8\" --depth 1 --divide -q");
  EXPECT_EQ(remover.out, "e4e4: 1\n\nNodes searched: 1\n");
}

TEST(FairyPerftCli, OwnEngineVariantsFromTheirStartPositions) {
  CliRun iw = run("--variant interweave --fen startpos --max-depth 3 -q");
  EXPECT_EQ(iw.out, "depth 1: 30\ndepth 2: 888\ndepth 3: 26318\n");  // interweave.perft
  CliRun fl = run("--variant fluidity --fen startpos --max-depth 3 -q");
  EXPECT_EQ(fl.out, "depth 1: 47\ndepth 2: 1980\ndepth 3: 87437\n");  // fluidity.perft
  CliRun bad =
      run("--variant fluidity --fen \"rnbqkbnr/pppppppp/8/8/8/8/8/RNBQKBNR w - - 0 1\" "
          "--depth 1");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("fairy-perft: invalid position"), std::string::npos) << bad.err;
}

TEST(FairyPerftCli, JsonForAPosition) {
  CliRun r = run("--fen startpos --depth 1 --divide --format json -q");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(
      r.out.substr(0, 127),
      "{\"variant\":\"chess\",\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 "
      "1\",\"results\":[{\"depth\":1,\"nodes\":20,\"divide\":[");
}

TEST(FairyPerftCli, SuiteOutputIsIdenticalAtOneAndTwoThreads) {
  const std::string suite = kShared + "/oracles/chess-standard.epd";
  CliRun one = run("--suite " + suite + " --max-depth 3 -j 1");
  CliRun two = run("--suite " + suite + " --max-depth 3 -j 2");
  EXPECT_EQ(one.status, 0);
  EXPECT_EQ(two.status, 0);
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("128 positions: 126 passed, 0 failed, 2 skipped"), std::string::npos);
  CliRun j1 = run("--suite " + suite + " --max-depth 2 -j 1 --format json");
  CliRun j2 = run("--suite " + suite + " --max-depth 2 -j 2 --format json");
  EXPECT_EQ(j1.out, j2.out);
}

TEST(FairyPerftCli, DivideIsIdenticalAtOneAndTwoThreads) {
  const std::string fen =
      "--fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"";
  CliRun one = run(fen + " --depth 3 --divide -j 1");
  CliRun two = run(fen + " --depth 3 --divide -j 2");
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("Nodes searched: 97862"), std::string::npos);
}

TEST(FairyPerftCli, WrongCountExitsOne) {
  const std::string path = fairykit::testing::unique_temp("wrong.epd");
  std::ofstream(path)
      << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n";
  CliRun r = run("--suite " + path + " -q");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(
      r.out.find("FAIL " + path + ":1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("       depth 2: expected 401, got 400\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 positions: 0 passed, 1 failed, 0 skipped"), std::string::npos);
}

TEST(FairyPerftCli, InvalidFenExitsOneWithOneLine) {
  CliRun r = run("--fen \"8/8/8/8/8/8/8/8 w - - 0 1\" --depth 1");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "fairy-perft: invalid position \"8/8/8/8/8/8/8/8 w - - 0 1\": no white king; no "
            "black king\n");
}

TEST(FairyPerftCli, MaterialNoGameCanReachExitsOne) {
  // 27 queens once overflowed the move list (SIGSEGV at depth 2).
  CliRun r = run("--fen \"krQQQQQQ/rrQ4Q/QQ5Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQK w - - 0 1\" --depth 2");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "fairy-perft: invalid position \"krQQQQQQ/rrQ4Q/QQ5Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQK w - - 0 "
            "1\": too many white pieces: 27 (at most 16)\n");
}

TEST(FairyPerftCli, MoreThan256MovesAreListed) {
  // Fifteen Amazons: 271 moves; the divide lists them all (a crash with the old 256-move list).
  CliRun r =
      run("--variant superchess --fen \"A5A1/3AA3/A6A/A6A/A1AA1A2/4A3/5A2/1k2K1A1 w - - 0 1\" "
          "--depth 1 --divide -q");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 271 + 2);
  EXPECT_NE(r.out.find("\nNodes searched: 271\n"), std::string::npos) << r.out;
}

TEST(FairyPerftCli, FullmoveZeroIsAWarning) {
  // Read as 1, said on standard error (issue 10, finding 17).
  CliRun r = run("--fen \"4k3/8/8/8/8/8/8/4K3 w - - 5 0\" --max-depth 2 -q");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "depth 1: 5\ndepth 2: 25\n");
  EXPECT_EQ(r.err, "fairy-perft: warning: FEN fullmove number field, column 29: 0 is read as 1\n");
  r = run("--variant fluidity --fen \"rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 0\" --depth 1 -q");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Nodes searched: 47\n");
  EXPECT_EQ(r.err, "fairy-perft: warning: FEN fullmove number field, column 42: 0 is read as 1\n");
}

TEST(FairyPerftCli, InvalidPositionMessagesEscapeRawBytes) {
  CliRun r = run("--fen \"$(printf '4k3/8/8/8/8/8/8/4K\\0013 w - - 0 1')\" --depth 1");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(
      r.err,
      "fairy-perft: invalid position \"4k3/8/8/8/8/8/8/4K\\x013 w - - 0 1\": FEN board field, "
      "column 19: unexpected character '\\x01'\n");
  r =
      run("--variant cwda --fen \"$(printf 'dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBN\\001 w 0 "
          "ahah - FC')\" --depth 1");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "fairy-perft: invalid position \"dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBN\\x01 w 0 "
            "ahah - FC\": vchess FEN board field: unknown piece letter '\\x01'\n");
  r = run("--fen \"4k3/8/8/8/8/8/8/4K3 w - - 1000000000 1\" --depth 1");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(
      r.err,
      "fairy-perft: invalid position \"4k3/8/8/8/8/8/8/4K3 w - - 1000000000 1\": FEN halfmove "
      "clock field, column 27: 1000000000 is out of range (at most 999999999)\n");
}

TEST(FairyPerftCli, UsageErrorsExitTwo) {
  for (const std::string args :
       {"", "--depth 3", "--fen startpos", "--fen startpos --depth x", "--bogus",
        "--fen startpos --depth 2 --variant nosuch", "--fen startpos --depth 2 --format xml",
        "--fen startpos --depth 2 --max-depth 3"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find("fairy-perft: "), std::string::npos) << args;
    EXPECT_EQ(r.out, "") << args;
  }
}

TEST(FairyPerftCli, SuperchessShuffleNumberIsThePosition) {
  CliRun r = run("--variant superchess --shuffle 5 --depth 1 --format json -q");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"variant\":\"superchess\",\"fen\":\"ravqkesr/pppppppp/8/8/8/8/PPPPPPPP/RAVQKESR w "
            "KQkq - 0 1\",\"results\":[{\"depth\":1,\"nodes\":24}]}\n");
  EXPECT_EQ(r.err, "");
}

// --shuffle random --seed S: SplitMix64's first output from state S, mod 1728 (seed 7 gives
// 1047, seed 0 gives 1519); the number goes to stderr, also with -q.
TEST(FairyPerftCli, SuperchessShuffleRandomIsReproducible) {
  for (int i = 0; i < 2; ++i) {
    CliRun r = run("--variant superchess --shuffle random --seed 7 --depth 1 --format json -q");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "fairy-perft: shuffle number 1047 (seed 7)\n");
    EXPECT_NE(r.out.find("\"fen\":\"vnbskane/pppppppp/8/8/8/8/PPPPPPPP/VNBSKANE w - - 0 1\""),
              std::string::npos)
        << r.out;
  }
  CliRun zero = run("--variant super --shuffle random --seed 0 --depth 1 -q");
  EXPECT_EQ(zero.status, 0);
  EXPECT_EQ(zero.err, "fairy-perft: shuffle number 1519 (seed 0)\n");
}

// superchess.md 2.6 S1. White has no Amazon on the board: a8=A only with the flag. Depth 1:
// 5 king moves and 7 (8) promotions; depth 2: the black king on h5 has 5 replies to each.
TEST(FairyPerftCli, AmazonPromotesAddsAPromotion) {
  const std::string fen = "--variant superchess --fen \"8/P7/8/7k/8/8/8/4K3 w - - 0 1\"";
  CliRun without = run(fen + " --max-depth 2 -q");
  EXPECT_EQ(without.status, 0) << without.err;
  EXPECT_EQ(without.out, "depth 1: 12\ndepth 2: 60\n");
  CliRun with = run(fen + " --max-depth 2 -q --amazon-promotes");
  EXPECT_EQ(with.status, 0) << with.err;
  EXPECT_EQ(with.out, "depth 1: 13\ndepth 2: 65\n");
  CliRun divide = run(fen + " --depth 1 --divide -q --amazon-promotes -j 2");
  EXPECT_NE(divide.out.find("a7a8a: 1\n"), std::string::npos) << divide.out;
}

TEST(FairyPerftCli, SuperchessFlagUsageErrors) {
  for (const std::string args :
       {"--shuffle 5 --depth 1", "--variant chess960 --shuffle random --seed 1 --depth 1",
        "--variant superchess --shuffle 1728 --depth 1",
        "--variant superchess --shuffle x --depth 1",
        "--variant superchess --shuffle 5 --fen startpos --depth 1",
        "--variant superchess --shuffle random --depth 1",
        "--variant superchess --shuffle random --seed -1 --depth 1",
        "--variant superchess --shuffle 5 --seed 1 --depth 1",
        "--variant superchess --fen startpos --seed 1 --depth 1",
        "--variant superchess --shuffle 5", "--variant superchess --shuffle 5 --suite x.perft",
        "--fen startpos --depth 1 --amazon-promotes",
        "--variant cwda --fen startpos --depth 1 --amazon-promotes"}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find("fairy-perft: "), std::string::npos) << args;
    EXPECT_EQ(r.out, "") << args;
  }
}

TEST(FairyPerftCli, UnreadableSuiteExitsTwoAndGoesOn) {
  const std::string ok = kShared + "/oracles/chess-tricky.perft";
  CliRun r = run("--suite /nonexistent/file.epd " + ok + " --max-depth 1 -q");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("/nonexistent/file.epd: cannot open file"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("19 positions: 19 passed"), std::string::npos) << r.out;
}

}  // namespace
