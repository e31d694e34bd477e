// The command-line parser shared by the tools: what an unknown flag is told.
#include "tools/common/cli.h"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <tuple>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "tests/tools/run_tool.h"

namespace fairykit::cli {
namespace {

const std::vector<FlagSpec> kSpecs = {
    {.name = "format", .takes_value = true},
    {.name = "from", .takes_value = true},
    {.name = "to", .takes_value = true},
    {.name = "quiet", .short_name = 'q'},
    {.name = "max-depth"},
    {.name = "max-nodes"},
    {.name = "help"},
    {.name = "generate", .hidden = true},
};

TEST(NearestFlag, OneOrTwoEditsAway) {
  EXPECT_EQ(nearest_flag("formt", kSpecs), "format");   // a letter left out
  EXPECT_EQ(nearest_flag("fromat", kSpecs), "format");  // two letters swapped
  EXPECT_EQ(nearest_flag("quite", kSpecs), "quiet");
  EXPECT_EQ(nearest_flag("hepl", kSpecs), "help");
  EXPECT_EQ(nearest_flag("max-dpeth", kSpecs), "max-depth");
  EXPECT_EQ(nearest_flag("form", kSpecs), "from");  // one swap; "format" is two letters away
}

TEST(NearestFlag, ABeginningNamesTheOnlyFlagItBegins) {
  EXPECT_EQ(nearest_flag("max-n", kSpecs), "max-nodes");
  EXPECT_EQ(nearest_flag("to-csv", kSpecs), "to");
  // "max" begins two flags and is near neither.
  EXPECT_EQ(nearest_flag("max", kSpecs), std::nullopt);
}

TEST(NearestFlag, NothingNearAndHiddenFlagsAreNotSuggested) {
  EXPECT_EQ(nearest_flag("zzzzzz", kSpecs), std::nullopt);
  EXPECT_EQ(nearest_flag("generat", kSpecs), std::nullopt);
  EXPECT_EQ(nearest_flag("x", kSpecs), std::nullopt);
}

TEST(NearestFlag, EveryToolSaysWhichFlagItKnows) {
  struct Case {
    std::string tool, typed, meant;
  };
  for (const Case& c : std::vector<Case>{{"fairy-analyze", "--formt", "--format"},
                                         {"fairy-perft", "--dpeth", "--depth"},
                                         {"fairy-validate", "--quite", "--quiet"},
                                         {"fairy-convert", "--notaton", "--notation"}}) {
    const testing::ToolOutput r = testing::run_tool(c.tool, c.typed + " x");
    EXPECT_EQ(r.status, 2) << c.tool;
    EXPECT_EQ(r.err, c.tool + ": unknown option '" + c.typed + "'; did you mean " + c.meant +
                         "?\nTry '" + c.tool + " --help' for more information.\n");
  }
  const testing::ToolOutput far = testing::run_tool("fairy-convert", "--zzzzzz x");
  EXPECT_EQ(far.status, 2);
  EXPECT_EQ(far.err,
            "fairy-convert: unknown option '--zzzzzz'\n"
            "Try 'fairy-convert --help' for more information.\n");
}

// With no file and a terminal on standard input, each batch tool says in one line that it
// reads the terminal and how to end; from a pipe or a file it says nothing of the kind.
TEST(InputFiles, ATerminalOnStandardInputGetsAOneLineHint) {
  if (std::system("command -v python3 >/dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  for (const std::string tool : {"fairy-validate", "fairy-convert", "fairy-analyze"}) {
    // A pseudo-terminal as standard input (only), ended at once with Ctrl-D.
    const std::string program = std::string(FAIRYKIT_BIN_DIR) + "/" + tool;
    const testing::ToolOutput r = testing::run_shell(
        "python3 -c 'import os, pty, subprocess, sys\n"
        "m, s = pty.openpty()\n"
        "p = subprocess.Popen([sys.argv[1]], stdin=s)\n"
        "os.close(s)\n"
        "os.write(m, b\"\\x04\")\n"
        "sys.exit(p.wait(timeout=20))' '" +
        program + "'");
    EXPECT_EQ(r.status, 0) << tool << ": " << r.err;
    const std::string hint = tool +
                             ": reading games from the terminal: type or paste them and end "
                             "with Ctrl-D, or give FILE... (see --help)\n";
    EXPECT_EQ(r.err.substr(0, hint.size()), hint) << r.err;
    const testing::ToolOutput piped = testing::run_tool(tool, "");
    EXPECT_EQ(piped.err.find("terminal"), std::string::npos) << piped.err;
  }
}

// -j 0 is every core, in every tool; the output is what -j 1 gives.
TEST(JobsFlag, ZeroIsEveryCoreInEveryTool) {
  const std::string samples = std::string(FAIRYKIT_SOURCE_DIR) + "/samples/";
  struct Case {
    std::string tool, args;
  };
  for (const Case& c : std::vector<Case>{
           {"fairy-perft", "--fen startpos --depth 3"},
           {"fairy-validate", "'" + samples + "classics.pgn' '" + samples + "interweave.pgn'"},
           {"fairy-convert", "-q '" + samples + "fluidity.pgn'"},
           {"fairy-analyze", "-q '" + samples + "cwda.pgn'"}}) {
    const testing::ToolOutput one = testing::run_tool(c.tool, "-j 1 " + c.args);
    const testing::ToolOutput all = testing::run_tool(c.tool, "-j 0 " + c.args);
    EXPECT_EQ(one.status, 0) << c.tool << ": " << one.err;
    EXPECT_EQ(all.status, 0) << c.tool << ": " << all.err;
    EXPECT_FALSE(one.out.empty()) << c.tool;
    EXPECT_EQ(all.out, one.out) << c.tool;
  }
}

// -q means the same in every tool: no summary, no timing, no warnings and no progress line;
// the output asked for is unchanged and errors are still said.
TEST(QuietFlag, NoSummaryInEveryTool) {
  const std::string samples = std::string(FAIRYKIT_SOURCE_DIR) + "/samples/";
  const std::string broken = "'" + samples + "broken.pgn'",
                    classics = "'" + samples + "classics.pgn'";
  struct Case {
    std::string tool, args, summary;  // `summary`: a line of the summary without -q
  };
  for (const Case& c : std::vector<Case>{
           {"fairy-perft", "--suite '" + samples + "tricky.perft' --max-depth 2", " positions: "},
           {"fairy-validate", broken + " " + classics, "total: 8 games read: 5 valid, 3 invalid"},
           {"fairy-convert", "--to jsonl " + broken + " " + classics,
            "total: 8 games read: 5 written, 0 filtered out, 3 rejected"},
           {"fairy-analyze", "--format csv " + broken + " " + classics,
            "total: 8 games read: 5 analysed, 3 rejected"}}) {
    SCOPED_TRACE(c.tool);
    const testing::ToolOutput loud = testing::run_tool(c.tool, c.args);
    const testing::ToolOutput quiet = testing::run_tool(c.tool, "-q " + c.args);
    EXPECT_EQ(quiet.status, loud.status);
    EXPECT_NE((loud.out + loud.err).find(c.summary), std::string::npos) << loud.out << loud.err;
    EXPECT_EQ((quiet.out + quiet.err).find(" read: "), std::string::npos) << quiet.out << quiet.err;
    EXPECT_EQ((quiet.out + quiet.err).find(" positions: "), std::string::npos) << quiet.out;
    EXPECT_EQ(quiet.err.find("time "), std::string::npos) << quiet.err;
    EXPECT_EQ(quiet.err.find("warning"), std::string::npos) << quiet.err;
    if (c.tool == "fairy-perft" || c.tool == "fairy-validate") {
      EXPECT_EQ(quiet.out, "");  // all that was printed is summary (or passing entries)
    } else {
      EXPECT_EQ(quiet.out, loud.out);  // the output asked for
    }
    if (c.tool == "fairy-validate" || c.tool == "fairy-convert") {
      // The errors of the rejected games, one line each, as without -q.
      EXPECT_EQ(quiet.err,
                "" + samples +
                    "broken.pgn:9:72: error: game 1 (A - B), ply 13: illegal move \"Ke2\"\n" +
                    samples +
                    "broken.pgn:20:21: error: game 2 (A - B): the game ends in checkmate (Black "
                    "wins) but the result is \"1-0\"\n" +
                    samples +
                    "broken.pgn:29:1: error: game 3 (A - B): unsupported variant \"Crazyhouse\"\n");
    } else {
      EXPECT_EQ(quiet.err, "");
    }
  }
}

// `termination` (and `termination_from`) mean the same in every tool's JSON: per game,
// fairy-validate's report and fairy-convert's game object agree, and fairy-analyze's table of
// terminations counts exactly those values. The inputs end in every way: on the board, by a
// Termination tag of the standard or of another spelling, by a deduction from the result.
TEST(TerminationField, TheSameInEveryToolsJson) {
  using Json = nlohmann::json;
  const std::string data = std::string(FAIRYKIT_DATA_DIR) + "/corpus/";
  std::string inputs = "'" + std::string(FAIRYKIT_SOURCE_DIR) + "/samples/'*.pgn";
  for (const char* f : {"standard/twic0920.pgn", "tcec/TCEC_Match_5-games-5-6.pgn",
                        "tcec/TCEC_Season_16_-_Frc_Cpu_League_2-games-25-55.pgn",
                        "misc/stockfish-learning.pgn", "edge-cases/multiple.pgn"})
    inputs += " '" + data + f + "'";
  using Ended = std::pair<std::string, std::string>;                // termination, termination_from
  std::map<std::pair<std::string, std::int64_t>, Ended> validated;  // (file, game)
  const testing::ToolOutput v = testing::run_tool("fairy-validate", "--format jsonl " + inputs);
  ASSERT_NE(v.status, 2) << v.err;
  std::istringstream vlines(v.out);
  for (std::string line; std::getline(vlines, line);) {
    const Json g = Json::parse(line);
    if (g["type"] != "game" || !g["valid"].get<bool>()) continue;
    validated[{g["file"], g["game"]}] = {g["termination"], g["termination_from"]};
  }
  const testing::ToolOutput c = testing::run_tool("fairy-convert", "-q --to jsonl " + inputs);
  std::map<std::tuple<std::string, std::string, std::string>, std::uint64_t> counted;
  std::set<std::string> sources;
  std::size_t games = 0;
  std::istringstream clines(c.out);
  for (std::string line; std::getline(clines, line); ++games) {
    const Json g = Json::parse(line);
    const Ended ended{g["termination"], g["termination_from"]};
    const auto it = validated.find({g["file"], g["game"]});
    ASSERT_NE(it, validated.end()) << line;
    EXPECT_EQ(it->second, ended) << g["file"] << " game " << g["game"];
    ++counted[{g["variant"], ended.first, ended.second}];
    sources.insert(ended.second);
  }
  EXPECT_EQ(games, validated.size());
  EXPECT_EQ(sources, (std::set<std::string>{"board", "tag", "result"}));
  const testing::ToolOutput a =
      testing::run_tool("fairy-analyze", "-q --no-openings --format json " + inputs);
  std::map<std::tuple<std::string, std::string, std::string>, std::uint64_t> tabled;
  const Json report = Json::parse(a.out);
  for (const Json& t : report["tables"]) {
    if (t["name"] != "terminations") continue;
    for (const Json& row : t["rows"])
      tabled[{row["variant"], row["termination"], row["termination_from"]}] = row["games"];
  }
  EXPECT_EQ(tabled, counted);
}

// --version and --help work for every installed program, the script among them.
TEST(VersionFlag, EveryInstalledProgramSaysItsVersion) {
  for (const std::string tool :
       {"fairy-perft", "fairy-validate", "fairy-convert", "fairy-analyze", "fairy-seekable-zstd"}) {
    const std::string program = tool == "fairy-seekable-zstd"
                                    ? std::string(FAIRYKIT_SOURCE_DIR) + "/tools/" + tool
                                    : std::string(FAIRYKIT_BIN_DIR) + "/" + tool;
    const testing::ToolOutput version = testing::run_shell("'" + program + "' --version");
    EXPECT_EQ(version.status, 0) << tool;
    const std::string expected = tool + " (fairykit) " + kVersion;
    EXPECT_EQ(version.out.substr(0, expected.size()), expected) << version.out;
    const testing::ToolOutput help = testing::run_shell("'" + program + "' --help");
    EXPECT_EQ(help.status, 0) << tool;
    EXPECT_NE(help.out.find("--version"), std::string::npos) << tool;
  }
}

}  // namespace
}  // namespace fairykit::cli
