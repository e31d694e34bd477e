// The PGN writer of fairy-convert.
#pragma once

#include <string>

#include "analysis/checking/game_record.h"
#include "analysis/formats/write_options.h"

namespace fairykit::analysis {

// PGN export format (PGN standard section 8): the seven-tag roster first and in order
// (missing ones as "?", "????.??.??", "*"), then the other tags in input order (the first of
// each name), the FEN tag as the native FEN of the start position, PlyCount, then the
// repeats of tags as read, in input order (so that the game reads back from the first
// values, as JSON's "repeated_tags" does); movetext wrapped at options.line_length, NAGs as
// $N, comments as written (in braces, their line breaks kept, a space between two words
// turned into a line break where the line is full; one holding '}' as ;-comments),
// variations in parentheses; a blank line after the game. Tags and comments are written in
// UTF-8: bytes that are not UTF-8 are read as Latin-1, as the JSON writer reads them, so
// that PGN -> JSON -> PGN gives the bytes of PGN -> PGN (CSV fields alike).
void write_pgn(const GameRecord& record, const std::string& result, const WriteOptions& options,
               std::string& out);

}  // namespace fairykit::analysis
