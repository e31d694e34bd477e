// The inputs of the converting tools besides PGN: FEN / EPD lists (one position per line)
// and fairy-convert's own JSON (a JSON array of game objects, or JSON Lines: one game object
// per line), read record by record in bounded memory, and how the format of an input is
// told (by its name, else by its first bytes).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "parsers/input.h"
#include "parsers/pgn.h"

namespace fairykit::parsers {

// "pgn", "fen" (a FEN or EPD list), "json", "jsonl".
std::string_view record_format_name(RecordFormat f);
std::optional<RecordFormat> find_record_format(std::string_view name);

// The format of an input: by its name first (.pgn, .fen, .epd, .json, .jsonl / .ndjson,
// also under .gz, .bz2, .zst, .xz), else by its first bytes: '{' starts JSON Lines, '[' then '{'
// or ']' a JSON array, '[' then a letter a PGN tag section, a FEN-shaped line (a board with
// seven '/') a position list, anything else PGN. `source` is wrapped so that the bytes
// looked at are read again.
absl::StatusOr<RecordFormat> detect_format(const std::string& path,
                                           std::unique_ptr<ByteSource>& source);

// A reader of records of `format` over `source`. Position lists and JSON Lines give one
// record per line that is not blank and does not start with '#' (first_line = its line);
// a JSON array gives one record per element, and an element that is not an object, or an
// array not closed, is reported by a record whose notes hold the error. A record longer
// than options.max_game_bytes is one record with `skipped` set and an error note, as
// GameSplitter does.
std::unique_ptr<RecordReader> make_record_reader(std::unique_ptr<ByteSource> source,
                                                 RecordFormat format,
                                                 const SplitterOptions& options);

}  // namespace fairykit::parsers
