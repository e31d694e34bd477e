#include "rules/any_game.h"

#include "absl/strings/str_cat.h"
#include "parsers/message_text.h"

namespace fairykit {

namespace {

// "--" (most programs), "Z0" (ChessBase), "0000" (UCI), "@@@@".
bool is_null_move(std::string_view t) {
  while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
  return t == "--" || t == "Z0" || t == "0000" || t == "@@@@";
}

}  // namespace

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
        slot.line.clear();
        slot.frames.clear();
        return load_engine(slot.g, *native, options, setup, dropped);
      },
      slots_);
}

std::string AnyGame::fen() const {
  return visit([](const auto& g) { return g.fen(); });
}
Key AnyGame::key() const {
  return visit([](const auto& g) { return g.key(); });
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
        slot.g.do_move(*m);
        slot.line.push_back(*std::move(m));
        return p;
      },
      slots_);
}

absl::Status AnyGame::play_move(std::string_view text, SanQuirks* quirks) {
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
            g.do_move(G::Move::null());
            slot.line.push_back(G::Move::null());
            return absl::OkStatus();
          }
        }
        if constexpr (requires(SanQuirks & q) { g.play(text, q); }) {
          SanQuirks q;
          if (absl::Status s = g.play(text, q); !s.ok()) return s;
          slot.line.push_back(g.last_move());
          if (quirks) *quirks = q;
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
          g.do_move(*m);
          slot.line.push_back(*std::move(m));
          if (quirks) *quirks = {};
          return absl::OkStatus();
        }
      },
      slots_);
}

bool AnyGame::undo() {
  return std::visit(
      [](auto& slot) {
        if (!slot.line_has_move()) return false;
        slot.g.undo_move();
        slot.line.pop_back();
        return true;
      },
      slots_);
}

std::size_t AnyGame::plies() const {
  return std::visit([](const auto& slot) { return slot.line.size(); }, slots_);
}

bool AnyGame::enter_variation() {
  return std::visit(
      [](auto& slot) {
        if (!slot.line_has_move()) return false;
        slot.g.undo_move();
        slot.frames.push_back({std::move(slot.line.back()), slot.line.size() - 1});
        slot.line.pop_back();
        return true;
      },
      slots_);
}

void AnyGame::leave_variation() {
  std::visit(
      [](auto& slot) {
        if (slot.frames.empty()) return;
        auto f = std::move(slot.frames.back());
        slot.frames.pop_back();
        while (slot.line.size() > f.base) {
          slot.g.undo_move();
          slot.line.pop_back();
        }
        slot.g.do_move(f.undone);
        slot.line.push_back(std::move(f.undone));
      },
      slots_);
}

int AnyGame::variation_depth() const {
  return std::visit([](const auto& slot) { return int(slot.frames.size()); }, slots_);
}

GameState AnyGame::state() const {
  return visit([](const auto& g) { return g.state(); });
}
bool AnyGame::dead_position() const {
  return visit([](const auto& g) {
    if constexpr (requires { g.insufficient_material(); })
      return g.insufficient_material();
    else
      return false;  // Interweave: Kings are captured (docs/rules/interweave.md 1.7)
  });
}
std::uint64_t AnyGame::perft(int depth) {
  return visit([&](auto& g) { return g.perft(depth); });
}
bool AnyGame::is_consistent(std::string* why) const {
  return visit([&](const auto& g) { return g.is_consistent(why); });
}

}  // namespace fairykit
