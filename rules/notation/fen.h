// FEN reading and writing for the chess family (chess, chess960; later the variants that
// share the FIDE FEN layout).
//
// Reading is two steps: parsers::parse_fen (syntax: names field and column) and
// setup_from_fen_ast (meaning: unknown letters, rank lengths, castling letters without a
// rook; names field and column too). Position::set then checks legality.
#pragma once

#include <array>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "parsers/fen.h"
#include "rules/core/position.h"
#include "rules/core/setup_options.h"

namespace fairykit {

// What FEN reading/writing needs to know of a variant at run time.
struct FenDialect {
  std::span<const PieceType> piece_types;
  bool chess960 = false;
  // A 7th field names the armies, White's then Black's ("CN"; CwDA, rules/core/variant.h). It is
  // required, and castling letters then name each army's rook-equivalent.
  bool armies_field = false;
  // Promotion pool (V::kPromotionPool, Superchess): the types and their base counts per side.
  // XBoard's holdings bracket after the board ("[NNBRnnbr]", White's pool then Black's) is
  // then accepted, and must agree with the pool the board implies (pool = base - count on
  // the board, at least 0); 'P' and 'A' in it are ignored (XBoard lists captured Pawns and
  // Amazons). A bracket that disagrees is an error: the pool is a function of the board.
  std::span<const PieceType> pool_types;
  std::span<const std::uint8_t> pool_base;
};

template <class V>
constexpr FenDialect fen_dialect() {
  FenDialect d{std::span<const PieceType>(V::kPieceTypes), V::kChess960, V::kArmies, {}, {}};
  if constexpr (V::kPromotionPool) {
    d.pool_types = std::span<const PieceType>(V::kPromotions);
    d.pool_base = std::span<const std::uint8_t>(V::kPoolBase);
  }
  return d;
}

enum class CastlingStyle {
  kAuto,      // KQkq; in Chess960 a file letter only where K/Q would be ambiguous (X-FEN)
  kShredder,  // file letters always (Chess960 only; standard chess always writes KQkq)
};

struct FenWriteOptions {
  CastlingStyle castling = CastlingStyle::kAuto;
  // Pool variants: write XBoard's holdings bracket after the board ("[-]" when both pools
  // are empty), pieces in XBoard's slot order N B R Q S E V.
  bool holdings = false;
};

// Text -> Setup. Errors: "FEN <field> field, column N: ..."; what was read leniently is in
// Setup::warnings (a fullmove number of 0). With options.drop_invalid_castling_rights, a
// castling right the position cannot have (what would be a castling-field error here, or a
// castling problem of Position<V>::set) is dropped instead and appended to `dropped` (when
// given) with its letter and the reason, e.g. {'K', "no white rook on the king side of the
// king on rank 1"}.
absl::StatusOr<Setup> setup_from_fen(std::string_view fen, const FenDialect& dialect,
                                     const SetupOptions& options = {},
                                     DroppedCastlingRights* dropped = nullptr);
// The same from an already parsed AST (EPD records, PGN FEN tags).
absl::StatusOr<Setup> setup_from_fen_ast(const parsers::FenAst& ast, const FenDialect& dialect,
                                         const SetupOptions& options = {},
                                         DroppedCastlingRights* dropped = nullptr);

// The error every FEN reader of the rules core returns: "FEN <field> field, column <n>: <what>".
absl::Status fen_field_error(std::string_view field, int column, std::string_view what);

// A fullmove number of 0 (a common slip: move numbers start at 1) is read as 1 with this
// warning, "FEN fullmove number field, column 30: 0 is read as 1"; nullopt otherwise.
std::optional<std::string> fullmove_zero_warning(const parsers::FenAst& ast);

// For the FEN readers of variants without pieces in hand (`variant` names it in the message,
// e.g. "this variant", "Fluidity"; empty: holdings are allowed): an error when the board has
// holdings, "FEN board field, column 45: pieces in hand are not part of Fluidity", or, when
// they were written as a 9th rank, "FEN board field, column 1: 9 ranks, expected 8".
absl::Status check_no_holdings(const parsers::FenBoard& board, std::string_view variant);

// The board field of a parsed FEN, for every variant's FEN reader: eight ranks of eight
// squares, no '~' (promoted) marks. Each piece letter goes through `piece`, which gives the
// piece or an error message (wrapped as the board field's error at the letter's column).
// Holdings are the caller's business.
absl::StatusOr<std::array<Piece, SQUARE_NB>> board_from_fen_ast(
    const parsers::FenBoard& board, absl::FunctionRef<absl::StatusOr<Piece>(char letter)> piece);

std::string setup_to_fen(const Setup& setup, const FenDialect& dialect,
                         const FenWriteOptions& options = {});
// The same, appended to `out`.
void append_setup_fen(const Setup& setup, const FenDialect& dialect, std::string& out,
                      const FenWriteOptions& options = {});

// The FEN letter of a piece (upper case for White), '?' if the type has none.
char piece_letter(Piece pc);

// The Superchess start position with XBoard's shuffle number n (XBoard's Prelude(),
// superchess.md 2.3), n taken modulo 1728: n = 0 gives
// "avbqkesr/pppppppp/8/8/8/8/PPPPPPPP/AVBQKESR w Kk - 0 1". The castling field lists the
// corners that hold a Rook. No holdings bracket (write one with FenWriteOptions::holdings).
std::string superchess_start_fen(int n);

// White's back rank as a FEN's board field writes it, the text after its last '/' up to a
// blank or a holdings bracket: "RAVQKESR" (a start array); "" when the FEN has no '/'.
std::string_view white_back_rank(std::string_view fen);

// The Chess960 start position with Scharnagl's number n (0-959), n taken modulo 960: the
// light-squared Bishop on file b, d, f or h by n mod 4, the dark-squared one on a, c, e or g
// by (n / 4) mod 4, the Queen on the ((n / 16) mod 6)-th empty square, the Knights by the
// pattern n / 96 of the five squares left (0: NN---, 1: N-N--, ... 9: ---NN), then Rook,
// King, Rook. n = 518 is the standard array; the castling field is KQkq (X-FEN: the
// outermost Rooks).
std::string chess960_start_fen(int n);

template <class V>
absl::Status set_from_fen(Position<V>& pos, std::string_view fen, StateInfo& root) {
  absl::StatusOr<Setup> setup = setup_from_fen(fen, fen_dialect<V>());
  if (!setup.ok()) return setup.status();
  return pos.set(*setup, root);
}

template <class V>
std::string to_fen(const Position<V>& pos, const FenWriteOptions& options = {}) {
  return setup_to_fen(pos.setup(), fen_dialect<V>(), options);
}
// The same, appended to `out`.
template <class V>
void append_fen(const Position<V>& pos, std::string& out, const FenWriteOptions& options = {}) {
  append_setup_fen(pos.setup(), fen_dialect<V>(), out, options);
}

}  // namespace fairykit
