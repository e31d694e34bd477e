// The FEN and EPD lines of fairy-convert: a game's main line as positions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/checking/game_record.h"
#include "analysis/formats/write_options.h"

namespace fairykit::analysis {

// One FEN or EPD line per position of the main line: the start position and the position
// after each move, every options.every plies, or the final position only. EPD lines have the
// operations hmvc, fmvn, sm (the move played from the position, SAN) and id ("FILE game N
// ply P").
void write_positions(const GameRecord& record, bool epd, const WriteOptions& options,
                     std::string_view file, std::int64_t index, std::string& out);

}  // namespace fairykit::analysis
