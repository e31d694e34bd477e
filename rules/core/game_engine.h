// The contract of a variant whose rules do not fit Position<V>: Interweave (a turn is a
// chain of capturing steps, and captures are approach, custodian, leap or removal) and
// Fluidity Chess (captures by dissection, capturable Kings). Each such variant has its own
// position class in its own namespace, listed in the registry (rules/game/registry.h); every tool
// drives it through AnyGame (rules/game/any_game.h), so a new engine is usable by every tool once
// it satisfies this concept.
//
// The position keeps its own history (do_move pushes, undo_move pops), so that repetition
// rules and take-backs need nothing from the caller. Moves are whole turns
// (docs/rules/README.md, decision 1): one PGN move, one perft node.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rules/core/game_state.h"
#include "rules/core/types.h"

namespace fairykit {

// Which en passant square a written FEN shows. Keys always follow kLegalCapture.
enum class EpField {
  // Only when the side to move has a legal en passant capture (python-chess, lichess): one
  // position, one FEN, however it was reached.
  kLegalCapture,
  // After every double step, whether or not a pawn can capture (the PGN standard's FEN,
  // 16.1.3.4). Engines of variants without en passant ignore it.
  kAfterDoubleStep,
};

// How castling is written in Chess960 (standard chess always writes the king's move).
enum class UciCastling {
  kKingTakesRook,  // "e1h1", "b1a1": as UCI engines in UCI_Chess960 mode; never ambiguous
  // The king's destination ("e1g1") where the king moves two squares or more (a shorter move
  // would read as a plain king move: "f1g1"), else king takes rook. What engines and GUIs
  // without Chess960 support expect.
  kKingTo,
};

// What the side to move may do, counted in one generation (GameEngine::count_turns()).
struct TurnCounts {
  std::uint32_t legal = 0;     // legal turns
  std::uint32_t captures = 0;  // of them, those that capture something
  // The most steps of a legal capturing turn in the variants whose turn is a chain of
  // captures (Interweave); 0 in the others and when nothing can be captured.
  int longest_chain = 0;
  bool check = false;            // the side to move is in check (never in variants without)
  GameEnd end = GameEnd::kNone;  // how the game stands (state().end)
};

template <class P>
concept GameEngine = requires(P& p, const P& cp, typename P::MoveList& list,
                              const typename P::Move& m, std::string_view text, int depth,
                              std::string* why, TurnCounts& counts, Color c, PieceType pt) {
  typename P::Move;      // a whole turn; equality-comparable
  typename P::MoveList;  // size(), operator[], begin()/end() over P::Move
  // The variant's start position in its native FEN.
  { P::kStartFen } -> std::convertible_to<std::string_view>;
  // Replaces the position (and clears the history). Errors name the FEN field and the
  // character that is wrong, as rules/notation/fen.h does.
  { p.set_fen(text) } -> std::same_as<absl::Status>;
  // What the last successful set_fen() read leniently, one message each in the style of its
  // errors ("FEN fullmove number field, column 30: 0 is read as 1"); tools show them as
  // warnings.
  { cp.fen_warnings() } -> std::same_as<const std::vector<std::string>&>;
  { cp.fen() } -> std::same_as<std::string>;  // native FEN (EpField::kLegalCapture)
  { cp.key() } -> std::same_as<Key>;          // Zobrist key of the game position
  { cp.side_to_move() } -> std::same_as<Color>;
  // Fills `list` (cleared first) with the legal turns, in a fixed generation order.
  {cp.generate_legal(list)};
  { cp.count_legal() } -> std::same_as<std::uint64_t>;  // = the list's size, faster
  {p.do_move(m)};                                       // m legal in this position (precondition)
  {p.undo_move()};                                      // takes back the last do_move
  // The last move played (precondition: one was played since set_fen).
  { cp.last_move() } -> std::same_as<const typename P::Move&>;
  { p.perft(depth) } -> std::same_as<std::uint64_t>;  // bulk-counted at the leaves
  // Board, pieces, key and counters agree with each other; `why` says what is wrong.
  { cp.is_consistent(why) } -> std::same_as<bool>;
  { cp.to_uci(m) } -> std::same_as<std::string>;  // long algebraic, e.g. "a1a5c5"
  { cp.to_san(m) } -> std::same_as<std::string>;  // with check / win suffix
  // Reads one move in any notation the variant accepts (SAN, long algebraic, variant-
  // specific forms), checks optional annotations; the error message is one line that
  // says why ("illegal move", "ambiguous move", "unreadable move", what is wrong).
  { cp.parse_move(text) } -> std::same_as<absl::StatusOr<typename P::Move>>;
  // How the game stands after the moves played since set_fen.
  { cp.state() } -> std::same_as<GameState>;
  // The legal turns, the captures among them, check and how the game stands, at once.
  {cp.count_turns(counts)};
  // The variant's pieces: the types on the board, in the order records list them; each
  // one's name (lower case, as records and statistics write it; the catalog's,
  // rules/core/pieces.h, unless the variant names it otherwise) and value in a material
  // balance. `pt` of piece_name() and piece_value() is any type but NO_PIECE_TYPE.
  { P::kPieceTypes } -> std::convertible_to<std::span<const PieceType>>;
  { P::piece_name(pt) } -> std::same_as<std::string_view>;
  { P::piece_value(pt) } -> std::same_as<int>;
  { cp.pieces(c, pt) } -> std::same_as<Bitboard>;  // the pieces of colour c and type pt
};

}  // namespace fairykit
