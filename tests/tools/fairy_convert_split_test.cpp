// fairy-convert --split N and --split-by TAG from the outside: the exact files made and the
// games in each (first and last), their names (safe values, a missing tag, names that would
// merge), every per-game format, compressed input and output, -j 1 = -j 2 byte for byte,
// the split counts of the chess corpus as pgn-extract -#N makes them (held here for CI;
// split_vs_pgn_extract.py runs pgn-extract itself), and each error word for word.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;

using fairykit::testing::kSamples;
using fairykit::testing::kTwic;
using fairykit::testing::slurp;
using Output = fairykit::testing::ToolOutput;

Output run(const std::string& args, const std::string& dir = ".") {
  return fairykit::testing::run_tool("fairy-convert", args, dir);
}

std::string temp_dir() {
  const std::string dir = fairykit::testing::unique_temp("split") + "/";
  fs::create_directories(dir);
  return dir;
}

std::string q(const std::string& path) { return "'" + path + "'"; }

// The names of the files in `dir` (and below), sorted, relative to it.
std::vector<std::string> files_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) names.push_back(fs::relative(e.path(), dir).string());
  std::sort(names.begin(), names.end());
  return names;
}

// The values of tag `tag` of each game of PGN text, in order.
std::vector<std::string> tag_values(const std::string& pgn, const std::string& tag) {
  std::vector<std::string> values;
  std::istringstream in(pgn);
  const std::string start = "[" + tag + " \"";
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(start))
      values.push_back(line.substr(start.size(), line.size() - start.size() - 2));
  return values;
}

// The lines of standard error from "split:" on.
std::string split_summary(const std::string& err) {
  const std::size_t at = err.find("split:");
  return at == std::string::npos ? "" : err.substr(at);
}

// Eight games with the Event and Date tags a split meets: unsafe values, values whose safe
// names are the same, "" and "?" and a missing tag, dates without a year.
const char* const kTagged = R"([Event "Open/A"]
[Date "2021.03.04"]
[White "P1"]
[Result "*"]

1. e4 *

[Event "Open_A"]
[Date "2021.??.??"]
[White "P2"]
[Result "*"]

1. d4 *

[Date "????.??.??"]
[White "P3"]
[Result "*"]

1. c4 *

[Event ".."]
[Date "2022.01.01"]
[White "P4"]
[Result "*"]

1. Nf3 *

[Event ""]
[White "P5"]
[Result "*"]

1. g3 *

[Event "Open/A"]
[Date "2022.05.05"]
[White "P6"]
[Result "*"]

1. b3 *

[Event "?"]
[Date "19??.??.??"]
[White "P7"]
[Result "*"]

1. f4 *

[Event "open_a"]
[Date "2021.12.31"]
[White "P8"]
[Result "*"]

1. a3 *
)";

TEST(FairyConvertSplit, FilesOfNGamesExactly) {
  const std::string dir = temp_dir();
  const std::string in = q(kSamples + "/classics.pgn");
  const Output o = run("--split 3 -o 'c-{n}.pgn' " + in, dir);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(files_in(dir), (std::vector<std::string>{"c-0001.pgn", "c-0002.pgn"}));
  EXPECT_EQ(tag_values(slurp(dir + "c-0001.pgn"), "Date"),
            (std::vector<std::string>{"1886.01.11", "1886.01.13", "1886.01.15"}));
  EXPECT_EQ(tag_values(slurp(dir + "c-0002.pgn"), "Date"),
            (std::vector<std::string>{"1886.01.18"}));
  EXPECT_EQ(split_summary(o.err),
            "split: 4 games in 2 files\n  c-0001.pgn: 3 games\n  c-0002.pgn: 1 game\n");
  // Together, the files are the output of one file.
  const Output whole = run("-q " + in);
  EXPECT_EQ(slurp(dir + "c-0001.pgn") + slurp(dir + "c-0002.pgn"), whole.out);
  // N equal to the games: one file; {n:1} without zeros.
  ASSERT_EQ(run("-q --split 4 -o 'd{n:1}.pgn' " + in, dir).status, 0);
  EXPECT_EQ(slurp(dir + "d1.pgn"), whole.out);
  EXPECT_FALSE(fs::exists(dir + "d2.pgn"));
}

