#include "analysis/formats/read_game.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/checking/position_line.h"
#include "analysis/checking/position_patterns.h"
#include "analysis/formats/json_read.h"
#include "analysis/formats/vchess_record.h"

namespace fairykit::analysis {

GameReport read_game(const parsers::RawGame& game, const ValidateOptions& options,
                     GameRecord& record, const RecordOptions& record_options, bool vchess) {
  if (!vchess && (game.format == parsers::RecordFormat::kPgn || !game.notes.empty()))
    return validate_game(game, options, record, record_options);
  // Into PGN first: a vchess record, or a JSON game object.
  parsers::RawGame pgn;
  pgn.index = game.index;
  pgn.first_line = game.first_line;
  absl::Status converted = absl::OkStatus();
  JsonOrigins origins;
  if (vchess) {
    absl::StatusOr<std::string> text = vchess_game_to_pgn(game.text);
    if (text.ok())
      pgn.text = std::move(*text);
    else
      converted = absl::InvalidArgumentError(
          absl::StrCat("vchess record: ", std::string(text.status().message())));
  } else {
    converted = json_game_to_pgn(game.text, pgn.text, &origins);
  }
  GameReport report;
  if (converted.ok()) {
    report = validate_game(pgn, options, record, record_options);
  } else {
    record.clear();
    report.index = game.index;
    report.first_line = game.first_line;
    Diagnostic d;
    d.severity = parsers::Severity::kError;
    d.message = std::string(converted.message());
    report.diagnostics.push_back(std::move(d));
    ++report.errors;
  }
  if (vchess) {
    for (Diagnostic& d : report.diagnostics) {
      d.line = game.first_line;
      d.column = 1;
    }
    return report;
  }
  // A diagnostic of the JSON's PGN form points at the JSON value its token came from: its
  // line and column in the input.
  const std::vector<std::size_t> json_lines = line_starts(game.text);
  const std::vector<std::size_t> pgn_lines = line_starts(pgn.text);
  for (Diagnostic& d : report.diagnostics) {
    // (The PGN form was read as if it started at the record's first line.)
    const std::int64_t pgn_line = d.line == 0 ? 0 : d.line - pgn.first_line + 1;
    const std::size_t at =
        converted.ok() ? origins.json_offset(pgn_lines, pgn_line, d.column) : origins.error_at;
    const auto next_line = std::upper_bound(json_lines.begin(), json_lines.end(), at);
    const std::size_t line = std::size_t(next_line - json_lines.begin()) - 1;
    d.line = game.first_line + std::int64_t(line);
    d.column = std::int64_t(at - json_lines[line]) + (line == 0 ? game.first_column : 1);
  }
  return report;
}

GameReport read_position_game(const parsers::RawGame& game, VariantId default_variant,
                              EpField ep_field, GameRecord& record, const PositionTests* tests) {
  record.clear();
  GameReport report;
  report.index = game.index;
  report.first_line = game.first_line;
  absl::StatusOr<PositionLine> line = read_position_line(game.text, default_variant);
  if (!line.ok()) {
    Diagnostic d;
    d.severity = parsers::Severity::kError;
    d.line = game.first_line;
    d.column = 1;
    d.message = absl::StrCat("invalid position: ", std::string(line.status().message()));
    report.diagnostics.push_back(std::move(d));
    ++report.errors;
    return report;
  }
  const AnyGame* g = line->game;
  if (!line->id.empty()) record.tags.emplace_back("Event", std::move(line->id));
  record.variant = g->variant().id;
  record.set_up = true;
  record.start_fen = g->fen(ep_field);
  record.start_key = g->key();
  record.start_side = g->side_to_move();
  record.final_state = g->state();
  record.result_marker = "*";
  report.variant = std::string(g->variant().name);
  report.result_marker = "*";
  if (record.variant != VariantId::kChess)
    record.tags.emplace_back("Variant", std::string(g->variant().name));
  add_position_warnings(*line, game.first_line, report);
  if (tests) record.positions_met = PositionTestRun::test_position(*tests, *g);
  return report;
}

}  // namespace fairykit::analysis
