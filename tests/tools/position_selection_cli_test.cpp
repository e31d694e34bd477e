// --material, --material-exact, --material-plies and --board-pattern as the three tools that
// select take them: the same usage errors word for word, a Superchess game with an Amazon
// selected by each, compressed input, and the same output at -j 1 and -j 2 on the TWIC file.
// (The cases shared with the other selection flags are in tests/tools/selection_cases.h.)
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/tools/run_tool.h"

namespace {

using fairykit::testing::run_tool;
using fairykit::testing::ToolOutput;

constexpr const char* kTools[] = {"fairy-convert", "fairy-validate", "fairy-analyze"};

// Two Superchess games: in the first the Amazon takes the Queen (A v Q, then A v K); the
// second keeps its start array (every piece of it, the Amazon too).
constexpr const char* kSuperchess = R"([Event "amazon"]
[Variant "Superchess"]
[FEN "4k3/8/8/8/8/8/7q/A3K3 w - - 0 1"]
[SetUp "1"]
[Result "*"]

1. Ae5+ Kf8 2. Axh2 *

[Event "array"]
[Variant "Superchess"]
[FEN "ravqkesr/pppppppp/8/8/8/8/PPPPPPPP/RAVQKESR w KQkq - 0 1"]
[SetUp "1"]
[Result "*"]

1. Vb3 b5 *
)";

std::string dir_with_games() {
  const std::string dir = fairykit::testing::unique_temp("positions");
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/super.pgn", std::ios::binary) << kSuperchess;
  return dir;
}

TEST(PositionSelection, UsageErrorsOfEveryTool) {
  const std::string dir = dir_with_games();
  struct Case {
    const char* flags;
    const char* message;
  } const cases[] = {
      {"--material 'QX v Q'",
       "--material 'QX v Q': column 2: 'X' is the letter of no piece of "
       "any variant"},
      {"--material-exact 'R- v R'",
       "--material-exact 'R- v R': column 2: '-' needs a count before it (R2- is two or fewer)"},
      {"--material-plies 2", "--material-plies is about --material and --material-exact"},
      {"--material Q --material-plies -1",
       "--material-plies wants a whole number from 0 to 1000000, not '-1'"},
      {"--board-pattern '*/*/*/*/*/*/*'",
       "--board-pattern '*/*/*/*/*/*/*': column 13: 7 ranks, the board has 8 (ranks are "
       "separated by '/')"},
      {"--board-pattern '*/*/*/*/*/*/*/RNBQKBNRR'",
       "--board-pattern '*/*/*/*/*/*/*/RNBQKBNRR': column 15: rank 1 has 9 squares, the board "
       "8 (a '*' stands for any run)"},
  };
  for (const char* tool : kTools)
    for (const Case& c : cases) {
      const ToolOutput o = run_tool(tool, std::string(c.flags) + " super.pgn", dir);
      EXPECT_EQ(o.status, 2) << tool << " " << c.flags;
      EXPECT_EQ(o.out, "") << tool << " " << c.flags;
      EXPECT_EQ(o.err, std::string(tool) + ": " + c.message + "\nTry '" + tool +
                           " --help' for more information.\n")
          << tool << " " << c.flags;
    }
}

TEST(PositionSelection, AnAmazonInEveryTool) {
  const std::string dir = dir_with_games();
  struct Case {
    const char* flags;
    int selected;  // of the 2 games
    const char* event;
  } const cases[] = {
      {"--material 'A v Q'", 1, "amazon"},
      {"--material 'A v K'", 1, "amazon"},
      {"--material '3 A v Q'", 0, ""},
      {"--material 'Q v Q'", 0, ""},
      {"--material 'AVQESR2P8 v AVQESR2P8'", 1, "array"},
      {"--material-exact 'Q v A'", 0, ""},
      {"--board-pattern '*/*/*/4A3/*/*/*/*'", 1, "amazon"},
      {"--board-pattern '*/*/*/*/*/*/*/RAVQKESR'", 1, "array"},
      {"--board-pattern '*/*/*/*/*/*/*/A*' --material 'A v K'", 1, "amazon"},
  };
  for (const Case& c : cases) {
    const std::string n = std::to_string(c.selected), out = std::to_string(2 - c.selected);
    const ToolOutput convert = run_tool("fairy-convert", std::string(c.flags) + " super.pgn", dir);
    EXPECT_EQ(convert.status, 0) << c.flags << convert.err;
    EXPECT_EQ(convert.err, "super.pgn: 2 games read: " + n + " written, " + out +
                               " filtered out, 0 rejected; 0 warnings\n")
        << c.flags;
    if (c.selected)
      EXPECT_NE(convert.out.find(std::string("[Event \"") + c.event), std::string::npos);
    const ToolOutput validate =
        run_tool("fairy-validate", std::string("--no-roster ") + c.flags + " super.pgn", dir);
    EXPECT_EQ(validate.out, "super.pgn: 2 games read: " + n + " valid, 0 invalid, " + out +
                                " filtered out; 0 errors, 0 warnings\n")
        << c.flags;
    const ToolOutput analyze = run_tool("fairy-analyze", std::string(c.flags) + " super.pgn", dir);
    EXPECT_EQ(analyze.err,
              "super.pgn: 2 games read: " + n + " analysed, " + out + " filtered out, 0 rejected\n")
        << c.flags;
  }
}

TEST(PositionSelection, CompressedInputAndThreads) {
  const std::string dir = dir_with_games();
  ASSERT_EQ(std::system(("gzip -k '" + dir + "/super.pgn'").c_str()), 0);
  const ToolOutput plain = run_tool("fairy-convert", "--material 'A v Q' super.pgn", dir);
  const ToolOutput packed = run_tool("fairy-convert", "--material 'A v Q' super.pgn.gz", dir);
  EXPECT_EQ(packed.out, plain.out);
  // The TWIC file: rook endings and a board, at one and two threads.
  const std::string twic = " '" + fairykit::testing::kTwic + "'";
  for (const char* flags : {"--material 'R+P* R=P*' --material-plies 4",
                            "--board-pattern '*/*/*/*/*/*/*/??KR*' --material 'Q*R2P+ v Q*R2P+'"}) {
    const ToolOutput one = run_tool("fairy-convert", std::string("-j 1 ") + flags + twic, dir);
    const ToolOutput two = run_tool("fairy-convert", std::string("-j 2 ") + flags + twic, dir);
    EXPECT_EQ(one.status, 0) << flags;
    EXPECT_FALSE(one.out.empty()) << flags;
    EXPECT_EQ(one.out, two.out) << flags;
    EXPECT_EQ(one.err, two.err) << flags;
  }
}

// A line of a FEN list is a game of no moves: its one position is tested.
TEST(PositionSelection, PositionLists) {
  const std::string dir = dir_with_games();
  std::ofstream(dir + "/lines.fen", std::ios::binary) << "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1\n"
                                                         "4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1\n";
  const ToolOutput convert =
      run_tool("fairy-convert", "--to fen --material 'R v R' lines.fen", dir);
  EXPECT_EQ(convert.out, "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1\n");
  const ToolOutput analyze =
      run_tool("fairy-analyze", "--positions --board-pattern '*/*/*/*/*/*/3q4/*' lines.fen", dir);
  EXPECT_EQ(analyze.err,
            "lines.fen: 2 games read: 1 analysed, 1 filtered out, 0 rejected; 1 "
            "positions\n");
  EXPECT_NE(analyze.out.find("3q4"), std::string::npos);
}

}  // namespace
