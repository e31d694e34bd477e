// Golden tests of the fairy-perft command line: output shape, exit codes, and identical
// output at any thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "tests/tools/run_tool.h"

namespace {

using CliRun = fairykit::testing::ToolOutput;
using Json = nlohmann::json;

CliRun run(const std::string& args, const std::string& input = "") {
  return fairykit::testing::run_tool("fairy-perft", args, ".", input);
}

const std::string kData = FAIRYKIT_DATA_DIR;

// The JSON without its timings (the "seconds" and "nps" keys, the only ones that change from
// run to run without a table), for comparisons between runs.
std::string without_timings(const std::string& json) {
  static const std::regex timing(",\"seconds\":[0-9.]+,\"nps\":[0-9]+");
  return std::regex_replace(json, timing, "");
}

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

// CwDA's --armies (rules/game/variant_options.h): a pairing's start, the armies of a FEN that
// names none, and the errors (counts: tests/data/oracles/cwda.perft, cwda-CN-start; the
// kings-only position by hand: the five moves of the white King on e1).
TEST(FairyPerftCli, CwdaArmies) {
  CliRun start = run("--variant cwda --fen startpos --armies CN --max-depth 3 -q");
  EXPECT_EQ(start.status, 0);
  EXPECT_EQ(start.out, "depth 1: 28\ndepth 2: 728\ndepth 3: 22500\n");
  CliRun kings =
      run("--variant cwda --fen '4k3/8/8/8/8/8/8/4K3 w - - 0 1' --armies RC --depth 1 -q");
  EXPECT_EQ(kings.status, 0);
  EXPECT_EQ(kings.out, "Nodes searched: 5\n");
  CliRun none = run("--variant cwda --fen '4k3/8/8/8/8/8/8/4K3 w - - 0 1' --depth 1 -q");
  EXPECT_EQ(none.status, 1);
  EXPECT_EQ(none.err,
            "fairy-perft: invalid position \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\": pychess FEN board "
            "field: cannot tell White's army from the pieces; give the armies (e.g. \"CN\")\n");
  CliRun differ =
      run("--variant cwda --fen 'gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN' "
          "--armies RC --depth 1 -q");
  EXPECT_EQ(differ.status, 1);
  EXPECT_NE(differ.err.find("native FEN armies field: armies 'CN' differ from the given armies "
                            "'RC'"),
            std::string::npos)
      << differ.err;
  CliRun chess = run("--variant chess --fen startpos --armies CN --depth 1");
  EXPECT_EQ(chess.status, 2);
  EXPECT_EQ(chess.err.substr(0, chess.err.find('\n')),
            "fairy-perft: --armies applies to --variant cwda only");
  CliRun bad = run("--variant cwda --fen startpos --armies CX --depth 1");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err.substr(0, bad.err.find('\n')),
            "fairy-perft: --armies wants two army letters of FCNR (White's, then Black's), not "
            "'CX'");
}

// Flags of one variant's options, refused elsewhere with the variants that take them (from
// the registry).
TEST(FairyPerftCli, VariantOptionFlagsNameTheVariantsThatTakeThem) {
  for (const auto& [args, want] : std::vector<std::pair<std::string, std::string>>{
           {"--fen startpos --amazon-promotes --depth 1",
            "fairy-perft: --amazon-promotes applies to --variant superchess only"},
           {"--shuffle 5 --depth 1",
            "fairy-perft: --shuffle applies to --variant chess960, superchess only"},
           {"--variant fluidity --fen startpos --armies CN --depth 1",
            "fairy-perft: --armies applies to --variant cwda only"}}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.substr(0, r.err.find('\n')), want) << args;
  }
  // Superchess's numbered arrays: XBoard's shuffle number 0 is the default array
  // (tests/data/oracles/superchess.perft, superchess-xboard-0: 23 moves).
  CliRun zero = run("--variant superchess --shuffle 0 --depth 1 -q");
  EXPECT_EQ(zero.status, 0) << zero.err;
  EXPECT_EQ(zero.out, "Nodes searched: 23\n");
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
  const std::string suite = kData + "/oracles/chess-standard.epd";
  CliRun one = run("--suite " + suite + " --max-depth 3 -j 1");
  CliRun two = run("--suite " + suite + " --max-depth 3 -j 2");
  EXPECT_EQ(one.status, 0);
  EXPECT_EQ(two.status, 0);
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("128 positions: 126 passed, 0 failed, 2 skipped"), std::string::npos);
  CliRun j1 = run("--suite " + suite + " --max-depth 2 -j 1 --format json");
  CliRun j2 = run("--suite " + suite + " --max-depth 2 -j 2 --format json");
  EXPECT_NE(j1.out.find("\"seconds\":"), std::string::npos);
  EXPECT_EQ(without_timings(j1.out), without_timings(j2.out));
  EXPECT_EQ(without_timings(j1.out).find("\"seconds\":"), std::string::npos);
}

