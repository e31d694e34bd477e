// The writers of fairy-convert: a checked game (analysis/checking/game_record.h) into PGN, FEN /
// EPD lines, JSON and CSV; and the selection of games. Each writer appends to a string and is a
// pure function of the record and the options, so games are written in parallel and the
// output is the same at any number of threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/checking/game_record.h"
#include "analysis/checking/validate.h"
#include "analysis/io/json.h"
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
  // The FEN dialect written (rules/game/fen_dialect.h); the game must have a form in it (the tool
  // checks fen_dialect_has_form first).
  FenDialectId fen_dialect = FenDialectId::kNative;
};

// What the game's result is after --fix-result: the result written.
struct ResultFix {
  bool fixed = false;
  std::string from, to;  // the Result tag as read and as written
  std::string reason;    // "checkmate"
};

// The result a writer writes: the termination marker, else the Result tag when it is one of
// "1-0", "0-1", "1/2-1/2", "*", else "*"; with
// `fix`, the result the final position implies when it contradicts it.
std::string game_result(const GameRecord& record, bool fix, ResultFix* what = nullptr);

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

// One FEN or EPD line per position of the main line: the start position and the position
// after each move, every options.every plies, or the final position only. EPD lines have the
// operations hmvc, fmvn, sm (the move played from the position, SAN) and id ("FILE game N
// ply P").
void write_positions(const GameRecord& record, bool epd, const WriteOptions& options,
                     std::string_view file, std::int64_t index, std::string& out);

// One game as a JSON object (the schema: docs/fairykit-games.schema.json, README).
void write_game_json(JsonWriter& w, const GameRecord& record, const GameReport& report,
                     const std::string& result, const WriteOptions& options, std::string_view file);

// CSV: the header line, and one row per game (or per position with `positions`).
// Reads a game record as GameBatch delivers it, checks and replays it (validate_game): PGN
// (`vchess`: a vchess.club record, its move lines turned into SAN first) or a JSON game
// object (fairy-convert's json / jsonl output, turned into PGN first). Diagnostics of a
// vchess record point at its first line, column 1; those of a game object at the line and
// column of the JSON value they are about (the move, the NAG, the tag...); a record that
// cannot be converted gives a report with that error, at the byte it is about. FEN / EPD
// lines are not games: not read here.
GameReport read_game(const parsers::RawGame& game, const ValidateOptions& options,
                     GameRecord& record, const RecordOptions& record_options, bool vchess = false);

std::string csv_header(bool positions);
// Whether a spreadsheet program reads a CSV cell as a formula ("CSV injection", OWASP): it
// starts with '=', '+', '-', '@', a tab or a carriage return, and it is not a plain number
// (an optional '-' or '+', digits, and optionally '.' and digits: "-1.5", "+3", "-400"),
// which it reads as a number.
bool csv_formula_cell(std::string_view cell);
// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; the text
// made valid UTF-8 (utf8_text); unless `raw`, a cell that csv_formula_cell() finds gets a
// "'" before it (inside the quotes), which spreadsheets take for "text" and do not show.
void csv_field(std::string& out, std::string_view text, bool raw);
void write_csv(const GameRecord& record, const std::string& result, bool positions,
               const WriteOptions& options, std::string_view file, std::int64_t index,
               std::string& out);

// Selection (--where, --min-plies, --max-plies, --ends-in, --reaches).
struct TagFilter {
  enum Op { kEq, kNe, kContains, kLt, kLe, kGt, kGe };
  std::string tag;
  Op op = kEq;
  std::string value;
};
// "White=Carlsen", "White~Carl" (substring), "WhiteElo>=2700", "Date<2000.01.01",
// "Result!=1/2-1/2". Errors name the text; Variant=NAME and Variant!=NAME want a name of a
// variant (any of its names), and match the game's variant by it.
absl::StatusOr<TagFilter> parse_tag_filter(std::string_view text);

struct Selection {
  std::vector<TagFilter> where;  // all must hold
  int min_plies = 0, max_plies = -1;
  std::vector<std::string> ends_in;  // "checkmate", "stalemate", ... (describe(GameEnd))
  std::vector<Key> reaches;          // position keys (any of them)
  bool any() const {
    return !where.empty() || min_plies > 0 || max_plies >= 0 || !ends_in.empty() ||
           !reaches.empty();
  }
};
// The names --ends-in takes: "checkmate", "stalemate", "insufficient-material", ...,
// "none" (the game did not end on the board).
std::string ends_in_names();
absl::StatusOr<std::string> parse_ends_in(std::string_view name);
bool selected(const GameRecord& record, const Selection& selection);

// A 128-bit digest of the start position and the main-line moves, for --dedupe.
struct GameDigest {
  std::uint64_t a = 0, b = 0;
  bool operator==(const GameDigest&) const = default;
  template <class H>
  friend H AbslHashValue(H h, const GameDigest& d) {
    return H::combine(std::move(h), d.a, d.b);
  }
};
GameDigest game_digest(const GameRecord& record);

}  // namespace fairykit::analysis
