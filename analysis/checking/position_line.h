// A line of a FEN / EPD list (parsers::RecordFormat::kPositions) set up as a position, for
// every tool that reads position lists (fairy-convert, fairy-analyze --positions).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "rules/game/any_game.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

struct GameReport;

struct PositionLine {
  AnyGame* game = nullptr;  // the calling thread's game of the line's variant (thread_game)
  std::string id;           // the EPD id operation ("" when there is none)
};

// Sets the line up, trailing blanks ignored, in `default_variant` unless an EPD variant
// operation names another. Read, in this order:
//   * a FEN in any dialect of the variant (its own form: Interweave's vchess FEN, CwDA's
//     army field);
//   * an EPD line: four fields and operations, the clocks from hmvc and fmvn (else the two
//     numbers after the four fields, else 0 and 1), CwDA's armies from an armies operation;
//   * a whole FEN, then ';' and operations (as fairy-convert --to epd writes the FENs that
//     are not four fields and two clocks: Interweave).
// The error is the FEN reader's, about the line read as a FEN.
absl::StatusOr<PositionLine> read_position_line(std::string_view line, VariantId default_variant);

// What the FEN reader read leniently in the line's position (a fullmove number of 0, an
// Interweave pool digit above 2: AnyGame::fen_warnings) as warnings of `report`, at the line
// `line_number` ("FEN pool field, column 25: ...": the column is the FEN's).
void add_position_warnings(const PositionLine& line, std::int64_t line_number, GameReport& report);

}  // namespace fairykit::analysis