TEST(FairyConvertSplit, TwicInFilesOf100AtOneAndTwoThreads) {
  const std::string dir = temp_dir();
  fs::create_directories(dir + "j1");
  fs::create_directories(dir + "j2");
  const Output one = run("-j 1 --split 100 -o 'j1/t-{n:2}.pgn' " + q(kTwic), dir);
  const Output two = run("-j 2 --split 100 -o 'j2/t-{n:2}.pgn' " + q(kTwic), dir);
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  const std::string whole = run("-q " + q(kTwic)).out;
  const std::vector<std::string> all_whites = tag_values(whole, "White");
  ASSERT_EQ(all_whites.size(), 2245u);
  std::string joined;
  for (int n = 1; n <= 23; ++n) {
    const std::string name = "t-" + std::string(n < 10 ? "0" : "") + std::to_string(n) + ".pgn";
    const std::string text = slurp(dir + "j1/" + name);
    EXPECT_EQ(text, slurp(dir + "j2/" + name)) << name;
    const std::vector<std::string> whites = tag_values(text, "White");
    ASSERT_EQ(whites.size(), n < 23 ? 100u : 45u) << name;
    EXPECT_EQ(whites.front(), all_whites[(n - 1) * 100]) << name;
    EXPECT_EQ(whites.back(), all_whites[(n - 1) * 100 + whites.size() - 1]) << name;
    joined += text;
  }
  EXPECT_EQ(joined, whole);
  EXPECT_EQ(files_in(dir + "j1").size(), 23u);
  EXPECT_EQ(files_in(dir + "j2").size(), 23u);
  EXPECT_NE(one.err.find("split: 2245 games in 23 files\n  j1/t-01.pgn: 100 games\n"),
            std::string::npos);
  EXPECT_NE(one.err.find("  j1/t-23.pgn: 45 games\n"), std::string::npos);
}