TEST(FairyPerftCli, DivideIsIdenticalAtOneAndTwoThreads) {
  const std::string fen =
      "--fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"";
  CliRun one = run(fen + " --depth 3 --divide -j 1");
  CliRun two = run(fen + " --depth 3 --divide -j 2");
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("Nodes searched: 97862"), std::string::npos);
}

// --hash: the same output as without a table (divide, every depth, suites, 1 and 2
// threads), the table's statistics in JSON, and its usage errors.
TEST(FairyPerftCli, HashChangesNoOutput) {
  const std::string fen =
      "--fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"";
  CliRun plain = run(fen + " --max-depth 4 --divide -q");
  for (const char* flags : {" --hash 1 -j 1", " --hash 1 -j 2", " --hash 0 -j 2"}) {
    CliRun hashed = run(fen + " --max-depth 4 --divide -q" + flags);
    EXPECT_EQ(hashed.status, 0) << flags;
    EXPECT_EQ(hashed.out, plain.out) << flags;
  }
  const std::string suite = kData + "/oracles/chess-tricky.perft";
  CliRun suite_plain = run("--suite " + suite + " --max-nodes 500000 -j 2");
  CliRun suite_hashed = run("--suite " + suite + " --max-nodes 500000 -j 2 --hash 4");
  EXPECT_EQ(suite_hashed.status, 0);
  EXPECT_EQ(suite_hashed.out, suite_plain.out);
  EXPECT_NE(suite_hashed.out.find(" 0 failed"), std::string::npos) << suite_hashed.out;
}

TEST(FairyPerftCli, HashStatisticsInJson) {
  CliRun r = run("--fen startpos --max-depth 5 --hash 2 --format json -q");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("{\"depth\":5,\"nodes\":4865609,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(",\"hash\":{\"megabytes\":2,\"probes\":"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(",\"hits\":"), std::string::npos);
  EXPECT_NE(r.out.find(",\"stores\":"), std::string::npos);
  CliRun none = run("--fen startpos --depth 2 --format json -q");
  EXPECT_EQ(none.out.find("\"hash\""), std::string::npos) << none.out;
  CliRun suite = run("--suite " + kData +
                     "/oracles/chess-tricky.perft --max-depth 2 --hash 1 "
                     "--format json -q");
  EXPECT_NE(suite.out.find("\"hash\":{\"megabytes\":1,"), std::string::npos) << suite.out;
  EXPECT_EQ(run("--fen startpos --depth 2 --hash -1").status, 2);
  EXPECT_EQ(run("--fen startpos --depth 2 --hash x").status, 2);
}

// "seconds" (a number, 0 or more) and "nps" (a whole number, nodes / seconds: within what
// printing the seconds to the microsecond allows) in `o`, whose count is `nodes`.
void expect_timing(const Json& o, double nodes, const std::string& where) {
  ASSERT_TRUE(o.contains("seconds") && o.contains("nps")) << where << ": " << o.dump();
  ASSERT_TRUE(o["seconds"].is_number()) << where;
  ASSERT_TRUE(o["nps"].is_number_unsigned()) << where;
  const double seconds = o["seconds"].get<double>();
  const double nps = double(o["nps"].get<std::uint64_t>());
  EXPECT_GE(seconds, 0.0) << where;
  if (seconds > 1e-6) {
    EXPECT_LE(nps, nodes / (seconds - 0.5e-6) + 1) << where;
    EXPECT_GE(nps, nodes / (seconds + 0.5e-6) - 1) << where;
  }
}

