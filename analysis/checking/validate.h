// Game validation: one PGN game in, one report out. Checks, in this order:
//   syntax           what the PGN reader could not read (errors) or read with leniency
//   tags             the seven-tag roster present (warning), a FEN tag readable and legal,
//                    SetUp "1" beside it (warning), the Variant known and supported
//   moves            every main-line move legal; variations too unless switched off;
//                    wrong or missing check marks and other notation quirks (warnings)
//   result           the Result tag equals the termination marker; the result agrees with
//                    the final position (a checkmate, a stalemate, a dead position)
// A game is valid when it has no error; warnings do not make it invalid.
//
// validate_game() is a pure function of the game text and the options, so games can be
// validated in any order on any thread and give the same report.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/checking/game_record.h"
#include "parsers/pgn.h"
#include "rules/game/any_game.h"
#include "rules/game/registry.h"

namespace fairykit::analysis {

// What a diagnostic is about, where a repair (fairy-convert --fix: analysis/checking/repair.h)
// may act on it; kOther for the rest.
enum class Fault : std::uint8_t {
  kOther,
  kMoveNotation,    // a SanQuirk (Diagnostic::quirk) of a move, which the record writes anew
  kResultMismatch,  // the termination marker differs from the Result tag
  kNoMarker,        // the game has no termination marker
  kFenWithoutSetUp,
  kFenReadAsWritten,  // the FEN tag read leniently (a castling right dropped, a fullmove
                      // number of 0): the position read is the one written
};

struct Diagnostic {
  parsers::Severity severity = parsers::Severity::kError;
  std::int64_t line = 0;      // input line (0: the game as a whole)
  std::int64_t column = 0;    // 1-based byte column (64-bit: a line may pass 2 GiB)
  int ply = 0;                // half-move number from the game's start position (0: none)
  std::string message;        // e.g. illegal move "Nf6"
  std::string fen;            // the position before the move, when the diagnostic is about one
  bool about_result = false;  // the result contradicts the final position (--fix-result)
  Fault fault = Fault::kOther;
  std::uint32_t quirk = 0;  // kMoveNotation: the SanQuirk
  std::string written;      // kMoveNotation: the move as the record holds it (SAN, else UCI)
};

struct GameReport {
  std::int64_t index = 0;       // 1-based game number in its input
  std::int64_t first_line = 0;  // input line where the game starts
  std::string white = "?", black = "?";
  std::string variant;        // the variant the game was checked as ("" when unsupported)
  std::string result_tag;     // as written ("" when missing)
  std::string result_marker;  // the termination marker ("" when missing)
  // How the game ended and where that was read (analysis/checking/termination.h), with
  // ValidateOptions::termination, of a valid game ("" otherwise).
  std::string termination, termination_from;
  int plies = 0;  // main-line half-moves read and found legal
  int errors = 0, warnings = 0;
  std::vector<Diagnostic> diagnostics;  // in order of appearance
  bool valid() const { return errors == 0; }
};

struct ValidateOptions {
  bool variations = true;                         // check the moves of variations
  VariantId default_variant = VariantId::kChess;  // for games without a Variant tag
  bool roster_warnings = true;                    // warn about missing seven-tag roster tags
  bool positions = false;                         // fill Diagnostic::fen (--show-position)
  // Warnings about the moves (SAN quirks: check marks, superfluous disambiguation...; moves
  // after a dead position; malformed clk, emt and eval comment commands). Off (statistics):
  // only errors, the check marks not verified.
  bool move_warnings = true;
  bool termination = false;  // fill GameReport::termination
  // The quirks of style (castling with zeros, a promotion without '='...) reported at every
  // move, not once per game: a repair of each is reported at its place.
  bool every_style_quirk = false;
};

// A game is replayed on the calling thread's game of its variant (thread_game(),
// rules/game/any_game.h), set up again for it: what a caller left there is replaced.
GameReport validate_game(const parsers::RawGame& game, const ValidateOptions& options);
// The same, and fills `record` (cleared first) with what was read and replayed
// (analysis/checking/game_record.h): the tools that write games out check and replay them once.
GameReport validate_game(const parsers::RawGame& game, const ValidateOptions& options,
                         GameRecord& record, const RecordOptions& record_options);

// Long algebraic with the piece from a move's SAN and UCI in the Position<V> family:
// ("Nf3", "g1f3") -> "Ng1-f3", ("exd8=Q+", "e7d8q") -> "e7xd8=Q+"; castling stays "O-O".
// The own engines' long algebraic is their UCI (`own_engine`).
std::string long_algebraic(std::string_view san, std::string_view uci, bool own_engine);

// "game 17 (Carlsen - Anand)" and, for diagnostics about a move, ", ply 34".
std::string describe_game(const GameReport& report);

}  // namespace fairykit::analysis
