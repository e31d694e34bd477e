// The JSON outputs of the tools against their schemas in docs/schemas/ (fairy-convert's game
// objects of --to jsonl: fairy_convert_schema_test.cpp, which also writes the notes, start
// positions and repeated tags that the samples lack). Each test runs
// a tool on the samples and the corpus (standard chess and the variants, valid and invalid
// games, suites with passing, failing, skipped and unreadable positions), checks every
// object written against the schema, and requires every property the schema names to occur
// in some output, so that a schema cannot keep a key the tool no longer writes. The
// Rejects* tests show that the check fails on a wrong output: a real object, made wrong in
// one way, must be rejected.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/json_schema_check.h"
#include "tests/tools/run_tool.h"

namespace {

namespace fs = std::filesystem;
using fairykit::testing::check_document;
using fairykit::testing::check_lines;
using fairykit::testing::expect_every_property_seen;
using fairykit::testing::load_schema;
using fairykit::testing::run_tool;
using fairykit::testing::SchemaValidator;
using fairykit::testing::ToolOutput;
using Json = nlohmann::json;

std::string quoted(const std::vector<std::string>& files) {
  std::string out;
  for (const std::string& f : files) out += " '" + f + "'";
  return out;
}

std::vector<std::string> files_in(const std::string& dir, const std::string& extension) {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == extension) files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// Rated games (the rating tables), a checkmate and a game without a termination marker,
// which the samples lack.
std::string extra_pgn() {
  const std::string path = fairykit::testing::unique_temp("extra.pgn");
  std::ofstream(path) << R"([Event "Rated"]
[White "A"]
[Black "B"]
[WhiteElo "2500"]
[BlackElo "2400"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Rated"]
[White "B"]
[Black "A"]
[WhiteElo "2400"]
[BlackElo "2500"]
[Result "1/2-1/2"]

1. d4 d5

)";
  return path;
}

// The PGN inputs: every sample (every variant; samples/broken.pgn's invalid games), the
// edge cases and the miscellany of the corpus, and extra_pgn().
std::vector<std::string> game_inputs() {
  const std::string corpus = std::string(FAIRYKIT_DATA_DIR) + "/corpus/";
  std::vector<std::string> files = fairykit::testing::sample_pgns();
  for (const char* dir : {"edge-cases", "misc"})
    for (const std::string& f : files_in(corpus + dir, ".pgn")) files.push_back(f);
  files.push_back(extra_pgn());
  return files;
}

// The first line of `text` that parses, as JSON.
Json first_object(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);
  return Json::parse(line);
}

// `v` rejects `value`, which `what` made wrong.
void expect_rejected(SchemaValidator& v, const Json& value, const std::string& what) {
  EXPECT_FALSE(v.check(value).empty()) << what << " passes: " << value.dump().substr(0, 300);
}

TEST(JsonSchema, ValidateJsonAndJsonl) {
  SchemaValidator v = load_schema("validate.schema.json");
  const std::string inputs = quoted(game_inputs());
  int lines = 0;
  // The last with a selection, which counts the games filtered out.
  for (const char* flags : {"", "--show-position", "--no-roster --variant chess960",
                            "--where 'Event~/illegal|notation|Olympiad/|Player~random'"}) {
    const ToolOutput jsonl =
        run_tool("fairy-validate", std::string("-q --format jsonl ") + flags + inputs);
    EXPECT_EQ(jsonl.status, 1) << jsonl.err;  // (samples/broken.pgn)
    lines += check_lines(v, jsonl.out, std::string("--format jsonl ") + flags);
    EXPECT_EQ(Json::parse(fairykit::testing::last_line(jsonl.out)).value("type", ""), "summary");
    const ToolOutput json =
        run_tool("fairy-validate", std::string("-q --format json ") + flags + inputs);
    check_document(v, json.out, std::string("--format json ") + flags);
  }
  EXPECT_GE(lines, 3 * 40 + 20);
  // An input with no game: an empty report.
  const ToolOutput empty = run_tool("fairy-validate", "--format json /dev/null");
  check_document(v, empty.out, "--format json /dev/null");
  expect_every_property_seen(v);
}

