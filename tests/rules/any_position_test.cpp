// The type-erased facade: a tool picks the variant by name and plays moves without templates.
#include "rules/any_position.h"

#include <gtest/gtest.h>

namespace fairykit {
namespace {

std::unique_ptr<AnyPosition> make(std::string_view variant, std::string_view fen) {
  const VariantInfo* v = find_variant(variant);
  EXPECT_NE(v, nullptr) << variant;
  absl::StatusOr<std::unique_ptr<AnyPosition>> pos = AnyPosition::from_fen(v->id, fen);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? std::move(*pos) : nullptr;
}

TEST(AnyPosition, PlaysSanToMateAndUndoes) {
  auto pos = make("chess", "startpos");
  ASSERT_TRUE(pos);
  for (std::string_view san : {"f3", "e5", "g4", "Qh4#"}) {
    absl::StatusOr<Move> m = pos->parse_san(san);
    ASSERT_TRUE(m.ok()) << san << ": " << m.status();
    EXPECT_EQ(pos->to_san(*m), san);
    pos->play(*m);
  }
  EXPECT_EQ(pos->fen(), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_EQ(pos->state().end, GameEnd::kCheckmate);
  EXPECT_EQ(pgn_result(pos->state()), "0-1");
  EXPECT_TRUE(pos->legal_moves().empty());
  EXPECT_EQ(pos->played().size(), 4u);
  while (pos->undo()) {
  }
  EXPECT_EQ(pos->fen(), std::string(ChessVariant::kStartFen));
  EXPECT_EQ(pos->legal_moves().size(), 20u);
}

TEST(AnyPosition, VariantIsChosenByNameOrAlias) {
  auto pos = make("Fischerandom", "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");
  ASSERT_TRUE(pos);
  EXPECT_EQ(pos->variant(), VariantId::kChess960);
  EXPECT_EQ(pos->legal_moves().size(), 26u);
  absl::StatusOr<Move> m = pos->parse_uci("e1h1");  // Chess960 castling: king takes rook
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(pos->to_san(*m), "O-O");
  pos->play(*m);
  EXPECT_EQ(pos->fen(), "1r2k2r/8/8/8/8/8/8/R4RK1 b k - 1 1");
  EXPECT_EQ(make("standard", "startpos")->variant(), VariantId::kChess);
  EXPECT_EQ(find_variant("chess 960"), find_variant("chess960"));
  EXPECT_EQ(find_variant("nosuch"), nullptr);
}

TEST(AnyPosition, BadFenIsAnError) {
  absl::StatusOr<std::unique_ptr<AnyPosition>> pos =
      AnyPosition::from_fen(VariantId::kChess, "8/8/8/8/8/8/8/8 w - - 0 1");
  EXPECT_FALSE(pos.ok());
  EXPECT_EQ(pos.status().message(), "no white king; no black king");
}

}  // namespace
}  // namespace fairykit