TEST(FairyConvertSplit, ByEventUnsafeMissingAndMergingValues) {
  const std::string dir = temp_dir();
  std::ofstream(dir + "tagged.pgn") << kTagged;
  fs::create_directories(dir + "ev");
  const Output o = run("--split-by Event -o 'ev/{value}.pgn' tagged.pgn", dir);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(files_in(dir + "ev"), (std::vector<std::string>{"Open_A.pgn", "Open_A~2.pgn", "_..pgn",
                                                            "open_a~3.pgn", "unknown.pgn"}));
  const std::map<std::string, std::vector<std::string>> want = {{"Open_A.pgn", {"P1", "P6"}},
                                                                {"Open_A~2.pgn", {"P2"}},
                                                                {"unknown.pgn", {"P3", "P5", "P7"}},
                                                                {"_..pgn", {"P4"}},
                                                                {"open_a~3.pgn", {"P8"}}};
  for (const auto& [name, whites] : want)
    EXPECT_EQ(tag_values(slurp(dir + "ev/" + name), "White"), whites) << name;
  EXPECT_EQ(split_summary(o.err),
            "split: 8 games in 5 files\n"
            "  ev/Open_A.pgn: 2 games (Event \"Open/A\")\n"
            "  ev/Open_A~2.pgn: 1 game (Event \"Open_A\")\n"
            "  ev/unknown.pgn: 3 games (no Event)\n"
            "  ev/_..pgn: 1 game (Event \"..\")\n"
            "  ev/open_a~3.pgn: 1 game (Event \"open_a\")\n");
  EXPECT_NE(o.err.find("fairy-convert: note: Event \"Open_A\" goes to 'ev/Open_A~2.pgn': "
                       "'ev/Open_A.pgn' is the file of another value\n"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("fairy-convert: note: Event \"open_a\" goes to 'ev/open_a~3.pgn': "
                       "'ev/Open_A.pgn' is the file of another value\n"),
            std::string::npos)
      << o.err;
  // -q: the files alone.
  const Output quiet = run("-q --split-by Event -o 'ev/{value}.pgn' tagged.pgn", dir);
  EXPECT_EQ(quiet.status, 0);
  EXPECT_EQ(quiet.err, "");
}

TEST(FairyConvertSplit, ByYearAndNumberedValues) {
  const std::string dir = temp_dir();
  std::ofstream(dir + "tagged.pgn") << kTagged;
  const Output o = run("--split-by Date:year -o 'y-{n:1}-{value}.pgn' tagged.pgn", dir);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(files_in(dir), (std::vector<std::string>{"tagged.pgn", "y-1-2021.pgn",
                                                     "y-2-unknown.pgn", "y-3-2022.pgn"}));
  EXPECT_EQ(tag_values(slurp(dir + "y-1-2021.pgn"), "White"),
            (std::vector<std::string>{"P1", "P2", "P8"}));
  EXPECT_EQ(tag_values(slurp(dir + "y-2-unknown.pgn"), "White"),
            (std::vector<std::string>{"P3", "P5", "P7"}));
  EXPECT_EQ(tag_values(slurp(dir + "y-3-2022.pgn"), "White"),
            (std::vector<std::string>{"P4", "P6"}));
  EXPECT_EQ(split_summary(o.err),
            "split: 8 games in 3 files\n"
            "  y-1-2021.pgn: 3 games (Date:year \"2021\")\n"
            "  y-2-unknown.pgn: 3 games (no Date:year)\n"
            "  y-3-2022.pgn: 2 games (Date:year \"2022\")\n");
  // {n} alone with --split-by: the values numbered in the order they come.
  ASSERT_EQ(run("-q --split-by Event -o 'e{n:1}.pgn' tagged.pgn", dir).status, 0);
  EXPECT_EQ(tag_values(slurp(dir + "e1.pgn"), "White"), (std::vector<std::string>{"P1", "P6"}));
  EXPECT_EQ(tag_values(slurp(dir + "e3.pgn"), "White"),
            (std::vector<std::string>{"P3", "P5", "P7"}));
  EXPECT_EQ(tag_values(slurp(dir + "e5.pgn"), "White"), (std::vector<std::string>{"P8"}));
  EXPECT_FALSE(fs::exists(dir + "e6.pgn"));
}

// The game's variant, also where the tag is missing (the classics: chess).
TEST(FairyConvertSplit, ByVariantAsJsonLines) {
  const std::string dir = temp_dir();
  std::string inputs;
  for (const char* s : {"classics", "chess960", "cwda", "superchess", "interweave", "fluidity"})
    inputs += " " + q(kSamples + "/" + s + ".pgn");
  const Output o = run("--to jsonl --split-by Variant -o 'v-{value}.jsonl'" + inputs, dir);
  ASSERT_EQ(o.status, 0) << o.err;
  const std::map<std::string, int> want = {{"v-chess.jsonl", 4},      {"v-chess960.jsonl", 1},
                                           {"v-cwda.jsonl", 3},       {"v-superchess.jsonl", 3},
                                           {"v-interweave.jsonl", 5}, {"v-fluidity.jsonl", 6}};
  std::vector<std::string> names;
  for (const auto& [name, n] : want) {
    names.push_back(name);
    const std::string text = slurp(dir + name);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), n) << name;
  }
  EXPECT_EQ(files_in(dir), names);
  EXPECT_NE(
      o.err.find("split: 22 games in 6 files\n  v-chess.jsonl: 4 games (Variant \"chess\")\n"),
      std::string::npos)
      << o.err;
}