// A table's statistics: whole numbers, no more hits or stores than lookups.
void expect_table_stats(const Json& h, const std::string& where) {
  for (const char* k : {"probes", "hits", "stores", "leaf_probes", "leaf_hits", "leaf_stores"})
    ASSERT_TRUE(h.contains(k) && h[k].is_number_unsigned()) << where << ": " << k;
  EXPECT_LE(h["hits"].get<std::uint64_t>(), h["probes"].get<std::uint64_t>()) << where;
  EXPECT_LE(h["stores"].get<std::uint64_t>(), h["probes"].get<std::uint64_t>()) << where;
  EXPECT_LE(h["leaf_hits"].get<std::uint64_t>(), h["leaf_probes"].get<std::uint64_t>()) << where;
  EXPECT_LE(h["leaf_stores"].get<std::uint64_t>(), h["leaf_probes"].get<std::uint64_t>()) << where;
}

// --format json: the time and speed of every depth and of the whole run, of every suite
// position and of the summary; with --hash, what each depth and position did in the table.
TEST(FairyPerftCli, TimingAndHashStatisticsInJson) {
  for (const char* flags : {" -j 1", " -j 2 --divide"}) {
    const CliRun r =
        run(std::string("--fen startpos --max-depth 5 --hash 2 --format json -q") + flags);
    ASSERT_EQ(r.status, 0) << r.err;
    const Json doc = Json::parse(r.out);
    double total = 0, longest = 0;
    std::uint64_t probes = 0, leaf_probes = 0;
    for (const Json& d : doc["results"]) {
      const double nodes = d["nodes"].get<double>();
      total += nodes;
      expect_timing(d, nodes, d.dump().substr(0, 40));
      longest = std::max(longest, d["seconds"].get<double>());
      expect_table_stats(d["hash"], flags);
      probes += d["hash"]["probes"].get<std::uint64_t>();
      leaf_probes += d["hash"]["leaf_probes"].get<std::uint64_t>();
    }
    EXPECT_EQ(total, 5072212.0);  // 20 + 400 + 8902 + 197281 + 4865609
    expect_timing(doc, total, "run");
    EXPECT_GE(doc["seconds"].get<double>() + 1e-6, longest);
    // The table's totals are the depths' added up; depth 5 finds depth-4 subtrees of the
    // earlier depths and leaf counts.
    expect_table_stats(doc["hash"], "table");
    EXPECT_EQ(doc["hash"]["probes"].get<std::uint64_t>(), probes);
    EXPECT_EQ(doc["hash"]["leaf_probes"].get<std::uint64_t>(), leaf_probes);
    EXPECT_GT(doc["results"][4]["hash"]["hits"].get<std::uint64_t>(), 0u);
    EXPECT_GT(doc["results"][4]["hash"]["leaf_hits"].get<std::uint64_t>(), 0u);
  }
  const std::string suite = kData + "/oracles/chess-tricky.perft --max-nodes 200000";
  for (const char* hash : {"", " --hash 1"}) {
    const CliRun r = run("--suite " + suite + " -j 2 --format json -q" + hash);
    ASSERT_EQ(r.status, 0) << r.err;
    const Json doc = Json::parse(r.out);
    ASSERT_EQ(doc["positions"].size(), 19u);
    for (const Json& p : doc["positions"]) {
      const std::string where = p["id"].get<std::string>();
      double nodes = 0;
      for (const Json& c : p["counts"])
        if (c.contains("nodes")) nodes += c["nodes"].get<double>();
      expect_timing(p, nodes, where);
      EXPECT_EQ(p.contains("hash"), *hash != 0) << where;
      if (*hash) expect_table_stats(p["hash"], where);
    }
    expect_timing(doc["summary"], doc["summary"]["nodes"].get<double>(), "summary");
    EXPECT_EQ(doc.contains("hash"), *hash != 0);
  }
}

