// Shared by the fuzz targets that read games from JSON (records_fuzz, json_fuzz): two checks
// of a game that give the same report, and the round trip of fairy-convert.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "analysis/checking/game_result.h"
#include "analysis/checking/validate.h"
#include "analysis/formats/json_game_writer.h"
#include "analysis/formats/json_read.h"
#include "analysis/formats/pgn_writer.h"
#include "analysis/io/json.h"
#include "parsers/input.h"
#include "parsers/pgn.h"
#include "parsers/records.h"
#include "tests/fuzz/fuzz_check.h"

namespace fairykit::fuzz {

inline bool same(const analysis::GameReport& a, const analysis::GameReport& b) {
  if (a.errors != b.errors || a.warnings != b.warnings || a.plies != b.plies ||
      a.diagnostics.size() != b.diagnostics.size())
    return false;
  for (std::size_t i = 0; i < a.diagnostics.size(); ++i)
    if (a.diagnostics[i].message != b.diagnostics[i].message) return false;
  return true;
}

// A valid game: PGN out, JSON out, the JSON read back and written as PGN again: the same.
inline void check_round_trip(const analysis::GameRecord& record,
                             const analysis::GameReport& report) {
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

}  // namespace fairykit::fuzz
