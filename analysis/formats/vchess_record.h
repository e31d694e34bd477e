// vchess.club's game records ("game.pgn", the download of yagu0/vchess's
// client/src/components/BaseGame.vue, getPgn(); read back by its UploadGame.vue) into
// standard PGN with SAN.
//
// The record is a PGN look-alike in three blocks separated by blank lines:
//   [Site "vchess.club"]  [Variant "Cwda"]  [Date "2021-03-14"]  [White ".."]  [Black ".."]
//   [Fen "<vchess FEN of the start>"]  [Result "1-0"|"0-1"|"1/2"|"?"|"*"]  [Url ".."]
//   [Cadence ".."]  [Options "<JSON>"]
//
//   1.e4 e5 2.Nf3 ...            vchess's own notation, for people: no disambiguation, no
//                                check marks, castling 0-0; not read (it can be ambiguous)
//
//   1.w e2.e4 wpe4/wpe2          the machine block, one line per move: the move's start and
//   1.b e7.e5 bpe5/bpe7          end squares, then the pieces that appear / vanish (colour,
//                                vchess piece letter, square); sub-moves of one turn are
//                                separated by commas; '-' for none
//
// Only the machine block is read: each move becomes fairykit's long algebraic text (castling
// as the King taking its Rook, from the King and Rook that vanish; a promotion from the piece
// that appears), is played, and is written back in SAN. The variants read are vchess's
// `Chess960` (also its standard array) and `Cwda`; a turn of several sub-moves is an error
// (vchess's Interweave chains are not read here).
#pragma once

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace fairykit {

// The PGN of a vchess game record: the Seven Tag Roster (Date with dots, Result "1/2" as
// "1/2-1/2" and "?" as "*"), Variant, SetUp and FEN (the start as native FEN), vchess's Url
// and Cadence kept as tags, then the moves in SAN. Errors name the line:
// "vchess game, line 14: illegal move \"e2e5\"".
absl::StatusOr<std::string> vchess_game_to_pgn(std::string_view text);

}  // namespace fairykit
