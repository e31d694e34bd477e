// Every variant behind one compile-time interface (rules/game_engine.h), so that the
// workflows (perft, suites, checked perft, validation, the coming tools) are written once:
//
//   visit_engine(VariantId::kInterweave, [&]<GameEngine G>() { G g; g.set_fen(fen); ... });
//
// The variants of the Position<V> family (chess, Chess960, CwDA, Superchess) take part
// through ClassicGame<V>, a thin adapter that owns its state stack; its perft() is the
// Position<V> perft itself, so nothing is lost on the hot path. Interweave and Fluidity
// are engines of their own (rules/interweave/position.h, rules/fluidity/position.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "rules/cwda_fen.h"
#include "rules/fen.h"
#include "rules/fluidity/position.h"
#include "rules/game_end.h"
#include "rules/game_engine.h"
#include "rules/interweave/position.h"
#include "rules/movegen.h"
#include "rules/perft.h"
#include "rules/registry.h"
#include "rules/san.h"
#include "rules/state_stack.h"
#include "rules/uci.h"
#include "rules/variant_options.h"

namespace fairykit {

template <class V>
class ClassicGame {
 public:
  using Move = fairykit::Move;
  using MoveList = fairykit::MoveList<V>;
  static constexpr std::string_view kStartFen = V::kStartFen;

  ClassicGame() = default;
  ClassicGame(const ClassicGame&) = delete;
  ClassicGame& operator=(const ClassicGame&) = delete;

  // Superchess: whether Amazons may be promoted to (Setup::amazon_promotes); applies to the
  // next set_fen.
  void set_amazon_promotes(bool on) { amazon_promotes_ = on; }

  // CwDA FENs may be in any dialect (vchess, xogo, pychess): converted to the native one.
  absl::Status set_fen(std::string_view fen) {
    absl::StatusOr<std::string> native = std::string(fen);
    if constexpr (V::kArmies) native = cwda_to_native_fen(fen);
    if (!native.ok()) return native.status();
    absl::StatusOr<Setup> setup = setup_from_fen(*native, fen_dialect<V>());
    if (!setup.ok()) return setup.status();
    setup->amazon_promotes = amazon_promotes_;
    states_.clear();
    played_.clear();
    if (absl::Status s = pos_.set(*setup, states_.push()); !s.ok()) return s;
    fen_warnings_ = std::move(setup->warnings);
    return absl::OkStatus();
  }
  const std::vector<std::string>& fen_warnings() const { return fen_warnings_; }

  std::string fen() const { return to_fen(pos_); }
  Key key() const { return pos_.key(); }
  Color side_to_move() const { return pos_.side_to_move(); }
  void generate_legal(MoveList& list) const {
    list = MoveList();
    fairykit::generate_legal(pos_, list);
  }
  std::uint64_t count_legal() const { return fairykit::count_legal(pos_); }
  void do_move(const Move& m) {
    pos_.do_move(m, states_.push());
    played_.push_back(m);
  }
  void undo_move() {
    pos_.undo_move(played_.back());
    played_.pop_back();
    states_.pop();
  }
  std::uint64_t perft(int depth) { return fairykit::perft(pos_, depth); }
  bool is_consistent(std::string* why) const { return pos_.is_consistent(why); }
  std::string to_uci(const Move& m) const { return move_to_uci(pos_, m); }
  std::string to_san(const Move& m) const { return move_to_san(pos_, m); }
  absl::StatusOr<Move> parse_move(std::string_view text) const {
    absl::StatusOr<SanRead> read = read_san(pos_, text, SanSyntax::kArchive);
    if (!read.ok()) return read.status();
    return read->move;
  }
  GameState state() const { return game_state(pos_); }

  const Position<V>& position() const { return pos_; }

 private:
  Position<V> pos_;
  StateStack states_;
  std::vector<Move> played_;
  bool amazon_promotes_ = false;
  std::vector<std::string> fen_warnings_;
};

static_assert(GameEngine<ClassicGame<ChessVariant>>);

// Options a workflow may pass to any engine; each engine takes what applies to it.

template <class G>
absl::Status load_engine(G& g, std::string_view fen, const VariantOptions& options) {
  if constexpr (requires { g.set_amazon_promotes(true); })
    g.set_amazon_promotes(options.amazon_promotes);
  return g.set_fen(fen);
}

// Calls f.template operator()<G>() with the engine of `id`, for the variants with an engine
// of their own (precondition: !in_position_family(id)).
template <class F>
decltype(auto) visit_own_engine(VariantId id, F&& f) {
  switch (id) {
    case VariantId::kInterweave:
      return std::forward<F>(f).template operator()<interweave::Position>();
    case VariantId::kFluidity:
      return std::forward<F>(f).template operator()<fluidity::Position>();
    case VariantId::kChess:
    case VariantId::kChess960:
    case VariantId::kCwda:
    case VariantId::kSuperchess:
      break;
  }
  unhandled_variant_id(id, "visit_own_engine");
}

// Calls f.template operator()<G>() with the engine type of `id`, for any variant.
template <class F>
decltype(auto) visit_engine(VariantId id, F&& f) {
  if (!in_position_family(id)) return visit_own_engine(id, std::forward<F>(f));
  return visit_variant(id, [&]<class V>() -> decltype(auto) {
    return std::forward<F>(f).template operator()<ClassicGame<V>>();
  });
}

}  // namespace fairykit
