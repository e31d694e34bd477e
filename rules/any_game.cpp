#include "rules/any_game.h"

namespace fairykit {

absl::StatusOr<std::unique_ptr<AnyGame>> AnyGame::create(const VariantInfo& variant,
                                                         std::string_view fen,
                                                         const VariantOptions& options) {
  absl::StatusOr<std::string> native = position_fen(variant, fen, options);
  if (!native.ok()) return native.status();
  return visit_engine(variant.id, [&]<GameEngine G>() -> absl::StatusOr<std::unique_ptr<AnyGame>> {
    std::unique_ptr<AnyGame> game(new AnyGame(variant, std::in_place_type<G>));
    if (absl::Status s = load_engine(std::get<G>(game->engine_), *native, options); !s.ok())
      return s;
    return game;
  });
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
  absl::StatusOr<Played> played = visit([&](auto& g) -> absl::StatusOr<Played> {
    auto m = g.parse_move(text);
    if (!m.ok()) return m.status();
    Played p{g.to_uci(*m), g.to_san(*m)};
    g.do_move(*m);
    return p;
  });
  if (played.ok()) ++plies_;
  return played;
}

bool AnyGame::undo() {
  if (plies_ == 0) return false;
  visit([](auto& g) { g.undo_move(); });
  --plies_;
  return true;
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

}  // namespace fairykit
