// Reading fairy-convert's JSON back: one game object (the schema of
// docs/schemas/games.schema.json) into PGN text, which the tools then read and check like
// any other game, so that JSON input gets the same checks and diagnostics as PGN; and the
// JSON parser under it, which keeps where each value is so that every error names its byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "parsers/pgn.h"

namespace fairykit::analysis {

// How deep arrays and objects may nest in a game object. A variation takes three levels (a
// "notes" array, a note, the "variation" object), so this leaves room for variations one
// deeper than parsers::kMaxVariationDepth, which are then reported in the words of PGN.
inline constexpr int kMaxJsonDepth = 3 * (parsers::kMaxVariationDepth + 1) + 3;

// A value of a JSON text read by parse_json. The values of a text are held in document order
// (a container before its contents): the first member or element of the container at index
// i is at i + 1 (when i + 1 < next), and each value's next sibling at its `next`.
struct JsonValue {
  enum class Kind : std::uint8_t { kNull, kFalse, kTrue, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  std::uint8_t role = 0;        // what JsonKeep made of it (1 without one)
  std::size_t at = 0, end = 0;  // its bytes in the text: [at, end)
  std::size_t next = 0;         // the index of the value after it and its contents
  std::size_t key_at = 0;       // a member of an object: where its name starts (the '"'); else 0
  std::string_view key;         // a member of an object: its name, unescaped
  std::string_view text;        // a string: its value, unescaped; a number: as written
};

// A JSON text read: its values, and the strings whose escapes were resolved (the views of
// the values point into the text or here; the text must outlive them).
struct JsonDocument {
  std::vector<JsonValue> values;
  std::deque<std::string> unescaped;
};

// Which values parse_json keeps: given the role of the container a value is in (0 for the
// top value) and the value's member name ("" in an array), the value's own role, or 0 to
// leave it out with everything inside it (it is still read and checked). So a reader holds
// what it uses, not every value of a hostile text.
using JsonKeep = std::uint8_t (*)(std::uint8_t parent, std::string_view key);

struct JsonError {
  std::string message;  // "invalid JSON: ',' or '}' expected after a member, not '\"'"
  std::size_t at = 0;   // the byte of the text it is about (the text's size: its end)
};

// Parses `text`: one JSON value (RFC 8259) with only whitespace around it, strings of valid
// UTF-8 (escapes resolved, a lone surrogate refused), objects and arrays nested at most
// `max_depth` deep; nothing is recursive, whatever the input. Numbers are checked, not
// converted: they are kept as written. Members are kept in order, a repeated name too; with
// `keep`, only the values it keeps. A byte order mark before the value is skipped. Returns
// false with `error` set at the first fault.
bool parse_json(std::string_view text, JsonDocument& doc, JsonError& error, JsonKeep keep = nullptr,
                int max_depth = kMaxJsonDepth);

// Where the PGN that json_game_to_pgn wrote came from.
struct JsonOrigins {
  // For each token of the PGN taken from the JSON (a tag pair, a move, a NAG, a comment, a
  // variation, the result), its offset in the PGN and the offset in the JSON of the value it
  // came from, in PGN order.
  std::vector<std::pair<std::size_t, std::size_t>> tokens;
  // After an error: the byte of the JSON that the error is about.
  std::size_t error_at = 0;
  // The JSON offset of a place in the PGN (1-based line and column, as a diagnostic of the
  // PGN names it; `pgn_lines`: line_starts of the PGN): where the value of its token starts
  // (line 0, the game as a whole: where the game object starts).
  std::size_t json_offset(const std::vector<std::size_t>& pgn_lines, std::int64_t line,
                          std::int64_t column) const;
};

// The offsets at which the lines of `text` start: 0, and the byte after each '\n'.
std::vector<std::size_t> line_starts(std::string_view text);

// Appends the PGN form of the game object `json` to `pgn`: its tags ("variant" and
// "start_fen" as the Variant, SetUp and FEN tags when the tags lack them, then the
// "repeated_tags" in order), the moves of its
// main line ("san", else "uci") with their notes (NAGs, comments, variations) in order, and
// its result. Anything the PGN could not say as the JSON says it is an error, never a guess:
// a field of the wrong type, a key the reader uses given twice, a move that PGN would read
// as something else (a result, a move number, two tokens), a NAG beyond 0 to 255, a result
// that is not one, a note at a ply its line does not reach, variations nested more than
// parsers::kMaxVariationDepth deep. Errors say what is wrong ("NAG 256 is out of range (0 to
// 255)") and, in `origins`, where.
absl::Status json_game_to_pgn(std::string_view json, std::string& pgn,
                              JsonOrigins* origins = nullptr);

}  // namespace fairykit::analysis
