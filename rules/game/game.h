// Every variant behind one compile-time interface (rules/core/game_engine.h). Tools use the
// closed type over these engines, AnyGame (rules/game/any_game.h); this header gives the engine
// types and the typed dispatch it is built on:
//
//   visit_engine(VariantId::kInterweave, [&]<GameEngine G>() { G g; g.set_fen(fen); ... });
//
// The variants of the Position<V> family (chess, Chess960, CwDA, Superchess) take part
// through ClassicGame<V>, a thin adapter that owns its state stack; its perft() is the
// Position<V> perft itself, so nothing is lost on the hot path. Interweave and Fluidity
// are engines of their own (rules/interweave/position.h, rules/fluidity/position.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"
#include "rules/core/game_end.h"
#include "rules/core/game_engine.h"
#include "rules/core/move_facts.h"
#include "rules/core/movegen.h"
#include "rules/core/perft.h"
#include "rules/core/pieces.h"
#include "rules/core/setup_options.h"
#include "rules/core/state_stack.h"
#include "rules/core/variant.h"
#include "rules/fluidity/position.h"
#include "rules/game/registry.h"
#include "rules/game/variant_options.h"
#include "rules/interweave/position.h"
#include "rules/notation/cwda_fen.h"
#include "rules/notation/fen.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"

namespace fairykit {

template <class V>
class ClassicGame {
 public:
  using Move = fairykit::Move;
  using MoveList = fairykit::MoveList<V>;
  static constexpr std::string_view kStartFen = V::kStartFen;
  // The family's pieces are the catalog's, named and valued as rules/core/pieces.h and
  // rules/core/variant.h say.
  static constexpr std::span<const PieceType> kPieceTypes = V::kPieceTypes;
  static constexpr std::string_view piece_name(PieceType pt) { return piece_info(pt).name; }
  static constexpr int piece_value(PieceType pt) { return kPieceValues[pt]; }

  ClassicGame() = default;
  ClassicGame(const ClassicGame&) = delete;
  ClassicGame& operator=(const ClassicGame&) = delete;

  // Superchess: whether Amazons may be promoted to (Setup::amazon_promotes); applies to the
  // next set_fen.
  void set_amazon_promotes(bool on) { amazon_promotes_ = on; }

  // CwDA FENs may be in any dialect (vchess, xogo, pychess): converted to the native one.
  absl::Status set_fen(std::string_view fen) { return set_fen(fen, {}, nullptr); }
  // With `options` (rules/core/setup_options.h); castling rights dropped under them go to
  // `dropped` when given.
  absl::Status set_fen(std::string_view fen, const SetupOptions& options,
                       DroppedCastlingRights* dropped) {
    states_.clear();
    played_.clear();
    fen_warnings_.clear();
    if (fen == V::kStartFen) {  // the common case of a game archive: set up once, copied
      if (!start_ready_ || start_amazon_promotes_ != amazon_promotes_) {
        absl::StatusOr<Setup> setup = setup_from_fen(V::kStartFen, fen_dialect<V>());
        if (!setup.ok()) return setup.status();
        setup->amazon_promotes = amazon_promotes_;
        if (absl::Status s = start_.set(*setup, start_root_); !s.ok()) return s;
        start_ready_ = true;
        start_amazon_promotes_ = amazon_promotes_;
      }
      pos_.assign(start_, states_.push());
      root_double_step_ = SQ_NONE;
      return absl::OkStatus();
    }
    absl::StatusOr<std::string> native = std::string(fen);
    if constexpr (V::kArmies) native = cwda_to_native_fen(fen);
    if (!native.ok()) return native.status();
    absl::StatusOr<Setup> setup = setup_from_fen(*native, fen_dialect<V>(), options, dropped);
    if (!setup.ok()) return setup.status();
    setup->amazon_promotes = amazon_promotes_;
    if (absl::Status s = pos_.set(*setup, states_.push()); !s.ok()) return s;
    fen_warnings_ = std::move(setup->warnings);
    // set() checked that a pawn has just made a double step past it; it keeps the square only
    // when a capture is legal, EpField::kAfterDoubleStep writes it still.
    root_double_step_ = setup->ep_square;
    return absl::OkStatus();
  }
  const std::vector<std::string>& fen_warnings() const { return fen_warnings_; }

