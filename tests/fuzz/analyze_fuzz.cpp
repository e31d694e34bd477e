// The readers and writers of fairy-analyze over any bytes. Byte 0 picks what is read (mod 4),
// the rest is the input:
//   0  a PGN game, replayed with the statistics' records (what each move did, the keys), its
//      contribution added to a CollectionStats, the tables written as text, JSON and CSV:
//      one game read, analysed exactly when valid; the JSON parses;
//   1  a FEN / EPD line (analysis/checking/position_line.h), and when it reads, its JSON Lines
//   record
//      (analysis/statistics/positions.h): one line, valid JSON; the game's FEN sets up again with
//      the same key;
//   2  an openings TSV file (analysis/checking/openings.h): read, or an error naming the file;
//   3  a FEN / EPD line searched for a forced win (analysis/statistics/missed_wins.h, 3 plies, a
//      small node limit): the game is left as it was, a win has a line of its length.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/checking/game_record.h"
#include "analysis/checking/game_result.h"
#include "analysis/checking/position_line.h"
#include "analysis/checking/validate.h"
#include "analysis/formats/read_game.h"
#include "analysis/statistics/missed_wins.h"
#include "analysis/checking/openings.h"
#include "analysis/statistics/positions.h"
#include "analysis/statistics/stats.h"
#include "nlohmann/json.hpp"
#include "parsers/pgn.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace fairykit;

void statistics(std::string_view text) {
  parsers::RawGame game;
  game.text = std::string(text);
  game.index = 1;
  game.first_line = 1;
  analysis::ValidateOptions vo;
  vo.roster_warnings = false;
  vo.variations = false;
  analysis::RecordOptions ro;
  ro.variations = false;
  ro.facts = true;
  ro.keys = true;
  ro.uci = false;
  ro.san = text.size() % 2 == 0;  // the tree's items, or none
  ro.items = ro.san;
  analysis::StatsOptions so;
  so.tree_plies = ro.san ? 4 : 0;
  const absl::StatusOr<analysis::OpeningBook>& book = analysis::OpeningBook::builtin();
  FUZZ_CHECK(book.ok(), "the built-in openings do not read");
  so.openings = &*book;
  analysis::GameRecord record;
  const analysis::GameReport report = analysis::read_game(game, vo, record, ro);
  analysis::GameFacts facts;
  analysis::game_facts(record, report, analysis::game_result(record, false), so, facts);
  FUZZ_CHECK(facts.analysed == (report.valid() && record.set_up), "analysed %d, valid %d",
             int(facts.analysed), int(report.valid()));
  analysis::CollectionStats stats(so);
  stats.add(facts, "fuzz");
  FUZZ_CHECK(stats.games() == 1 && stats.rejected() == (facts.analysed ? 0u : 1u),
             "one game read, counted once");
  const std::vector<analysis::StatsTable> tables = stats.tables();
  for (const analysis::StatsTable& t : tables)
    analysis::for_each_row(t, [&](const analysis::StatsRow& row) {
      FUZZ_CHECK(row.size() == t.columns.size(), "table %s: a row of %zu cells for %zu columns",
                 t.name.c_str(), row.size(), t.columns.size());
    });
  std::string out;
  analysis::write_stats_text(tables, out);
  out.clear();
  analysis::write_stats_csv(tables, false, out);
  out.clear();
  analysis::write_stats_json(tables, out);
  FUZZ_CHECK(nlohmann::json::accept(out), "the JSON tables do not parse:\n%s", out.c_str());
}

void position(std::string_view line) {
  absl::StatusOr<analysis::PositionLine> p = analysis::read_position_line(line, VariantId::kChess);
  if (!p.ok()) {
    FUZZ_CHECK(!p.status().message().empty(), "an error without a message");
    return;
  }
  AnyGame& game = *p->game;
  const std::string fen = game.fen();
  const Key key = game.key();
  std::string out;
  analysis::PositionWriter writer({});
  writer.begin_game("fuzz", 1, out);
  writer.position(game, 0);
  FUZZ_CHECK(!out.empty() && out.back() == '\n' && out.find('\n') == out.size() - 1,
             "not one record line: %s", out.c_str());
  FUZZ_CHECK(nlohmann::json::accept(std::string_view(out).substr(0, out.size() - 1)),
             "the record is not JSON: %s", out.c_str());
  FUZZ_CHECK(game.fen() == fen, "the writer changed the game");
  absl::StatusOr<std::unique_ptr<AnyGame>> again = AnyGame::create(game.variant(), fen);
  FUZZ_CHECK(again.ok(), "the FEN written does not set up: %s", fen.c_str());
  FUZZ_CHECK((*again)->key() == key, "the FEN written sets up another key: %s", fen.c_str());
}

void openings(std::string_view text) {
  const analysis::OpeningsFile file{"fuzz.tsv", std::string(text)};
  absl::StatusOr<analysis::OpeningBook> book =
      analysis::OpeningBook::parse(std::span<const analysis::OpeningsFile>(&file, 1));
  if (!book.ok())
    FUZZ_CHECK(book.status().message().find("fuzz.tsv") != std::string_view::npos,
               "the error does not name the file: %s",
               std::string(book.status().message()).c_str());
}

void wins(std::string_view line) {
  absl::StatusOr<analysis::PositionLine> p = analysis::read_position_line(line, VariantId::kChess);
  if (!p.ok()) return;
  AnyGame& game = *p->game;
  const std::string fen = game.fen();
  analysis::WinScanner scanner({3, 20000});
  scanner.begin(1);
  scanner.position(game, 0);
  FUZZ_CHECK(game.fen() == fen, "the search changed the game");
  for (const analysis::WinFinding& f : scanner.findings())
    if (f.status == analysis::WinResult::kWin)
      FUZZ_CHECK(int(f.line.size()) == f.plies && f.plies >= 1 && f.plies <= 3,
                 "a win of %d plies with a line of %zu moves", f.plies, f.line.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0:
      statistics(text);
      break;
    case 1:
      position(text);
      break;
    case 2:
      openings(text);
      break;
    default:
      wins(text);
  }
  return 0;
}
