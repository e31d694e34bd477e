#include "rules/game/any_game.h"

#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"

namespace fairykit {

namespace {

// "--" (most programs), "Z0" (ChessBase), "0000" (UCI), "@@@@".
inline bool is_null_move(std::string_view t) {
  if (t.empty() || (t[0] != '-' && t[0] != 'Z' && t[0] != '0' && t[0] != '@')) return false;
  while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
  return t == "--" || t == "Z0" || t == "0000" || t == "@@@@";
}

}  // namespace

template <class G>
void AnyGame::changed(const Slot<G>& slot, bool positioned) {
  variation_depth_ = int(slot.frames.size());
  key_ = positioned ? slot.g.key() : 0;  // an engine whose set-up failed has no position
}

template <class G>
void AnyGame::push(Slot<G>& slot, const typename G::Move& m) {
  slot.g.do_move(m);
  ++plies_;
  changed(slot);
}

template <class G>
void AnyGame::pop(Slot<G>& slot) {
  slot.g.undo_move();
  --plies_;
}

absl::StatusOr<std::unique_ptr<AnyGame>> AnyGame::create(const VariantInfo& variant,
                                                         std::string_view fen,
                                                         const VariantOptions& options) {
  std::unique_ptr<AnyGame> game = visit_engine(variant.id, [&]<GameEngine G>() {
    return std::unique_ptr<AnyGame>(new AnyGame(variant, std::in_place_type<G>));
  });
  if (absl::Status s = game->set_up(fen, options); !s.ok()) return s;
  return game;
}

absl::Status AnyGame::set_up(std::string_view fen, const VariantOptions& options,
                             const SetupOptions& setup, DroppedCastlingRights* dropped) {
  absl::StatusOr<std::string> native = position_fen(*variant_, fen, options);
  if (!native.ok()) return native.status();
  return std::visit(
      [&](auto& slot) {
        slot.frames.clear();
        plies_ = 0;
        absl::Status s = load_engine(slot.g, *native, options, setup, dropped);
        changed(slot, s.ok());
        return s;
      },
      slots_);
}

std::string AnyGame::fen(EpField ep) const {
  return visit([&](const auto& g) {
    if constexpr (requires { g.fen(ep); })
      return g.fen(ep);
    else
      return g.fen();  // a game without en passant (Fluidity)
  });
}
void AnyGame::append_fen(std::string& out, EpField ep) const {
  visit([&](const auto& g) {
    if constexpr (requires { g.append_fen(out, ep); })
      g.append_fen(out, ep);
    else if constexpr (requires { g.fen(ep); })
      out += g.fen(ep);
    else if constexpr (requires { g.append_fen(out); })
      g.append_fen(out);
    else
      out += g.fen();
  });
}
void AnyGame::set_uci_castling(UciCastling c) {
  visit([&](auto& g) {
    if constexpr (requires { g.set_uci_castling(c); }) g.set_uci_castling(c);
  });
}
bool AnyGame::dead_position() const {
  return visit([](const auto& g) {
    if constexpr (requires { g.insufficient_material(); })
      return g.insufficient_material();
    else
      return false;  // Interweave: Kings are captured (docs/rules/interweave.md 1.7)
  });
}
Color AnyGame::side_to_move() const {
  return visit([](const auto& g) { return g.side_to_move(); });
}
const std::vector<std::string>& AnyGame::fen_warnings() const {
  return visit([](const auto& g) -> const std::vector<std::string>& { return g.fen_warnings(); });
}
std::uint64_t AnyGame::count_legal() const {
  return visit([](const auto& g) { return g.count_legal(); });
}

std::vector<std::string> AnyGame::legal_moves(bool san) const {
  return visit([&](const auto& g) {
    typename std::decay_t<decltype(g)>::MoveList list;
    g.generate_legal(list);
    std::vector<std::string> out;
    for (const auto& m : list) out.push_back(san ? g.to_san(m) : g.to_uci(m));
    return out;
  });
}

absl::StatusOr<AnyGame::Played> AnyGame::play(std::string_view text) {
  return std::visit(
      [&](auto& slot) -> absl::StatusOr<Played> {
        auto m = slot.g.parse_move(text);
        if (!m.ok()) return m.status();
        Played p{slot.g.to_uci(*m), slot.g.to_san(*m)};
        push(slot, *m);
        return p;
      },
      slots_);
}

absl::Status AnyGame::play_move(std::string_view text, SanQuirks* quirks, std::string* san,
                                std::string* uci, MoveFacts* facts) {
  return std::visit(
      [&]<class G>(Slot<G>& slot) -> absl::Status {
        G& g = slot.g;
        if constexpr (requires { g.can_pass(); }) {
          if (is_null_move(text)) {
            if (slot.frames.empty())
              return absl::InvalidArgumentError(
                  absl::StrCat("null move \"", parsers::message_text(text), "\" in the main line"));
            if (!g.can_pass())
              return absl::InvalidArgumentError(
                  absl::StrCat("null move \"", parsers::message_text(text), "\" while in check"));
            push(slot, G::Move::null());
            if (facts) {
              facts->clear();
              facts->null_move = true;
            }
            if (san) *san = "--";
            if (uci) *uci = "0000";
            return absl::OkStatus();
          }
        }
        if constexpr (requires(SanQuirks * q) { g.play(text, q); }) {
          if (absl::Status s = g.play(text, quirks, san, uci, facts); !s.ok()) return s;
          ++plies_;
          changed(slot);
          return absl::OkStatus();
        } else {
          absl::StatusOr<typename G::Move> m = g.parse_move(text);
          if (!m.ok()) {
            const GameState st = g.state();
            if (st.over() && g.count_legal() == 0)
              return absl::InvalidArgumentError(absl::StrCat("move \"", parsers::message_text(text),
                                                             "\" after the game ended (",
                                                             std::string(describe(st.end)), ")"));
            return m.status();
          }
          if (san) *san = g.to_san(*m);
          if (uci) *uci = g.to_uci(*m);
          if (facts) g.move_facts(*m, *facts);
          push(slot, *m);
          if (quirks) *quirks = {};
          return absl::OkStatus();
        }
      },
      slots_);
}

void AnyGame::last_move_text(std::string& san, std::string& uci) {
  std::visit(
      [&]<class G>(Slot<G>& slot) {
        G& g = slot.g;
        const typename G::Move m = g.last_move();
        if constexpr (requires { g.can_pass(); }) {
          if (m == G::Move::null()) {
            san = "--";
            uci = "0000";
            return;
          }
        }
        g.undo_move();
        san = g.to_san(m);
        uci = g.to_uci(m);
        g.do_move(m);
      },
      slots_);
}

bool AnyGame::undo() {
  return std::visit(
      [&](auto& slot) {
        if (plies_ <= slot.base()) return false;
        pop(slot);
        changed(slot);
        return true;
      },
      slots_);
}

bool AnyGame::enter_variation() {
  return std::visit(
      [&](auto& slot) {
        if (plies_ <= slot.base()) return false;
        auto undone = slot.g.last_move();
        pop(slot);
        slot.frames.push_back({std::move(undone), plies_});
        changed(slot);
        return true;
      },
      slots_);
}

void AnyGame::leave_variation() {
  std::visit(
      [&](auto& slot) {
        if (slot.frames.empty()) return;
        auto f = std::move(slot.frames.back());
        slot.frames.pop_back();
        while (plies_ > f.base) pop(slot);
        push(slot, f.undone);
      },
      slots_);
}

GameState AnyGame::state() const {
  return visit([](const auto& g) { return g.state(); });
}
std::uint64_t AnyGame::perft(int depth) {
  return visit([&](auto& g) { return g.perft(depth); });
}
bool AnyGame::is_consistent(std::string* why) const {
  return visit([&](const auto& g) { return g.is_consistent(why); });
}

AnyGame& thread_game(const VariantInfo& variant) {
  thread_local std::unique_ptr<AnyGame> games[static_cast<int>(kLastVariantId) + 1];
  std::unique_ptr<AnyGame>& g = games[static_cast<int>(variant.id)];
  if (!g) g = *AnyGame::create(variant);  // the start position: cannot fail
  return *g;
}

}  // namespace fairykit