// Each file of a JSON array or CSV output stands alone: its brackets, its header.
TEST(FairyConvertSplit, JsonAndCsvFilesStandAlone) {
  const std::string dir = temp_dir();
  const std::string in = q(kSamples + "/classics.pgn");
  ASSERT_EQ(run("-q --to json --split 3 -o 'j-{n:1}.json' " + in, dir).status, 0);
  const nlohmann::json first = nlohmann::json::parse(slurp(dir + "j-1.json"));
  const nlohmann::json second = nlohmann::json::parse(slurp(dir + "j-2.json"));
  ASSERT_EQ(first.size(), 3u);
  ASSERT_EQ(second.size(), 1u);
  const nlohmann::json whole = nlohmann::json::parse(run("-q --to json " + in).out);
  EXPECT_EQ(first[0], whole[0]);
  EXPECT_EQ(first[2], whole[2]);
  EXPECT_EQ(second[0], whole[3]);

  ASSERT_EQ(run("-q --to csv --split 3 -o 'c-{n:1}.csv' " + in, dir).status, 0);
  const std::string csv = run("-q --to csv " + in).out;
  const std::string header = csv.substr(0, csv.find('\n') + 1);
  const std::string a = slurp(dir + "c-1.csv"), b = slurp(dir + "c-2.csv");
  EXPECT_TRUE(a.starts_with(header));
  EXPECT_TRUE(b.starts_with(header));
  EXPECT_EQ(std::count(a.begin(), a.end(), '\n'), 4);
  EXPECT_EQ(std::count(b.begin(), b.end(), '\n'), 2);
  EXPECT_EQ(a + b.substr(header.size()), csv);

  // Positions: a game's positions stay in one file.
  ASSERT_EQ(run("-q --to fen --split 3 -o 'f-{n:1}.fen' " + in, dir).status, 0);
  EXPECT_EQ(slurp(dir + "f-1.fen") + slurp(dir + "f-2.fen"), run("-q --to fen " + in).out);
}

// A bzip2 input read as any other; files named *.gz written compressed; by Event at -j 1 and
// -j 2 with more events (24) than files kept open at once for compressed output.
TEST(FairyConvertSplit, CompressedInputAndOutput) {
  const std::string dir = temp_dir();
  const std::string wcc =
      q(std::string(FAIRYKIT_DATA_DIR) + "/corpus/standard/chess_masters_WCC.pgn.bz2");
  const Output o = run("--split 100 -o 'w-{n:1}.pgn.gz' " + wcc, dir);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(files_in(dir).size(), 7u);
  std::string joined;
  for (int n = 1; n <= 7; ++n) {
    const Output back = run("-q w-" + std::to_string(n) + ".pgn.gz", dir);
    ASSERT_EQ(back.status, 0) << back.err;
    EXPECT_EQ(tag_values(back.out, "Event").size(), n < 7 ? 100u : 85u) << n;
    joined += back.out;
  }
  EXPECT_EQ(joined, run("-q " + wcc).out);

  fs::create_directories(dir + "a");
  fs::create_directories(dir + "b");
  ASSERT_EQ(run("-q -j 1 --split-by Event -o 'a/{value}.pgn.zst' " + q(kTwic), dir).status, 0);
  ASSERT_EQ(run("-q -j 2 --split-by Event -o 'b/{value}.pgn.zst' " + q(kTwic), dir).status, 0);
  const std::vector<std::string> names = files_in(dir + "a");
  EXPECT_EQ(names.size(), 24u);
  EXPECT_EQ(files_in(dir + "b"), names);
  std::size_t games = 0;
  for (const std::string& name : names) {
    EXPECT_EQ(slurp(dir + "a/" + name), slurp(dir + "b/" + name)) << name;
    const Output back = run("-q a/" + q(name), dir);
    ASSERT_EQ(back.status, 0) << name << ": " << back.err;
    const std::vector<std::string> events = tag_values(back.out, "Event");
    games += events.size();
    for (const std::string& e : events) EXPECT_EQ(e, events.front()) << name;
  }
  EXPECT_EQ(games, 2245u);
}

