// fairy-analyze --positions from the outside: the records of a short game written out by
// hand, every sample of every variant at -j 1 and -j 2 (the same bytes), the records of a
// position list against the perft counts written in it, CSV, rejected games (no records,
// exit 1), and usage errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;

using Output = fairykit::testing::ToolOutput;

const std::string kSamples = std::string(FAIRYKIT_SOURCE_DIR) + "/samples";
const std::string kTwic = std::string(FAIRYKIT_DATA_DIR) + "/corpus/standard/twic0920.pgn";

Output run(const std::string& args, const std::string& input = "") {
  return fairykit::testing::run_tool("fairy-analyze", args, ".", input);
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string dir = fairykit::testing::unique_temp("positions") + "/";
  fs::create_directories(dir);
  std::ofstream(dir + name, std::ios::binary) << text;
  return dir + name;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string material(const char* white, const char* black) {
  return std::string("\"material\":{\"white\":{") + white + "},\"black\":{" + black + "}}";
}

constexpr const char* kArmy =
    "\"pawn\":8,\"knight\":2,\"bishop\":2,\"rook\":2,\"queen\":1,\"king\":1";

TEST(AnalyzePositions, FoolsMateRecordByRecord) {
  const std::string pgn =
      write_file("fool.pgn", "[Event \"fool\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
  const Output o = run("--positions '" + pgn + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  const std::vector<std::string> r = lines(o.out);
  ASSERT_EQ(r.size(), 5u) << o.out;
  const std::string file = "{\"file\":\"" + pgn + "\",\"game\":1,";
  EXPECT_EQ(r[0], file +
                      "\"ply\":0,\"variant\":\"chess\",\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/"
                      "PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"side\":\"white\",\"legal\":20,"
                      "\"captures\":0,\"check\":false,\"status\":\"\"," +
                      material(kArmy, kArmy) + ",\"balance\":0}");
  // The positions between: their ply and side here (their counts are the engine's, held to
  // perft and to hand counts in tests/analysis/positions_test.cpp); then the mate.
  EXPECT_NE(r[3].find("\"ply\":3,"), std::string::npos);
  EXPECT_NE(r[3].find("\"side\":\"black\""), std::string::npos);
  EXPECT_EQ(r[4], file +
                      "\"ply\":4,\"variant\":\"chess\",\"fen\":\"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/"
                      "PPPPP2P/RNBQKBNR w KQkq - 1 3\",\"side\":\"white\",\"legal\":0,"
                      "\"captures\":0,\"check\":true,\"status\":\"checkmate\"," +
                      material(kArmy, kArmy) + ",\"balance\":0}");
  EXPECT_NE(o.err.find("1 game read: 1 analysed, 0 rejected; 5 positions"), std::string::npos)
      << o.err;
}

TEST(AnalyzePositions, PerftOfEachLineOfAList) {
  // The sample suite's lines carry their perft counts (;D1 N): --perft 1 and the legal
  // count must both give them.
  const std::string epd = kSamples + "/chess.epd";
  std::ifstream in(epd);
  std::vector<std::string> d1;
  for (std::string l; std::getline(in, l);) {
    const std::size_t at = l.find(";D1 ");
    if (at == std::string::npos) continue;
    d1.push_back(l.substr(at + 4, l.find(' ', at + 4) - at - 4));
  }
  ASSERT_FALSE(d1.empty());
  const Output o = run("--positions --perft 1 '" + epd + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  const std::vector<std::string> r = lines(o.out);
  ASSERT_EQ(r.size(), d1.size());
  for (std::size_t i = 0; i < r.size(); ++i) {
    EXPECT_NE(r[i].find("\"legal\":" + d1[i] + ","), std::string::npos) << r[i];
    EXPECT_NE(r[i].find("\"perft\":" + d1[i] + "}"), std::string::npos) << r[i];
    EXPECT_NE(r[i].find("\"game\":" + std::to_string(i + 1) + ",\"ply\":0,"), std::string::npos);
  }
  const Output two =
      run("--positions --perft 2 --format csv '" + write_file("s.fen", "startpos\n") + "'");
  EXPECT_EQ(lines(two.out).size(), 2u);
  EXPECT_EQ(lines(two.out).back().substr(lines(two.out).back().rfind(',')), ",400");
}

// Every sample of every variant, both formats: the same bytes at -j 1 and -j 2, one JSON
// object a line, and Interweave's records with their chain fields.
TEST(AnalyzePositions, ParallelOutputEqualsSerialOutput) {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(kSamples))
    if (e.path().extension() == ".pgn" && e.path().stem() != "broken")
      files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  files.push_back(kTwic);
  ASSERT_GE(files.size(), 7u);
  for (const std::string& f : files) {
    const Output one = run("-q -j 1 --positions '" + f + "'");
    const Output two = run("-q -j 2 --positions '" + f + "'");
    EXPECT_LE(one.status, 1) << f << one.err;
    EXPECT_EQ(one.out, two.out) << f;
    EXPECT_FALSE(one.out.empty()) << f;
    for (const std::string& l : lines(one.out)) {
      ASSERT_TRUE(l.size() > 2 && l.front() == '{' && l.back() == '}') << f << ": " << l;
      const bool interweave = l.find("\"variant\":\"interweave\"") != std::string::npos;
      EXPECT_EQ(l.find("\"longest_chain\":") != std::string::npos, interweave) << l;
    }
  }
  const Output one = run("-q -j 1 --positions --format csv '" + kTwic + "'");
  const Output two = run("-q -j 2 --positions --format csv '" + kTwic + "'");
  EXPECT_EQ(one.out, two.out);
  EXPECT_GT(lines(one.out).size(), 100000u);
}

// The file column is the input as named: a name a spreadsheet would run as a formula gets a
// ' before it, unless --csv-raw.
TEST(AnalyzePositions, FormulaCellsInTheCsv) {
  const std::string path = write_file("@f.fen", "startpos\n");
  const std::string dir = path.substr(0, path.rfind('/'));
  Output o = fairykit::testing::run_tool("fairy-analyze", "--positions --format csv @f.fen", dir);
  ASSERT_EQ(o.status, 0) << o.err;
  ASSERT_EQ(lines(o.out).size(), 2u);
  EXPECT_EQ(lines(o.out)[1].rfind("'@f.fen,1,0,chess,rnbqkbnr/", 0), 0u) << o.out;
  o = fairykit::testing::run_tool("fairy-analyze", "--positions --format csv --csv-raw @f.fen",
                                  dir);
  ASSERT_EQ(lines(o.out).size(), 2u);
  EXPECT_EQ(lines(o.out)[1].rfind("@f.fen,1,0,chess,rnbqkbnr/", 0), 0u) << o.out;
  o = fairykit::testing::run_tool("fairy-analyze", "--positions --csv-raw @f.fen", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--csv-raw needs --format csv"), std::string::npos) << o.err;
}

TEST(AnalyzePositions, InterweaveChainsInCsv) {
  const std::string fen = write_file(
      "iw.fen", "k6k/3p4/8/3p4/3K4/8/7p/7K w 0 - 000000\nk7/8/8/8/8/8/8/K6K b 0 - 000000\n");
  const Output o = run("--positions --format csv --variant interweave '" + fen + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  const std::vector<std::string> r = lines(o.out);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_TRUE(r[0].ends_with(",balance,compulsory,longest_chain")) << r[0];
  EXPECT_EQ(r[1], fen +
                      ",1,0,interweave,k6k/3p4/8/3p4/3K4/8/7p/7K w 0 - 000000,white,2,2,false,,"
                      "0,0,0,0,2,3,0,0,0,2,-3,true,2");
  EXPECT_EQ(r[2], fen +
                      ",2,0,interweave,k7/8/8/8/8/8/8/K6K b 0 - 000000,black,0,0,false,capture "
                      "of a King,0,0,0,0,2,0,0,0,0,1,0,false,0");
}

TEST(AnalyzePositions, RejectedGamesGiveNoRecords) {
  const std::string pgn = write_file("bad.pgn",
                                     "[Event \"ok\"]\n\n1. e4 e5 *\n\n"
                                     "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n"
                                     "[Event \"ok\"]\n\n1. d4 *\n");
  const Output o = run("--positions '" + pgn + "'");
  EXPECT_EQ(o.status, 1);
  const std::vector<std::string> r = lines(o.out);
  ASSERT_EQ(r.size(), 5u);
  EXPECT_NE(r[2].find("\"game\":1,\"ply\":2,"), std::string::npos);
  EXPECT_NE(r[3].find("\"game\":3,\"ply\":0,"), std::string::npos);
  EXPECT_NE(o.err.find("3 games read: 2 analysed, 1 rejected; 5 positions"), std::string::npos)
      << o.err;
  // A game of another variant has no columns in a chess CSV.
  const std::string mixed = write_file(
      "mixed.pgn",
      "[Event \"c\"]\n\n1. e4 *\n\n[Event \"i\"]\n[Variant \"interweave\"]\n\n1. c2-b3 *\n");
  const Output csv = run("--positions --format csv -v '" + mixed + "'");
  EXPECT_EQ(csv.status, 1);
  EXPECT_EQ(lines(csv.out).size(), 3u);  // the header and the chess game's two positions
  EXPECT_NE(csv.err.find("--format csv: the pieces of interweave have no columns"),
            std::string::npos)
      << csv.err;
  // The same file as JSON Lines: every game.
  const Output jsonl = run("--positions '" + mixed + "'");
  EXPECT_EQ(jsonl.status, 0) << jsonl.err;
  EXPECT_EQ(lines(jsonl.out).size(), 4u);
}

TEST(AnalyzePositions, UsageErrors) {
  for (const char* args :
       {"--positions --format text", "--positions --format json", "--format jsonl",
        "--positions --perft 0", "--positions --perft 7", "--perft 2", "--positions --tree 3",
        "--positions --group-by Event", "--positions --no-openings"}) {
    const Output o = run(args, "/dev/null");
    EXPECT_EQ(o.status, 2) << args;
    EXPECT_NE(o.err.find("fairy-analyze"), std::string::npos) << args << ": " << o.err;
  }
  const Output help = run("--help");
  EXPECT_NE(help.out.find("--positions"), std::string::npos);
  EXPECT_NE(help.out.find("--perft D"), std::string::npos);
}

}  // namespace
