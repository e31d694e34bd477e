// A game of any of the six variants behind one closed type (in the manner of shakmaty's
// VariantPosition): a std::variant over the engines of rules/game/game.h, chosen once when the
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
#include "rules/core/move_facts.h"
#include "rules/core/setup_options.h"
#include "rules/game/game.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"
#include "rules/notation/san.h"

namespace fairykit {

class AnyGame {
 public:
  // A game of `variant` set up from "startpos" or a FEN in any dialect the variant reads,
  // with `options` applied (rules/game/variant_options.h). Errors are the FEN reader's.
  static absl::StatusOr<std::unique_ptr<AnyGame>> create(const VariantInfo& variant,
                                                         std::string_view fen = "startpos",
                                                         const VariantOptions& options = {});

  AnyGame(const AnyGame&) = delete;
  AnyGame& operator=(const AnyGame&) = delete;

  // Sets the game up again (the same variant), as create() does, keeping the memory of the
  // last game: for loops over many games. `setup` chooses leniencies of the FEN reader
  // (rules/core/setup_options.h); castling rights dropped under them go to `dropped`.
  absl::Status set_up(std::string_view fen, const VariantOptions& options = {},
                      const SetupOptions& setup = {}, DroppedCastlingRights* dropped = nullptr);

  const VariantInfo& variant() const { return *variant_; }
  // The variant's native FEN, its en passant field as `ep` says (rules/core/game_engine.h).
  std::string fen(EpField ep = EpField::kLegalCapture) const;
  // The same appended to `out` (without a string of its own where the engine can).
  void append_fen(std::string& out, EpField ep = EpField::kLegalCapture) const;
  // The position's key (rules/core/zobrist.h), kept up to date with every move (validation
  // records it at every ply of an opening: no dispatch per call).
  Key key() const { return key_; }
  Color side_to_move() const;
  // What the FEN reader accepted leniently (rules/core/game_engine.h), for warnings.
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
  // The same without writing the move back (the path of validation: nothing is allocated
  // per move). `quirks`, when given, receives how the text departs from SAN (rules/notation/san.h)
  // in the variants whose notation is SAN (the Position<V> family); it is left empty for
  // the others. Without it, check and mate marks are not verified (faster). A null move ("--",
  // "Z0", "0000", "@@@@") passes the turn inside a variation (analysis programs write them to show
  // a threat), in the variants that have one; in the main line or in check it is an error. With
  // `san` / `uci` not null, the move is also written there as play() writes it (SAN with its mark,
  // UCI; "--" and "0000" for a null move), from the position before it.
  absl::Status play_move(std::string_view text, SanQuirks* quirks = nullptr,
                         std::string* san = nullptr, std::string* uci = nullptr,
                         MoveFacts* facts = nullptr);
  // The last move of the current line written in the position before it: SAN (the
  // variant's own notation, with its check or win mark) and UCI ("--" / "0000" for a null
  // move). Precondition: the current line has a move since the set-up or the variation's
  // start.
  void last_move_text(std::string& san, std::string& uci);
  // How castling is written in UCI text in Chess960 from now on (rules/notation/uci.h; kept across
  // set-ups; the other games write castling one way only).
  void set_uci_castling(UciCastling c);
  // Takes back the last move of the current line; false when it has none since the set-up
  // (or since the start of the current variation).
  bool undo();
  // Moves from the set-up to the current position along the current line.
  std::size_t plies() const { return plies_; }

  // Variations (PGN's RAV): enter_variation() steps back before the last move of the
  // current line, so that the moves played next are an alternative to it (false, and
  // nothing changes, when the line has no move to replace); leave_variation() returns to
  // the line the variation left, after its last move. Variations nest.
  bool enter_variation();
  void leave_variation();
  int variation_depth() const { return variation_depth_; }

  // How the game stands (rules/core/game_state.h).
  GameState state() const;
  // Whether the position is dead by its material (FIDE 5.2.2); false in the variants
  // where no position is (Interweave: Kings are captured).
  // Asked, not kept up to date with every move (statistics never ask).
  bool dead_position() const;
  std::uint64_t perft(int depth);
  bool is_consistent(std::string* why) const;

  // The typed engine (precondition: G is this game's engine type, as visit() passes it).
  template <class G>
  G& engine() {
    return std::get<Slot<G>>(slots_).g;
  }

  // Calls f(engine) with the typed engine (a GameEngine of rules/game/game.h), for loops that
  // run without a dispatch per node (perft). f must leave the position as it found it:
  // plies(), variation_depth() and key() follow the moves played through AnyGame.
  template <class F>
  decltype(auto) visit(F&& f) {
    return std::visit([&](auto& slot) -> decltype(auto) { return std::forward<F>(f)(slot.g); },
                      slots_);
  }
  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit(
        [&](const auto& slot) -> decltype(auto) { return std::forward<F>(f)(slot.g); }, slots_);
  }

 private:
  // An engine and the variations entered on it (the engine keeps the moves played).
  template <class G>
  struct Slot {
    struct Frame {
      typename G::Move undone;  // the move the variation replaces
      std::size_t base;         // plies at the variation's start
    };
    G g;
    std::vector<Frame> frames;  // the variations entered, innermost last
    std::size_t base() const { return frames.empty() ? 0 : frames.back().base; }
  };
  template <class L>
  struct SlotsOf;
  template <class... G>
  struct SlotsOf<std::variant<G...>> {
    using type = std::variant<Slot<G>...>;
  };
  // One alternative per variant of the registry (rules/game/registry.h VariantTypes).
  using Slots = typename SlotsOf<typename EngineVariantOf<VariantTypes>::type>::type;

  template <class G>
  AnyGame(const VariantInfo& variant, std::in_place_type_t<G>)
      : variant_(&variant), slots_(std::in_place_type<Slot<G>>) {}

  std::vector<std::string> legal_moves(bool san) const;
  // Updates what the accessors above read (no dispatch per call on the hot path of
  // validation): after every change of the position (`positioned`: false after a set-up
  // that failed).
  template <class G>
  void changed(const Slot<G>& slot, bool positioned = true);
  // Plays a legal move of the current line / takes the last one back.
  template <class G>
  void push(Slot<G>& slot, const typename G::Move& m);
  template <class G>
  void pop(Slot<G>& slot);

  const VariantInfo* variant_;
  Slots slots_;
  std::size_t plies_ = 0;
  int variation_depth_ = 0;
  Key key_ = 0;
};

// The calling thread's game of `variant`, for loops that set a position up game after game
// (validation, FEN / EPD lists, diagrams): a thread keeps one engine per variant, and its
// memory, from game to game. Set up with the start position when first asked; valid until
// the thread ends, the position whatever its last user left.
AnyGame& thread_game(const VariantInfo& variant);

}  // namespace fairykit