TEST(JsonSchema, RejectsBrokenValidateReports) {
  SchemaValidator v = load_schema("validate.schema.json");
  const ToolOutput o = run_tool("fairy-validate", "-q --format jsonl --show-position '" +
                                                      fairykit::testing::kSamples + "/broken.pgn'");
  const Json game = first_object(o.out);
  const Json summary = Json::parse(fairykit::testing::last_line(o.out));
  ASSERT_TRUE(v.check(game).empty());
  ASSERT_TRUE(v.check(summary).empty());
  Json broken = game;
  broken["plies"] = "12";
  expect_rejected(v, broken, "plies as a string");
  broken = game;
  broken.erase("valid");
  expect_rejected(v, broken, "no \"valid\"");
  broken = game;
  broken["marker"] = "checkmate";
  expect_rejected(v, broken, "a marker that is no termination marker");
  broken = game;
  broken["termination_from"] = "pgn";
  expect_rejected(v, broken, "an unknown source of the termination");
  broken = game;
  broken["diagnostics"][0]["severity"] = "fatal";
  expect_rejected(v, broken, "an unknown severity");
  broken = game;
  broken["diagnostics"][0]["position"] = "x";
  expect_rejected(v, broken, "an unknown key in a diagnostic");
  broken = summary;
  broken["games"] = -1;
  expect_rejected(v, broken, "a negative count");
  broken = summary;
  broken["type"] = "total";
  expect_rejected(v, broken, "an unknown type");
}

TEST(JsonSchema, PerftJson) {
  SchemaValidator v = load_schema("perft.schema.json");
  const std::string samples = fairykit::testing::kSamples + "/";
  int documents = 0;
  auto check = [&](const std::string& args, int status) {
    const ToolOutput o = run_tool("fairy-perft", "-q --format json " + args);
    EXPECT_EQ(o.status, status) << args << ": " << o.err;
    check_document(v, o.out, args);
    ++documents;
  };
  // One position: --depth, --max-depth, --divide, --hash; every variant.
  check("--fen startpos --depth 3", 0);
  check("--fen startpos --max-depth 2 --divide --hash 1", 0);
  check("--fen startpos --depth 0", 0);
  check("--variant chess960 --shuffle 7 --max-depth 2 --divide", 0);
  check("--variant cwda --fen startpos --armies CN --max-depth 2 --hash 1", 0);
  check("--variant superchess --shuffle 0 --depth 2 --divide", 0);
  check("--variant interweave --fen startpos --max-depth 2 --divide", 0);
  check("--variant fluidity --fen startpos --max-depth 2 --hash 1", 0);
  // Suites: the samples (every variant), with and without a table.
  for (const char* suite : {"chess.epd", "tricky.perft", "variants.perft"})
    check(std::string("--max-depth 2 --suite ") + samples + suite, 0);
  check("--variant chess960 --max-depth 2 --hash 1 --suite " + samples + "chess960.epd", 0);
  // A wrong count, a skipped position and an unreadable one.
  const std::string bad = fairykit::testing::unique_temp("bad.epd");
  std::ofstream(bad) << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 401 "
                        ";D3 8902 ;id \"wrong\"\n"
                        "4k3/8/8/8/8/8/8/4K2R w K - ;D3 10000 ;id \"deep\"\n"
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPX/RNBQKBNR w KQkq - ;D1 20\n";
  check("--max-depth 2 --hash 1 --suite '" + bad + "'", 1);
  check("--max-nodes 100 --suite '" + bad + "'", 1);
  EXPECT_EQ(documents, 14);
  expect_every_property_seen(v);
}

