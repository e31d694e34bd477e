// Games annotated with evaluations (analysis/formats/annotate.h), with evaluations made up for
// each test: the [%eval] command written and replaced where the comments held one, the other
// comment text and commands kept, the NAGs of the judgement at the thresholds' boundaries
// (judgement.h: -54 / -55, -110 / -111, -168 / -169 centipawns from an equal position), the
// engine's line as a variation (legal moves only, not the move played, not twice), the
// positions without an evaluation left as they were, and the values the JSON writer reads.
#include "analysis/formats/annotate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "analysis/checking/validate.h"
#include "analysis/formats/pgn_writer.h"

namespace fairykit::analysis {
namespace {

// An evaluation written "17" (centipawns), "#-3" (mate), "17 e2e4 e7e5" (with the engine's
// line) or "-" (none).
std::optional<Evaluation> eval(std::string_view text) {
  if (text == "-") return std::nullopt;
  std::vector<std::string> words = absl::StrSplit(absl::string_view(text.data(), text.size()), ' ');
  Evaluation e;
  e.mate = words[0][0] == '#';
  EXPECT_TRUE(absl::SimpleAtoi(e.mate ? words[0].substr(1) : words[0], &e.score)) << text;
  e.pv.assign(words.begin() + 1, words.end());
  if (!e.pv.empty()) e.best = e.pv[0];
  return e;
}

struct Annotated {
  std::string movetext;  // the PGN after the tags, without its line breaks
  AnnotateCounts counts;
  GameRecord record;
};

// `pgn` replayed, annotated with `evals` (one a position, the start first) and written as PGN.
Annotated annotate(const std::string& pgn, const std::vector<std::string>& evals,
                   AnnotateOptions o = {}) {
  parsers::RawGame game;
  game.text = pgn;
  game.index = 1;
  game.first_line = 1;
  Annotated a;
  std::vector<LinePosition> positions;
  LinePositions collector(positions);
  RecordOptions ro;
  ro.positions = &collector;
  ro.commands = o.commands;
  ValidateOptions vo;
  vo.roster_warnings = false;
  const GameReport report = validate_game(game, vo, a.record, ro);
  EXPECT_TRUE(report.valid()) << pgn;
  std::vector<std::optional<Evaluation>> e;
  for (const std::string& text : evals) e.push_back(eval(text));
  // A position without a legal move is the rules' (AnnotationCache::evaluate).
  for (std::size_t p = 0; p < positions.size() && p < e.size(); ++p)
    if (positions[p].end != GameEnd::kNone) {
      e[p] = Evaluation{};
      e[p]->mate = positions[p].end == GameEnd::kCheckmate;
    }
  annotate_game(a.record, positions, e, o, a.counts);
  std::string out;
  write_pgn(a.record, std::string(a.record.tag("Result")), WriteOptions{}, out);
  std::string moves = out.substr(out.find("\n\n") + 2);
  std::replace(moves.begin(), moves.end(), '\n', ' ');
  while (!moves.empty() && moves.back() == ' ') moves.pop_back();
  a.movetext = moves;
  return a;
}

const std::string kTags = "[Event \"t\"]\n[Result \"*\"]\n\n";

TEST(Annotate, EvalCommandValues) {
  auto value = [](std::string_view text) { return eval_command_value(*eval(text)); };
  EXPECT_EQ(value("17"), "0.17");
  EXPECT_EQ(value("-150"), "-1.50");
  EXPECT_EQ(value("0"), "0.00");
  EXPECT_EQ(value("-5"), "-0.05");
  EXPECT_EQ(value("1234"), "12.34");
  EXPECT_EQ(value("#3"), "#3");
  EXPECT_EQ(value("#-3"), "#-3");
  EXPECT_EQ(value("#0"), "");  // checkmated now: no form from White's view
}

TEST(Annotate, NagsAtTheThresholdsBoundaries) {
  auto white = [](const char* after) { return annotate(kTags + "1. e4 *", {"0", after}).movetext; };
  EXPECT_EQ(white("-54"), "1. e4 {[%eval -0.54]} *");
  EXPECT_EQ(white("-55"), "1. e4 $6 {[%eval -0.55]} *");
  EXPECT_EQ(white("-110"), "1. e4 $6 {[%eval -1.10]} *");
  EXPECT_EQ(white("-111"), "1. e4 $2 {[%eval -1.11]} *");
  EXPECT_EQ(white("-168"), "1. e4 $2 {[%eval -1.68]} *");
  EXPECT_EQ(white("-169"), "1. e4 $4 {[%eval -1.69]} *");
  EXPECT_EQ(white("#-5"), "1. e4 $4 {[%eval #-5]} *");
  // Black's moves from Black's side: White's evaluation rising is Black's loss.
  auto black = [](const char* after) {
    return annotate(kTags + "1. e4 e5 *", {"0", "0", after}).movetext;
  };
  EXPECT_EQ(black("54"), "1. e4 {[%eval 0.00]} 1... e5 {[%eval 0.54]} *");
  EXPECT_EQ(black("55"), "1. e4 {[%eval 0.00]} 1... e5 $6 {[%eval 0.55]} *");
  EXPECT_EQ(black("169"), "1. e4 {[%eval 0.00]} 1... e5 $4 {[%eval 1.69]} *");
  EXPECT_EQ(black("-300"), "1. e4 {[%eval 0.00]} 1... e5 {[%eval -3.00]} *");
}

TEST(Annotate, TheCommentsKeepTheirTextAndOtherCommands) {
  // In place of the old evaluation, its comment's shape kept; first in the move's first
  // comment; a second evaluation taken out, and its comment with it when nothing is left.
  EXPECT_EQ(annotate(kTags + "1. e4 { [%eval 0.5] [%clk 0:02:00] } e5 {good [%clk 0:01:59]} "
                             "2. Nf3 {[%eval 0.3]} {[%csl Ge4] [%eval 0.2] note} *",
                     {"0", "17", "20", "-25"})
                .movetext,
            "1. e4 { [%eval 0.17] [%clk 0:02:00] } 1... e5 {[%eval 0.20] good [%clk 0:01:59]} "
            "2. Nf3 {[%eval -0.25]} {[%csl Ge4] note} *");
  EXPECT_EQ(
      annotate(kTags + "1. e4 {[%clk 0:02:00] [%eval 0.5]} {[%eval 0.4]} *", {"0", "17"}).movetext,
      "1. e4 {[%clk 0:02:00] [%eval 0.17]} *");
  // A lichess comment, and an empty one.
  EXPECT_EQ(annotate(kTags + "1. e4 { [%clk 0:02:00] } e5 {} *", {"0", "17", "20"}).movetext,
            "1. e4 { [%eval 0.17] [%clk 0:02:00] } 1... e5 {[%eval 0.20]} *");
  // A comment after the move's variation that holds the evaluation keeps it there.
  EXPECT_EQ(annotate(kTags + "1. e4 (1. d4) {[%eval 0.3]} *", {"0", "17"}).movetext,
            "1. e4 (1. d4) {[%eval 0.17]} *");
  // A move without an evaluation is left as it was, with its old one.
  const Annotated none = annotate(kTags + "1. e4 {[%eval 0.3]} e5 $1 *", {"0", "-", "-"});
  EXPECT_EQ(none.movetext, "1. e4 {[%eval 0.3]} 1... e5 $1 *");
  EXPECT_EQ(none.counts.annotated, 0u);
  EXPECT_EQ(none.counts.unevaluated, 2u);
}

TEST(Annotate, MoveQualityNagsReplacedOthersKept) {
  EXPECT_EQ(annotate(kTags + "1. e4 $1 $14 {c} $3 *", {"0", "-200"}).movetext,
            "1. e4 $4 $14 {[%eval -2.00] c} *");
  // A good move keeps the NAGs it had, and so does a move whose position before has no
  // evaluation (it is not judged).
  EXPECT_EQ(annotate(kTags + "1. e4 $2 *", {"0", "10"}).movetext, "1. e4 $2 {[%eval 0.10]} *");
  EXPECT_EQ(annotate(kTags + "1. e4 $1 *", {"-", "-500"}).movetext, "1. e4 $1 {[%eval -5.00]} *");
}

TEST(Annotate, TheEnginesLineAsAVariation) {
  // Before 2. Nf3 the engine preferred 2. d4 exd4 3. Qxd4: the line goes first, before the
  // variations the move had; its moves are checked and cut before the first illegal one
  // (e1e8); a line that starts with the move played, or whose first move is illegal, or that
  // is already there, is left out.
  EXPECT_EQ(annotate(kTags + "1. e4 e5 2. Nf3 {x} (2. Bc4) *",
                     {"0", "0", "0 d2d4 e5d4 d1d4 e1e8 a7a6", "-200"})
                .movetext,
            "1. e4 {[%eval 0.00]} 1... e5 {[%eval 0.00]} 2. Nf3 $4 {[%eval -2.00] x} "
            "(2. d4 exd4 3. Qxd4) (2. Bc4) *");
  EXPECT_EQ(annotate(kTags + "1. e4 *", {"0 e2e4 e7e5", "-200"}).movetext,
            "1. e4 $4 {[%eval -2.00]} *");
  EXPECT_EQ(annotate(kTags + "1. e4 *", {"0 e2e5 e7e5", "-200"}).movetext,
            "1. e4 $4 {[%eval -2.00]} *");
  EXPECT_EQ(annotate(kTags + "1. e4 (1. d4 d5) *", {"0 d2d4 d7d5", "-200"}).movetext,
            "1. e4 $4 {[%eval -2.00]} (1. d4 d5) *");
  // Not without variations in the output; UCI when the record holds no SAN.
  AnnotateOptions o;
  o.variations = false;
  EXPECT_EQ(annotate(kTags + "1. e4 *", {"0 d2d4", "-200"}, o).movetext,
            "1. e4 $4 {[%eval -2.00]} *");
  o = {};
  o.san = false;
  const Annotated uci = annotate(kTags + "1. e4 *", {"0 d2d4 d7d5", "-200"}, o);
  ASSERT_EQ(uci.record.items.size(), 7u);
  EXPECT_EQ(uci.record.items[4].uci, "d2d4");
  EXPECT_EQ(uci.record.items[4].san, "");
  EXPECT_EQ(uci.record.items[5].ply, 2);
}

TEST(Annotate, GameEndsAreTheRules) {
  // The mate itself: judged (a mate in one kept is no loss), no [%eval] (mate 0 has no form
  // from White's view); a stalemate is 0.00 and, from a won position, a blunder.
  const Annotated mate =
      annotate("[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0",
               {"0", "0", "0", "0", "0", "0", "#1", "-"});
  EXPECT_EQ(mate.movetext,
            "1. e4 {[%eval 0.00]} 1... e5 {[%eval 0.00]} 2. Bc4 {[%eval 0.00]} 2... Nc6 "
            "{[%eval 0.00]} 3. Qh5 {[%eval 0.00]} 3... Nf6 $4 {[%eval #1]} 4. Qxf7# 1-0");
  EXPECT_EQ(mate.counts.annotated, 7u);
  const Annotated stalemate = annotate(
      "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n[Result "
      "\"1/2-1/2\"]\n\n1. Qf7 1/2-1/2",
      {"#2 f1f7", "-"});
  EXPECT_EQ(stalemate.movetext, "1. Qf7 $4 {[%eval 0.00]} 1/2-1/2");
}

TEST(Annotate, TheValuesTheJsonWriterReads) {
  AnnotateOptions o;
  o.commands = true;
  const Annotated a = annotate(kTags + "1. e4 {[%clk 0:01:00] [%eval 0.4,12]} e5 2. Nf3 *",
                               {"0", "17", "#-3", "-"}, o);
  ASSERT_EQ(a.record.commands.size(), 2u);
  EXPECT_EQ(a.record.commands[0].ply, 1);
  EXPECT_EQ(a.record.commands[0].commands.clock_ms, 60000);
  EXPECT_TRUE(a.record.commands[0].commands.has_eval);
  EXPECT_EQ(a.record.commands[0].commands.eval, 17);
  EXPECT_EQ(a.record.commands[0].commands.depth, -1);
  EXPECT_EQ(a.record.commands[1].ply, 2);
  EXPECT_TRUE(a.record.commands[1].commands.mate);
  EXPECT_EQ(a.record.commands[1].commands.eval, -3);
  EXPECT_EQ(a.counts.annotated, 2u);
  EXPECT_EQ(a.counts.unevaluated, 1u);
}

}  // namespace
}  // namespace fairykit::analysis
