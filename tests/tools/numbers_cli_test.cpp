// Numbers too large for their type, in every place a tool reads one:
// each is a one-line error with the documented exit status, never an exception or a wrap.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/tools/run_tool.h"

namespace {

using fairykit::testing::run_tool;
using fairykit::testing::unique_temp;
using Output = fairykit::testing::ToolOutput;

const std::string kHuge = "99999999999999999999999";  // more than 2^64

std::string usage(const std::string& tool, const std::string& message) {
  return tool + ": " + message + "\nTry '" + tool + " --help' for more information.\n";
}

TEST(NumbersCli, PerftFlags) {
  struct Case {
    std::string args, message;
  };
  for (const Case& c : {
           Case{"--fen startpos --depth " + kHuge, "--depth wants a whole number from 0 to 64"},
           Case{"--fen startpos --max-depth " + kHuge,
                "--max-depth wants a whole number from 1 to 64"},
           Case{"--suite x.epd --max-nodes " + kHuge,
                "--max-nodes wants a whole number from 1 to 4611686018427387904"},
           Case{"--fen startpos --depth 1 -j " + kHuge,
                "--jobs wants a whole number from 0 to 1024"},
           Case{"--variant superchess --shuffle random --depth 1 --seed " + kHuge,
                "--seed wants a whole number from 0 to 9223372036854775807"},
       }) {
    const Output o = run_tool("fairy-perft", c.args);
    EXPECT_EQ(o.status, 2) << c.args;
    EXPECT_EQ(o.err, usage("fairy-perft", c.message + ", not '" + kHuge + "'")) << c.args;
    EXPECT_EQ(o.out, "") << c.args;
  }
  const Output shuffle =
      run_tool("fairy-perft", "--variant superchess --depth 1 --shuffle " + kHuge);
  EXPECT_EQ(shuffle.status, 2);
  EXPECT_EQ(
      shuffle.err,
      usage("fairy-perft", "--shuffle wants a number 0-1727 or \"random\", not '" + kHuge + "'"));
}

TEST(NumbersCli, ValidateFlags) {
  const Output o = run_tool("fairy-validate", "-j " + kHuge + " -");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, usage("fairy-validate",
                         "--jobs wants a whole number from 0 to 1024, not '" + kHuge + "'"));
}

TEST(NumbersCli, EpdSuiteCounts) {
  const std::string path = unique_temp("huge.epd");
  std::ofstream(path) << "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n"
                      << "4k3/8/8/8/8/8/8/4K2R w K - ;D1 " << kHuge << "\n";
  const Output o = run_tool("fairy-perft", "--suite " + path + " -q");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-perft: " + path + ":2:29: perft node count '" + kHuge + "' is out of range\n");
  std::remove(path.c_str());
}

TEST(NumbersCli, PerftSuiteCountsAndDepths) {
  const std::string path = unique_temp("huge.perft");
  std::ofstream(path) << "fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1\nperft " << kHuge << " 15\n";
  const Output o = run_tool("fairy-perft", "--suite " + path + " -q");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-perft: " + path + ":2: perft depth '" + kHuge + "' is out of range (1 to 64)\n");
  std::remove(path.c_str());
}

// PGN move numbers are skipped whatever their length; a NAG beyond 255 makes the game invalid
// with a message.
TEST(NumbersCli, PgnMoveNumbersAndNags) {
  const std::string path = unique_temp("huge.pgn");
  std::ofstream(path) << "[Event \"a\"]\n\n" << kHuge << ". e4 e5 $" << kHuge << " *\n";
  const Output o = run_tool("fairy-validate", "--no-roster " + path);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err,
            path + ":3:32: error: game 1 (? - ?): NAG $" + kHuge + " is out of range (0 to 255)\n");
  EXPECT_EQ(o.out, path + ": 1 game read: 0 valid, 1 invalid; 1 error, 0 warnings\n");
  std::remove(path.c_str());
}

}  // namespace
