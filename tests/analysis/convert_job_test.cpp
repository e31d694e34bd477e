// fairy-convert's work on one record (analysis/formats/convert_job.h): a game or a line of a
// position list read, checked, selected and written in each target form, the result fixed or
// the record rejected with the diagnostic that says why; and the tally in input order.
#include "analysis/formats/convert_job.h"

#include <gtest/gtest.h>

#include <string>

#include "analysis/checking/selection.h"

namespace fairykit::analysis {
namespace {

const char* const kMate =
    "[Event \"Test\"]\n[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"2500\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

parsers::RawGame record(std::string text,
                        parsers::RecordFormat format = parsers::RecordFormat::kPgn,
                        std::int64_t index = 1) {
  parsers::RawGame g;
  g.text = std::move(text);
  g.index = index;
  g.first_line = 1;
  g.format = format;
  return g;
}

// The options as fairy-convert sets them for `to`.
ConvertOptions options(ConvertTarget to) {
  ConvertOptions o;
  o.to = to;
  o.validate.roster_warnings = false;
  return o;
}

ConvertedGame convert(const parsers::RawGame& game, ConvertOptions o,
                      std::string_view file = "mate.pgn") {
  set_record_needs(o);
  ConvertedGame c;
  convert_game(game, o, file, c);
  return c;
}

TEST(ConvertJob, TargetsByName) {
  EXPECT_EQ(find_convert_target("pgn"), ConvertTarget::kPgn);
  EXPECT_EQ(find_convert_target("jsonl"), ConvertTarget::kJsonl);
  EXPECT_EQ(find_convert_target("sqlite"), ConvertTarget::kSqlite);
  EXPECT_EQ(find_convert_target("PGN"), std::nullopt);
  EXPECT_EQ(find_convert_target(""), std::nullopt);
}

TEST(ConvertJob, TheRecordKeepsWhatTheTargetNeeds) {
  ConvertOptions pgn = options(ConvertTarget::kPgn);
  set_record_needs(pgn);
  EXPECT_FALSE(pgn.record.fens);
  EXPECT_FALSE(pgn.record.keys);
  EXPECT_TRUE(pgn.record.san);
  pgn.write.notation = Notation::kUci;  // UCI movetext needs no SAN
  set_record_needs(pgn);
  EXPECT_FALSE(pgn.record.san);

  ConvertOptions epd = options(ConvertTarget::kEpd);
  epd.write.every = 10;
  set_record_needs(epd);
  EXPECT_TRUE(epd.record.fens);
  EXPECT_EQ(epd.record.fen_every, 10);
  epd.write.final_only = true;
  set_record_needs(epd);
  EXPECT_EQ(epd.record.fen_every, 1000000000);

  ConvertOptions sqlite = options(ConvertTarget::kSqlite);
  sqlite.write.variations = false;
  set_record_needs(sqlite);
  EXPECT_TRUE(sqlite.record.keys);
  EXPECT_FALSE(sqlite.record.variations);
}

TEST(ConvertJob, AGameInEachForm) {
  const parsers::RawGame game = record(kMate);
  ConvertedGame c = convert(game, options(ConvertTarget::kPgn));
  EXPECT_EQ(c.fate, ConvertFate::kWritten);
  EXPECT_EQ(c.out,
            "[Event \"Test\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
            "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[WhiteElo \"2500\"]\n\n"
            "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n");

  c = convert(game, options(ConvertTarget::kJsonl));
  EXPECT_EQ(
      c.out,
      "{\"file\":\"mate.pgn\",\"game\":1,\"line\":1,\"variant\":\"chess\",\"tags\":{"
      "\"Event\":\"Test\",\"Site\":\"?\",\"Date\":\"????.??.??\",\"Round\":\"?\","
      "\"White\":\"A\",\"Black\":\"B\",\"Result\":\"1-0\",\"WhiteElo\":\"2500\"},"
      "\"result\":\"1-0\",\"termination\":\"checkmate\",\"termination_from\":\"board\",\"plies\":7,"
      "\"white_elo\":2500,\"ply\":1,"
      "\"san\":[\"e4\",\"e5\",\"Qh5\",\"Nc6\",\"Bc4\",\"Nf6\",\"Qxf7#\"],"
      "\"uci\":[\"e2e4\",\"e7e5\",\"d1h5\",\"b8c6\",\"f1c4\",\"g8f6\",\"h5f7\"]}\n");

  c = convert(game, options(ConvertTarget::kCsv));
  EXPECT_EQ(c.out,
            "mate.pgn,1,chess,Test,,,,A,B,1-0,2500,,,,,,,,,,,7,checkmate,board,,"
            "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#,e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7\n");

  ConvertOptions epd = options(ConvertTarget::kEpd);
  epd.write.every = 4;
  c = convert(game, epd);
  EXPECT_EQ(c.out,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; sm e4; "
            "id \"mate.pgn game 1 ply 0\";\n"
            "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - hmvc 2; fmvn 3; sm Bc4; "
            "id \"mate.pgn game 1 ply 4\";\n");

  ConvertOptions positions = options(ConvertTarget::kCsv);
  positions.positions_csv = true;
  positions.write.final_only = true;
  c = convert(game, positions);
  EXPECT_EQ(
      c.out,
      "mate.pgn,1,7,r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4,,,,,,,,\n");
}

TEST(ConvertJob, ALineOfAPositionListIsAGameWithoutMoves) {
  const parsers::RawGame line =
      record("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 id \"after e4\";\n",
             parsers::RecordFormat::kPositions, 3);
  ConvertedGame c = convert(line, options(ConvertTarget::kEpd), "list.epd");
  EXPECT_EQ(c.fate, ConvertFate::kWritten);
  // The en passant square only where a capture is legal, as every FEN written.
  EXPECT_EQ(c.out,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1; "
            "id \"list.epd game 3 ply 0\";\n");
  c = convert(line, options(ConvertTarget::kPgn), "list.epd");
  EXPECT_EQ(c.out,
            "[Event \"after e4\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
            "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[SetUp \"1\"]\n"
            "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n*\n\n");

  c = convert(record("rnbqkbnr/pppppppp/8/8 w KQkq - 0 1\n", parsers::RecordFormat::kPositions),
              options(ConvertTarget::kEpd), "list.epd");
  EXPECT_EQ(c.fate, ConvertFate::kRejected);
  ASSERT_EQ(c.report.diagnostics.size(), 1u);
  EXPECT_EQ(c.report.diagnostics[0].message.rfind("invalid position: ", 0), 0u);
  EXPECT_EQ(c.report.diagnostics[0].column, 1);
}

TEST(ConvertJob, AnInvalidGameIsRejectedWithItsDiagnostic) {
  const ConvertedGame c =
      convert(record("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n"),
              options(ConvertTarget::kPgn));
  EXPECT_EQ(c.fate, ConvertFate::kRejected);
  EXPECT_EQ(c.report.errors, 1);
  ASSERT_EQ(c.report.diagnostics.size(), 1u);
  EXPECT_EQ(c.report.diagnostics[0].message, "illegal move \"Ke3\"");
  EXPECT_EQ(c.report.diagnostics[0].line, 5);
  EXPECT_EQ(c.report.diagnostics[0].column, 13);
  EXPECT_EQ(c.out, "");
}

TEST(ConvertJob, AResultTheFinalPositionContradictsIsFixedOnlyWhenAsked) {
  const parsers::RawGame wrong = record(
      "[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n"
      "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1/2-1/2\n");
  ConvertedGame c = convert(wrong, options(ConvertTarget::kPgn));
  EXPECT_EQ(c.fate, ConvertFate::kRejected);
  EXPECT_FALSE(c.fix.fixed);

  ConvertOptions fix = options(ConvertTarget::kPgn);
  fix.fix_result = true;
  c = convert(wrong, fix);
  EXPECT_EQ(c.fate, ConvertFate::kWritten);
  EXPECT_TRUE(c.fix.fixed);
  EXPECT_EQ(c.fix.from, "1/2-1/2");
  EXPECT_EQ(c.fix.to, "1-0");
  EXPECT_EQ(c.fix.reason, "checkmate");
  EXPECT_EQ(c.report.errors, 0);
  EXPECT_TRUE(c.report.diagnostics.empty());
  EXPECT_EQ(c.out,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
            "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
            "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n");

  // The database notes the correction with the game.
  ConvertOptions db = options(ConvertTarget::kSqlite);
  db.fix_result = true;
  c = convert(wrong, db);
  ASSERT_FALSE(c.db.diagnostics.empty());
  EXPECT_EQ(c.db.diagnostics.back().message, "result \"1/2-1/2\" corrected to \"1-0\" (checkmate)");
}

TEST(ConvertJob, SelectionFiltersGamesOut) {
  const parsers::RawGame game = record(kMate);
  ConvertOptions elo = options(ConvertTarget::kPgn);
  elo.selection.where.push_back(*parse_where("WhiteElo>=2600"));
  EXPECT_EQ(convert(game, elo).fate, ConvertFate::kFiltered);
  elo.selection.where[0] = *parse_where("WhiteElo>=2400");
  EXPECT_EQ(convert(game, elo).fate, ConvertFate::kWritten);

  ConvertOptions plies = options(ConvertTarget::kPgn);
  plies.selection.max_plies = 6;
  EXPECT_EQ(convert(game, plies).fate, ConvertFate::kFiltered);

  // --reaches: the position after 2. Qh5, matched in the game's own variant.
  ConvertOptions reaches = options(ConvertTarget::kPgn);
  reaches.selection.reaches = *position_keys(
      "rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", VariantId::kChess);
  EXPECT_EQ(convert(game, reaches).fate, ConvertFate::kWritten);
  reaches.selection.reaches = *position_keys(
      "rnbqkbnr/pppp1ppp/8/4p3/4P2Q/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", VariantId::kChess);
  EXPECT_EQ(convert(game, reaches).fate, ConvertFate::kFiltered);
  EXPECT_FALSE(position_keys("not a fen", VariantId::kChess).ok());
}

TEST(ConvertJob, AStartPositionWithoutAFormInTheDialectIsRejected) {
  ConvertOptions xboard = options(ConvertTarget::kPgn);
  xboard.write.fen_dialect = FenDialectId::kXboard;
  const ConvertedGame c =
      convert(record("[Variant \"Interweave\"]\n[Result \"*\"]\n\n*\n"), xboard);
  EXPECT_EQ(c.fate, ConvertFate::kRejected);
  ASSERT_EQ(c.report.diagnostics.size(), 1u);
  EXPECT_EQ(c.report.diagnostics[0].message,
            "the xboard FEN dialect has no form for Interweave (XBoard does not play it)");
  EXPECT_EQ(c.report.diagnostics[0].column, 1);
}

TEST(ConvertJob, DiagramsOfThePliesAsked) {
  ConvertOptions svg = options(ConvertTarget::kSvg);
  ConvertedGame c = convert(record(kMate), svg);
  EXPECT_EQ(c.fate, ConvertFate::kWritten);
  ASSERT_EQ(c.svgs.size(), 1u);
  EXPECT_EQ(c.svgs[0].first, "game-1-ply-7.svg");
  EXPECT_EQ(c.svgs[0].second.rfind("<svg", 0), 0u);
  svg.svg_every = true;
  svg.write.every = 4;
  c = convert(record(kMate), svg);
  ASSERT_EQ(c.svgs.size(), 2u);
  EXPECT_EQ(c.svgs[1].first, "game-1-ply-4.svg");
  // --moves-of a square that is empty there: drawn without, and a note says so.
  svg.svg.moves_of = "e4";
  c = convert(record(kMate), svg);
  EXPECT_EQ(c.fate, ConvertFate::kWritten);
  ASSERT_EQ(c.svgs.size(), 2u);
  ASSERT_EQ(c.notes.size(), 1u);
  EXPECT_EQ(c.notes[0].rfind("ply 0: ", 0), 0u);

  EXPECT_TRUE(is_diagram_name("1-game-1-ply-7.svg"));
  EXPECT_TRUE(is_diagram_name("12-game-300-ply-0.svg"));
  EXPECT_FALSE(is_diagram_name("game-1-ply-7.svg"));
  EXPECT_FALSE(is_diagram_name("1-game-1-ply-7.svg.tmp"));
  EXPECT_FALSE(is_diagram_name("1-game--ply-7.svg"));
}

TEST(ConvertTally, CountsAndDuplicates) {
  ConvertOptions o = options(ConvertTarget::kPgn);
  o.dedupe = true;
  const ConvertedGame first = convert(record(kMate), o);
  const ConvertedGame again = convert(record(kMate, parsers::RecordFormat::kPgn, 2), o);
  const ConvertedGame bad = convert(record("1. e4 e5 2. Ke3 *\n"), o);
  ConvertTally tally(true);
  EXPECT_EQ(tally.take(first), ConvertTally::Goes::kWritten);
  EXPECT_EQ(tally.take(again), ConvertTally::Goes::kDuplicate);
  EXPECT_EQ(tally.take(bad), ConvertTally::Goes::kRejected);
  const ConvertCounts counts = tally.end_input();
  EXPECT_EQ(convert_summary("in.pgn", counts),
            "in.pgn: 3 games read: 1 written, 1 filtered out (1 duplicate), 1 rejected; "
            "0 warnings\n");
  // The next input starts from zero, but a game seen in the one before is still a duplicate.
  EXPECT_EQ(tally.take(first), ConvertTally::Goes::kDuplicate);
  ConvertCounts all = counts;
  all.add(tally.end_input());
  EXPECT_EQ(convert_summary("total", all),
            "total: 4 games read: 1 written, 2 filtered out (2 duplicates), 1 rejected; "
            "0 warnings\n");

  ConvertTally without(false);
  EXPECT_EQ(without.take(first), ConvertTally::Goes::kWritten);
  EXPECT_EQ(without.take(again), ConvertTally::Goes::kWritten);
  ConvertOptions fix = options(ConvertTarget::kPgn);
  fix.fix_result = true;
  EXPECT_EQ(without.take(convert(record("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n"), fix)),
            ConvertTally::Goes::kWritten);
  EXPECT_EQ(convert_summary("x", without.end_input()),
            "x: 3 games read: 3 written, 0 filtered out, 0 rejected; 1 result fixed; 0 warnings\n");
}

// --annotate: the moves of the games written are counted, those of a game filtered out not.
TEST(ConvertTally, MovesAnnotated) {
  ConvertedGame written = convert(record(kMate), options(ConvertTarget::kPgn));
  written.annotated = {5, 2};
  ConvertedGame filtered = written;
  filtered.fate = ConvertFate::kFiltered;
  ConvertTally tally(false);
  tally.take(written);
  tally.take(filtered);
  tally.take(written);
  EXPECT_EQ(convert_summary("in.pgn", tally.end_input(), true),
            "in.pgn: 3 games read: 2 written, 1 filtered out, 0 rejected; 10 moves annotated, 4 "
            "without an evaluation in the cache; 0 warnings\n");
}

}  // namespace
}  // namespace fairykit::analysis
