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

}  // namespace fairykit::analysis