TEST(JsonSchema, RejectsBrokenPerftReports) {
  SchemaValidator v = load_schema("perft.schema.json");
  const Json position = Json::parse(
      run_tool("fairy-perft", "-q --format json --fen startpos --max-depth 2 --divide --hash 1")
          .out);
  const Json suite =
      Json::parse(run_tool("fairy-perft", "-q --format json --max-depth 1 --suite '" +
                                              fairykit::testing::kSamples + "/chess.epd'")
                      .out);
  ASSERT_TRUE(v.check(position).empty());
  ASSERT_TRUE(v.check(suite).empty());
  Json broken = position;
  broken["results"][0]["nodes"] = "20";
  expect_rejected(v, broken, "a count as a string");
  broken = position;
  broken["results"][1]["divide"][0].erase("move");
  expect_rejected(v, broken, "a divide entry without its move");
  broken = position;
  broken["hash"].erase("leaf_hits");
  expect_rejected(v, broken, "table statistics without leaf_hits");
  broken = position;
  broken["variant"] = "crazyhouse";
  expect_rejected(v, broken, "an unknown variant");
  broken = suite;
  broken["positions"][0]["status"] = "ok";
  expect_rejected(v, broken, "an unknown status");
  broken = suite;
  broken["summary"].erase("nodes");
  expect_rejected(v, broken, "a summary without nodes");
  broken = suite;
  broken["summary"]["seconds"] = nullptr;
  expect_rejected(v, broken, "seconds null");
}

// The options that make every table: --group-by, --tree (with --tree-min: a note), --top 2
// (notes), --find-wins (with the puzzles: wins with no move played), rated games.
std::string all_tables_flags() {
  return "-q --format json --group-by Event --tree 2 --tree-min 2 --top 2 --find-wins 3 " +
         quoted(game_inputs()) + " '" + std::string(FAIRYKIT_DATA_DIR) +
         "/puzzles/mates-twic0920.epd'";
}

TEST(JsonSchema, AnalyzeTablesJson) {
  SchemaValidator v = load_schema("analyze-tables.schema.json");
  const ToolOutput all = run_tool("fairy-analyze", all_tables_flags());
  EXPECT_EQ(all.status, 1) << all.err;  // (samples/broken.pgn)
  check_document(v, all.out, "every table");
  // Searches that stop at the node limit.
  const ToolOutput limit = run_tool(
      "fairy-analyze", "-q --format json --find-wins 5 --win-nodes 50 --variant interweave '" +
                           fairykit::testing::kSamples + "/interweave.pgn'");
  EXPECT_EQ(limit.status, 0) << limit.err;
  EXPECT_NE(limit.out.find("node limit\"}"), std::string::npos);
  check_document(v, limit.out, "--win-nodes 50");
  // A selection: the summary counts the games filtered out (2245 games, 148 with a WhiteElo
  // over 2600).
  const ToolOutput selected =
      run_tool("fairy-analyze", "-q --format json --where 'WhiteElo>2600' '" +
                                    std::string(fairykit::testing::kTwic) + "'");
  EXPECT_EQ(selected.status, 0) << selected.err;
  EXPECT_NE(selected.out.find("\"filtered out\":2097,"), std::string::npos);
  check_document(v, selected.out, "--where");
  // The tables of online play: a round robin of three rated players with clocks, evaluations
  // and a loss on time; with and without --group-by (its "group" column), --top 1 (notes).
  const std::string online = fairykit::testing::unique_temp("online") + ".pgn";
  {
    std::ofstream f(online);
    const char* games[][5] = {
        {"A", "B", "1-0", "Time forfeit",
         "1. e4 { [%eval 0.3] [%clk 0:03:00] } 1... e5 { [%eval 0.2] [%clk 0:02:58] } 2. Nf3 { "
         "[%eval 0.25] [%clk 0:02:59] } 2... Nc6 { [%eval 3.0] [%clk 0:00:00] }"},
        {"B", "C", "1/2-1/2", "Normal",
         "1. d4 { [%eval 0.2] [%clk 0:03:00] } 1... d5 { [%eval 0.2] [%clk 0:03:00] }"},
        {"C", "A", "0-1", "Normal",
         "1. c4 { [%eval 0.1] [%clk 0:03:00] } 1... e5 { [%eval 0.1] [%clk 0:02:59] }"}};
    int round = 0;
    for (const auto& g : games)
      f << "[Event \"RR\"]\n[Site \"?\"]\n[Date \"2024.01.15\"]\n[Round \"" << ++round
        << "\"]\n[White \"" << g[0] << "\"]\n[Black \"" << g[1] << "\"]\n[Result \"" << g[2]
        << "\"]\n[WhiteElo \"1" << int(g[0][0] - 'A' + 5) << "00\"]\n[BlackElo \"1"
        << int(g[1][0] - 'A' + 5) << "00\"]\n[TimeControl \"180+2\"]\n[Termination \"" << g[3]
        << "\"]\n\n"
        << g[4] << " " << g[2] << "\n\n";
  }
  for (const std::string flags : {"--online --group-by Event --top 1", "--online"}) {
    const ToolOutput o =
        run_tool("fairy-analyze", "-q --format json " + flags + " '" + online + "'");
    EXPECT_EQ(o.status, 0) << o.err;
    for (const char* table :
         {"results_by_speed", "results_by_rating_band", "rating_distribution",
          "openings_by_rating_band", "clock_by_move", "time_forfeits", "move_quality_by_speed",
          "move_quality_by_rating_band", "move_quality_by_player", "standings", "crosstable"})
      EXPECT_NE(o.out.find(std::string("\"name\":\"") + table + "\""), std::string::npos)
          << flags << ": " << table;
    check_document(v, o.out, flags);
  }
  // Nothing read: the tables are there, empty.
  const ToolOutput empty = run_tool("fairy-analyze", "-q --format json /dev/null");
  check_document(v, empty.out, "no game");
  expect_every_property_seen(v);
}

