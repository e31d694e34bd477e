// The FEN dialects a position can be written in (fairy-convert's --fen-dialect): the native
// FEN of each game and the FENs other programs write for it. Which dialect has a form for
// which game, and what the form is, is the table of docs/rules/README.md, item 4:
//
//   native   fairykit's own FEN (what every tool writes by default)
//   vchess   vchess.club: `board turn plies castlingFlags ep` (+ armies for CwDA); Interweave's
//            native FEN without fairykit's halfmove extension
//   xogo     xogo.fun, vchess's successor: `board turn plies {"flags":"0707","enpassant":"54"}`
//            (CwDA: "armies" first), the en passant square as xogo's coordinates
//   pychess  pychess-variants / Fairy-Stockfish: FIDE FEN; Chess960 with Shredder-FEN letters,
//            CwDA with Fairy-Stockfish's letters
//   xboard   XBoard / WinBoard: FIDE FEN; Chess960 with Shredder-FEN letters, Superchess with
//            the holdings bracket (superchess.md 2.5)
//
// vchess and xogo keep no halfmove clock: it is dropped (read back as 0). Every form is read
// back by position_fen() / AnyGame (rules/game/variant_options.h, rules/game/any_game.h).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "rules/game/registry.h"

namespace fairykit {

enum class FenDialectId { kNative, kVchess, kXogo, kPychess, kXboard };

struct FenDialectInfo {
  FenDialectId id;
  std::string_view name;         // as in --fen-dialect: "native", "vchess", ...
  std::string_view description;  // one line for --help
};

// All dialects, in FenDialectId order.
std::span<const FenDialectInfo> all_fen_dialects();

// By name, ignoring case; nullopt when unknown.
std::optional<FenDialectId> find_fen_dialect(std::string_view name);

std::string_view fen_dialect_name(FenDialectId d);

// The names, comma-separated ("native, vchess, xogo, pychess, xboard"), for --help and errors.
std::string fen_dialect_names();

// Whether `d` has a form for the game `variant` (native has one for every game).
bool fen_dialect_has_form(const VariantInfo& variant, FenDialectId d);

// The position `native_fen` of `variant` written in dialect `d`. The FEN is read the way
// AnyGame reads it (so "startpos" and any dialect the variant reads are accepted too, and a
// position that cannot be set up is an error of the variant's reader, e.g. "FEN board field,
// column 9: ..."); the result is written from the position set up, so native output is the
// FEN the variant writes. A dialect without a form for the game is an error, e.g. "the xogo
// FEN dialect has no form for Fluidity (xogo.fun does not play it)". vchess and xogo: a
// fullmove number beyond their ply count's range is an error.
absl::StatusOr<std::string> fen_in_dialect(const VariantInfo& variant, std::string_view native_fen,
                                           FenDialectId d);

// The dialect a UCI engine is given its positions in unless told otherwise (fairy-perft
// --compare-with): pychess, Fairy-Stockfish's FEN, where the game has that form (chess,
// Chess960 with Shredder letters, CWDA with Fairy-Stockfish's letters), else native.
FenDialectId engine_fen_dialect(const VariantInfo& variant);

// A move in UCI / long algebraic text as fairykit writes it (AnyGame::legal_moves_uci, the
// perft divide) written with the piece letters of dialect `d`, and back. Only a promotion
// letter can change: CWDA in pychess writes Fairy-Stockfish's letters ("e7e8f", the FAD's
// promotion, is "e7e8a" there); every other move of every game is the same text in every
// dialect.
std::string uci_move_to_dialect(const VariantInfo& variant, std::string_view uci, FenDialectId d);
std::string uci_move_from_dialect(const VariantInfo& variant, std::string_view uci, FenDialectId d);

}  // namespace fairykit
