// fairy-analyze's work on one record (analysis/statistics/game_analysis.h): a game's
// contribution to the statistics, read through the registry (army pairings, start arrays,
// the move-count draw of each variant), a line of a position list as a puzzle or refused,
// and the position records of a game, with the CSV's refusal of pieces it has no columns for.
#include "analysis/statistics/game_analysis.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "rules/notation/cwda_fen.h"
#include "rules/notation/fen.h"

namespace fairykit::analysis {
namespace {

parsers::RawGame Raw(std::string text, parsers::RecordFormat format = parsers::RecordFormat::kPgn) {
  parsers::RawGame raw;
  raw.text = std::move(text);
  raw.index = 1;
  raw.first_line = 1;
  raw.format = format;
  return raw;
}

AnalyzeOptions Statistics(int tree_plies = 0) {
  AnalyzeOptions o;
  o.stats.tree_plies = tree_plies;
  prepare_analysis(o);
  return o;
}

GameAnalysis Analyse(const parsers::RawGame& raw, const AnalyzeOptions& o) {
  GameAnalysis a;
  analyse_record(raw, o, "games.pgn", a);
  return a;
}

// A game of `variant` from `fen`: its tags, then the moves and the result.
std::string Pgn(std::string_view variant, std::string_view fen, std::string_view moves,
                std::string_view result) {
  return "[Variant \"" + std::string(variant) + "\"]\n[SetUp \"1\"]\n[FEN \"" + std::string(fen) +
         "\"]\n[Result \"" + std::string(result) + "\"]\n\n" + std::string(moves) + " " +
         std::string(result) + "\n";
}

const char kChessGame[] =
    "[White \"Anna\"]\n[Black \"Boris\"]\n[WhiteElo \"2100\"]\n[Result \"1-0\"]\n\n"
    "1. e4 d5 2. exd5 Qxd5 1-0\n";

TEST(GameAnalysis, PreparesTheRecordForWhatTheStatisticsRead) {
  AnalyzeOptions o;
  o.stats.group_by = "Event";
  prepare_analysis(o);
  EXPECT_EQ(o.kept_tags, (std::vector<std::string_view>{"White", "Black", "WhiteElo", "BlackElo",
                                                        "Result", "Termination", "Event"}));
  EXPECT_TRUE(o.record.facts);
  EXPECT_FALSE(o.record.san);  // no tree: no notation
  EXPECT_FALSE(o.record.items);
  EXPECT_FALSE(o.record.keys);  // no opening names
  EXPECT_FALSE(o.validate.variations);
  EXPECT_FALSE(o.validate.move_warnings);
  EXPECT_TRUE(Statistics(3).record.san);
  AnalyzeOptions p;
  p.positions = true;
  prepare_analysis(p);
  EXPECT_TRUE(p.kept_tags.empty());
  EXPECT_FALSE(p.record.facts);
  EXPECT_FALSE(p.record.san);
}

TEST(GameAnalysis, AGameGivesItsFacts) {
  const GameAnalysis a = Analyse(Raw(kChessGame), Statistics(3));
  ASSERT_TRUE(a.facts.analysed) << a.facts.reason;
  EXPECT_EQ(a.facts.variant, VariantId::kChess);
  EXPECT_EQ(a.facts.white, "Anna");
  EXPECT_EQ(a.facts.black, "Boris");
  EXPECT_EQ(a.facts.white_elo, 2100);
  EXPECT_EQ(a.facts.black_elo, 0);
  EXPECT_EQ(a.facts.result, 'w');
  EXPECT_EQ(a.facts.termination, "resignation");
  EXPECT_EQ(a.facts.plies, 4);
  EXPECT_EQ(a.facts.tree, (std::vector<std::string>{"e4", "d5", "exd5"}));
  // Two captures: a pawn by a pawn, a pawn by the queen.
  std::uint32_t captures = 0;
  for (const GameFacts::CaptureCount& c : a.facts.captures) {
    EXPECT_EQ(c.taken, PAWN);
    captures += c.n;
  }
  EXPECT_EQ(captures, 2u);
  EXPECT_TRUE(a.facts.pairing.empty());
  EXPECT_TRUE(a.facts.start_array.empty());
}

TEST(GameAnalysis, GroupingKeysAndDrawRulesComeFromTheVariant) {
  GameAnalysis a = Analyse(Raw(Pgn("cwda", cwda_start_fen("FN"), "1. e4 e5", "*")), Statistics());
  ASSERT_TRUE(a.facts.analysed) << a.facts.reason;
  EXPECT_EQ(a.facts.pairing, "FIDE v Nutty Knights");
  EXPECT_TRUE(a.facts.start_array.empty());
  EXPECT_EQ(a.facts.termination, "unfinished");

  a = Analyse(Raw(Pgn("superchess", superchess_start_fen(7), "1. e4 e5", "*")), Statistics());
  ASSERT_TRUE(a.facts.analysed) << a.facts.reason;
  EXPECT_TRUE(a.facts.pairing.empty());
  EXPECT_EQ(a.facts.start_array, std::string(white_back_rank(superchess_start_fen(7))));
  EXPECT_EQ(a.facts.start_array.size(), 8u);

  // A draw by agreement where the move-count rule could be claimed: named as the variant's.
  a = Analyse(Raw(Pgn("chess", "4k3/8/8/8/8/8/8/4K2R w - - 100 80", "", "1/2-1/2")), Statistics());
  ASSERT_TRUE(a.facts.analysed) << a.facts.reason;
  EXPECT_EQ(a.facts.termination, "fifty-move rule");
  a = Analyse(Raw(Pgn("fluidity", "4k3/8/8/8/8/8/8/4K2R w - - 50 80", "", "1/2-1/2")),
              Statistics());
  ASSERT_TRUE(a.facts.analysed) << a.facts.reason;
  EXPECT_EQ(a.facts.termination, "twenty-five-move rule");
}

TEST(GameAnalysis, AnInvalidGameIsRejectedWithItsFirstError) {
  const GameAnalysis a = Analyse(Raw("[Result \"*\"]\n\n1. e4 e4 *\n"), Statistics());
  EXPECT_FALSE(a.facts.analysed);
  EXPECT_NE(a.facts.reason.find("illegal move \"e4\""), std::string::npos) << a.facts.reason;
  EXPECT_FALSE(a.report.valid());
}

TEST(GameAnalysis, APositionListIsAPuzzleOnlyWhenWinsAreSearched) {
  const parsers::RawGame line =
      Raw("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", parsers::RecordFormat::kPositions);
  GameAnalysis a = Analyse(line, Statistics());
  EXPECT_FALSE(a.facts.analysed);
  EXPECT_EQ(a.facts.reason, "a position list holds no games to analyse (--positions reads it)");

  AnalyzeOptions o;
  o.stats.find_wins = 1;
  prepare_analysis(o);
  a = Analyse(line, o);
  ASSERT_TRUE(a.facts.analysed) << a.facts.reason;
  EXPECT_EQ(a.facts.plies, 0);
  EXPECT_EQ(a.facts.win_positions, 1u);
  ASSERT_EQ(a.facts.wins.size(), 1u);
  EXPECT_EQ(a.facts.wins[0].plies, 1);
  EXPECT_EQ(a.facts.wins[0].line, (std::vector<std::string>{"Ra8#"}));

  a = Analyse(Raw("not a position", parsers::RecordFormat::kPositions), o);
  EXPECT_FALSE(a.facts.analysed);
  EXPECT_EQ(a.facts.reason.rfind("invalid position: ", 0), 0u) << a.facts.reason;
}

TEST(GameAnalysis, PositionRecordsOfAGame) {
  AnalyzeOptions o;
  o.positions = true;
  prepare_analysis(o);
  const GameAnalysis a = Analyse(Raw(kChessGame), o);
  ASSERT_TRUE(a.facts.analysed) << a.facts.reason;
  EXPECT_EQ(a.written, 5u);  // the start and the position after each of the four moves
  std::vector<std::string> lines;
  for (std::size_t at = 0, end; (end = a.records.find('\n', at)) != std::string::npos; at = end + 1)
    lines.push_back(a.records.substr(at, end - at));
  ASSERT_EQ(lines.size(), 5u);
  for (std::size_t ply = 0; ply < lines.size(); ++ply)
    EXPECT_EQ(lines[ply].rfind("{\"file\":\"games.pgn\",\"game\":1,\"ply\":" + std::to_string(ply) +
                                   ",\"variant\":\"chess\"",
                               0),
              0u)
        << lines[ply];
}

TEST(GameAnalysis, TheCsvRefusesPiecesItHasNoColumnsFor) {
  AnalyzeOptions o;
  o.positions = true;
  o.position.format = PositionFormat::kCsv;
  o.position.csv_variant = VariantId::kChess;
  prepare_analysis(o);
  const GameAnalysis a =
      Analyse(Raw(Pgn("superchess", superchess_start_fen(0), "1. e4 e5", "*")), o);
  EXPECT_FALSE(a.facts.analysed);
  ASSERT_FALSE(a.report.diagnostics.empty());
  EXPECT_EQ(a.report.diagnostics[0].message,
            "--format csv: the pieces of superchess have no columns in the CSV of chess (use "
            "--variant superchess or --format jsonl)");
  EXPECT_TRUE(a.records.empty());
  EXPECT_EQ(a.written, 0u);
  // Chess960 fits chess's columns.
  const GameAnalysis b = Analyse(Raw(Pgn("chess960", chess960_start_fen(518), "1. e4", "*")), o);
  EXPECT_TRUE(b.facts.analysed) << b.facts.reason;
  EXPECT_EQ(b.written, 2u);
}

}  // namespace
}  // namespace fairykit::analysis