  std::string fen() const { return to_fen(pos_); }
  void append_fen(std::string& out) const { fairykit::append_fen(pos_, out); }
  std::string fen(EpField field) const {
    std::string out;
    append_fen(out, field);
    return out;
  }
  void append_fen(std::string& out, EpField field) const {
    if (field == EpField::kLegalCapture) return append_fen(out);
    Setup s = pos_.setup();
    s.ep_square = double_step_square();
    append_setup_fen(s, fen_dialect<V>(), out);
  }
  Key key() const { return pos_.key(); }
  Color side_to_move() const { return pos_.side_to_move(); }
  void generate_legal(MoveList& list) const {
    list = MoveList();
    fairykit::generate_legal(pos_, list);
  }
  std::uint64_t count_legal() const { return fairykit::count_legal(pos_); }
  // Move::null() passes the turn (do_null_move()).
  void do_move(const Move& m) {
    if (m == Move::null())
      pos_.do_null_move(states_.push());
    else
      pos_.do_move(m, states_.push());
    played_.push_back(m);
  }
  void undo_move() {
    if (played_.back() == Move::null())
      pos_.undo_null_move();
    else
      pos_.undo_move(played_.back());
    played_.pop_back();
    states_.pop();
  }
  const Move& last_move() const { return played_.back(); }  // precondition: one was played
  // Whether the side to move may pass (Move::null()): not while in check.
  bool can_pass() const { return !pos_.in_check(); }
  std::uint64_t perft(int depth) { return fairykit::perft(pos_, depth); }
  bool is_consistent(std::string* why) const { return pos_.is_consistent(why); }
  std::string to_uci(const Move& m) const { return move_to_uci(pos_, m, uci_castling_); }
  // How to_uci() and play() write castling in Chess960 (rules/notation/uci.h).
  void set_uci_castling(UciCastling c) { uci_castling_ = c; }
  std::string to_san(const Move& m) const { return move_to_san(pos_, m); }
  absl::StatusOr<Move> parse_move(std::string_view text) const {
    SanRead read;
    const SanResolution res = read_san(pos_, text, read, SanSyntax::kArchive);
    if (res != SanResolution::kOk) return parse_error(text, res);
    return read.move;
  }
  // What the legal move m does in the current position (rules/core/move_facts.h).
  void move_facts(const Move& m, MoveFacts& f) const {
    f.clear();
    const Piece moved = pos_.piece_on(m.from());
    f.moved = type_of(moved);
    if (m.kind() == CASTLING) {
      f.castling = m.to() > m.from() ? 1 : 2;
      return;
    }
    if (m.kind() == PROMOTION) {
      f.promotion = m.promotion();
      // The types this pawn could have become here (CwDA: both armies'; Superchess: the
      // side's pool, which holds the chosen type as the move is not yet played).
      int best = 0;
      for (PieceType pt : pos_.promotion_types()) best = std::max(best, piece_value(pt));
      f.underpromotion = piece_value(f.promotion) < best;
    }
    if (m.kind() == EN_PASSANT) {
      f.add_capture(PAWN, CaptureMethod::kEnPassant);
      return;
    }
    const Piece victim = pos_.piece_on(m.to());
    if (victim != NO_PIECE && color_of(victim) != color_of(moved))
      f.add_capture(type_of(victim), CaptureMethod::kReplacement);
  }

  // parse_move(), then do_move(); `quirks`, when not null, receives how the text departs
  // from SAN (rules/notation/san.h), check and mate marks included (null: the marks are not
  // checked, which saves a mate test per marked check). The position is unchanged after an error.
  // With `san` and `uci` not null, the move is also written there (SAN with its check or
  // mate mark, and UCI), from the position before it.
  absl::Status play(std::string_view text, SanQuirks* quirks, std::string* san = nullptr,
                    std::string* uci = nullptr, MoveFacts* facts = nullptr) {
    SanRead read;
    const SanResolution res = read_san(pos_, text, read, SanSyntax::kArchive);
    if (res != SanResolution::kOk) [[unlikely]]
      return parse_error(text, res);
    if (facts) move_facts(read.move, *facts);
    if (san) {
      san->clear();
      append_san(pos_, read.move, *san);
    }
    if (uci) write_uci(pos_, read.move, *uci, uci_castling_);
    pos_.do_move(read.move, states_.push());
    played_.push_back(read.move);
    if (san) san->append(check_suffix(pos_));
    if (!quirks) return absl::OkStatus();
    *quirks = read.quirks | check_mark_quirks(pos_, read.check);
    // Long algebraic (UCI) text has no check marks by definition.
    if (quirks->has(SanQuirk::kLongAlgebraic) && read.check == 0)
      *quirks = quirks->without(SanQuirk::kCheckMarkMissing | SanQuirk::kMateMarkMissing);
    return absl::OkStatus();
  }
  GameState state() const { return game_state(pos_); }
  // Moves and captures in one generation (CaptureCounter), the state from that count.
  void count_turns(TurnCounts& c) const {
    CaptureCounter counter(pos_.pieces(~pos_.side_to_move()));
    fairykit::generate_legal(pos_, counter);
    c.legal = std::uint32_t(counter.count);
    c.captures = std::uint32_t(counter.captures);
    c.longest_chain = 0;
    c.check = pos_.in_check();
    c.end = game_state(pos_, counter.count).end;
  }
  Bitboard pieces(Color c, PieceType pt) const { return pos_.pieces(c, pt); }
  // Whether no sequence of legal moves can end in checkmate (FIDE 5.2.2).
  bool insufficient_material() const { return fairykit::insufficient_material(pos_); }

