// FEN reading and writing for the chess family (chess, chess960; later the variants that
// share the FIDE FEN layout).
//
// Reading is two steps: parsers::ParseFen (syntax: names field and column) and
// setup_from_fen_ast (meaning: unknown letters, rank lengths, castling letters without a
// rook; names field and column too). Position::set then checks legality.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "parsers/fen.h"
#include "rules/position.h"

namespace fairykit {

// What FEN reading/writing needs to know of a variant at run time.
struct FenDialect {
  std::span<const PieceType> piece_types;
  bool chess960 = false;
  // A 7th field names the armies, White's then Black's ("CN"; CwDA, rules/variant.h). It is
  // required, and castling letters then name each army's rook-equivalent.
  bool armies_field = false;
};

template <class V>
constexpr FenDialect fen_dialect() {
  return FenDialect{std::span<const PieceType>(V::kPieceTypes), V::kChess960, V::kArmies};
}

enum class CastlingStyle {
  kAuto,      // KQkq; in Chess960 a file letter only where K/Q would be ambiguous (X-FEN)
  kShredder,  // file letters always (Chess960 only; standard chess always writes KQkq)
};

struct FenWriteOptions {
  CastlingStyle castling = CastlingStyle::kAuto;
};

// Text -> Setup. Errors: "FEN <field> field, column N: ...".
absl::StatusOr<Setup> setup_from_fen(std::string_view fen, const FenDialect& dialect);
// The same from an already parsed AST (EPD records, PGN FEN tags).
absl::StatusOr<Setup> setup_from_fen_ast(const parsers::FenAst& ast, const FenDialect& dialect);

std::string setup_to_fen(const Setup& setup, const FenDialect& dialect,
                         const FenWriteOptions& options = {});

// The FEN letter of a piece (upper case for White), '?' if the type has none.
char piece_letter(Piece pc);

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

}  // namespace fairykit
