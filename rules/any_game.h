// A game of any of the six variants behind one closed type (in the manner of shakmaty's
// VariantPosition): a std::variant over the engines of rules/game.h, chosen once when the
// game is set up. For the tools that work move by move with text (conversion, notation,
// analysis of single positions); hot loops reach the typed engine with visit() and run
// without a dispatch per node.
//
//   absl::StatusOr<std::unique_ptr<AnyGame>> g =
//       AnyGame::create(*find_variant("cwda"), "startpos", {.armies = "CN"});
//   absl::StatusOr<AnyGame::Played> m = (*g)->play("e4");   // any notation the variant reads
//   (*g)->undo();
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/game.h"
#include "rules/registry.h"
#include "rules/variant_options.h"

namespace fairykit {

class AnyGame {
 public:
  // A game of `variant` set up from "startpos" or a FEN in any dialect the variant reads,
  // with `options` applied (rules/variant_options.h). Errors are the FEN reader's.
  static absl::StatusOr<std::unique_ptr<AnyGame>> create(const VariantInfo& variant,
                                                         std::string_view fen = "startpos",
                                                         const VariantOptions& options = {});

  AnyGame(const AnyGame&) = delete;
  AnyGame& operator=(const AnyGame&) = delete;

  const VariantInfo& variant() const { return *variant_; }
  std::string fen() const;  // the variant's native FEN
  Key key() const;
  Color side_to_move() const;
  // What the FEN reader accepted leniently (rules/game_engine.h), for warnings.
  const std::vector<std::string>& fen_warnings() const;

  std::uint64_t count_legal() const;
  // The legal moves (whole turns) in the engine's generation order, as long algebraic /
  // UCI text and as SAN (the variant's own notation where it has one).
  std::vector<std::string> legal_moves_uci() const { return legal_moves(false); }
  std::vector<std::string> legal_moves_san() const { return legal_moves(true); }

  // A move played: as UCI and as SAN, both written in the position before it.
  struct Played {
    std::string uci;
    std::string san;
  };
  // Reads `text` in any notation the variant reads (SAN, long algebraic, UCI, the
  // variant's own forms) and plays it. Errors say why in one line ("illegal move", ...);
  // the game is unchanged then.
  absl::StatusOr<Played> play(std::string_view text);
  // Takes back the last move played; false when none was played since the set-up.
  bool undo();
  // Moves played since the set-up (undo() takes them back one by one).
  std::size_t plies() const { return plies_; }

  // How the game stands (rules/game_state.h).
  GameState state() const;
  std::uint64_t perft(int depth);
  bool is_consistent(std::string* why) const;

  // Calls f(engine) with the typed engine (a GameEngine of rules/game.h).
  template <class F>
  decltype(auto) visit(F&& f) {
    return std::visit(std::forward<F>(f), engine_);
  }
  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit(std::forward<F>(f), engine_);
  }

 private:
  using Engine = std::variant<ClassicGame<ChessVariant>, ClassicGame<Chess960Variant>,
                              ClassicGame<CwdaVariant>, ClassicGame<SuperchessVariant>,
                              interweave::Position, fluidity::Position>;
  template <class G>
  AnyGame(const VariantInfo& variant, std::in_place_type_t<G> type)
      : variant_(&variant), engine_(type) {}

  std::vector<std::string> legal_moves(bool san) const;

  const VariantInfo* variant_;
  Engine engine_;
  std::size_t plies_ = 0;
};

}  // namespace fairykit