TEST(FairyPerftCli, WrongCountExitsOne) {
  const std::string path = fairykit::testing::unique_temp("wrong.epd");
  std::ofstream(path)
      << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n";
  CliRun r = run("--suite " + path);
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

// Fairy-validate drops a castling right the position cannot have;
// fairy-perft --fen stays strict.
TEST(FairyPerftCli, ImpossibleCastlingRightsStayAnError) {
  CliRun r =
      run("--fen \"1rr3k1/p3ppbp/3pbnp1/7P/qP1BP1P1/5P2/1PPQ4/1NKR1B1R b Kq - 0 1\" --depth 1");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "fairy-perft: invalid position \"1rr3k1/p3ppbp/3pbnp1/7P/qP1BP1P1/5P2/1PPQ4/1NKR1B1R b "
            "Kq - 0 1\": white king-side castling right needs the king on e1 and the rook on h1 "
            "(use the chess960 variant for other set-ups); black queen-side castling right needs "
            "the king on e8 and the rook on a8 (use the chess960 variant for other set-ups)\n");
  CliRun fl = run("--variant fluidity --fen \"r3k2r/8/8/8/8/8/8/R2K2R1 w KQkq - 0 1\" --depth 1");
  EXPECT_EQ(fl.status, 1);
  EXPECT_EQ(fl.err,
            "fairy-perft: invalid position \"r3k2r/8/8/8/8/8/8/R2K2R1 w KQkq - 0 1\": FEN castling "
            "field, column 28: 'K' but no white king on e1\n");
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
  // Read as 1, said on standard error.
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
  EXPECT_EQ(without_timings(r.out),
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
       {"--shuffle 5 --depth 1", "--variant fluidity --shuffle random --seed 1 --depth 1",
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
  const std::string ok = kData + "/oracles/chess-tricky.perft";
  CliRun r = run("--suite /nonexistent/file.epd " + ok + " --max-depth 1");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("/nonexistent/file.epd: cannot open file"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("19 positions: 19 passed"), std::string::npos) << r.out;
}

// A directory is unreadable input for every tool, with one message.
TEST(FairyPerftCli, DirectoryExitsTwoInEveryTool) {
  const std::string dir = fairykit::testing::unique_temp("dir");
  ASSERT_EQ(std::system(("mkdir -p '" + dir + "'").c_str()), 0);
  CliRun perft = run("--suite " + dir + " -q");
  EXPECT_EQ(perft.status, 2);
  EXPECT_EQ(perft.err, "fairy-perft: " + dir + ": cannot open file: Is a directory\n");
  EXPECT_EQ(perft.out, "");  // -q: no summary
  const auto validate = fairykit::testing::run_tool("fairy-validate", "-q " + dir);
  EXPECT_EQ(validate.status, 2);
  EXPECT_EQ(validate.err, "fairy-validate: " + dir + ": cannot open file: Is a directory\n");
  std::remove(dir.c_str());
}

// An endless line is an error at 1 MiB, from a file or standard input,
// in a few MiB of memory (the tool runs with a 256 MiB address space).
TEST(FairyPerftCli, EndlessInputStopsAtTheLineLimit) {
  CliRun file = fairykit::testing::run_tool("fairy-perft", "--suite /dev/zero -q", ".", "", 256);
  EXPECT_EQ(file.status, 2);
  EXPECT_EQ(file.err, "fairy-perft: /dev/zero:1: line longer than 1 MiB\n");
  CliRun in = fairykit::testing::run_tool("fairy-perft", "--suite - -q", ".", "/dev/zero", 256);
  EXPECT_EQ(in.status, 2);
  EXPECT_EQ(in.err, "fairy-perft: <stdin>:1: line longer than 1 MiB\n");
}

// Suites stream: standard input in either format (told apart by the first line), compressed
// files, CR-only line ends, `fen startpos`, and an error after good entries (they are
// reported, then the error; exit 2).
TEST(FairyPerftCli, SuitesStreamInEveryShape) {
  const std::string epd = fairykit::testing::unique_temp("suite.txt");
  std::ofstream(epd, std::ios::binary) << "# kings and a rook\r4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 "
                                          ";D2 66\r4k3/8/8/8/8/8/8/R3K3 w Q - ;D1 16\r";
  CliRun e = run("--suite -", epd);
  EXPECT_EQ(e.status, 0) << e.err;
  EXPECT_EQ(fairykit::testing::last_line(e.out),
            "2 positions: 2 passed, 0 failed, 0 skipped; 3 counts checked, 97 nodes\n");
  CliRun named = run("--suite " + epd);
  EXPECT_NE(named.out.find("ok   " + epd + ":2 4k3/8/8/8/8/8/8/4K2R w K -  D1=15 D2=66\n"),
            std::string::npos)
      << named.out;

  const std::string perft = fairykit::testing::unique_temp("suite");
  std::ofstream(perft) << "id start\nfen startpos\nperft 1 20\nperft 2 400\n";
  CliRun p = run("--suite - -j 2", perft);
  EXPECT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.out,
            "ok   <stdin>:2 start  D1=20 D2=400\n"
            "1 positions: 1 passed, 0 failed, 0 skipped; 2 counts checked, 420 nodes\n");
  ASSERT_EQ(std::system(("gzip -c '" + perft + "' >'" + perft + ".gz'").c_str()), 0);
  CliRun gz = run("--suite " + perft + ".gz");
  EXPECT_EQ(gz.status, 0) << gz.err;
  EXPECT_EQ(gz.out,
            "ok   " + perft + ".gz:2 start  D1=20 D2=400\n" + p.out.substr(p.out.find('\n') + 1));

  const std::string bad = fairykit::testing::unique_temp("bad.epd");
  std::ofstream(bad) << "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n"
                     << "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D1 16\n"
                     << "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n";
  CliRun b = run("--suite " + bad + " -q");
  EXPECT_EQ(b.status, 2);
  EXPECT_EQ(b.err, "fairy-perft: " + bad + ":2:36: perft depth 1 already given at column 29\n");
  EXPECT_EQ(b.out, "");  // -q: no summary
  b = run("--suite " + bad);
  EXPECT_EQ(b.status, 2);
  EXPECT_EQ(fairykit::testing::last_line(b.out),
            "1 positions: 1 passed, 0 failed, 0 skipped; 1 counts checked, 15 nodes\n");
  for (const std::string& f : {epd, perft, perft + ".gz", bad}) std::remove(f.c_str());
}

// One depth limit everywhere, named with its line.
TEST(FairyPerftCli, SuiteDepthLimitsNameTheLine) {
  const std::string epd = fairykit::testing::unique_temp("deep.epd");
  std::ofstream(epd) << "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D65 1\n";
  CliRun e = run("--suite " + epd + " -q");
  EXPECT_EQ(e.status, 2);
  EXPECT_EQ(e.err, "fairy-perft: " + epd + ":1:36: perft depth '65' is out of range (1 to 64)\n");
  const std::string perft = fairykit::testing::unique_temp("deep.perft");
  std::ofstream(perft) << "fen startpos\nperft 1 20\nperft 2147483647 1\n";
  CliRun p = run("--suite " + perft + " -q");
  EXPECT_EQ(p.status, 2);
  EXPECT_EQ(p.err,
            "fairy-perft: " + perft + ":3: perft depth '2147483647' is out of range (1 to 64)\n");
  CliRun flag = run("--suite " + perft + " --max-depth 65");
  EXPECT_EQ(flag.status, 2);
  EXPECT_NE(flag.err.find("--max-depth wants a whole number from 1 to 64, not '65'"),
            std::string::npos);
  std::remove(epd.c_str());
  std::remove(perft.c_str());
}

}  // namespace

