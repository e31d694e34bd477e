// Reading fairy-convert's JSON back: one game object (the schema of
// docs/fairykit-games.schema.json) into PGN text, which the tools then read and check like
// any other game, so that JSON input gets the same checks and diagnostics as PGN.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace fairykit::analysis {

// Appends the PGN form of the game object `json` to `pgn`: its tags ("variant" and
// "start_fen" as the Variant, SetUp and FEN tags when the tags lack them, then the
// "repeated_tags" in order), the moves of its
// main line ("san", else "uci") with their notes (NAGs, comments, variations) in order, and
// its result. Errors say what is wrong: "JSON: syntax error at byte 17 ...", "game object
// has no \"san\" or \"uci\" array".
absl::Status json_game_to_pgn(std::string_view json, std::string& pgn);

}  // namespace fairykit::analysis