  const Position<V>& position() const { return pos_; }
  // For kernels that play moves on the position itself and take them back (hashed perft).
  Position<V>& position() { return pos_; }

 private:
  // The one-line error of the GameEngine contract (rules/core/game_engine.h).
  [[gnu::cold, gnu::noinline]] absl::Status parse_error(std::string_view text,
                                                        SanResolution res) const {
    const std::string t = parsers::message_text(text);
    if (count_legal() == 0)
      return absl::InvalidArgumentError(
          absl::StrCat("move \"", t, "\" after the game ended in ",
                       pos_.checkers() != 0 ? "checkmate" : "stalemate"));
    if (res == SanResolution::kBadSan)
      return absl::InvalidArgumentError(absl::StrCat("unreadable move \"", t, "\""));
    if (res == SanResolution::kAmbiguous) {
      const absl::Status s = san_error(pos_, text, SanSyntax::kArchive);
      const std::string_view msg(s.message().data(), s.message().size());
      const std::size_t colon = msg.rfind(": ");  // the candidates follow the last one
      return absl::InvalidArgumentError(
          absl::StrCat("ambiguous move \"", t, "\"",
                       colon == std::string_view::npos
                           ? std::string()
                           : absl::StrCat(" (", std::string(msg.substr(colon + 2)), ")")));
    }
    return absl::InvalidArgumentError(absl::StrCat("illegal move \"", t, "\""));
  }

  // The square a pawn of the side not to move has just passed with a double step, or
  // SQ_NONE: after the last move played, or in the set-up position as its FEN said.
  Square double_step_square() const {
    if (played_.empty()) return root_double_step_;
    const Move m = played_.back();
    if (m == Move::null() || m.kind() != NORMAL) return SQ_NONE;
    const Square from = m.from(), to = m.to();
    if (type_of(pos_.piece_on(to)) != PAWN || (int(to) ^ int(from)) != 16) return SQ_NONE;
    return Square((from + to) / 2);
  }

  Position<V> pos_;
  StateStack states_;
  std::vector<Move> played_;
  Square root_double_step_ = SQ_NONE;
  UciCastling uci_castling_ = UciCastling::kKingTakesRook;
  bool amazon_promotes_ = false;
  std::vector<std::string> fen_warnings_;
  // The start position, set up once (set_fen(kStartFen) copies it).
  Position<V> start_;
  StateInfo start_root_;
  bool start_ready_ = false;
  bool start_amazon_promotes_ = false;
};

static_assert(GameEngine<ClassicGame<ChessVariant>>);

// The engine that plays a type of visit_variant_type() (rules/game/registry.h): the engine
// itself, or ClassicGame<V> for the traits V of the Position<V> family.
template <class T>
using EngineOf = std::conditional_t<kOwnEngine<T>, T, ClassicGame<T>>;

// The engine of the id numbered I (for FAIRYKIT_FOR_EACH_VARIANT_INDEX, rules/game/registry.h).
template <std::size_t I>
using EngineAt = EngineOf<VariantTypeAt<I>>;

// Sets an engine up from a native FEN with the options that apply to it (each engine takes
// what applies to it); castling rights dropped under `setup` go to `dropped` when given.
template <class G>
absl::Status load_engine(G& g, std::string_view fen, const VariantOptions& options,
                         const SetupOptions& setup = {}, DroppedCastlingRights* dropped = nullptr) {
  if constexpr (requires { g.set_amazon_promotes(true); })
    g.set_amazon_promotes(options.amazon_promotes);
  if constexpr (requires { g.set_fen(fen, setup, dropped); })
    return g.set_fen(fen, setup, dropped);
  else
    return g.set_fen(fen);
}

// Calls f.template operator()<G>() with the engine type of `id`, for any variant.
template <class F>
decltype(auto) visit_engine(VariantId id, F&& f) {
  return visit_variant_type(id, [&]<class T>() -> decltype(auto) {
    return std::forward<F>(f).template operator()<EngineOf<T>>();
  });
}

// Calls f.template operator()<G>() with the engine of `id`, for the variants with an engine
// of their own (precondition: !in_position_family(id); any other id aborts through
// unhandled_variant_id()).
template <class F>
decltype(auto) visit_own_engine(VariantId id, F&& f) {
  using R = decltype(std::forward<F>(f).template operator()<interweave::Position>());
  return visit_variant_type(id, [&]<class T>() -> R {
    if constexpr (!kOwnEngine<T>)
      unhandled_variant_id(id, "visit_own_engine");
    else
      return std::forward<F>(f).template operator()<T>();
  });
}

// std::variant<EngineOf<T>...> over a TypeList of visit_variant_type() types.
template <class L>
struct EngineVariantOf;
template <class... T>
struct EngineVariantOf<TypeList<T...>> {
  using type = std::variant<EngineOf<T>...>;
};

}  // namespace fairykit
