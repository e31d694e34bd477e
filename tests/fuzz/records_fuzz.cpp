// The record readers of fairy-convert (parsers/records.h) and its JSON reader
// (analysis/formats/json_read.h) over any bytes. Byte 0 picks the format (RecordFormat order: PGN,
// position list, JSON array, JSON Lines; 4: a vchess.club game record, rules/
// vchess_record.h, whose PGN, when it reads, is checked twice alike), the rest is the input.
// Invariants:
//   * records are numbered 1, 2, 3... with their first lines increasing; position lists and
//     JSON Lines give lines that are not blank, hold no line end and do not start with '#';
//     a JSON array gives texts that start with '{' and end with '}', or an error note
//     (which ends the input) and no text;
//   * a JSON record that json_game_to_pgn reads gives PGN whose check is a pure function of
//     the text (validating twice gives the same report); a JSON error has a message and a
//     place inside the record;
//   * a valid game (PGN or JSON) written as PGN, then as JSON, reads back through
//     json_game_to_pgn and is written as the same PGN: the round trip of fairy-convert.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/checking/validate.h"
#include "analysis/formats/json_read.h"
#include "analysis/formats/vchess_record.h"
#include "analysis/io/json.h"
#include "parsers/input.h"
#include "parsers/pgn.h"
#include "parsers/records.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/game_checks.h"

namespace {

using namespace fairykit;
using fuzz::check_round_trip;
using fuzz::same;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 16384) return 0;
  std::string input(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] % 5 == 4) {
    absl::StatusOr<std::string> pgn = vchess_game_to_pgn(input);
    if (!pgn.ok()) {
      FUZZ_CHECK(!pgn.status().message().empty(), "a vchess record error without a message");
      return 0;
    }
    parsers::RawGame g;
    g.text = *pgn;
    g.index = 1;
    g.first_line = 1;
    analysis::ValidateOptions options;
    FUZZ_CHECK(same(analysis::validate_game(g, options), analysis::validate_game(g, options)),
               "two checks of the PGN of a vchess record differ");
    return 0;
  }
  const auto format = static_cast<parsers::RecordFormat>(data[0] % 5);
  parsers::SplitterOptions limits;
  if (size % 3 == 0) limits.max_game_bytes = 256;
  std::unique_ptr<parsers::RecordReader> reader =
      parsers::make_record_reader(parsers::memory_input(input, "fuzz"), format, limits);
  FUZZ_CHECK(reader != nullptr, "no reader for format %d", int(format));
  analysis::ValidateOptions vo;
  vo.roster_warnings = false;
  analysis::RecordOptions ro;
  ro.fens = size % 2 == 1;
  analysis::GameRecord record;
  parsers::RawGame game;
  std::int64_t count = 0, last_line = 0;
  bool ended = false;
  for (;;) {
    absl::StatusOr<bool> got = reader->next(game);
    if (!got.ok() || !*got) break;
    FUZZ_CHECK(!ended, "a record after the error that ends the input");
    ++count;
    FUZZ_CHECK(game.index == count, "record %lld numbered %lld", (long long)count,
               (long long)game.index);
    FUZZ_CHECK(game.first_line >= last_line, "record %lld at line %lld, after line %lld",
               (long long)count, (long long)game.first_line, (long long)last_line);
    FUZZ_CHECK(game.format == format, "record %lld of format %d", (long long)count,
               int(game.format));
    last_line = game.first_line;
    if (count > 64) break;  // (the work per input stays small)
    switch (format) {
      case parsers::RecordFormat::kPositions:
      case parsers::RecordFormat::kJsonl: {
        if (game.skipped) break;
        const std::string_view t = game.text;
        FUZZ_CHECK(t.find('\n') == std::string_view::npos, "record %lld holds a line end",
                   (long long)count);
        const std::size_t first = t.find_first_not_of(" \t");
        FUZZ_CHECK(first != std::string_view::npos && t[first] != '#',
                   "record %lld is blank or a comment", (long long)count);
        break;
      }
      case parsers::RecordFormat::kJson:
        if (!game.notes.empty()) {
          FUZZ_CHECK(game.text.empty(), "record %lld: an error note and a text", (long long)count);
          if (game.skipped == 0) ended = true;
        } else {
          FUZZ_CHECK(game.text.size() >= 2 && game.text.front() == '{' && game.text.back() == '}',
                     "record %lld is not an object's text: %s", (long long)count,
                     game.text.c_str());
        }
        break;
      case parsers::RecordFormat::kPgn:
        break;
    }
    if (format == parsers::RecordFormat::kPositions) continue;
    parsers::RawGame pgn;
    pgn.index = game.index;
    pgn.first_line = game.first_line;
    const bool json =
        format == parsers::RecordFormat::kJson || format == parsers::RecordFormat::kJsonl;
    if (json && game.notes.empty()) {
      FUZZ_CHECK(game.first_column >= 1, "record %lld at column %lld", (long long)count,
                 (long long)game.first_column);
      analysis::JsonOrigins origins;
      const absl::Status st = analysis::json_game_to_pgn(game.text, pgn.text, &origins);
      if (!st.ok()) {
        FUZZ_CHECK(!st.message().empty(), "a JSON error without a message");
        FUZZ_CHECK(origins.error_at <= game.text.size(), "a JSON error at byte %zu of %zu",
                   origins.error_at, game.text.size());
        continue;
      }
    } else {
      pgn = game;
    }
    const analysis::GameReport report = analysis::validate_game(pgn, vo, record, ro);
    if (pgn.text.size() < 2048)
      FUZZ_CHECK(same(report, analysis::validate_game(pgn, vo)),
                 "record %lld: two validations differ", (long long)count);
    if (report.valid() && pgn.text.size() < 4096) check_round_trip(record, report);
  }
  return 0;
}