// The counts of pgn-extract -#7 on the chess corpus and the classics (split_vs_pgn_extract.py
// compares them with pgn-extract itself where it is installed): files of 7 games and the
// games of the last one. The edge-case files where the two programs read different games are
// left out (docs/fairy-convert.md, Splitting).
TEST(FairyConvertSplit, CountsOfPgnExtract) {
  struct Case {
    std::string file;
    int full, last;  // files of 7 games, then one of `last` games (0: none)
  };
  const std::vector<Case> cases = {
      {"corpus/standard/twic0920.pgn", 320, 5},
      {"corpus/standard/Carlsen.pgn", 254, 4},
      {"corpus/standard/chess_masters_WCC.pgn.bz2", 97, 6},
      {"corpus/tcec/TCEC_Match_5-games-5-6.pgn", 0, 2},
      {"corpus/tcec/TCEC_Season_16_-_Frc_Cpu_League_2-games-25-55.pgn", 0, 2},
      {"corpus/misc/cutechess-fischerrandom.pgn", 0, 4},
      {"corpus/misc/kasparov-deep-blue-1997.pgn", 0, 6},
      {"corpus/edge-cases/multiple.pgn", 0, 4},
      {"corpus/edge-cases/no_moves_but_game_termination_multiple_2.pgn", 0, 3},
      {"../../samples/classics.pgn", 0, 4},
  };
  for (const Case& c : cases) {
    const std::string dir = temp_dir();
    const Output o =
        run("-q --split 7 -o '{n:1}.pgn' " + q(std::string(FAIRYKIT_DATA_DIR) + "/" + c.file), dir);
    EXPECT_EQ(o.status, 0) << c.file << ": " << o.err;
    const int files = c.full + (c.last > 0 ? 1 : 0);
    EXPECT_EQ(int(files_in(dir).size()), files) << c.file;
    for (int n = 1; n <= files; ++n) {
      const std::size_t want = n <= c.full ? 7u : std::size_t(c.last);
      EXPECT_EQ(tag_values(slurp(dir + std::to_string(n) + ".pgn"), "Event").size(), want)
          << c.file << " file " << n;
    }
    fs::remove_all(dir);
  }
}