// --make-suite (analysis/perft/make_suite.h): for every game a suite made to a file re-checks clean
// with --suite, in both formats where the FEN fits EPD.
TEST(FairyPerftCliMakeSuite, EveryGameChecksClean) {
  for (const std::string variant :
       {"chess", "chess960", "cwda", "superchess", "interweave", "fluidity"}) {
    for (const std::string format : {"perft", "epd"}) {
      if (format == "epd" && (variant == "cwda" || variant == "interweave")) continue;
      const std::string path = fairykit::testing::unique_temp("made." + format);
      CliRun make = run("--make-suite 4 --seed 5 --depth 2 --variant " + variant + " --format " +
                        format + " -o " + path);
      ASSERT_EQ(make.status, 0) << variant << ": " << make.err;
      EXPECT_EQ(make.out, "");
      CliRun check = run("--suite " + path);
      EXPECT_EQ(check.status, 0) << variant << " " << format << ": " << check.out << check.err;
      EXPECT_NE(check.out.find("4 positions: 4 passed"), std::string::npos) << check.out;
      std::remove(path.c_str());
    }
  }
}

TEST(FairyPerftCliMakeSuite, DialectsCheckClean) {
  for (const std::string args :
       {"--variant chess --fen-dialect xogo", "--variant cwda --fen-dialect pychess",
        "--variant chess960 --fen-dialect xboard --format epd",
        "--variant superchess --fen-dialect xboard", "--variant interweave --fen-dialect vchess"}) {
    const bool epd = args.find("--format epd") != std::string::npos;
    const std::string path = fairykit::testing::unique_temp(epd ? "dialect.epd" : "dialect.perft");
    CliRun make = run("--make-suite 3 --seed 9 --depth 2 " + args + " -o " + path);
    ASSERT_EQ(make.status, 0) << args << ": " << make.err;
    CliRun check = run("--suite " + path);
    EXPECT_EQ(check.status, 0) << args << ": " << check.out << check.err;
    EXPECT_NE(check.out.find("3 positions: 3 passed"), std::string::npos) << check.out;
    std::remove(path.c_str());
  }
}

