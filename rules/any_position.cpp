#include "rules/any_position.h"

#include <deque>

#include "rules/san.h"
#include "rules/uci.h"

namespace fairykit {

namespace {

template <class V>
class PositionModel final : public AnyPosition {
 public:
  absl::Status init(const Setup& setup) {
    states_.emplace_back();
    return pos_.set(setup, states_.back());
  }

  VariantId variant() const override { return id_; }
  std::string fen(const FenWriteOptions& options) const override { return to_fen(pos_, options); }
  Setup setup() const override { return pos_.setup(); }
  Color side_to_move() const override { return pos_.side_to_move(); }
  bool in_check() const override { return pos_.in_check(); }
  Key key() const override { return pos_.key(); }
  int fullmove_number() const override { return pos_.fullmove_number(); }
  Piece piece_on(Square s) const override { return pos_.piece_on(s); }

  std::vector<Move> legal_moves() const override {
    const auto list = fairykit::legal_moves(pos_);
    return {list.begin(), list.end()};
  }
  bool is_legal(Move m) const override { return fairykit::legal_moves(pos_).contains(m); }
  std::string to_uci(Move m) const override { return move_to_uci(pos_, m); }
  std::string to_san(Move m) const override { return move_to_san(pos_, m); }
  absl::StatusOr<Move> parse_uci(std::string_view text) const override {
    return move_from_uci(pos_, text);
  }
  absl::StatusOr<Move> parse_san(std::string_view text) const override {
    return move_from_san(pos_, text);
  }

  void play(Move m) override {
    states_.emplace_back();
    pos_.do_move(m, states_.back());
    played_.push_back(m);
  }
  bool undo() override {
    if (played_.empty()) return false;
    pos_.undo_move(played_.back());
    played_.pop_back();
    states_.pop_back();
    return true;
  }
  const std::vector<Move>& played() const override { return played_; }
  GameState state() const override { return game_state(pos_); }

  VariantId id_ = VariantId::kChess;

 private:
  Position<V> pos_;
  std::deque<StateInfo> states_;  // stable addresses: the position links to them
  std::vector<Move> played_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<AnyPosition>> AnyPosition::from_setup(VariantId variant,
                                                                     const Setup& setup) {
  if (!in_position_family(variant))
    return absl::InvalidArgumentError(
        "AnyPosition covers the Position<V> family only; use the variant's own engine");
  return visit_variant(variant, [&]<class V>() -> absl::StatusOr<std::unique_ptr<AnyPosition>> {
    auto model = std::make_unique<PositionModel<V>>();
    model->id_ = variant;
    if (absl::Status s = model->init(setup); !s.ok()) return s;
    return std::unique_ptr<AnyPosition>(std::move(model));
  });
}

absl::StatusOr<std::unique_ptr<AnyPosition>> AnyPosition::from_fen(VariantId variant,
                                                                   std::string_view fen) {
  if (!in_position_family(variant))
    return absl::InvalidArgumentError(
        "AnyPosition covers the Position<V> family only; use the variant's own engine");
  return visit_variant(variant, [&]<class V>() -> absl::StatusOr<std::unique_ptr<AnyPosition>> {
    const std::string_view text = fen == "startpos" ? V::kStartFen : fen;
    absl::StatusOr<Setup> setup = setup_from_fen(text, fen_dialect<V>());
    if (!setup.ok()) return setup.status();
    return from_setup(variant, *setup);
  });
}

}  // namespace fairykit