TEST(JsonSchema, RejectsBrokenAnalyzeTables) {
  SchemaValidator v = load_schema("analyze-tables.schema.json");
  const Json tables = Json::parse(run_tool("fairy-analyze", all_tables_flags()).out);
  ASSERT_TRUE(v.check(tables).empty());
  auto table = [&](const std::string& name) -> std::size_t {
    for (std::size_t i = 0; i < tables["tables"].size(); ++i)
      if (tables["tables"][i]["name"] == name) return i;
    ADD_FAILURE() << "no table " << name;
    return 0;
  };
  Json broken = tables;
  broken["tables"][table("summary")]["rows"][0]["games read"] = "54";
  expect_rejected(v, broken, "a count as a string");
  broken = tables;
  broken["tables"][table("results_by_variant")]["rows"][0].erase("0-1");
  expect_rejected(v, broken, "a row without one of its columns");
  broken = tables;
  broken["tables"][table("castling")]["columns"][3] = "castles";
  expect_rejected(v, broken, "a renamed column");
  broken = tables;
  broken["tables"][table("terminations")]["rows"][0]["termination_from"] = "pgn";
  expect_rejected(v, broken, "an unknown source of a termination");
  broken = tables;
  broken["tables"][table("results_by_Event")]["rows"][0]["games"] = nullptr;
  expect_rejected(v, broken, "a --group-by count null");
  broken = tables;
  broken["tables"][table("players")]["rows"][0]["rank"] = 1;
  expect_rejected(v, broken, "an unknown column in a row");
  broken = tables;
  broken["tables"][table("lengths")]["name"] = "length";
  expect_rejected(v, broken, "an unknown table");
}

// fairy-analyze --engine's judgement with the fake engine: the hand-made games and scores of
// tests/data/judgement (mates before and after a move, a checkmate, moves left unjudged by an
// engine that dies, Chess960), and the samples of every game.
std::string judgement_flags() {
  const std::string data = std::string(FAIRYKIT_DATA_DIR) + "/judgement";
  std::vector<std::string> inputs = fairykit::testing::sample_pgns();
  inputs.insert(inputs.begin(), data + "/games.pgn");
  return "-q --engine '" + std::string(FAIRYKIT_BIN_DIR) + "/fake-uci-engine --scores " + data +
         "/scores.txt --bug crash-go-fen --crash-on 2PP4' --nodes 1" + quoted(inputs);
}

