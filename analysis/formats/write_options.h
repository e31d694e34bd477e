// What the game writers of fairy-convert (pgn_writer.h, position_writer.h, json_game_writer.h,
// csv_writer.h) take besides the game: each is a pure function of a checked record
// (analysis/checking/game_record.h) and these options, so that games are written in parallel
// and the output is the same at any number of threads.
#pragma once

#include <cstddef>

#include "rules/game/fen_dialect.h"

namespace fairykit::analysis {

enum class Notation { kSan, kLan, kUci };

struct WriteOptions {
  Notation notation = Notation::kSan;
  bool comments = true, nags = true, variations = true;
  bool add_fen_tags = false;   // SetUp and FEN tags also for the standard start position
  bool add_ply_count = false;  // a PlyCount tag
  std::size_t line_length = 79;
  // Positions (--to fen|epd|csv --positions): every Nth ply (1: all), or only the final one.
  int every = 1;
  bool final_only = false;
  bool with_fen = false;  // JSON: the FEN after each main-line move
  bool csv_raw = false;   // CSV: cells as they are (csv_field)
  // The FEN dialect written (rules/game/fen_dialect.h); the game must have a form in it
  // (convert_game rejects a game whose start position has none).
  FenDialectId fen_dialect = FenDialectId::kNative;
};

}  // namespace fairykit::analysis