// The same seed gives the same bytes (at any -j, to standard output or a file); another seed
// or a bias gives another suite.
TEST(FairyPerftCliMakeSuite, ReproducibleFromTheSeed) {
  const std::string base = "--make-suite 6 --seed 2026 --depth 2 --variant chess960";
  CliRun once = run(base);
  ASSERT_EQ(once.status, 0) << once.err;
  EXPECT_EQ(once.out.rfind("# fairy-perft " + base + "\n", 0), 0u) << once.out;
  EXPECT_EQ(run(base).out, once.out);
  EXPECT_EQ(run(base + " -j 2").out, once.out);
  const std::string path = fairykit::testing::unique_temp("same.perft");
  ASSERT_EQ(run(base + " -o " + path).status, 0);
  EXPECT_EQ(fairykit::testing::slurp(path), once.out);
  std::remove(path.c_str());
  EXPECT_NE(run("--make-suite 6 --seed 2027 --depth 2 --variant chess960").out, once.out);
  CliRun biased = run(base + " --bias captures,promotions,castling");
  ASSERT_EQ(biased.status, 0) << biased.err;
  EXPECT_NE(biased.out, once.out);
  EXPECT_EQ(run(base + " --bias captures,promotions,castling").out, biased.out);
  EXPECT_NE(run(base + " --bias castling").out, once.out);
}

// The bias shows in what the playouts did: more captures made, so fewer pieces left.
TEST(FairyPerftCliMakeSuite, CaptureBiasLeavesFewerPieces) {
  auto pieces = [](const std::string& suite) {
    std::size_t n = 0;
    for (std::size_t at = suite.find("\nfen "); at != std::string::npos;
         at = suite.find("\nfen ", at + 1))
      for (std::size_t i = at + 5; suite[i] != ' '; ++i)
        if (std::isalpha(static_cast<unsigned char>(suite[i]))) ++n;
    return n;
  };
  const std::string base = "--make-suite 40 --seed 1 --depth 1";
  CliRun plain = run(base);
  CliRun biased = run(base + " --bias captures");
  ASSERT_EQ(plain.status, 0);
  ASSERT_EQ(biased.status, 0);
  EXPECT_LT(pieces(biased.out), pieces(plain.out));
}

TEST(FairyPerftCliMakeSuite, UsageErrors) {
  for (const auto& [args, want] : std::vector<std::pair<std::string, std::string>>{
           {"--make-suite 0 --seed 1 --depth 1", "--make-suite"},
           {"--make-suite x --seed 1 --depth 1", "--make-suite"},
           {"--make-suite 3 --depth 1", "--make-suite needs --seed S"},
           {"--make-suite 3 --seed 1", "--make-suite needs --depth D"},
           {"--make-suite 3 --seed -1 --depth 1", "--seed"},
           {"--make-suite 3 --seed 1 --depth 0", "--depth"},
           {"--make-suite 3 --seed 1 --depth 1 --bias checks", "--bias wants captures"},
           {"--make-suite 3 --seed 1 --depth 1 --format json", "--format wants perft or epd"},
           {"--make-suite 3 --seed 1 --depth 1 --fen-dialect fancy", "--fen-dialect wants one of"},
           {"--make-suite 3 --seed 1 --depth 1 --variant fluidity --fen-dialect xogo",
            "the xogo FEN dialect has no form for Fluidity"},
           {"--make-suite 3 --seed 1 --depth 1 --fen startpos", "--fen and --make-suite"},
           {"--make-suite 3 --seed 1 --depth 1 x.perft", "suite files and --make-suite"},
           {"--fen startpos --depth 1 -o x.perft", "--output applies to --make-suite only"},
           {"--fen startpos --depth 1 --bias captures", "--bias applies to --make-suite only"},
           {"--make-suite 3 --seed 1 --depth 1 -o /nonexistent/dir/x.perft", "/nonexistent"},
           {"--make-suite 3 --seed 1 --depth 1 --variant cwda --format epd",
            "use the .perft format"}}) {
    CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_NE(r.err.find(want), std::string::npos) << args << ": " << r.err;
  }
}
