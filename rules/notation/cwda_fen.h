// Chess with Different Armies: the other FEN dialects, converted at the text level to and
// from the toolkit's native CwDA FEN (rules: docs/rules/cwda.md 4.4-4.6).
//
// Native: FIDE FEN with the vchess piece letters (D W F C / G I T L / S Y H O, r n b q) and
// K/P for every army, then a 7th field with the armies, White's first:
//   gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w KQkq - 0 1 CN
// vchess: `board turn plies castlingFlags ep armies`, per-army kings m/e/a and pawns z/v/u
// (Clobberers, Nutty Knights, Rookies), castling flags = the files of the castling partners,
// White's queen side, king side, then Black's; a character that is not a file (vchess
// writes 'i') is a lost right, '-' all of them lost:
//   dwfcmfwd/zzzzzzzz/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah - FC
// xogo: `board turn plies {"armies":"CN","flags":"0707","enpassant":"-"}` (vchess letters;
// flags as base-36 file numbers, 8 or more = lost; vchess-style file letters accepted too).
// pychess / Fairy-Stockfish: standard 6-field FEN, letters D W A C / G I H O / S M F E, kings
// k and pawns p; no armies field: they come from the back ranks or from a hint.
//
// Nothing here checks legality: the result goes to setup_from_fen (rules/notation/fen.h), which
// does.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace fairykit {

enum class CwdaFenDialect { kNative, kVchess, kXogo, kPychess };

// "native", "vchess", "xogo", "pychess".
std::string_view cwda_dialect_name(CwdaFenDialect d);

// Which dialect `text` is written in (by its fields and letters); error when none fits.
absl::StatusOr<CwdaFenDialect> detect_cwda_dialect(std::string_view text);

// Any dialect -> native FEN. Native text passes through unchanged (the core checks it).
// `armies_hint` ("CN", White's army first) supplies the armies of a pychess FEN (which has
// none); a FEN that names its armies must agree with it. Errors are one line that names
// the dialect and field: `vchess FEN castling flags field: ...`.
absl::StatusOr<std::string> cwda_to_native_fen(std::string_view text,
                                               std::string_view armies_hint = "");

// The native start FEN of a pairing ("CN" -> "gitlktig/pppppppp/8/8/8/8/PPPPPPPP/DWFCKFWD w
// KQkq - 0 1 CN"); empty when `armies` is not two of the letters F C N R.
std::string cwda_start_fen(std::string_view armies);

// True when `armies` is two army letters (F C N R), White's first.
bool is_cwda_armies(std::string_view armies);
// The armies of a native FEN by name, White's v Black's ("FIDE v Nutty Knights"), read from
// its last field; "" when that field is not two letters (a letter of no army is "?").
std::string cwda_army_pairing(std::string_view native);
// The UCI_Variant under which Fairy-Stockfish plays the pairing `armies` ("CN", White's
// first) with fairykit's variants file (data/engines/fairy-stockfish-variants.ini), named as
// pychess-variants names its profiles: one per pair of armies whatever their colours, the
// armies in the order FIDE, Clobberers, Knights, Rookies ("CN" and "NC":
// "cwda-clobberers-knights"; "CC": "cwda-clobberers"). FIDE v FIDE is chess: "". Empty too
// when `armies` is not two army letters.
std::string cwda_engine_variant(std::string_view armies);

// Native FEN -> vchess / pychess FEN (error when the text is not native CwDA FEN). vchess
// keeps no halfmove clock: it is dropped; the fullmove number becomes a ply count.
absl::StatusOr<std::string> native_to_vchess_fen(std::string_view native);
absl::StatusOr<std::string> native_to_pychess_fen(std::string_view native);

// One piece letter of the native convention in pychess / Fairy-Stockfish's, and back, case
// kept ('F' -> 'A', 'l' -> 'o'); a letter of neither convention is returned unchanged. For
// the promotion letter of a UCI move ("e7e8f" is "e7e8a" to Fairy-Stockfish).
char native_to_pychess_letter(char native);
char pychess_to_native_letter(char pychess);

// vchess and xogo write chess and Chess960 in the same layouts without the armies, with
// FIDE's letters (their ChessRules; docs/rules/README.md, item 4):
//   vchess: `board turn plies castlingFlags ep`, `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w
//   0 ahah -`; xogo: `board turn plies {"flags":"0707","enpassant":"-"}`, the en passant square
//   as xogo's coordinates (row from rank 8, then column: "54" is e3; algebraic read too).
// Whether `text` is written in one of them (vchess: 5 fields with a ply count third; xogo: a
// JSON tail), and its FIDE FEN: castling K/Q for a partner on the h/a-file, its file letter
// otherwise (Shredder-FEN, which Chess960 reads); halfmove clock 0 (neither keeps one).
bool is_vchess_chess_fen(std::string_view text);
absl::StatusOr<std::string> vchess_chess_to_fide_fen(std::string_view text);

}  // namespace fairykit