TEST(FairyConvertSplit, ErrorsWordForWord) {
  const std::string dir = temp_dir();
  std::ofstream(dir + "g-0001.pgn") << kTagged;
  const std::string in = q(kSamples + "/classics.pgn");
  const std::string usage = "\nTry 'fairy-convert --help' for more information.\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--split 0 -o 'g-{n}.pgn'", "--split wants a whole number from 1 to 1000000000, not '0'"},
      {"--split -3 -o 'g-{n}.pgn'", "--split wants a whole number from 1 to 1000000000, not '-3'"},
      {"--split ten -o 'g-{n}.pgn'",
       "--split wants a whole number from 1 to 1000000000, not 'ten'"},
      {"--split 2 -o 'g-{m}.pgn'",
       "--output 'g-{m}.pgn': unknown field {m} (known: {n}, {n:WIDTH}, {value})"},
      {"--split 2 -o 'g-{n.pgn'", "--output 'g-{n.pgn': '{' without '}' (write {{ for a brace)"},
      {"--split 2 -o 'g-{n:0}.pgn'",
       "--output 'g-{n:0}.pgn': {n:WIDTH} wants a width from 1 to 20, not '0'"},
      {"--split 2", "--split writes files named by -o PATTERN, e.g. -o 'games-{n}.pgn'"},
      {"--split 2 -o -", "--split writes files named by -o PATTERN, e.g. -o 'games-{n}.pgn'"},
      {"--split-by Event",
       "--split-by writes files named by -o PATTERN, e.g. -o 'games-{value}.pgn'"},
      {"--split 2 -o g.pgn", "--split: -o 'g.pgn' has no {n}, e.g. -o 'games-{n}.pgn'"},
      {"--split 2 -o 'g-{value}.pgn'", "--output 'g-{value}.pgn': {value} needs --split-by"},
      {"--split-by Event -o g.pgn",
       "--split-by: -o 'g.pgn' has neither {value} nor {n}, e.g. -o 'games-{value}.pgn'"},
      {"--split 2 --split-by Event -o 'g-{n}.pgn'", "--split and --split-by cannot be combined"},
      {"--split 2 --to svg -o 'g-{n}.svg'",
       "--split applies to --to pgn, fen, epd, json, jsonl and csv"},
      {"--split-by ECO --to sqlite -o 'g-{value}.db'",
       "--split-by applies to --to pgn, fen, epd, json, jsonl and csv"},
      {"--split-by 'Date:month' -o 'g-{value}.pgn'",
       "--split-by 'Date:month': unknown form ':month' (known: TAG:year)"},
      {"--split-by 'White Elo' -o 'g-{value}.pgn'",
       "--split-by wants a tag name (Event, ECO, Date:year, Variant...), not 'White Elo'"},
      {"--split-by '' -o 'g-{value}.pgn'",
       "--split-by wants a tag name (Event, ECO, Date:year, Variant...), not ''"},
      {"--split 2 -o 'x{n}/g.pgn'",
       "--output 'x{n}/g.pgn': a field may only be in the file name, not in its directories"},
  };
  for (const auto& [args, message] : cases) {
    const Output o = run(args + " " + in, dir);
    EXPECT_EQ(o.status, 2) << args;
    EXPECT_EQ(o.err, "fairy-convert: " + message + usage) << args;
  }
  // Errors of the files themselves, found once the flags are read: no usage hint.
  Output o = run("--split 2 -o 'nodir/g-{n}.pgn' " + in, dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --output 'nodir/g-{n}.pgn': the directory 'nodir' does not exist\n");
  o = run("--split 2 -o 'g-0001.pgn/g-{n}.pgn' " + in, dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --output 'g-0001.pgn/g-{n}.pgn': 'g-0001.pgn' is not a directory\n");
  // The input is one of the files: refused, left as it was, the run stopped with exit 2.
  o = run("-q --split 2 -o 'g-{n}.pgn' g-0001.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --output 'g-0001.pgn' is the input 'g-0001.pgn': refusing to overwrite "
            "it (the file is left as it was)\n");
  EXPECT_EQ(slurp(dir + "g-0001.pgn"), kTagged);
  // The games read before the run stopped went on to the next files; the summary names the
  // file refused.
  EXPECT_EQ(tag_values(slurp(dir + "g-0002.pgn"), "White"), (std::vector<std::string>{"P3", "P4"}));
  o = run("--split 2 -o 'g-{n}.pgn' g-0001.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("split: 8 games in 4 files\n  g-0001.pgn: 2 games (not written)\n  "
                       "g-0002.pgn: 2 games\n"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(slurp(dir + "g-0001.pgn"), kTagged);
  for (const char* name : {"g-0002.pgn", "g-0003.pgn", "g-0004.pgn"}) fs::remove(dir + name);
  // And a side file at a name the pattern makes.
  o = run("-q --split-by Event -o '{value}.pgn' --invalid-out unknown.pgn g-0001.pgn", dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "fairy-convert: --invalid-out 'unknown.pgn' and --output 'unknown.pgn' are the same "
            "file (the file is left as it was)\n");
  // (The side file is written, empty: no game was rejected.)
  EXPECT_EQ(files_in(dir), (std::vector<std::string>{"Open_A.pgn", "Open_A~2.pgn", "_..pgn",
                                                     "g-0001.pgn", "open_a~3.pgn", "unknown.pgn"}));
  EXPECT_EQ(slurp(dir + "unknown.pgn"), "");
}

}  // namespace