TEST(JsonSchema, EngineMoveRecords) {
  SchemaValidator v = load_schema("analyze-moves.schema.json");
  const ToolOutput o = run_tool("fairy-analyze", judgement_flags() + " --report moves");
  EXPECT_EQ(o.status, 3) << o.err;  // the engine dies on two positions
  EXPECT_GE(check_lines(v, o.out, "--report moves"), 400);
  expect_every_property_seen(v);
  const Json first = Json::parse(o.out.substr(0, o.out.find('\n')));
  ASSERT_TRUE(v.check(first).empty());
  Json broken = first;
  broken["class"] = "dubious";
  expect_rejected(v, broken, "an unknown class");
  broken = first;
  broken["before"] = {{"cp", 10}, {"mate", 2}};
  expect_rejected(v, broken, "both cp and mate");
  broken = first;
  broken["expected_loss"] = 1.5;
  expect_rejected(v, broken, "an expected loss over 1");
  broken = first;
  broken.erase("best");
  expect_rejected(v, broken, "a judged move without the best move");
}

TEST(JsonSchema, JudgementTables) {
  SchemaValidator v = load_schema("analyze-judgement.schema.json");
  const ToolOutput o =
      run_tool("fairy-analyze", judgement_flags() + " --report tables --format json --top 2");
  EXPECT_EQ(o.status, 3) << o.err;
  check_document(v, o.out, "--report tables");
  for (const char* table : {"judgement_summary", "judgement_by_game", "judgement_by_player",
                            "judgement_by_rating_band"})
    EXPECT_NE(o.out.find(std::string("\"name\":\"") + table + "\""), std::string::npos) << table;
  expect_every_property_seen(v);
  const Json tables = Json::parse(o.out);
  Json broken = tables;
  broken["tables"][1]["rows"][0]["accuracy"] = "62.0";
  expect_rejected(v, broken, "an accuracy as a string");
  broken = tables;
  broken["tables"][0]["name"] = "judgement";
  expect_rejected(v, broken, "an unknown table");
}

TEST(JsonSchema, AnalyzePositionsJsonl) {
  SchemaValidator v = load_schema("analyze-positions.schema.json");
  std::vector<std::string> inputs = fairykit::testing::sample_pgns();
  for (const std::string& f : files_in(fairykit::testing::kSamples, ".epd")) inputs.push_back(f);
  const ToolOutput o = run_tool("fairy-analyze", "-q --positions" + quoted(inputs));
  EXPECT_EQ(o.status, 1) << o.err;  // (samples/broken.pgn)
  const int records = check_lines(v, o.out, "--positions");
  EXPECT_GE(records, 1500);
  // --perft; a position list of chess960.
  const ToolOutput perft =
      run_tool("fairy-analyze", "-q --positions --perft 1 --variant chess960 '" +
                                    fairykit::testing::kSamples + "/chess960.epd'");
  EXPECT_EQ(perft.status, 0) << perft.err;
  EXPECT_GE(check_lines(v, perft.out, "--positions --perft 1"), 1);
  expect_every_property_seen(v);
}

// fairy-analyze --engine with the fake engine: the samples of every game (chess and chess960
// evaluated, the others with an error), mates for both sides, a checkmate, a stalemate, and
// an engine that fails.
TEST(JsonSchema, EngineRecords) {
  SchemaValidator v = load_schema("analyze-engine.schema.json");
  const std::string fake = std::string(FAIRYKIT_BIN_DIR) + "/fake-uci-engine";
  const std::string ends = fairykit::testing::unique_temp("ends.epd");
  std::ofstream(ends) << "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n"
                         "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1\n"
                         "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1\n"
                         "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n";
  std::vector<std::string> inputs = fairykit::testing::sample_pgns();
  inputs.push_back(ends);
  const ToolOutput o =
      run_tool("fairy-analyze", "-q --engine '" + fake + "' --nodes 3" + quoted(inputs));
  EXPECT_EQ(o.status, 1) << o.err;  // (samples/broken.pgn)
  EXPECT_GE(check_lines(v, o.out, "--engine"), 1000);
  const ToolOutput failing = run_tool(
      "fairy-analyze", "-q --engine '" + fake + " --bug crash-go' --nodes 3 '" + ends + "'");
  EXPECT_EQ(failing.status, 3) << failing.err;
  EXPECT_EQ(check_lines(v, failing.out, "--engine (failing)"), 4);
  expect_every_property_seen(v);
  // A wrong record is rejected.
  const Json first = Json::parse(o.out.substr(0, o.out.find('\n')));
  ASSERT_TRUE(v.check(first).empty());
  Json broken = first;
  broken["key"] = "12345";
  expect_rejected(v, broken, "a short key");
  broken = first;
  broken["mate"] = 3;
  expect_rejected(v, broken, "both cp and mate");
  broken = first;
  broken["error"] = "why";
  expect_rejected(v, broken, "an error beside an evaluation");
  broken = first;
  broken.erase("best");
  expect_rejected(v, broken, "an evaluation without a best move");
}

