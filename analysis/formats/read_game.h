// Reading a game record of any form fairy-convert reads as games (PGN, vchess.club records,
// JSON game objects) into a checked record.
#pragma once

#include "analysis/checking/game_record.h"
#include "analysis/checking/validate.h"
#include "parsers/pgn.h"

namespace fairykit::analysis {

// Reads a game record as GameBatch delivers it, checks and replays it (validate_game): PGN
// (`vchess`: a vchess.club record, its move lines turned into SAN first) or a JSON game
// object (fairy-convert's json / jsonl output, turned into PGN first). Diagnostics of a
// vchess record point at its first line, column 1; those of a game object at the line and
// column of the JSON value they are about (the move, the NAG, the tag...); a record that
// cannot be converted gives a report with that error, at the byte it is about. FEN / EPD
// lines are not games: not read here.
GameReport read_game(const parsers::RawGame& game, const ValidateOptions& options,
                     GameRecord& record, const RecordOptions& record_options, bool vchess = false);

// A line of a FEN / EPD list (parsers::RecordFormat::kPositions) as a game without moves:
// its variant (an EPD variant operation, else `default_variant`), start position and final
// state, the EPD id as its Event tag, a Variant tag for a game other than chess, the result
// "*". A line that cannot be set up gives one error, "invalid position: " and the FEN
// reader's message, at the line's column 1; what the reader accepted leniently, warnings.
// `tests`: the selection's position tests, run on the position (GameRecord::positions_met).
GameReport read_position_game(const parsers::RawGame& game, VariantId default_variant,
                              EpField ep_field, GameRecord& record,
                              const PositionTests* tests = nullptr);

}  // namespace fairykit::analysis
