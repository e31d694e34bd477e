// FEN and EPD syntax: text -> plain structs. No legality, no variant knowledge beyond the
// schema the caller gives (which fields exist and what kind each is).
//
// Every error is an absl::InvalidArgumentError whose message names the field and the
// 1-based column in the text, e.g.
//   "FEN castling field, column 31: unexpected character 'x'"
// The grammars are Boost.Spirit X3; no Spirit type appears in this header.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace fairykit::parsers {

// One item of a board rank: either a run of empty squares or a piece letter.
struct FenBoardItem {
  enum Kind : std::uint8_t { kEmpty, kPiece };
  Kind kind = kEmpty;
  char letter = 0;        // kPiece: the letter as written (case = colour)
  bool promoted = false;  // kPiece: followed by '~' (a promoted piece, as in crazyhouse)
  int empty_count = 0;    // kEmpty: 1..N as written (multi-digit counts allowed, e.g. "10")
  int column = 0;         // 1-based column of the item in the whole text
};

struct FenBoard {
  // Ranks as written: the first is the top rank (rank 8 on an 8x8 board).
  std::vector<std::vector<FenBoardItem>> ranks;
  // Pieces in hand, if the board had a holdings bracket "[...]" after it (or a 9th
  // "/"-separated rank, the other common way of writing holdings). "-" means empty.
  std::optional<std::string> holdings;
  // Column of the first holdings character (just after the '[' or the 8th rank's '/');
  // the column where it would be when the holdings are empty. "[-]" and "[]" both give "".
  int holdings_column = 0;
  // The holdings were written as a 9th rank, not a bracket: to a variant without holdings
  // the board simply has 9 ranks.
  bool holdings_as_rank = false;
  int column = 1;
};

// The largest value of a FEN counter: the halfmove clock and the fullmove number here, and
// the ply counts of the vchess dialects the rules core reads (Interweave, CwDA). Nine
// digits, so that the 32-bit counters of every engine hold any FEN's value plus any game
// played from it: the game ply of the chess family, 2 x (fullmove - 1) + 1, stays below
// 2,000,000,000, which leaves 147 million plies below INT_MAX, and a clock leaves more
// than a billion; a game fairy-validate reads is at most 64 MiB (fewer than 33 million
// plies) and a perft at most 64 deep. A larger number is an error naming the field:
//   "FEN halfmove clock field, column 40: 99999999999 is out of range (at most 999999999)"
inline constexpr std::int64_t kMaxFenCounter = 999'999'999;

// A plain whitespace-separated field, kept verbatim with its column.
struct FenField {
  std::string text;
  int column = 0;
  // The halfmove clock and fullmove number fields: their value (0 to kMaxFenCounter).
  std::int64_t number = 0;
};

// The diagnostic of a counter field whose digits exceed kMaxFenCounter, without the "FEN
// <field> field, column N: " prefix: "99999999999 is out of range (at most 999999999)"
// (very long digit strings are cut). Shared by every FEN reader.
std::string fen_counter_range_error(std::string_view digits);

// The value of an all-digit field, or -1 when it exceeds kMaxFenCounter.
std::int64_t fen_counter_value(std::string_view digits);

// The castling field, classified. "-" gives an empty list.
struct CastlingToken {
  char letter = 0;  // 'K','Q','k','q' or a file letter 'A'..'H' / 'a'..'h' (X-FEN/Shredder)
  int column = 0;
};

struct FenAst {
  FenBoard board;
  FenField side;                     // "w" or "b"
  std::optional<FenField> castling;  // raw field, if the schema has one
  std::vector<CastlingToken> castling_tokens;
  std::optional<FenField> en_passant;       // "-" or a square such as "e3"
  std::optional<FenField> halfmove_clock;   // digits
  std::optional<FenField> fullmove_number;  // digits
  // Any further fields, verbatim (variants use them): the schema's kWord fields, then, with
  // FenSchema::allow_extra, the fields beyond the schema; in the order written.
  std::vector<FenField> extra;
};

// Which fields follow board and side, in order. The standard schema is
// castling, en passant, halfmove clock, fullmove number, with the two clocks optional.
enum class FenFieldKind : std::uint8_t { kCastling, kEnPassant, kHalfmove, kFullmove, kWord };

struct FenSchema {
  std::vector<FenFieldKind> fields = {FenFieldKind::kCastling, FenFieldKind::kEnPassant,
                                      FenFieldKind::kHalfmove, FenFieldKind::kFullmove};
  // How many of `fields` must be present (the rest may be missing).
  int required_fields = 2;
  // Whether fields beyond `fields` are accepted (they land in FenAst::extra).
  bool allow_extra = false;
};

// Parses a FEN. Leading/trailing whitespace is ignored; fields are separated by runs of
// spaces or tabs. The board accepts any ASCII letter as a piece (the variant decides which
// letters mean something), digits for empty runs, '~' after a piece, '/' between ranks and
// an optional "[...]" holdings bracket.
//
// Besides the syntax errors above, field-count errors read
//   "FEN has 3 fields; the en passant field is missing (column 38)"
//   "FEN has too many fields: 7, at most 6 expected (field 7 at column 58)"
// (a missing field's column is just past the last field) and a blank text gives "empty FEN".
absl::StatusOr<FenAst> parse_fen(std::string_view text, const FenSchema& schema = {});

// An EPD operation: `D1 20`, `id "name"`, `bm e4 d4`.
struct EpdOperation {
  std::string opcode;
  std::vector<std::string> operands;  // string operands without their quotes, unescaped
  int column = 0;
};

struct EpdRecord {
  FenAst position;  // board, side, castling, en passant (4 fields); clocks when present
  std::vector<EpdOperation> operations;

  // The first operation with this opcode, or nullptr.
  const EpdOperation* Find(std::string_view opcode) const;
};

// Parses one EPD line: four FEN fields, optionally two clock numbers (as some suites write
// full FENs), then operations. Both the standard form (`id "x"; bm e4;`, a ';' after each
// operation) and the perft-suite form (`;D1 20 ;D2 400`, a ';' before each) are read.
// Operation errors read "EPD operation, column 40: unterminated string"; errors in the FEN
// part are parse_fen's; a blank line gives "empty EPD line".
absl::StatusOr<EpdRecord> parse_epd(std::string_view line);

}  // namespace fairykit::parsers
