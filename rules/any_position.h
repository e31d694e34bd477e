// A position of any registered variant behind one small interface, for the tools that
// need the rules but not per-node speed (validation, conversion, notation): they pick the
// variant once by name, get an AnyPosition, and never see the template.
//
//   auto pos = AnyPosition::from_fen(VariantId::kChess960, fen);
//   absl::StatusOr<Move> m = (*pos)->parse_san("O-O");
//   (*pos)->play(*m);
//
// Hot loops (perft, batch statistics) use Position<V> directly through visit_variant().
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/fen.h"
#include "rules/game_end.h"
#include "rules/registry.h"

namespace fairykit {

class AnyPosition {
 public:
  virtual ~AnyPosition() = default;

  // A checked position of `variant` from a FEN (errors as in rules/fen.h and
  // Position::set). "startpos" gives the variant's start position.
  static absl::StatusOr<std::unique_ptr<AnyPosition>> from_fen(VariantId variant,
                                                               std::string_view fen);
  static absl::StatusOr<std::unique_ptr<AnyPosition>> from_setup(VariantId variant,
                                                                 const Setup& setup);

  virtual VariantId variant() const = 0;
  virtual std::string fen(const FenWriteOptions& options = {}) const = 0;
  virtual Setup setup() const = 0;
  virtual Color side_to_move() const = 0;
  virtual bool in_check() const = 0;
  virtual Key key() const = 0;
  virtual int fullmove_number() const = 0;
  virtual Piece piece_on(Square s) const = 0;

  virtual std::vector<Move> legal_moves() const = 0;
  virtual bool is_legal(Move m) const = 0;
  virtual std::string to_uci(Move m) const = 0;
  virtual std::string to_san(Move m) const = 0;
  virtual absl::StatusOr<Move> parse_uci(std::string_view text) const = 0;
  virtual absl::StatusOr<Move> parse_san(std::string_view text) const = 0;

  // Plays a legal move (precondition), remembering it so that undo() can take it back and
  // repetitions are seen by state().
  virtual void play(Move m) = 0;
  // Takes back the last played move; false when there is none.
  virtual bool undo() = 0;
  // The moves played since the position was set up.
  virtual const std::vector<Move>& played() const = 0;

  // Checkmate, stalemate, draws by rule (rules/game_end.h).
  virtual GameState state() const = 0;
};

}  // namespace fairykit
