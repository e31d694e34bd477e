// The record readers of fairy-convert (parsers/records.h) and its JSON reader
// (analysis/json_read.h) over any bytes. Byte 0 picks the format (RecordFormat order: PGN,
// position list, JSON array, JSON Lines; 4: a vchess.club game record, rules/
// vchess_record.h, whose PGN, when it reads, is checked twice alike), the rest is the input.
// Invariants:
//   * records are numbered 1, 2, 3... with their first lines increasing; position lists and
//     JSON Lines give lines that are not blank, hold no line end and do not start with '#';
//     a JSON array gives texts that start with '{' and end with '}', or an error note
//     (which ends the input) and no text;
//   * a JSON record that json_game_to_pgn reads gives PGN whose check is a pure function of
//     the text (validating twice gives the same report); a JSON error has a message;
//   * a valid game (PGN or JSON) written as PGN, then as JSON, reads back through
//     json_game_to_pgn and is written as the same PGN: the round trip of fairy-convert.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/convert.h"
#include "analysis/json.h"
#include "analysis/json_read.h"
#include "analysis/validate.h"
#include "parsers/input.h"
#include "parsers/pgn.h"
#include "parsers/records.h"
#include "rules/vchess_record.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace fairykit;

bool same(const analysis::GameReport& a, const analysis::GameReport& b) {
  if (a.errors != b.errors || a.warnings != b.warnings || a.plies != b.plies ||
      a.diagnostics.size() != b.diagnostics.size())
    return false;
  for (std::size_t i = 0; i < a.diagnostics.size(); ++i)
    if (a.diagnostics[i].message != b.diagnostics[i].message) return false;
  return true;
}

// A valid game: PGN out, JSON out, the JSON read back and written as PGN again: the same.
void check_round_trip(const analysis::GameRecord& record, const analysis::GameReport& report) {
  const std::string result = analysis::game_result(record, false);
  const analysis::WriteOptions options;
  std::string pgn, json;
  analysis::write_pgn(record, result, options, pgn);
  analysis::JsonWriter w(json);
  analysis::write_game_json(w, record, report, result, options, "fuzz");
  std::string back;
  const absl::Status st = analysis::json_game_to_pgn(json, back);
  FUZZ_CHECK(st.ok(), "the JSON written does not read back: %s\n%s",
             std::string(st.message()).c_str(), json.c_str());
  parsers::RawGame again;
  again.text = back;
  again.index = 1;
  again.first_line = 1;
  analysis::ValidateOptions vo;
  vo.roster_warnings = false;
  analysis::GameRecord record2;
  const analysis::GameReport report2 = analysis::validate_game(again, vo, record2, {});
  FUZZ_CHECK(report2.valid(), "the JSON written reads back as an invalid game: %s\n%s",
             report2.diagnostics.empty() ? "" : report2.diagnostics[0].message.c_str(),
             back.c_str());
  std::string pgn2;
  analysis::write_pgn(record2, analysis::game_result(record2, false), options, pgn2);
  FUZZ_CHECK(pgn == pgn2, "PGN -> JSON -> PGN differs:\n%s\n---\n%s", pgn.c_str(), pgn2.c_str());
  // The PGN written is one valid game to the splitter and the reader (no comment line read as
  // a tag pair, no ;-comment cut), and written again it is a fixed point from then on (a
  // comment PGN cannot hold in braces becomes several ;-comments once, then stays).
  std::string pgn3 = pgn;
  for (int pass = 0; pass < 2; ++pass) {
    std::unique_ptr<parsers::RecordReader> games = parsers::make_record_reader(
        parsers::memory_input(pgn3, "fuzz"), parsers::RecordFormat::kPgn, {});
    parsers::RawGame written;
    absl::StatusOr<bool> got = games->next(written);
    FUZZ_CHECK(got.ok() && *got, "the PGN written holds no game:\n%s", pgn3.c_str());
    absl::StatusOr<bool> more = games->next(again);
    FUZZ_CHECK(more.ok() && !*more, "the PGN written splits into more than one game:\n%s",
               pgn3.c_str());
    analysis::GameRecord record3;
    const analysis::GameReport report3 = analysis::validate_game(written, vo, record3, {});
    FUZZ_CHECK(report3.valid(), "the PGN written reads back as an invalid game: %s\n%s",
               report3.diagnostics.empty() ? "" : report3.diagnostics[0].message.c_str(),
               pgn3.c_str());
    std::string next;
    analysis::write_pgn(record3, analysis::game_result(record3, false), options, next);
    if (pass == 1)
      FUZZ_CHECK(next == pgn3, "PGN -> PGN is not a fixed point:\n%s\n---\n%s", pgn3.c_str(),
                 next.c_str());
    pgn3 = std::move(next);
  }
}

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
      const absl::Status st = analysis::json_game_to_pgn(game.text, pgn.text);
      if (!st.ok()) {
        FUZZ_CHECK(!st.message().empty(), "a JSON error without a message");
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