TEST(JsonSchema, RejectsBrokenPositionRecords) {
  SchemaValidator v = load_schema("analyze-positions.schema.json");
  const Json chess =
      first_object(run_tool("fairy-analyze", "-q --positions --perft 1 '" +
                                                 fairykit::testing::kSamples + "/classics.pgn'")
                       .out);
  const Json interweave =
      first_object(run_tool("fairy-analyze",
                            "-q --positions '" + fairykit::testing::kSamples + "/interweave.pgn'")
                       .out);
  ASSERT_TRUE(v.check(chess).empty());
  ASSERT_TRUE(v.check(interweave).empty());
  Json broken = chess;
  broken["check"] = "false";
  expect_rejected(v, broken, "check as a string");
  broken = chess;
  broken.erase("fen");
  expect_rejected(v, broken, "no fen");
  broken = chess;
  broken["material"]["white"]["pawns"] = 8;
  expect_rejected(v, broken, "an unknown piece");
  broken = chess;
  broken["material"]["black"]["queen"] = 0;
  expect_rejected(v, broken, "a piece type listed with none on the board");
  broken = interweave;
  broken["longest_chain"] = 1.5;
  expect_rejected(v, broken, "a chain of 1.5 steps");
  broken = interweave;
  broken["status"] = "mate";
  expect_rejected(v, broken, "an unknown status");
}

// --to json: every element of the array is a game object (its lines: fairy_convert_schema_test).
TEST(JsonSchema, ConvertJsonArray) {
  SchemaValidator v = load_schema("games.schema.json");
  const ToolOutput o = run_tool("fairy-convert", "-q --to json --with-fen" + quoted(game_inputs()));
  EXPECT_EQ(o.status, 1) << o.err;  // (samples/broken.pgn)
  const Json games = Json::parse(o.out, nullptr, false);
  ASSERT_TRUE(games.is_array()) << o.out.substr(0, 200);
  EXPECT_GE(games.size(), 40u);
  for (std::size_t i = 0; i < games.size(); ++i)
    for (const std::string& e : v.check(games[i])) ADD_FAILURE() << "element " << i << ": " << e;
  // No game: an empty array.
  const ToolOutput empty = run_tool("fairy-convert", "-q --to json /dev/null");
  EXPECT_EQ(Json::parse(empty.out, nullptr, false), Json::array()) << empty.out;
}

TEST(JsonSchema, RejectsBrokenGames) {
  SchemaValidator v = load_schema("games.schema.json");
  const Json game =
      first_object(run_tool("fairy-convert", "-q --to jsonl --with-fen '" +
                                                 fairykit::testing::kSamples + "/classics.pgn'")
                       .out);
  ASSERT_TRUE(v.check(game).empty());
  Json broken = game;
  broken["plies"] = "91";
  expect_rejected(v, broken, "plies as a string");
  broken = game;
  broken.erase("uci");
  expect_rejected(v, broken, "no uci");
  broken = game;
  broken["tags"]["Result"] = "2-0";
  expect_rejected(v, broken, "a Result tag that is no result");
  broken = game;
  broken["notes"] = Json::array({{{"ply", 1}, {"nag", 256}}});
  expect_rejected(v, broken, "a NAG over 255");
  broken = game;
  broken["notes"] = Json::array({{{"ply", 1}, {"nag", 1}, {"comment", "x"}}});
  expect_rejected(v, broken, "a note that is a NAG and a comment");
  broken = game;
  broken["moves"] = game["san"];
  expect_rejected(v, broken, "an unknown key");
}

}  // namespace
